/**
 * The server sends the signup page's first screen as HTML (`src/shared/prerender.ts`), painted
 * before the app's code arrives, and the app's own container hidden. The app renders beside it and
 * replaces it once its own page is on screen: in the same frame, so nothing flashes or moves, and
 * with the same layout, so the page paints nothing larger than what was already there.
 */
import { useLayoutEffect } from 'react';
import { PRERENDERED_ELEMENT_ID } from '#shared/prerendered-element';

export const APP_ROOT_ID = 'root';

/** Removes the prerendered markup and shows the app's container; does nothing without one. */
export function replacePrerendered(doc: Document = document): void {
  const prerendered = doc.getElementById(PRERENDERED_ELEMENT_ID);
  if (!prerendered) return;
  prerendered.remove();
  const root = doc.getElementById(APP_ROOT_ID);
  root?.removeAttribute('hidden');
  // A field that asked for focus as it mounted, while its container was hidden, did not get it.
  const field = root?.querySelector<HTMLElement>('[data-autofocus]');
  if (field && !root?.contains(doc.activeElement)) field.focus();
}

/** Replaces the prerendered markup once the calling component is in the page. */
export function useReplacePrerendered(): void {
  useLayoutEffect(() => replacePrerendered(), []);
}
