/**
 * The public pages' first screens (the signup's, the login, account help, the password generator,
 * the 404) are rendered to HTML when the web app is built (`src/web/prerender.tsx`, run by
 * `vite.config.ts`) and served inside `index.html` (`src/server/spa.ts`), so that a slow phone
 * paints them before the app's code arrives. The build knows nothing of the server's
 * configuration: it renders with the stand-ins below, and the server puts its public
 * configuration in their place. The markup holds nothing of a visitor.
 */
import { escapeHtml } from './html.ts';
import { NO_MAP_TILES, type PublicConfig } from './public-config.ts';

export { PRERENDERED_ELEMENT_ID } from './prerendered-element.ts';

/**
 * The pages prerendered at build time: the page's title (as `usePageTitle` sets it), the path the
 * build renders (relative to the web base path; a stand-in where the real path carries a
 * visitor's value) and the page's meta description.
 */
export const PRERENDERED_PAGES = {
  signup: {
    title: 'Sign up',
    path: '/signup/',
    description:
      'Check whether fiber internet reaches your address, choose your speed and equipment, and sign up online in minutes.',
  },
  login: {
    title: 'Log in',
    path: '/login/',
    description:
      'Log in to your customer portal to manage your account, services, servers, DNS and billing.',
  },
  'username-recovery': {
    title: 'Username recovery',
    path: '/username-recovery/',
    description:
      'Forgot your username? Enter your email address and we will email you your username.',
  },
  'password-recovery': {
    title: 'Password recovery',
    path: '/password-recovery/',
    description:
      'Forgot your password? Enter your username and we will email you a link to set a new one.',
  },
  'password-update': {
    title: 'Set a new password',
    path: '/password-update/prerender-stand-in-link-id/',
    description: 'Set a new password for your customer portal account from your recovery email.',
  },
  'password-generator': {
    title: 'Password generator',
    path: '/password-generator/',
    description:
      'Make a strong password you can remember: pick a few words and add random digits and symbols.',
  },
  'not-found': {
    title: 'Page not found',
    path: '/prerender-stand-in-missing-page/',
    description: 'This page of the customer portal could not be found.',
  },
} as const satisfies Record<string, { title: string; path: string; description: string }>;

export type PrerenderedPage = keyof typeof PRERENDERED_PAGES;

/** Where the build writes a page's prerendered markup, relative to the web build's folder. */
export function prerenderedFile(page: PrerenderedPage): string {
  return `.vite/prerendered/${page}.html`;
}

function filesOf(pages: typeof PRERENDERED_PAGES): Record<PrerenderedPage, string> {
  return Object.fromEntries(
    Object.keys(pages).map((page) => [page, prerenderedFile(page as PrerenderedPage)]),
  ) as Record<PrerenderedPage, string>;
}

// `@__PURE__`: a bundle that reads only `phoneDigits` (the signup's page) leaves the rest out.
/** Where the build writes the prerendered markup, relative to the web build's folder. */
export const PRERENDERED_FILES = /* @__PURE__ */ filesOf(PRERENDERED_PAGES);

/** A phone stand-in made only of digits and formatting, so that a `tel:` link keeps it too. */
const PHONE_STAND_IN = (n: number) => `+1 (900) 555-01${String(n).padStart(2, '0')}`;

/** The configuration the build renders with: a stand-in no real value can be mistaken for. */
export const PRERENDER_STAND_INS: PublicConfig = {
  productName: 'prerender-stand-in-product-name',
  mainSiteUrl: 'https://prerender-stand-in.invalid/main-site',
  contactPhone: /* @__PURE__ */ PHONE_STAND_IN(1),
  contactEmail: 'contact-email@prerender-stand-in.invalid',
  salesPhone: /* @__PURE__ */ PHONE_STAND_IN(2),
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

const TEXT_KEYS = /* @__PURE__ */ (
  Object.keys(PRERENDER_STAND_INS) as (keyof PublicConfig)[]
).filter((key) => typeof PRERENDER_STAND_INS[key] === 'string');

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
