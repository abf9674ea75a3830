/**
 * The writes of a signup order, each a step of place-order.ts inside the order's one transaction
 * (any refusal rolls every one of them back): the customer with its contact, user, service
 * address and billing; the payment account; the order with its cart; the installation booking;
 * the services and the provisioning task; and, last, the equipment taken from stock.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Cart } from '#shared/cart/index';
import { SERVICE_CLASS, type ProviderName } from '#shared/constants';
import { ORDER_MESSAGES } from '#shared/signup/messages';
import { meshTypeOf } from '#shared/signup/mesh';
import type { SignupOrder } from '#shared/signup/order';
import type { ServiceOffering } from '#shared/signup/serviceability';
import { createCustomerAccount, type PermissionGrant } from '../../session/accounts.ts';
import type { Executor } from '../../db/client.ts';
import {
  customerBilling,
  customerServices,
  equipmentStock,
  orders,
  paymentAccounts,
  provisioningTasks,
  type ServiceKind,
} from '../../db/schema.ts';
import { sealBankAccount, type BankCipher } from '../../billing/processors/index.ts';
import type { ServiceableRecord } from '../serviceability/addresses.ts';
import { bookInstallationSlot } from '../serviceability/installation.ts';
import type { VerifiedCard } from './order-checks.ts';
import { orderFailed } from './order-errors.ts';
import type { Priced } from './order-price.ts';

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

type Address = ServiceableRecord['address'];

/** The customer: its contact, its user (the primary account holder), service address, billing. */
export async function writeCustomer(
  tx: Executor,
  order: SignupOrder,
  passwordHash: string,
  address: Address,
) {
  const { customer, payment } = order;
  const billTo = payment.alternate_billing_address ? payment.billing_address : null;
  return createCustomerAccount(tx, {
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
              zipCode: billTo.zip_ext ? `${billTo.zip_code}-${billTo.zip_ext}` : billTo.zip_code,
              fname: billTo.cmp_name ? billTo.cmp_name : billTo.fname,
              lname: billTo.cmp_name ? '' : billTo.lname,
            },
          }
        : {}),
    },
  });
}

/**
 * The payment account (the verified card, or the bank account sealed for this customer: the cid
 * is bound into the ciphertext), made the customer's default, in one statement. Returns its id.
 */
