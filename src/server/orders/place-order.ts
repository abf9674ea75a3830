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
 *    worker thread); then the password is hashed (argon2id) and a card token is verified with the
 *    card processor, outside any transaction (no database connection is held while another
 *    service answers).
 * 5. One transaction: the key row first (a concurrent request with the same key waits here for
 *    this transaction and then answers the stored answer), then the checks whose answer can change
 *    (username free, the captcha token spent, the address still orderable, its offering and the
 *    cart rebuilt from it, the installation slot within the booking horizon), then every write:
 *    customer, contact, user, service address, billing,
 *    payment account, equipment stock, order with its cart, services, provisioning task, the
 *    installation booking, the pre-signup link, the confirmation email, and the stored answer.
 *    Any refusal throws and rolls everything back; a killed process leaves nothing either.
 * 6. After commit the email is handed to SMTP (when configured).
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, gte, sql } from 'drizzle-orm';
import { CartChoiceError, offeringCart, type Cart, type CartChoiceField } from '#shared/cart/index';
import { SERVICE_CLASS } from '#shared/constants';
import { addressAvailabilityMessage } from '#shared/messages';
import { ORDER_MESSAGES } from '#shared/messages/order';
import { SIGNUP_MESSAGES, USERNAME_MESSAGES } from '#shared/messages/account';
import { formatAddress } from '#shared/signup/address';
import {
  activationDateError,
  customerDetailsErrors,
  EMPTY_CUSTOMER_DETAILS,
  installChoiceErrors,
} from '#shared/signup/connectivity-details';
import { serviceDate } from '#shared/signup/dates';
import { CAPTCHA_TOKEN_FIELD } from '#shared/signup/captcha';
import { meshTypeOf } from '#shared/signup/mesh';
import {
  CAPTCHA_TOKEN_MAX_LENGTH,
  signupPasswordUserInputs,
  SignupOrderSchema,
  type SignupOrder,
  type SignupOrderResponse,
} from '#shared/signup/order';
import { addressAvailabilityCase, type ServiceOffering } from '#shared/signup/serviceability';
import { createCustomerAccount, type PermissionGrant } from '../auth/accounts.ts';
import { hashPassword } from '../auth/passwords.ts';
import { consume, LIMITS } from '../auth/rate-limit.ts';
import { captchaFailed, captchaFor } from '../captcha/index.ts';
import type { AppDeps } from '../context.ts';
import type { Executor } from '../db/client.ts';
import {
  customerBilling,
  customerServices,
  equipmentStock,
  orders,
  paymentAccounts,
  provisioningTasks,
  type ServiceKind,
} from '../db/schema.ts';
import { ApiError, validationFailed } from '../http/errors.ts';
import { parseWith } from '../http/validate.ts';
import { queueMail } from '../mail/outbox.ts';
import {
  bankCipherFor,
  CardProcessorError,
  cardProcessorFor,
  sealBankAccount,
} from '../payments/index.ts';
import {
  findServiceable,
  postalLines,
  serviceabilityDetails,
} from '../serviceability/addresses.ts';
import { bookInstallationSlot } from '../serviceability/installation.ts';
import { buildOffering } from '../serviceability/offering.ts';
import { orderConfirmationMail } from './confirmation-mail.ts';
import {
  bodyFingerprint,
  claimKey,
  findStoredAnswer,
  storeAnswer,
  type StoredAnswer,
} from './idempotency.ts';
import { passwordProblemsOffThread } from './password-check.ts';
import { markPreSignupUsed } from './pre-signup.ts';
import { usernameInUse } from './usernames.ts';

export const SELF_SIGNUP_SCOPE = 'POST /self_signup';

/** A primary account holder: view and manage in every category except admin. */
export const PRIMARY_HOLDER_PERMISSIONS: PermissionGrant = {
  account: 'manage',
  contacts: 'manage',
  invoices: 'manage',
  payments: 'manage',
  services: 'manage',
};

/** What a stored bank account number is bound to: decrypt it with the same context. */
export function bankAccountContext(cid: number): string {
  return `customer:${cid}`;
}

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

function orderFailed(status: number, msg: string, errors?: Record<string, string>): ApiError {
  return new ApiError(status, ORDER_MESSAGES.orderFailedTitle, msg, errors ? { errors } : {});
}

