/**
 * The offering of a serviceable address (portal.md §3 "Service offering"): its provider's speeds
 * with prices, fees and promos, routers per speed with stock, mesh, installation options, static
 * IP, subnet and voice, read from the catalogue tables. Promos that expired (service time zone)
 * or belong to another city are left out. Gross rates are before promos.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  PROVIDERS,
  SERVICE_CLASS,
  type ProviderName,
  type RatePeriod,
  type RateTerm,
} from '#shared/constants';
import { ROUTER_BUNDLED_SPEED_ID } from '#shared/signup/constants';
import {
  INSTALL_TYPES,
  MAIN_PROVIDER_NAME,
  type AddOnOption,
  type Billing,
  type BillingProvider,
  type InstallType,
  type LegalDisclaimer,
  type OfferingRate,
  type Promo,
  type ServiceOffering,
  type SpeedOption,
} from '#shared/signup/serviceability';
import type { Executor } from '../../db/client.ts';
import { catalogueProducts, catalogueRates, equipmentStock } from '../../db/schema.ts';
import type { ServiceableRecord } from './addresses.ts';

type ProductRecord = typeof catalogueProducts.$inferSelect;
type RateRecord = typeof catalogueRates.$inferSelect;

export interface OfferingContext {
  /** The product's own label (PRODUCT_NAME). */
  productName: string;
  /**
   * Today, YYYY-MM-DD in the service time zone, on the server's clock (`clockToday(deps.clock)`):
   * a promo is offered up to and including its expiration date.
   */
  today: string;
}

function billingProvider(name: string, productName: string): BillingProvider {
  if (name === MAIN_PROVIDER_NAME) return { name, label: productName };
  return { name, label: PROVIDERS[name as ProviderName]?.label ?? name };
}

export function offeringRate(rate: RateRecord, productName: string): OfferingRate {
  return {
    name: rate.name,
    description: rate.description,
    item_type: rate.itemType,
    item_group: rate.itemGroup,
    provider: billingProvider(rate.billedBy, productName),
    rate: rate.rate,
    rate_type: rate.rateType,
    rate_period: rate.ratePeriod as RatePeriod | null,
    rate_term: rate.rateTerm as RateTerm | null,
    rate_mode: rate.rateMode,
    rate_min: rate.rateMin,
    rate_max: rate.rateMax,
    rate_deferred: rate.rateDeferred,
    service_class: rate.serviceClass,
    taxable: rate.taxable,
    related_item: rate.relatedItem,
  };
}

function billingOf(rates: RateRecord[], productName: string): Billing {
  const billing: Billing = { prices: [], fees: [], promos: [] };
  for (const rate of rates) {
    const line = offeringRate(rate, productName);
    if (rate.rateType === 'price') billing.prices.push(line);
    else if (rate.rateType === 'fee') billing.fees.push(line);
    else {
      const promo: Promo = {
        ...line,
        featured: rate.featured,
        expiration_date: rate.expirationDate,
        legal: rate.legal,
      };
      billing.promos.push(promo);
    }
  }
  return billing;
}

const monthlyPrices = (billing: Billing) =>
  billing.prices.filter((price) => price.rate_period === 'monthly');

const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;

interface Attributes {
  download_speed?: number;
  upload_speed?: number;
  symmetric?: boolean;
  external_soid?: string;
  duration?: number;
}

function emptyBilling(): Billing {
  return { prices: [], fees: [], promos: [] };
}

