/**
 * The checks of a signup order (place-order.ts runs them in this order): the body alone and the
 * card before the transaction (no database connection held while another service answers); the
 * username, the captcha and whether the address can be ordered inside it, as they are now.
 */
import { sql } from 'drizzle-orm';
import { addressAvailabilityMessage } from '#shared/messages';
import { ORDER_MESSAGES } from '#shared/signup/messages';
import { USERNAME_MESSAGES } from '#shared/messages/account';
import {
  activationDateError,
  customerDetailsErrors,
  EMPTY_CUSTOMER_DETAILS,
  installChoiceErrors,
} from '#shared/signup/connectivity-details';
import { CAPTCHA_TOKEN_FIELD } from '#shared/signup/captcha';
import {
  CAPTCHA_TOKEN_MAX_LENGTH,
  signupPasswordUserInputs,
  SignupOrderSchema,
  type SignupOrder,
} from '#shared/signup/order';
import { addressAvailabilityCase, type ServiceabilityDetails } from '#shared/signup/serviceability';
import { hashPassword } from '../../session/passwords.ts';
import { captchaFailed } from '../captcha/index.ts';
import type { CaptchaCheck } from '../captcha/types.ts';
import type { AppDeps } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { validationFailed } from '../../http/errors.ts';
import { parseWith } from '../../http/validate.ts';
import { CardProcessorError, cardProcessorFor } from '../../billing/processors/index.ts';
import {
  findServiceable,
  serviceabilityDetails,
  type ServiceableRecord,
} from '../serviceability/addresses.ts';
import { claimKey } from './idempotency.ts';
import { orderFailed, prefixed } from './order-errors.ts';
import { passwordProblemsOffThread } from './password-check.ts';
import type { PhaseTimer } from './phase-timer.ts';
import { usernameHeld } from './usernames.ts';

/** The body's captcha token, read before the schema runs: anything but a short text is none. */
export function captchaToken(body: unknown): string {
  const token =
    typeof body === 'object' && body !== null
      ? (body as Record<string, unknown>)[CAPTCHA_TOKEN_FIELD]
      : undefined;
  return typeof token === 'string' && token.length <= CAPTCHA_TOKEN_MAX_LENGTH ? token : '';
}

export interface CheckedBody {
  order: SignupOrder;
  passwordHash: string;
}

/**
 * The checks that depend on the body alone: the schemas, then password strength and its hash.
 * The strength check (on the password worker) and the argon2id hash (in libuv's thread pool) are
 * independent and run on different threads, so they run at the same time: an order waits for the
 * longer of the two, not their sum. A password refused as weak throws its hash away unused.
 */
export async function checkBody(body: unknown, timer: PhaseTimer): Promise<CheckedBody> {
  const order = parseWith(SignupOrderSchema, body);
  const { customer } = order;
  timer.lap('parse');
  const strength = passwordProblemsOffThread({
    password: customer.password,
    userInputs: signupPasswordUserInputs(customer),
  });
  const hashing = hashPassword(customer.password);
  // Awaited only for a strong password: a failure of a hash thrown away is not unhandled.
  hashing.catch(() => undefined);
  const problems = await strength;
  if (problems.password) throw validationFailed({ 'customer.password': problems.password });
  timer.lap('password_strength');
  const passwordHash = await hashing;
  // What is left of the hash once the strength check is done (often nothing).
  timer.lap('password_hash');
  return { order, passwordHash };
}

/**
 * The card must be one the processor knows, and be the card the page showed. Asked before the
 * order's transaction: the processor is another service, and no database connection may be held
 * while it answers (the embedded database has only one, which the stand-in provider shares).
 */
export async function verifiedCard(deps: AppDeps, payment: SignupOrder['payment']) {
  if (payment.account_type !== 'CC') return null;
  let card: Awaited<ReturnType<ReturnType<typeof cardProcessorFor>['verifyToken']>>;
  try {
    card = await cardProcessorFor(deps.config).verifyToken(payment.card_details.token);
  } catch (error) {
    if (error instanceof CardProcessorError) {
      deps.logger.error({ err: error }, 'card processor unavailable');
      throw orderFailed(503, ORDER_MESSAGES.cardProcessorUnavailable);
    }
    throw error;
  }
  if (!card) {
    throw orderFailed(422, ORDER_MESSAGES.cardNotVerified, {
      'payment.card_details': ORDER_MESSAGES.cardNotVerified,
    });
  }
  const sent = payment.card_details;
  if (
    card.last_four !== sent.last_four ||
    card.brand !== sent.brand ||
    card.exp_month !== sent.exp_month ||
    card.exp_year !== sent.exp_year
  ) {
    throw orderFailed(422, ORDER_MESSAGES.cardDetailsMismatch, {
      'payment.card_details': ORDER_MESSAGES.cardDetailsMismatch,
    });
  }
  return card;
}

