/**
 * The signup page's first screen is rendered to HTML when the web app is built
 * (`src/web/prerender.tsx`, run by `vite.config.ts`) and served inside `index.html`
 * (`src/server/spa.ts`), so that a slow phone paints it before the app's code arrives. The build
 * knows nothing of the server's configuration: it renders with the stand-ins below, and the
 * server puts its public configuration in their place. The markup holds nothing of a visitor.
 */
import { escapeHtml } from './html.ts';
import { NO_MAP_TILES, type PublicConfig } from './public-config.ts';

/** The element that holds the prerendered markup until the app replaces it. */
export const PRERENDERED_ELEMENT_ID = 'prerendered';

/** Where the build writes the prerendered markup, relative to the web build's folder. */
export const PRERENDERED_FILES = { signup: '.vite/prerendered/signup.html' } as const;

/** A phone stand-in made only of digits and formatting, so that a `tel:` link keeps it too. */
const PHONE_STAND_IN = (n: number) => `+1 (900) 555-01${String(n).padStart(2, '0')}`;

/** The configuration the build renders with: a stand-in no real value can be mistaken for. */
export const PRERENDER_STAND_INS: PublicConfig = {
  productName: 'prerender-stand-in-product-name',
  mainSiteUrl: 'https://prerender-stand-in.invalid/main-site',
  contactPhone: PHONE_STAND_IN(1),
  contactEmail: 'contact-email@prerender-stand-in.invalid',
  salesPhone: PHONE_STAND_IN(2),
  salesEmail: 'sales-email@prerender-stand-in.invalid',
  chatUrl: 'https://prerender-stand-in.invalid/chat',
  production: true,
  version: 'prerender-stand-in-version',
  cardProviderOrigins: [],
  // Not text of the first screen: the map shows in a later section.
  map: NO_MAP_TILES,
};

/** A phone number as a `tel:` link's target: its digits and plus sign. */
export function phoneDigits(phone: string): string {
  return phone.replace(/[^\d+]/g, '');
}

const TEXT_KEYS = (Object.keys(PRERENDER_STAND_INS) as (keyof PublicConfig)[]).filter(
  (key) => typeof PRERENDER_STAND_INS[key] === 'string',
);

/** The prerendered markup with the server's configuration in place of the build's stand-ins. */
export function fillPrerendered(html: string, config: PublicConfig): string {
  let filled = html;
  for (const key of TEXT_KEYS) {
    const standIn = PRERENDER_STAND_INS[key] as string;
    const value = config[key] as string;
    filled = filled.split(standIn).join(escapeHtml(value));
    if (key.endsWith('Phone')) {
      filled = filled.split(phoneDigits(standIn)).join(escapeHtml(phoneDigits(value)));
    }
  }
  return filled;
}

/** Stand-ins still in the markup (a configuration value it shows in a form not replaced). */
export function unfilledStandIns(html: string): string[] {
  return TEXT_KEYS.flatMap((key) => {
    const standIn = PRERENDER_STAND_INS[key] as string;
    const forms = key.endsWith('Phone') ? [standIn, phoneDigits(standIn)] : [standIn];
    return forms.filter((form) => html.includes(form));
  });
}
