/**
 * A customer whose connectivity service is active, made directly in the database the way a placed
 * signup order leaves it (customer, order with its cart snapshot, connectivity service, payment
 * account), with the service activated on a chosen date. Used by the demo seed, the API tests and
 * the billing benchmark; the cart comes from the real catalogue ({@link cartFor}).
 */
import { eq } from 'drizzle-orm';
import { offeringCart, type Cart, type CartChoices } from '#shared/cart/index';
import { SERVICE_CLASS } from '#shared/constants';
import { DEMO_ADDRESSES } from '#shared/signup/demo-addresses';
import { createCustomerAccount, type PermissionGrant } from '../session/accounts.ts';
import type { Executor } from '../db/client.ts';
import { customerBilling, customerServices, orders, paymentAccounts } from '../db/schema.ts';
import { findServiceable } from '../signup/serviceability/addresses.ts';
import { buildOffering } from '../signup/serviceability/offering.ts';
import { bankAccountContext } from '../signup/orders/place-order.ts';
import { sealBankAccount, type BankCipher } from './processors/index.ts';

export const DEFAULT_CHOICES: CartChoices = {
  speed_id: 'speed_1000_sym',
  router: true,
  mesh_quantity: 0,
  installation_type: null,
  tribal_member: false,
};

/** The cart of an order at the UTOPIA demo address on `today`. */
export async function cartFor(
  db: Executor,
  options: { productName: string; today: string; choices?: CartChoices },
): Promise<{ cart: Cart; addressId: number; provider: string; classId: number }> {
  const addressId = DEMO_ADDRESSES.utopiaOrderable.id;
  const serviceable = await findServiceable(db, addressId);
  if (!serviceable) throw new Error('the UTOPIA demo address is not seeded');
  const offering = await buildOffering(db, serviceable, {
    productName: options.productName,
    today: options.today,
  });
  return {
    cart: offeringCart(offering, options.choices ?? DEFAULT_CHOICES, { today: options.today }),
    addressId,
    provider: serviceable.serviceClass.provider,
    classId: serviceable.serviceClass.id,
  };
}

export type NewPaymentAccount =
  | {
      method: 'CC';
      token: string;
      brand: string;
      lastFour: string;
      expMonth: number;
      expYear: number;
    }
  | { method: 'ACH'; account: string; routing: string; cipher: BankCipher };

export interface BilledCustomerInput {
  username: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  email: string;
  permissions: PermissionGrant;
  order: Awaited<ReturnType<typeof cartFor>>;
  /** YYYY-MM-DD the connectivity service was activated (null: still pending). */
  activatedOn: string | null;
  orderedAt: Date;
  paymentAccount: NewPaymentAccount;
  automatic?: boolean;
  paperInvoice?: boolean;
  contracted?: boolean;
}

export async function createBilledCustomer(tx: Executor, input: BilledCustomerInput) {
  const account = await createCustomerAccount(tx, {
    contact: {
      firstName: input.firstName,
      lastName: input.lastName,
      phone: '(801) 555-0199',
      email: input.email,
    },
    user: {
      username: input.username,
      passwordHash: input.passwordHash,
      permissions: input.permissions,
      primaryAdmin: true,
    },
    serviceAddress: {
      line1: DEMO_ADDRESSES.utopiaOrderable.line1,
      city: DEMO_ADDRESSES.utopiaOrderable.city,
      state: DEMO_ADDRESSES.utopiaOrderable.state,
      zipCode: DEMO_ADDRESSES.utopiaOrderable.zip_code,
    },
    billing: {
      automatic: input.automatic ?? false,
      paperInvoice: input.paperInvoice ?? false,
      contracted: input.contracted ?? false,
    },
  });
  return {
    ...account,
    ...(await addBilledOrder(tx, { ...input, cid: account.cid, uid: account.uid })),
  };
}

export type BilledOrderInput = Pick<
  BilledCustomerInput,
  'firstName' | 'lastName' | 'order' | 'activatedOn' | 'orderedAt' | 'paymentAccount' | 'automatic'
> & { cid: number; uid: number; username: string };