/** The card as the processor knows it, for a card payment. */
export type VerifiedCard = Awaited<ReturnType<typeof verifiedCard>>;

/**
 * Claims the order's Idempotency-Key and checks, in the same statement, that the username is
 * still free (another order may have taken it since the page checked). False when another
 * request placed an order with this key meanwhile: the caller replays its answer.
 */
export async function claimKeyWithUsername(
  tx: Executor,
  key: { scope: string; key: string; fingerprint: string },
  username: string,
): Promise<boolean> {
  const claim = await claimKey(
    tx,
    key.scope,
    key.key,
    key.fingerprint,
    sql<boolean>`exists (select 1 from ${users} where ${usernameHeld(username)})`,
  );
  if (!claim) return false;
  if (claim.answer) throw validationFailed({ 'customer.uid': USERNAME_MESSAGES.taken });
  return true;
}

/** Spends the checked captcha token in the transaction: a refused order leaves it usable. */
export async function spendCaptcha(deps: AppDeps, tx: Executor, captcha: CaptchaCheck) {
  const verdict = await captcha.spend(tx);
  if (!verdict.ok) {
    deps.logger.info({ reason: verdict.reason }, 'signup captcha refused');
    throw captchaFailed(deps);
  }
}

/** The provider's rules for the connectivity details, with the address's requirements. */
function connectivityErrors(
  order: SignupOrder,
  details: ServiceabilityDetails,
  now: Date,
): Record<string, string> {
  const line = order.order.connectivity;
  const prefix = 'order.connectivity';
  switch (details.form) {
    case 'utopia residential':
      return prefixed(
        `${prefix}.customer_details`,
        customerDetailsErrors(
          line.customer_details ?? EMPTY_CUSTOMER_DETAILS,
          details.requirements,
        ),
      );
    case 'strata residential': {
      const install = line.install_details;
      return prefixed(
        `${prefix}.install_details`,
        installChoiceErrors(
          {
            installation_type: install?.installation_type ?? null,
            date: install?.date ?? '',
            external_install_id: install?.external_install_id ?? '',
          },
          details.needs_ont_install,
          now,
        ),
      );
    }
    case 'bonfire residential': {
      const error = activationDateError(line.desired_activation_date, details.early_signup, now);
      return error ? { [`${prefix}.desired_activation_date`]: error } : {};
    }
  }
}

/** The address of an order that can be ordered, with its rules as they are now. */
export interface Orderable {
  serviceable: ServiceableRecord;
  details: ServiceabilityDetails;
}

/**
 * The address is still orderable (serviceable and available), the order is a new service, and
 * its connectivity details keep the provider's rules on `now`.
 */
export async function checkOrderable(
  deps: AppDeps,
  tx: Executor,
  order: SignupOrder,
  now: Date,
): Promise<Orderable> {
  const line = order.order.connectivity;
  const serviceable = await findServiceable(tx, line.external_adid);
  if (!serviceable) {
    throw orderFailed(422, ORDER_MESSAGES.addressNotOrderable, {
      'order.connectivity.external_adid': ORDER_MESSAGES.addressNotOrderable,
    });
  }
  const details = serviceabilityDetails(serviceable);
  const availability = addressAvailabilityCase(details);
  if (availability !== null) {
    const msg = addressAvailabilityMessage(availability, {
      phone: deps.config.salesPhone,
      email: deps.config.salesEmail,
      chatUrl: deps.config.chatUrl,
    });
    throw orderFailed(422, msg, { 'order.connectivity.external_adid': msg });
  }
  if (order.order.service_action_type !== 'new' || line.service_action_type !== 'new') {
    throw orderFailed(422, ORDER_MESSAGES.orderMismatch, {
      'order.connectivity.service_action_type': ORDER_MESSAGES.orderMismatch,
    });
  }
  const ruleErrors = connectivityErrors(order, details, now);
  if (Object.keys(ruleErrors).length > 0) throw validationFailed(ruleErrors);
  return { serviceable, details };
}
