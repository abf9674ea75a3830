/**
 * Builders of an address's service offering for the cart tests (portal.md §3 "Service offering",
 * "Promo"; docs/cart.md): monthly fixed-price lines of the main provider, promos and billing
 * blocks, each with only the fields a test names changed; the mesh option, the basic installation,
 * the add-ons and voice of an offering.
 */
import { SERVICE_CLASS } from '../../src/shared/constants.ts';
import type {
  Billing,
  OfferingRate,
  Promo,
  ServiceOffering,
} from '../../src/shared/signup/serviceability.ts';

export const ISP = { name: 'isp', label: 'Ridgeline Fiber' };
export const RES = SERVICE_CLASS.residentialConnectivity;

/** A monthly fixed price of the main provider, for residential connectivity, not taxed. */
export function rate(
  fields: Partial<OfferingRate> & Pick<OfferingRate, 'name' | 'rate'>,
): OfferingRate {
  // The catalogue may name a line's parent (related_item); these lines leave it to the cart.
  return {
    related_item: null,
    description: fields.name,
    item_type: 'connectivity',
    item_group: fields.name,
    provider: ISP,
    rate_type: 'price',
    rate_period: 'monthly',
    rate_term: null,
    rate_mode: 'fixed',
    rate_min: null,
    rate_max: null,
    rate_deferred: false,
    service_class: RES,
    taxable: false,
    ...fields,
  } as OfferingRate;
}

/** A featured promo that never expires (pass `featured: false` for one that is not). */
export function promo(fields: Partial<Promo> & Pick<Promo, 'name' | 'rate'>): Promo {
  return {
    ...rate({ rate_type: 'promo', ...fields }),
    featured: true,
    expiration_date: null,
    legal: 'One per household.',
    ...fields,
  };
}

/** A billing block with no prices, fees or promos but those given. */
export const billing = (parts: Partial<Billing>): Billing => ({
  prices: [],
  fees: [],
  promos: [],
  ...parts,
});

/** The mesh extender option: up to 3, $5 a month each, billed as given. */
export function meshOption(block: Billing): ServiceOffering['mesh_option'] {
  return {
    mesh_available: true,
    mesh_model: 'XWi-M',
    mesh_label: 'Mesh extender',
    quantity_available: 3,
    monthly_rate_each: 5,
    billing: block,
  };
}

/** The basic installation (up to 45 ft, up to 2 hours), billed as given. */
export function basicInstallation(block: Billing): ServiceOffering['installation_options'][number] {
  return {
    installation_type: 'basic',
    label: 'Standard installation',
    description: 'Up to 45 ft',
    sub_description: 'Up to 2 hours',
    duration: 120,
    billing: block,
  };
}

/** A residential add-on (static IP, subnet), available or not, billed as given. */
export function residentialAddOn(
  label: string,
  available: boolean,
  block: Billing,
): ServiceOffering['static_ip'] {
  return { available, service_class_id: RES, label, description: '', billing: block };
}

/** Voice, offered (the visitor may ask to be contacted). */
export const VOICE: ServiceOffering['voice'] = {
  available: true,
  service_class_id: SERVICE_CLASS.voiceServices,
  label: 'Voice',
  description: '',
};