function prefixed(prefix: string, errors: Partial<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    if (message) out[`${prefix}.${field}`] = message;
  }
  return out;
}

function replay(stored: StoredAnswer, fingerprint: string): OrderAnswer {
  if (stored.fingerprint !== fingerprint) {
    throw orderFailed(422, ORDER_MESSAGES.idempotencyKeyReused, {
      idempotency_key: ORDER_MESSAGES.idempotencyKeyReused,
    });
  }
  return { status: stored.status, body: stored.body, replayed: true };
}

/** The field of the body a refused cart choice belongs to. */
const CART_CHOICE_FIELDS: Record<CartChoiceField, string> = {
  speed_id: 'order.connectivity.speed_id',
  router: 'order.router.service_action_type',
  mesh_quantity: 'order.router.mesh_quantity',
  installation_type: 'order.connectivity.install_details.installation_type',
};

/** A unique violation (PostgreSQL 23505), wherever the driver put its code. */
function isUniqueViolation(error: unknown, constraintPart: string): boolean {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e;) {
    if (e.code === '23505') {
      return (e.constraint ?? '').includes(constraintPart) || constraintPart === '';
    }
    e = e.cause as typeof e;
  }
  return false;
}

/** The body's captcha token, read before the schema runs: anything but a short text is none. */
function captchaToken(body: unknown): string {
  const token =
    typeof body === 'object' && body !== null
      ? (body as Record<string, unknown>)[CAPTCHA_TOKEN_FIELD]
      : undefined;
  return typeof token === 'string' && token.length <= CAPTCHA_TOKEN_MAX_LENGTH ? token : '';
}

/** Tests only: waits, just before commit, until the test lets the transaction go on. */
async function testPauseBeforeCommit(deps: AppDeps): Promise<void> {
  const dir = deps.config.orderTestPauseDir;
  if (!dir) return;
  await writeFile(path.join(dir, 'paused'), String(process.pid));
  while (!existsSync(path.join(dir, 'release'))) await sleep(25);
}

interface Checked {
  order: SignupOrder;
  passwordHash: string;
}

/** Milliseconds spent in each phase of one order, for the log line of a placed order. */
class PhaseTimer {
  private last = performance.now();
  readonly phases: Record<string, number> = {};
  lap(phase: string) {
    const now = performance.now();
    this.phases[phase] = Math.round((now - this.last) * 10) / 10;
    this.last = now;
  }
}

/** The checks that depend on the body alone. */
async function checkBody(body: unknown, timer: PhaseTimer): Promise<Checked> {
  const order = parseWith(SignupOrderSchema, body);
  const { customer } = order;
  timer.lap('parse');
  const problems = await passwordProblemsOffThread({
    password: customer.password,
    userInputs: signupPasswordUserInputs(customer),
  });
  if (problems.password) throw validationFailed({ 'customer.password': problems.password });
  timer.lap('password_strength');
  const passwordHash = await hashPassword(customer.password);
  timer.lap('password_hash');
  return { order, passwordHash };
}

