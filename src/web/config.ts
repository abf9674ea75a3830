import {
  NO_MAP_TILES,
  PROVIDER_DETAILS_DEFAULTS,
  PUBLIC_CONFIG_ELEMENT_ID,
  type PublicConfig,
} from '#shared/public-config';

const FALLBACK: PublicConfig = {
  ...PROVIDER_DETAILS_DEFAULTS,
  production: false,
  version: '0.0.0',
  // Without configuration no card message is trusted.
  cardProviderOrigins: [],
  // Without configuration no tiles are fetched.
  map: NO_MAP_TILES,
};

/** The configuration the server embedded in the page. */
export function readPublicConfig(doc: Document = document): PublicConfig {
  const element = doc.getElementById(PUBLIC_CONFIG_ELEMENT_ID);
  if (!element?.textContent) return FALLBACK;
  try {
    return { ...FALLBACK, ...(JSON.parse(element.textContent) as Partial<PublicConfig>) };
  } catch {
    return FALLBACK;
  }
}