export async function writePaymentAccount(
  tx: Executor,
  cid: number,
  payment: SignupOrder['payment'],
  card: VerifiedCard,
  bankCipher: BankCipher | undefined,
): Promise<number> {
  const bankAccountValues = () => {
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
  // One statement: the account inserted, and made the default by the update that reads it.
  const inserted = tx.$with('inserted').as(
    tx
      .insert(paymentAccounts)
      .values(
        payment.account_type === 'CC' && card
          ? {
              cid,
              method: 'CC' as const,
              accountName: `${card.fname} ${card.lname}`,
              lastFour: card.last_four,
              cardToken: card.token,
              cardBrand: card.brand,
              cardExpMonth: card.exp_month,
              cardExpYear: card.exp_year,
            }
          : bankAccountValues(),
      )
      .returning({ id: paymentAccounts.paymentAccountId }),
  );
  const [billing] = await tx
    .with(inserted)
    .update(customerBilling)
    .set({ defaultPaymentAccountId: sql`(select ${inserted.id} from ${inserted})` })
    .where(eq(customerBilling.cid, cid))
    .returning({ id: customerBilling.defaultPaymentAccountId });
  // writeCustomer made the billing row in this transaction.
  if (!billing?.id) throw new Error(`customer ${cid} has no billing row`);
  return billing.id;
}

/** The equipment of an order: the router model of its speed, and how many mesh units. */
export interface Equipment {
  routerModel: string | null;
  meshQuantity: number;
}

export function orderEquipment(order: SignupOrder, { offering, routerWanted }: Priced): Equipment {
  const speedId = order.order.connectivity.speed_id;
  const routerOption = offering.router_options.find((o) => o.speed_id === speedId);
  return {
    routerModel: routerWanted ? (routerOption?.router_model ?? null) : null,
    meshQuantity: routerWanted ? order.order.router.mesh_quantity : 0,
  };
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

export type StoredConnectivityOrder = ReturnType<typeof storedConnectivityOrder>;

function firstMonthCents(cart: Cart): number {
  const first = cart.totals.recurring.find(
    (stretch) => stretch.rate_period === 'monthly' && stretch.from_period === 1,
  );
  return first?.total_cents ?? 0;
}

export interface OrderRow {
  cid: number;
  uid: number;
  idempotencyKey: string;
  address: Address;
  serviceClassId: number;
  provider: ProviderName;
  earlySignup: boolean;
  paymentAccountId: number;
  now: Date;
}

/** The order with its cart and its connectivity order as stored. */
export async function writeOrder(
  tx: Executor,
  order: SignupOrder,
  { offering, cart }: Priced,
  equipment: Equipment,
  row: OrderRow,
): Promise<{ orderId: number; connectivityOrder: StoredConnectivityOrder }> {
  const connectivityOrder = storedConnectivityOrder(order, offering, {
    earlySignup: row.earlySignup,
    routerModel: equipment.routerModel,
  });
  const [placed] = await tx
    .insert(orders)
    .values({
      cid: row.cid,
      uid: row.uid,
      idempotencyKey: row.idempotencyKey,
      addressId: row.address.id,
      serviceabilityClassId: row.serviceClassId,
      provider: row.provider,
      connectivityOrder,
      cartItems: cart.items,
      cartTotals: { totals: cart.totals, separately_billed: cart.separately_billed },
      dueTodayCents: cart.totals.due_today.total_cents,
      dueLaterCents: cart.totals.due_later.total_cents,
      firstMonthCents: firstMonthCents(cart),
      paymentAccountId: row.paymentAccountId,
      autoPay: order.payment.auto_pay,
      attribution: order.attribution,
      agreedAt: new Date(order.agreement.time),
      signupHash: order.metadata.signup_hash,
      createdAt: row.now,
    })
    .returning({ orderId: orders.orderId });
  return { orderId: placed.orderId, connectivityOrder };
}

export interface Installation {
  /** The booked slot as the email tells it (`date, time`), or null without an installation. */
  installation: string | null;
  installationBookingId: number | null;
}

/**
 * Books the installation slot of an order that needs one: a slot taken meanwhile refuses the
 * whole order (409). The order then keeps the slot as booked (date and times from the slot).
 */
export async function bookInstallation(
  tx: Executor,
  order: SignupOrder,
  { installType }: Priced,
  placed: { orderId: number; connectivityOrder: StoredConnectivityOrder },
  where: { address: Address; provider: ProviderName; now: Date },
): Promise<Installation> {
  const details = order.order.connectivity.install_details;
  if (!installType || !details?.external_install_id) {
    return { installation: null, installationBookingId: null };
  }
  const { orderId, connectivityOrder } = placed;
  const booking = await bookInstallationSlot(
    tx,
    {
      slotId: details.external_install_id,
      addressId: where.address.id,
      provider: where.provider,
      installType,
      reference: `order ${orderId}`,
      field: 'order.connectivity.install_details.external_install_id',
      notes: details.notes,
    },
    where.now,
  );
  connectivityOrder.connectivity.install_details = {
    ...details,
    date: booking.slot.date,
    time: booking.slot.time,
    display_time: booking.slot.displayTime,
    start_datetime: booking.slot.startDateTime,
    end_datetime: booking.slot.endDateTime,
    duration: booking.slot.duration,
  };
  await tx
    .update(orders)
    .set({ installationBookingId: booking.bookingId, connectivityOrder })
    .where(eq(orders.orderId, orderId));
  return {
    installation: `${booking.slot.date}, ${booking.slot.displayTime}`,
    installationBookingId: booking.bookingId,
  };
}

export interface ServiceRows {
  cid: number;
  orderId: number;
  address: Address;
  provider: ProviderName;
  connectivityOrder: StoredConnectivityOrder;
  installationBookingId: number | null;
  now: Date;
}

/**
 * The customer's services of the order, pending (connectivity, and the router, mesh, voice
 * contact, static IP and subnet it asks for; static IP and subnet only where offered), and the
 * provider's provisioning task for the connectivity service, received: one statement.
 */
export async function writeServicesAndTask(
  tx: Executor,
  order: SignupOrder,
  priced: Priced,
  equipment: Equipment,
  rows: ServiceRows & { earlySignup: boolean },
): Promise<void> {
  const services = tx
    .$with('services')
    .as(serviceInsert(tx, order, priced, equipment, rows).returning({ id: customerServices.id }));
  await tx
    .with(services)
    .insert(provisioningTasks)
    .values(provisioningTask(order, equipment, rows));
}

/** The insert of the order's services (its statement is not run here). */
function serviceInsert(
  tx: Executor,
  order: SignupOrder,
  { offering, routerWanted }: Priced,
  { routerModel, meshQuantity }: Equipment,
  rows: ServiceRows,
) {
  const { customer } = order;
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
        provider: rows.provider,
        address_id: rows.address.id,
        ...rows.connectivityOrder.connectivity,
        installation_booking_id: rows.installationBookingId,
      },
    },
  ];
  if (routerWanted) {
    services.push({
      kind: 'router',
      serviceClassId: SERVICE_CLASS.residentialConnectivity,
      prefix: 'RTR',
      details: { router_model: routerModel, speed_id: order.order.connectivity.speed_id },
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
  return tx.insert(customerServices).values(
    services.map((service) => ({
      cid: rows.cid,
      orderId: rows.orderId,
      serviceClassId: service.serviceClassId,
      kind: service.kind,
      displayId: `${service.prefix}-${rows.orderId}`,
      serviceActionType: 'new',
      status: 'pending',
      details: service.details,
      createdAt: rows.now,
    })),
  );
}

/** The provider's provisioning task for the connectivity service, received: its row. */
function provisioningTask(
  order: SignupOrder,
  { routerModel, meshQuantity }: Equipment,
  rows: Omit<ServiceRows, 'connectivityOrder'> & { earlySignup: boolean },
) {
  const line = order.order.connectivity;
  return {
    cid: rows.cid,
    orderId: rows.orderId,
    serviceClassId: SERVICE_CLASS.connectivityProvisioningTask,
    status: 'received',
    serviceDisplayId: `CON-${rows.orderId}`,
    creationDt: rows.now,
    details: {
      provider: rows.provider,
      address_id: rows.address.id,
      speed_id: line.speed_id,
      early_signup: rows.earlySignup,
      desired_activation_date: line.desired_activation_date,
      installation_booking_id: rows.installationBookingId,
      router_model: routerModel,
      mesh_quantity: meshQuantity,
    },
  } satisfies typeof provisioningTasks.$inferInsert;
}

/**
 * Takes equipment from stock; false when there is not enough left. One statement when the stock
 * suffices (the update that takes it); a model with no stock row is not counted and passes.
 */
async function takeStock(
  tx: Executor,
  provider: ProviderName,
  model: string,
  quantity: number,
): Promise<boolean> {
  if (quantity <= 0 || !model) return true;
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
  if (taken.length === 1) return true;
  // Nothing taken (the rare case, asked only then): a model with no stock row is not counted.
  const [tracked] = await tx
    .select({ model: equipmentStock.model })
    .from(equipmentStock)
    .where(and(eq(equipmentStock.provider, provider), eq(equipmentStock.model, model)));
  return !tracked;
}

/**
 * The router and mesh units taken from the provider's stock; not enough left refuses the whole
 * order (409). The order's last write: every order with a router updates the same stock rows,
 * and a row stays locked until commit, so concurrent orders wait on each other only for this.
 */
export async function takeEquipment(
  tx: Executor,
  provider: ProviderName,
  { offering, routerWanted }: Priced,
  { routerModel, meshQuantity }: Equipment,
): Promise<void> {
  if (
    !(await takeStock(tx, provider, routerModel ?? '', routerWanted ? 1 : 0)) ||
    !(await takeStock(tx, provider, offering.mesh_option.mesh_model, meshQuantity))
  ) {
    throw orderFailed(409, ORDER_MESSAGES.equipmentOutOfStock);
  }
}
