/** Configuration the server hands to the web app (embedded in index.html as JSON). */
export interface PublicConfig {
  productName: string;
  mainSiteUrl: string;
  contactPhone: string;
  contactEmail: string;
  salesPhone: string;
  salesEmail: string;
  chatUrl: string;
  production: boolean;
  version: string;
  /**
   * The card provider's origins (sandbox and production): the only frames the page may show and
   * the only `event.origin` values a card message is accepted from, compared exactly.
   */
  cardProviderOrigins: string[];
  /**
   * The map of the fiber attach point (signup.md §9, zoom 20, roadmap): a tile URL template with
   * `{z}`, `{x}`, `{y}` (and `{s}` for a subdomain), the highest zoom its server has tiles for
   * (the map scales those up beyond it), and the attribution its licence asks for.
   */
  mapTileUrl: string;
  mapTileMaxZoom: number;
  mapAttribution: string;
  mapAttributionUrl: string;
}

/** OpenStreetMap's standard tiles: served up to zoom 19, shown with its attribution. */
export const DEFAULT_MAP_TILES = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  maxZoom: 19,
  attribution: '© OpenStreetMap contributors',
  attributionUrl: 'https://www.openstreetmap.org/copyright',
} as const;

export const PUBLIC_CONFIG_ELEMENT_ID = 'app-config';