/** The provider's rules for the connectivity details, with the address's requirements. */
function connectivityErrors(
  order: SignupOrder,
  details: ReturnType<typeof serviceabilityDetails>,
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

/** Takes equipment from stock; false when there is not enough left. */
async function takeStock(
  tx: Executor,
  provider: string,
  model: string,
  quantity: number,
): Promise<boolean> {
  if (quantity <= 0 || !model) return true;
  const [tracked] = await tx
    .select({ model: equipmentStock.model })
    .from(equipmentStock)
    .where(and(eq(equipmentStock.provider, provider), eq(equipmentStock.model, model)));
  if (!tracked) return true;
  const taken = await tx
    .update(equipmentStock)
    .set({ quantityAvailable: sql`${equipmentStock.quantityAvailable} - ${quantity}` })
    .where(
      and(
        eq(equipmentStock.provider, provider),
        eq(equipmentStock.model, model),
        gte(equipmentStock.quantityAvailable, quantity),
      ),
    )
    .returning({ model: equipmentStock.model });
  return taken.length === 1;
}

function firstMonthCents(cart: Cart): number {
  const first = cart.totals.recurring.find(
    (stretch) => stretch.rate_period === 'monthly' && stretch.from_period === 1,
  );
  return first?.total_cents ?? 0;
}

/** The connectivity order as stored: what the visitor sent, with the server's facts in place. */
function storedConnectivityOrder(
  order: SignupOrder,
  offering: ServiceOffering,
  facts: { earlySignup: boolean; routerModel: string | null },
) {
  const speed = offering.speed_options.find(
    (option) => option.speed_id === order.order.connectivity.speed_id,
  );
  const router = order.order.router;
  return {
    ...order.order,
    connectivity: {
      ...order.order.connectivity,
      early_signup: facts.earlySignup,
      external_soid: speed?.external_soid ?? order.order.connectivity.external_soid,
    },
    router: {
      ...router,
      router_model: router.service_action_type === 'new' ? facts.routerModel : null,
      mesh_type: meshTypeOf(router.mesh_quantity),
    },
  };
}

/**
 * The card must be one the processor knows, and be the card the page showed. Asked before the
 * order's transaction: the processor is another service, and no database connection may be held
 * while it answers (the embedded database has only one, which the stand-in provider shares).
 */
async function verifiedCard(deps: AppDeps, payment: Checked['order']['payment']) {
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

export async function placeSignupOrder(
  deps: AppDeps,
  request: PlaceOrderRequest,
): Promise<OrderAnswer> {
  const { db } = deps.database;
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
  const { order, passwordHash } = await checkBody(request.body, timer);
  const { customer, payment } = order;
  const line = order.order.connectivity;
  const card = await verifiedCard(deps, payment);
  timer.lap('card');
  const bankCipher = payment.account_type === 'ACH' ? await bankCipherFor(deps) : undefined;
  let deliver: (() => void) | undefined;

  let answer: OrderAnswer;
  try {
    answer = await db.transaction(async (tx) => {
      timer.lap('transaction_start');
      if (!(await claimKey(tx, SELF_SIGNUP_SCOPE, request.key, fingerprint))) {
        const stored = await findStoredAnswer(tx, SELF_SIGNUP_SCOPE, request.key);
        if (!stored) throw new Error('idempotency key neither claimed nor stored');
        return replay(stored, fingerprint);
      }

      if (await usernameInUse(tx, customer.uid)) {
        throw validationFailed({ 'customer.uid': USERNAME_MESSAGES.taken });
      }

      timer.lap('claim_and_username');
      // Spent in this transaction: a refused order leaves the token usable.
      const verdict = await captcha.spend(tx);
      if (!verdict.ok) {
        deps.logger.info({ reason: verdict.reason }, 'signup captcha refused');
        throw captchaFailed(deps);
      }

      // The address, its rules and its offering, as they are now.
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
      // One instant for every date of this order: the rules, the promos, the slot, the rows.
      const now = deps.clock.now();
      const ruleErrors = connectivityErrors(order, details, now);
      if (Object.keys(ruleErrors).length > 0) throw validationFailed(ruleErrors);

      timer.lap('address');
      const offering = await buildOffering(tx, serviceable, {
        productName: deps.config.productName,
        today: serviceDate(now),
      });
      const routerWanted = order.order.router.service_action_type === 'new';
      const installType = details.needs_ont_install
        ? (line.install_details?.installation_type ?? null)
        : null;
      let cart: Cart;
      try {
        cart = offeringCart(
          offering,
          {
            speed_id: line.speed_id,
            router: routerWanted,
            mesh_quantity: routerWanted ? order.order.router.mesh_quantity : 0,
            installation_type: installType,
            tribal_member: line.customer_details?.is_tribal === true,
            static_ip: order.order.static_ip.service_action_type === 'new',
            subnet: order.order.subnet.service_action_type === 'new',
          },
          { today: serviceDate(now) },
          { log: (message, extra) => deps.logger.warn(extra, message) },
        );
      } catch (error) {
        if (error instanceof CartChoiceError) {
          throw orderFailed(422, error.message, {
            [CART_CHOICE_FIELDS[error.field]]: error.message,
          });
        }
        throw error;
      }
      if (!line.speed_id) {
        throw validationFailed({ 'order.connectivity.speed_id': ORDER_MESSAGES.orderMismatch });
      }

      timer.lap('offering_cart');
      // Writes.
      /** The bank account sealed for this customer (the cid is bound into the ciphertext). */
      const bankAccountValues = (cid: number) => {
        const bank = payment.bank_details!;
        const sealed = sealBankAccount(bankCipher!, bank.account, bankAccountContext(cid));
        return {
          cid,
          method: 'ACH' as const,
          accountName: bank.name,
          lastFour: sealed.account_last_four,
          bankRouting: bank.routing,
          bankAccountType: bank.account_type,
          bankAccountEncrypted: sealed.account_encrypted,
        };
      };
      const address = serviceable.address;
      const billTo = payment.alternate_billing_address ? payment.billing_address : null;
      const account = await createCustomerAccount(tx, {
        kind: 'residential',
        contact: {
          firstName: customer.fname,
          middleInitial: customer.mname.toUpperCase(),
          lastName: customer.lname,
          dob: customer.dob,
          phone: customer.phone,
          email: customer.email,
        },
        user: {
          username: customer.uid,
          passwordHash,
          permissions: PRIMARY_HOLDER_PERMISSIONS,
          primaryAdmin: true,
        },
        serviceAddress: {
          line1: address.line1,
          line2: address.line2,
          city: address.city,
          state: address.state,
          zipCode: address.zipCode,
          fname: customer.fname,
          lname: customer.lname,
        },
        billing: {
          automatic: payment.auto_pay,
          ...(billTo
            ? {
                address: {
                  line1: billTo.line1,
                  line2: billTo.line2,
                  city: billTo.city,
                  state: billTo.state,
                  zipCode: billTo.zip_ext
                    ? `${billTo.zip_code}-${billTo.zip_ext}`
                    : billTo.zip_code,
                  fname: billTo.cmp_name ? billTo.cmp_name : billTo.fname,
                  lname: billTo.cmp_name ? '' : billTo.lname,
                },
              }
            : {}),
        },
      });

      const [paymentAccount] = await tx
        .insert(paymentAccounts)
        .values(
          payment.account_type === 'CC' && card
            ? {
                cid: account.cid,
                method: 'CC' as const,
                accountName: `${card.fname} ${card.lname}`,
                lastFour: card.last_four,
                cardToken: card.token,
                cardBrand: card.brand,
                cardExpMonth: card.exp_month,
                cardExpYear: card.exp_year,
              }
            : bankAccountValues(account.cid),
        )
        .returning({ id: paymentAccounts.paymentAccountId });
      await tx
        .update(customerBilling)
        .set({ defaultPaymentAccountId: paymentAccount.id })
        .where(eq(customerBilling.cid, account.cid));

      const provider = details.provider.name;
      const routerOption = offering.router_options.find((o) => o.speed_id === line.speed_id);
      const routerModel = routerWanted ? (routerOption?.router_model ?? null) : null;
      const meshQuantity = routerWanted ? order.order.router.mesh_quantity : 0;
      const connectivityOrder = storedConnectivityOrder(order, offering, {
        earlySignup: details.early_signup,
        routerModel,
      });
      const [placed] = await tx
        .insert(orders)
        .values({
          cid: account.cid,
          uid: account.uid,
          idempotencyKey: request.key,
          addressId: address.id,
          serviceabilityClassId: details.service_class_id,
          provider,
          connectivityOrder,
          cartItems: cart.items,
          cartTotals: { totals: cart.totals, separately_billed: cart.separately_billed },
          dueTodayCents: cart.totals.due_today.total_cents,
          dueLaterCents: cart.totals.due_later.total_cents,
          firstMonthCents: firstMonthCents(cart),
          paymentAccountId: paymentAccount.id,
          autoPay: payment.auto_pay,
          attribution: order.attribution,
          agreedAt: new Date(order.agreement.time),
          signupHash: order.metadata.signup_hash,
          createdAt: now,
        })
        .returning({ orderId: orders.orderId });
      const orderId = placed.orderId;

      // The installation slot: a slot taken meanwhile refuses the whole order (409).
      let installation: string | null = null;
      let installationBookingId: number | null = null;
      if (installType && line.install_details?.external_install_id) {
        const booking = await bookInstallationSlot(
          tx,
          {
            slotId: line.install_details.external_install_id,
            addressId: address.id,
            provider,
            installType,
            reference: `order ${orderId}`,
            field: 'order.connectivity.install_details.external_install_id',
            notes: line.install_details.notes,
          },
          now,
        );
        installationBookingId = booking.bookingId;
        installation = `${booking.slot.date}, ${booking.slot.displayTime}`;
        // The order keeps the slot as booked (date and times from the slot itself).
        connectivityOrder.connectivity.install_details = {
          ...line.install_details,
          date: booking.slot.date,
          time: booking.slot.time,
          display_time: booking.slot.displayTime,
          start_datetime: booking.slot.startDateTime,
          end_datetime: booking.slot.endDateTime,
          duration: booking.slot.duration,
        };
        await tx
          .update(orders)
          .set({ installationBookingId, connectivityOrder })
          .where(eq(orders.orderId, orderId));
      }

      const services: {
        kind: ServiceKind;
        serviceClassId: number;
        prefix: string;
        details: Record<string, unknown>;
      }[] = [
        {
          kind: 'connectivity',
          serviceClassId: SERVICE_CLASS.residentialConnectivity,
          prefix: 'CON',
          details: {
            provider,
            address_id: address.id,
            ...connectivityOrder.connectivity,
            installation_booking_id: installationBookingId,
          },
        },
      ];
      if (routerWanted) {
        services.push({
          kind: 'router',
          serviceClassId: SERVICE_CLASS.residentialConnectivity,
          prefix: 'RTR',
          details: { router_model: routerModel, speed_id: line.speed_id },
        });
      }
      if (meshQuantity > 0) {
        services.push({
          kind: 'mesh',
          serviceClassId: SERVICE_CLASS.residentialConnectivity,
          prefix: 'MSH',
          details: {
            mesh_model: offering.mesh_option.mesh_model,
            mesh_quantity: meshQuantity,
            mesh_type: meshTypeOf(meshQuantity),
          },
        });
      }
      if (order.order.voice.contact || order.order.voice.service_action_type === 'new') {
        services.push({
          kind: 'voice_contact',
          serviceClassId: SERVICE_CLASS.voiceServices,
          prefix: 'VOI',
          details: { contact: true, phone: customer.phone, email: customer.email },
        });
      }
      if (order.order.static_ip.service_action_type === 'new' && offering.static_ip.available) {
        services.push({
          kind: 'static_ip',
          serviceClassId: SERVICE_CLASS.residentialConnectivity,
          prefix: 'SIP',
          details: {},
        });
      }
      if (order.order.subnet.service_action_type === 'new' && offering.subnet.available) {
        services.push({
          kind: 'subnet',
          serviceClassId: SERVICE_CLASS.residentialConnectivity,
          prefix: 'SUB',
          details: {},
        });
      }
      await tx.insert(customerServices).values(
        services.map((service) => ({
          cid: account.cid,
          orderId,
          serviceClassId: service.serviceClassId,
          kind: service.kind,
          displayId: `${service.prefix}-${orderId}`,
          serviceActionType: 'new',
          status: 'pending',
          details: service.details,
          createdAt: now,
        })),
      );
      await tx.insert(provisioningTasks).values({
        cid: account.cid,
        orderId,
        serviceClassId: SERVICE_CLASS.connectivityProvisioningTask,
        status: 'received',
        serviceDisplayId: `CON-${orderId}`,
        creationDt: now,
        details: {
          provider,
          address_id: address.id,
          speed_id: line.speed_id,
          early_signup: details.early_signup,
          desired_activation_date: line.desired_activation_date,
          installation_booking_id: installationBookingId,
          router_model: routerModel,
          mesh_quantity: meshQuantity,
        },
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
          cart,
          installation,
          loginUrl: `${request.origin}/control/login/`,
        }),
      );

      const body: SignupOrderResponse = {
        status: 201,
        msg: SIGNUP_MESSAGES.success,
        cid: account.cid,
        username: customer.uid,
        order_id: orderId,
      };
      // Equipment last: every order with a router updates the same stock rows, and a row stays
      // locked until commit, so concurrent orders wait on each other only for this last step.
      if (
        !(await takeStock(tx, provider, routerModel ?? '', routerWanted ? 1 : 0)) ||
        !(await takeStock(tx, provider, offering.mesh_option.mesh_model, meshQuantity))
      ) {
        throw orderFailed(409, ORDER_MESSAGES.equipmentOutOfStock);
      }
      await storeAnswer(tx, SELF_SIGNUP_SCOPE, request.key, 201, body);
      timer.lap('writes');
      await testPauseBeforeCommit(deps);
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
