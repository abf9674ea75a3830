/**
 * The element that holds a page's prerendered markup until the app replaces it
 * (`src/shared/prerender.ts`). A module of its own: the app's first load reads only this, not the
 * stand-ins and the pages' descriptions the build and the server use.
 */
export const PRERENDERED_ELEMENT_ID = 'prerendered';
