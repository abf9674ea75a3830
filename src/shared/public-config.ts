/**
 * The provider's details every page may show: configured on the server (PRODUCT_NAME,
 * MAIN_SITE_URL, CONTACT_PHONE, CONTACT_EMAIL, SALES_PHONE, SALES_EMAIL, CHAT_URL), these by default.
 */
export const PROVIDER_DETAILS_DEFAULTS = {
  productName: 'Ridgeline Fiber',
  mainSiteUrl: 'https://www.ridgeline.example',
  contactPhone: '(801) 555-0100',
  contactEmail: 'support@ridgeline.example',
  salesPhone: '(801) 555-0199',
  salesEmail: 'sales@ridgeline.example',
  chatUrl: 'https://www.ridgeline.example/livesupport',
};

export type ProviderDetails = { [K in keyof typeof PROVIDER_DETAILS_DEFAULTS]: string };

/** The provider's details out of a larger configuration: the one list of them. */
export function providerDetails(config: ProviderDetails): ProviderDetails {
  const details = { ...PROVIDER_DETAILS_DEFAULTS };
  for (const key of Object.keys(details) as (keyof ProviderDetails)[]) details[key] = config[key];
  return details;
}

/** Configuration the server hands to the web app (embedded in index.html as JSON). */
export interface PublicConfig extends ProviderDetails {
  production: boolean;
  version: string;
  /**
   * The card provider's origins (sandbox and production): the only frames the page may show and
   * the only `event.origin` values a card message is accepted from, compared exactly.
   */
  cardProviderOrigins: string[];
  /** The map of the fiber attach point (signup.md §9, zoom 20, roadmap): where its tiles come from. */
  map: MapTiles;
}

/** A tile server: what the map of the fiber attach point shows under its marker. */
export interface MapTiles {
  /** URL template with `{z}`, `{x}`, `{y}` (and `{s}` for a subdomain); empty: no tiles. */
  tileUrl: string;
  /** The highest zoom the server has tiles for: the map scales those up beyond it. */
  maxZoom: number;
  /** The attribution the tiles' licence asks for, as text, and the page it links to. */
  attribution: string;
  attributionUrl: string;
}

/** No tile server: the map shows its marker on a blank ground. */
export const NO_MAP_TILES: MapTiles = {
  tileUrl: '',
  maxZoom: 0,
  attribution: '',
  attributionUrl: '',
};

export const PUBLIC_CONFIG_ELEMENT_ID = 'app-config';