/** The order row of a billed customer: the cart snapshot as a placed signup order leaves it. */
export function billedOrderRow(
  input: Pick<BilledOrderInput, 'order' | 'orderedAt' | 'automatic'>,
  who: { cid: number; uid: number; username: string; paymentAccountId: number },
): typeof orders.$inferInsert {
  const { cart } = input.order;
  return {
    cid: who.cid,
    uid: who.uid,
    idempotencyKey: `billed-customer-${who.username}`,
    addressId: input.order.addressId,
    serviceabilityClassId: input.order.classId,
    provider: input.order.provider,
    connectivityOrder: {},
    cartItems: cart.items,
    cartTotals: { totals: cart.totals, separately_billed: cart.separately_billed },
    dueTodayCents: cart.totals.due_today.total_cents,
    dueLaterCents: cart.totals.due_later.total_cents,
    firstMonthCents: cart.totals.recurring[0]?.total_cents ?? 0,
    paymentAccountId: who.paymentAccountId,
    autoPay: input.automatic ?? false,
    agreedAt: input.orderedAt,
    createdAt: input.orderedAt,
  };
}

/**
 * Gives an existing customer a placed order with its connectivity service and a default payment
 * account (what createBilledCustomer adds after the account itself; the demo seed's logins).
 */
export async function addBilledOrder(tx: Executor, input: BilledOrderInput) {
  const account = { cid: input.cid, uid: input.uid };
  const pa = input.paymentAccount;
  const paymentAccount = await insertPaymentAccount(
    tx,
    account.cid,
    `${input.firstName} ${input.lastName}`,
    pa,
  );
  await tx
    .update(customerBilling)
    .set({ defaultPaymentAccountId: paymentAccount.id })
    .where(eq(customerBilling.cid, account.cid));
  const [order] = await tx
    .insert(orders)
    .values(
      billedOrderRow(input, {
        cid: account.cid,
        uid: account.uid,
        username: input.username,
        paymentAccountId: paymentAccount.id,
      }),
    )
    .returning({ orderId: orders.orderId });
  const [service] = await tx
    .insert(customerServices)
    .values({
      cid: account.cid,
      orderId: order.orderId,
      serviceClassId: SERVICE_CLASS.residentialConnectivity,
      kind: 'connectivity',
      displayId: `CON-${order.orderId}`,
      serviceActionType: 'new',
      status: input.activatedOn ? 'active' : 'pending',
      activatedOn: input.activatedOn,
      details: { provider: input.order.provider },
      createdAt: input.orderedAt,
    })
    .returning({ id: customerServices.id });
  return {
    orderId: order.orderId,
    serviceId: service.id,
    paymentAccountId: paymentAccount.id,
  };
}

/** Activates a customer's connectivity service on `date` (its billing starts then). */
export async function activateConnectivity(db: Executor, serviceId: number, date: string) {
  await db
    .update(customerServices)
    .set({ status: 'active', activatedOn: date })
    .where(eq(customerServices.id, serviceId));
}

/** Saves a payment account (a card by its token, or a bank account sealed) for a customer. */
export async function insertPaymentAccount(
  tx: Executor,
  cid: number,
  accountName: string,
  pa: NewPaymentAccount,
): Promise<{ id: number }> {
  const [row] = await tx
    .insert(paymentAccounts)
    .values(
      pa.method === 'CC'
        ? {
            cid: cid,
            method: 'CC' as const,
            accountName: accountName,
            lastFour: pa.lastFour,
            cardToken: pa.token,
            cardBrand: pa.brand,
            cardExpMonth: pa.expMonth,
            cardExpYear: pa.expYear,
          }
        : (() => {
            const sealed = sealBankAccount(pa.cipher, pa.account, bankAccountContext(cid));
            return {
              cid: cid,
              method: 'ACH' as const,
              accountName: accountName,
              lastFour: sealed.account_last_four,
              bankRouting: pa.routing,
              bankAccountType: 'CHECKING',
              bankAccountEncrypted: sealed.account_encrypted,
            };
          })(),
    )
    .returning({ id: paymentAccounts.paymentAccountId });
  return row!;
}
