/**
 * Pricing a signup order: the address's offering as it is today, and the cart rebuilt from it
 * with the visitor's choices (the same cart the order summary showed, src/shared/cart).
 */
import { CartChoiceError, offeringCart, type Cart, type CartChoiceField } from '#shared/cart/index';
import { ORDER_MESSAGES } from '#shared/signup/messages';
import { serviceDate } from '#shared/signup/dates';
import type { SignupOrder } from '#shared/signup/order';
import type { InstallType, ServiceOffering } from '#shared/signup/serviceability';
import type { AppDeps } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { validationFailed } from '../../http/errors.ts';
import { buildOffering } from '../serviceability/offering.ts';
import type { Orderable } from './order-checks.ts';
import { orderFailed } from './order-errors.ts';

/** The field of the body a refused cart choice belongs to. */
const CART_CHOICE_FIELDS: Record<CartChoiceField, string> = {
  speed_id: 'order.connectivity.speed_id',
  router: 'order.router.service_action_type',
  mesh_quantity: 'order.router.mesh_quantity',
  installation_type: 'order.connectivity.install_details.installation_type',
};

export interface Priced {
  offering: ServiceOffering;
  cart: Cart;
  /** The visitor wants a router. */
  routerWanted: boolean;
  /** The installation type, where the address needs an ONT installed. */
  installType: InstallType | null;
}

/** The offering on `now` and the order's cart; a choice the offering refuses is a 422. */
export async function priceOrder(
  deps: AppDeps,
  tx: Executor,
  order: SignupOrder,
  { serviceable, details }: Orderable,
  now: Date,
): Promise<Priced> {
  const line = order.order.connectivity;
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
  return { offering, cart, routerWanted, installType };
}
