/**
 * Placing a signup order (POST /self_signup), exactly once per Idempotency-Key. See docs/api.md
 * "Signup order" for the contract.
 *
 * Cheapest first, so that an anonymous caller pays for every expensive step with a solved captcha
 * (the body reaches here parsed and no deeper than JSON_MAX_DEPTH, src/server/http/validate.ts):
 *
 * 1. The client address's order limit (LIMITS.ordersPerAddress): more orders are a 429.
 * 2. A key that already placed an order answers the stored answer (another body: 422).
 * 3. The captcha is checked (not yet spent): a junk token stops here with the 403.
 * 4. Checks that need nothing but the body: the shared schemas, then password strength (on a
 *    worker thread) while the password is hashed (argon2id, in libuv's pool: the two are
 *    independent); then a card token is verified with the card processor, outside any
 *    transaction (no database connection is held while another service answers).
 * 5. One transaction: the key row first (a concurrent request with the same key waits here for
 *    this transaction and then answers the stored answer), then the checks whose answer can change
 *    (username free, the captcha token spent, the address still orderable, its offering and the
 *    cart rebuilt from it, the installation slot within the booking horizon), then every write:
 *    customer, contact, user, service address, billing, payment account, order with its cart, the
 *    installation booking, services, provisioning task, the pre-signup link, the confirmation
 *    email, equipment stock, and the stored answer.
 *    Any refusal throws and rolls everything back; a killed process leaves nothing either.
 *    A test can step in just before commit (`deps.orderHooks`, hooks.ts).
 * 6. After commit the email is handed to SMTP (when configured).
 *
 * Each step is a named function: the checks in order-checks.ts, the price in order-price.ts, the
 * writes in order-writes.ts; `placeSignupOrder` below runs them in this order.
 */
import { formatAddress } from '#shared/signup/address';
import { ORDER_MESSAGES } from '#shared/signup/messages';
import { SIGNUP_MESSAGES, USERNAME_MESSAGES } from '#shared/messages/account';
import type { SignupOrderResponse } from '#shared/signup/order';
import { consume, LIMITS } from '../../session/rate-limit.ts';
import { captchaFailed, captchaFor } from '../captcha/index.ts';
import type { AppDeps } from '../../context.ts';
import { validationFailed } from '../../http/errors.ts';
import { queueMail } from '../../mail/outbox.ts';
import { bankCipherFor } from '../../billing/processors/index.ts';
import { postalLines } from '../serviceability/addresses.ts';
import { orderConfirmationMail } from './confirmation-mail.ts';
import { NO_ORDER_HOOKS } from './hooks.ts';
import {
  bodyFingerprint,
  findStoredAnswer,
  storeAnswer,
  type StoredAnswer,
} from './idempotency.ts';
import {
  captchaToken,
  checkBody,
  checkOrderable,
  claimKeyWithUsername,
  spendCaptcha,
  verifiedCard,
} from './order-checks.ts';
import { isUniqueViolation, orderFailed } from './order-errors.ts';
import { priceOrder } from './order-price.ts';
import {
  bookInstallation,
  orderEquipment,
  takeEquipment,
  writeCustomer,
  writeOrder,
  writePaymentAccount,
  writeServicesAndTask,
} from './order-writes.ts';
import { PhaseTimer } from './phase-timer.ts';
import { markPreSignupUsed } from './pre-signup.ts';

export { bankAccountContext, PRIMARY_HOLDER_PERMISSIONS } from './order-writes.ts';

export const SELF_SIGNUP_SCOPE = 'POST /self_signup';

export interface PlaceOrderRequest {
  /** The Idempotency-Key header (already checked for its form). */
  key: string;
  /** The JSON body as sent. */
  body: unknown;
  remoteIp?: string;
  /** The site's origin for the login link of the email: PUBLIC_URL's or the listen address. */
  origin: string;
}

export interface OrderAnswer {
  status: number;
  body: unknown;
  /** The stored answer of an earlier request with the same key. */
  replayed: boolean;
}

function replay(stored: StoredAnswer, fingerprint: string): OrderAnswer {
  if (stored.fingerprint !== fingerprint) {
    throw orderFailed(422, ORDER_MESSAGES.idempotencyKeyReused, {
      idempotency_key: ORDER_MESSAGES.idempotencyKeyReused,
    });
  }
  return { status: stored.status, body: stored.body, replayed: true };
}

