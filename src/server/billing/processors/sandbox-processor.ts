/**
 * The CardProcessor of the stand-in card provider (src/server/billing/card-provider), reached over HTTP
 * like a real processor: its form at CARD_PROVIDER_ORIGIN, its server API at
 * CARD_PROVIDER_API_URL with CARD_PROVIDER_API_KEY.
 */
import * as v from 'valibot';
import { CardDetailsSchema } from '#shared/schemas/card-token';
import type { Config } from '../../config.ts';
import {
  CardProcessorError,
  type CardFormRequest,
  type CardProcessor,
  type ChargeInput,
  type ChargeResult,
  type VerifiedCard,
} from './card-processor.ts';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

const ChargeAnswerSchema = v.object({
  charge: v.object({
    charge_id: v.string(),
    amount_cents: v.number(),
    status: v.picklist(['succeeded', 'declined']),
    decline_code: v.nullable(v.string()),
  }),
});

/** The card's details only: anything else the provider sends is dropped. */
const CardAnswerSchema = v.object({ card: CardDetailsSchema });

/** How long a call to the provider may take. */
const TIMEOUT_MS = 10_000;

export function createSandboxCardProcessor(
  config: Pick<Config, 'cardProviderOrigin' | 'cardProviderApiUrl' | 'cardProviderApiKey'>,
  options: { fetch?: FetchLike } = {},
): CardProcessor {
  const fetchFn: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));

  async function call(path: string, init: RequestInit = {}): Promise<Response> {
    try {
      return await fetchFn(`${config.cardProviderApiUrl}/api/v1${path}`, {
        ...init,
        headers: {
          Authorization: `Bearer ${config.cardProviderApiKey}`,
          Accept: 'application/json',
          ...(init.body ? { 'Content-Type': 'application/json' } : {}),
        },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new CardProcessorError(
        `The card processor could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  async function json<S extends v.GenericSchema>(response: Response, schema: S) {
    const parsed = v.safeParse(schema, await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new CardProcessorError(
        'The card processor answered something unexpected.',
        response.status,
      );
    }
    return parsed.output as v.InferOutput<S>;
  }

  return {
    name: 'sandbox',

    formUrl({ parentOrigin, accountName }: CardFormRequest): string {
      const url = new URL('/form', config.cardProviderOrigin);
      url.searchParams.set('origin', parentOrigin);
      if (accountName) url.searchParams.set('account_name', accountName);
      return url.toString();
    },

    async verifyToken(token: string): Promise<VerifiedCard | null> {
      if (!/^tok_[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
      const response = await call(`/tokens/${encodeURIComponent(token)}`);
      if (response.status === 404) return null;
      if (!response.ok) {
        throw new CardProcessorError(
          `The card processor answered ${response.status}.`,
          response.status,
        );
      }
      const { card } = await json(response, CardAnswerSchema);
      return card;
    },

    async charge(input: ChargeInput): Promise<ChargeResult> {
      const response = await call('/charges', {
        method: 'POST',
        body: JSON.stringify({
          token: input.token,
          amount_cents: input.amountCents,
          currency: input.currency,
          description: input.description,
          idempotency_key: input.idempotencyKey,
        }),
      });
      if (!response.ok) {
        throw new CardProcessorError(
          `The card processor refused the charge (${response.status}).`,
          response.status,
        );
      }
      const { charge } = await json(response, ChargeAnswerSchema);
      return charge.status === 'succeeded'
        ? { status: 'succeeded', chargeId: charge.charge_id, amountCents: charge.amount_cents }
        : {
            status: 'declined',
            chargeId: charge.charge_id,
            declineCode: charge.decline_code ?? 'declined',
          };
    },
  };
}