/** Everything a provider offers, for one address (its city decides city-only promos). */
export async function buildOffering(
  db: Executor,
  record: ServiceableRecord,
  context: OfferingContext,
): Promise<ServiceOffering> {
  const provider = record.serviceClass.provider as ProviderName;
  const { today } = context;
  const products = await db
    .select()
    .from(catalogueProducts)
    .where(eq(catalogueProducts.provider, provider))
    .orderBy(asc(catalogueProducts.sort), asc(catalogueProducts.id));
  const rates =
    products.length === 0
      ? []
      : await db
          .select()
          .from(catalogueRates)
          .where(
            inArray(
              catalogueRates.productId,
              products.map((product) => product.id),
            ),
          )
          .orderBy(asc(catalogueRates.sort), asc(catalogueRates.name));
  const stock = await db
    .select()
    .from(equipmentStock)
    .where(and(eq(equipmentStock.provider, provider)));
  const city = record.address.city.toLowerCase();
  const ratesOf = (product: ProductRecord) =>
    rates.filter(
      (rate) =>
        rate.productId === product.id &&
        (rate.rateType !== 'promo' ||
          ((rate.expirationDate === null || rate.expirationDate >= today) &&
            (rate.onlyCity === null || rate.onlyCity.toLowerCase() === city))),
    );
  const stockOf = (model: string) => {
    const item = stock.find((entry) => entry.model === model);
    return {
      quantity: item?.quantityAvailable ?? 0,
      perOrder: Math.min(item?.quantityAvailable ?? 0, item?.maxPerOrder ?? 0),
    };
  };
  const productName = context.productName;
  const kind = (name: ProductRecord['kind']) => products.filter((product) => product.kind === name);

  const routerProducts = kind('router');
  const routerBilling = new Map(
    routerProducts.map((router) => [router.forSpeedId, billingOf(ratesOf(router), productName)]),
  );

  const speedOptions: SpeedOption[] = kind('speed')
    .filter((product) => product.available)
    .map((product) => {
      const attributes = product.attributes as Attributes;
      const billing = billingOf(ratesOf(product), productName);
      const monthly = monthlyPrices(billing);
      const gross = sum(monthly.map((price) => price.rate));
      const router = routerBilling.get(product.key);
      const featured = billing.promos.find((promo) => promo.featured) ?? null;
      return {
        speed_id: product.key,
        speed_label: product.label,
        speed_color: product.color,
        speed_description: product.description,
        download_speed: attributes.download_speed ?? 0,
        upload_speed: attributes.upload_speed ?? 0,
        symmetric: attributes.symmetric ?? true,
        external_soid: attributes.external_soid ?? '',
        monthly_gross_connectivity_rate: gross,
        monthly_gross_connectivity_rate_breakdown: monthly.map((price) => ({
          label: price.description,
          rate: price.rate,
          provider: price.provider,
        })),
        monthly_gross_connectivity_router_rate: sum([
          gross,
          ...(router ? monthlyPrices(router).map((price) => price.rate) : []),
        ]),
        early_net_connectivity_rate_term: featured?.description ?? null,
        legal_disclaimers: product.legalDisclaimers as LegalDisclaimer[],
        router_bundled: product.key === ROUTER_BUNDLED_SPEED_ID,
        billing,
      };
    });

  const routerOptions = routerProducts.map((router) => {
    const { quantity, perOrder } = stockOf(router.model);
    return {
      speed_id: router.forSpeedId,
      router_available: router.available && quantity > 0,
      router_model: router.model,
      router_label: router.label,
      in_stock: quantity > 0,
      quantity_available: perOrder,
      bundled: router.forSpeedId === ROUTER_BUNDLED_SPEED_ID,
      billing: routerBilling.get(router.forSpeedId) ?? emptyBilling(),
    };
  });

  const [mesh] = kind('mesh');
  const meshStock = mesh ? stockOf(mesh.model) : { quantity: 0, perOrder: 0 };
  const meshBilling = mesh ? billingOf(ratesOf(mesh), productName) : emptyBilling();

  const installationOptions = kind('installation')
    .filter((product) => INSTALL_TYPES.includes(product.key as InstallType))
    .map((product) => ({
      installation_type: product.key as InstallType,
      label: product.label,
      description: product.description,
      sub_description: product.subDescription,
      duration: (product.attributes as Attributes).duration ?? 0,
      billing: billingOf(ratesOf(product), productName),
    }));

  const addOn = (name: 'static_ip' | 'subnet'): AddOnOption => {
    const [product] = kind(name);
    return {
      available: product?.available ?? false,
      service_class_id: SERVICE_CLASS.residentialConnectivity,
      label: product?.label ?? '',
      description: product?.description ?? '',
      billing: product ? billingOf(ratesOf(product), productName) : emptyBilling(),
    };
  };
  const [voice] = kind('voice');

  return {
    address_id: record.address.id,
    service_class_id: record.serviceClass.id,
    provider: { name: provider, label: PROVIDERS[provider].label },
    main_provider: billingProvider(MAIN_PROVIDER_NAME, productName),
    speed_options: speedOptions,
    router_options: routerOptions,
    mesh_option: {
      mesh_available: Boolean(mesh?.available) && meshStock.perOrder > 0,
      mesh_model: mesh?.model ?? '',
      mesh_label: mesh?.label ?? '',
      quantity_available: meshStock.perOrder,
      monthly_rate_each: sum(monthlyPrices(meshBilling).map((price) => price.rate)),
      billing: meshBilling,
    },
    installation_options: installationOptions,
    installation_fee_waived: record.serviceClass.installationFeeWaived,
    installation_fee_waived_for_tribal_members:
      record.serviceClass.installationFeeWaivedForTribalMembers,
    static_ip: addOn('static_ip'),
    subnet: addOn('subnet'),
    voice: {
      available: voice?.available ?? false,
      service_class_id: SERVICE_CLASS.voiceServices,
      label: voice?.label ?? '',
      description: voice?.description ?? '',
    },
  };
}