export async function placeSignupOrder(
  deps: AppDeps,
  request: PlaceOrderRequest,
): Promise<OrderAnswer> {
  const { db } = deps.database;
  const hooks = deps.orderHooks ?? NO_ORDER_HOOKS;
  const timer = new PhaseTimer();
  await consume(db, [[LIMITS.ordersPerAddress, request.remoteIp ?? 'unknown']]);
  const fingerprint = bodyFingerprint(request.body);
  const earlier = await findStoredAnswer(db, SELF_SIGNUP_SCOPE, request.key);
  if (earlier) return replay(earlier, fingerprint);

  // A token that is spent meanwhile is refused when the transaction spends it.
  const token = captchaToken(request.body);
  if (!token) throw captchaFailed(deps);
  const captcha = await captchaFor(deps).check(token, { remoteIp: request.remoteIp });
  if (!captcha.ok) {
    deps.logger.info({ reason: captcha.reason }, 'signup captcha refused');
    throw captchaFailed(deps);
  }
  timer.lap('limit_and_captcha');
  hooks.beforeBodyChecks?.();
  const { order, passwordHash } = await checkBody(request.body, timer);
  const { customer, payment } = order;
  const card = await verifiedCard(deps, payment);
  timer.lap('card');
  const bankCipher = payment.account_type === 'ACH' ? await bankCipherFor(deps) : undefined;
  let deliver: (() => void) | undefined;

  let answer: OrderAnswer;
  try {
    answer = await db.transaction(async (tx) => {
      timer.lap('transaction_start');
      // The key first: a concurrent request with the same key waits here, then replays.
      const key = { scope: SELF_SIGNUP_SCOPE, key: request.key, fingerprint };
      if (!(await claimKeyWithUsername(tx, key, customer.uid))) {
        const stored = await findStoredAnswer(tx, SELF_SIGNUP_SCOPE, request.key);
        if (!stored) throw new Error('idempotency key neither claimed nor stored');
        return replay(stored, fingerprint);
      }
      timer.lap('claim_and_username');
      await spendCaptcha(deps, tx, captcha);
      // One instant for every date of this order: the rules, the promos, the slot, the rows.
      const now = deps.clock.now();
      const orderable = await checkOrderable(deps, tx, order, now);
      const { details } = orderable;
      const { address } = orderable.serviceable;
      const provider = details.provider.name;
      timer.lap('address');
      const priced = await priceOrder(deps, tx, order, orderable, now);
      timer.lap('offering_cart');

      const account = await writeCustomer(tx, order, passwordHash, address);
      const { cid } = account;
      const paymentAccountId = await writePaymentAccount(tx, cid, payment, card, bankCipher);
      const equipment = orderEquipment(order, priced);
      const placed = await writeOrder(tx, order, priced, equipment, {
        cid,
        uid: account.uid,
        idempotencyKey: request.key,
        address,
        serviceClassId: details.service_class_id,
        provider,
        earlySignup: details.early_signup,
        paymentAccountId,
        now,
      });
      const { orderId } = placed;
      const { installation, installationBookingId } = await bookInstallation(
        tx,
        order,
        priced,
        placed,
        { address, provider, now },
      );
      await writeServicesAndTask(tx, order, priced, equipment, {
        cid,
        orderId,
        address,
        provider,
        installationBookingId,
        now,
        connectivityOrder: placed.connectivityOrder,
        earlySignup: details.early_signup,
      });
      if (order.metadata.signup_hash) {
        await markPreSignupUsed(tx, order.metadata.signup_hash, orderId);
      }
      deliver = await queueMail(
        deps,
        tx,
        orderConfirmationMail({
          productName: deps.config.productName,
          to: customer.email,
          firstName: customer.fname,
          username: customer.uid,
          orderId,
          serviceAddress: formatAddress(postalLines(address)),
          cart: priced.cart,
          installation,
          loginUrl: `${request.origin}/control/login/`,
        }),
      );
      // Equipment last: a stock row stays locked until commit (order-writes.ts).
      await hooks.beforeEquipment?.(tx);
      await takeEquipment(tx, provider, priced, equipment);
      const body: SignupOrderResponse = {
        status: 201,
        msg: SIGNUP_MESSAGES.success,
        cid,
        username: customer.uid,
        order_id: orderId,
      };
      await storeAnswer(tx, SELF_SIGNUP_SCOPE, request.key, 201, body);
      timer.lap('writes');
      await hooks.beforeCommit();
      return { status: 201, body, replayed: false };
    });
  } catch (error) {
    // Another order took the username between our check and our insert.
    if (isUniqueViolation(error, 'username')) {
      throw validationFailed({ 'customer.uid': USERNAME_MESSAGES.taken });
    }
    throw error;
  }
  timer.lap('commit');
  deliver?.();
  if (!answer.replayed) {
    deps.logger.info(
      { order_id: (answer.body as SignupOrderResponse).order_id, ms: timer.phases },
      'signup order placed',
    );
  }
  return answer;
}
