/**
 * From an address's offering (src/shared/signup/serviceability.ts) and the visitor's choices to
 * cart items. The page builds its order summary with it; the server builds the cart it charges
 * with the same function from the offering it loads itself, so the two always agree.
 *
 * - The chosen speed brings its prices, fees and promos (the network provider's lines too, which
 *   are billed separately by that provider).
 * - The router (when wanted) brings the router option of that speed; mesh extenders (when a
 *   router is chosen) bring the mesh lines times the number chosen, related to the router.
 * - An installation type brings its installation fee; installation fees are waived (a promo of
 *   the same amount) where the offering says so, or for a self-identifying tribal member where
 *   the offering waives it for them.
 * - Static IP and subnet bring their lines when chosen.
 * - Promos whose expiration date has passed are left out. A line keeps the relation the catalogue
 *   gives it (`related_item`); without one, a promo relates to the first price of its item group
 *   in the same billing block (so it shows under it), and a block's other lines stand alone, or
 *   under the router for the mesh block.
 */
import { CART_MESSAGES } from '../signup/messages.ts';
import { installationFeeWaived, isInstallationFee } from '../signup/installation-fees.ts';
import { meshQuantityInStock } from '../signup/mesh.ts';
import type {
  Billing,
  InstallType,
  OfferingRate,
  ServiceOffering,
} from '../signup/serviceability.ts';
import { createCart } from './cart.ts';
import type { Cart, CartEnv, CartItem } from './types.ts';

export interface CartChoices {
  speed_id: string | null;
  /** The XWi router is wanted. */
  router: boolean;
  /** Mesh extenders, 0 for none (only with a router). */
  mesh_quantity: number;
  installation_type: InstallType | null;
  /** Answered yes to the tribal question. */
  tribal_member: boolean;
  static_ip?: boolean;
  subnet?: boolean;
}

export const NO_CART_CHOICES: CartChoices = {
  speed_id: null,
  router: false,
  mesh_quantity: 0,
  installation_type: null,
  tribal_member: false,
};

export type CartChoiceField = 'speed_id' | 'router' | 'mesh_quantity' | 'installation_type';

/** A choice the offering does not allow; `field` names the choice, `message` is for the visitor. */
export class CartChoiceError extends Error {
  constructor(
    readonly field: CartChoiceField,
    message: string,
  ) {
    super(message);
    this.name = 'CartChoiceError';
  }
}

/** The relation the catalogue gives a line (a promo names the price it discounts), if any. */
function catalogueRelation(rate: OfferingRate): string | null {
  return (rate as { related_item?: string | null }).related_item ?? null;
}

function toCartItem(rate: OfferingRate, quantity: number, inferred: string | null): CartItem {
  return {
    name: rate.name,
    description: rate.description,
    item_type: rate.item_type,
    item_group: rate.item_group,
    provider: { name: rate.provider.name, label: rate.provider.label },
    rate: rate.rate,
    rate_type: rate.rate_type,
    rate_period: rate.rate_period,
    rate_term: rate.rate_term,
    rate_mode: rate.rate_mode,
    rate_min: rate.rate_min,
    rate_max: rate.rate_max,
    rate_deferred: rate.rate_deferred,
    quantity,
    related_item: catalogueRelation(rate) ?? inferred,
    service_class: rate.service_class,
    taxable: rate.taxable,
  };
}

/**
 * The lines of one billing block. `today` is YYYY-MM-DD: promos that expired before it are left
 * out. `parent` relates the block's top-level lines to another item (mesh under the router).
 */
export function billingCartItems(
  billing: Billing,
  options: { today: string; quantity?: number; parent?: string | null },
): CartItem[] {
  const quantity = options.quantity ?? 1;
  const parent = options.parent ?? null;
  const priceOfGroup = new Map<string, string>();
  for (const price of billing.prices) {
    if (!priceOfGroup.has(price.item_group)) priceOfGroup.set(price.item_group, price.name);
  }
  const firstPrice = billing.prices[0]?.name ?? parent;
  const promos = billing.promos.filter(
    (promo) => promo.expiration_date === null || promo.expiration_date >= options.today,
  );
  return [
    ...billing.prices.map((price) => {
      const groupPrice = priceOfGroup.get(price.item_group) ?? null;
      return toCartItem(price, quantity, groupPrice === price.name ? parent : groupPrice);
    }),
    ...billing.fees.map((fee) => toCartItem(fee, quantity, parent)),
    ...promos.map((promo) =>
      toCartItem(promo, quantity, priceOfGroup.get(promo.item_group) ?? firstPrice),
    ),
  ];
}

/** A promo that takes an installation fee off again, shown right under it. */
export function installationWaiver(fee: CartItem): CartItem {
  return {
    ...fee,
    name: `${fee.name}.waived`,
    description: CART_MESSAGES.installationFeeWaived,
    rate_type: 'promo',
    rate_mode: 'fixed',
    rate_min: null,
    rate_max: null,
    related_item: fee.name,
  };
}

/**
 * The cart items for these choices. Throws {@link CartChoiceError} for a choice the offering does
 * not allow (unknown speed, router or mesh not available, too many extenders, unknown
 * installation type).
 */
export function offeringCartItems(
  offering: ServiceOffering,
  choices: CartChoices,
  options: { today: string },
): CartItem[] {
  const { today } = options;
  const items: CartItem[] = [];
  if (choices.speed_id === null) return items;

  const speed = offering.speed_options.find((option) => option.speed_id === choices.speed_id);
  if (!speed) throw new CartChoiceError('speed_id', CART_MESSAGES.speedNotOffered);
  items.push(...billingCartItems(speed.billing, { today }));

  if (choices.router) {
    const router = offering.router_options.find((option) => option.speed_id === speed.speed_id);
    if (!router?.router_available) {
      throw new CartChoiceError('router', CART_MESSAGES.routerNotAvailable);
    }
    const routerItems = billingCartItems(router.billing, { today });
    items.push(...routerItems);
    if (choices.mesh_quantity > 0) {
      const mesh = offering.mesh_option;
      if (!meshQuantityInStock(mesh, choices.mesh_quantity)) {
        throw new CartChoiceError('mesh_quantity', CART_MESSAGES.meshNotAvailable);
      }
      items.push(
        ...billingCartItems(mesh.billing, {
          today,
          quantity: choices.mesh_quantity,
          parent: routerItems[0]?.name ?? null,
        }),
      );
    }
  } else if (choices.mesh_quantity > 0) {
    throw new CartChoiceError('mesh_quantity', CART_MESSAGES.meshNeedsRouter);
  }

  if (choices.installation_type !== null) {
    const installation = offering.installation_options.find(
      (option) => option.installation_type === choices.installation_type,
    );
    if (!installation) {
      throw new CartChoiceError('installation_type', CART_MESSAGES.installationNotOffered);
    }
    items.push(...billingCartItems(installation.billing, { today }));
  }
  if (choices.static_ip && offering.static_ip.available) {
    items.push(...billingCartItems(offering.static_ip.billing, { today }));
  }
  if (choices.subnet && offering.subnet.available) {
    items.push(...billingCartItems(offering.subnet.billing, { today }));
  }

  if (installationFeeWaived(offering, choices.tribal_member)) {
    items.push(...items.filter(isInstallationFee).map(installationWaiver));
  }
  return items;
}

/** The whole cart for an offering and the visitor's choices. */
export function offeringCart(
  offering: ServiceOffering,
  choices: CartChoices,
  options: { today: string },
  env: CartEnv = {},
): Cart {
  return createCart(
    offering.main_provider.name,
    offeringCartItems(offering, choices, options),
    env,
  );
}
