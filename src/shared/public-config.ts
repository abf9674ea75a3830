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
}

export const PUBLIC_CONFIG_ELEMENT_ID = 'app-config';
