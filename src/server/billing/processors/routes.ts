/**
 * `GET /billing/payment_account_url?account_name=`: the URL of the card processor's form for this
 * page (signup.md §7). The form posts the new card's token to the page's exact origin, so the
 * origin is the configured PUBLIC_URL's, or else the one this request came to; it must be one of
 * CARD_PROVIDER_PARENT_ORIGINS, or the form would refuse it.
 */
import type { Context, Hono } from 'hono';
import { PAYMENT_MESSAGES } from '#shared/signup/messages';
import {
  PAYMENT_PATHS,
  PaymentAccountUrlQuerySchema,
  type PaymentAccountUrlResponse,
} from '#shared/schemas/payment';
import type { AppEnv } from '../../context.ts';
import { ApiError } from '../../http/errors.ts';
import { requestOwnOrigin } from '../../http/forwarded.ts';
import { readQuery } from '../../http/validate.ts';
import { cardProcessorFor } from './index.ts';

/** The origin of the page that asked: PUBLIC_URL's, else scheme and host of this request. */
export function requestOrigin(c: Context<AppEnv>): string {
  const { publicUrl } = c.var.deps.config;
  if (publicUrl) return new URL(publicUrl).origin;
  // Behind a trusted proxy, the scheme and host it added (the last entries).
  return requestOwnOrigin(c);
}

export function registerBillingUrlRoutes(api: Hono<AppEnv>) {
  api.get(PAYMENT_PATHS.paymentAccountUrl, (c) => {
    const { account_name } = readQuery(c, PaymentAccountUrlQuerySchema);
    const { config } = c.var.deps;
    const parentOrigin = requestOrigin(c);
    if (!config.cardProviderParentOrigins.includes(parentOrigin)) {
      throw new ApiError(
        400,
        PAYMENT_MESSAGES.cardFormUnavailableTitle,
        PAYMENT_MESSAGES.cardFormUnavailable,
        { detail: `${parentOrigin} is not in CARD_PROVIDER_PARENT_ORIGINS` },
      );
    }
    const url = cardProcessorFor(config).formUrl({ parentOrigin, accountName: account_name });
    return c.json({ url } satisfies PaymentAccountUrlResponse, 200, {
      'Cache-Control': 'no-store',
    });
  });
}
