/**
 * Where focus goes when what held it goes away (WCAG 2.4.3, focus order): back to the control
 * that opened a dialog, or on to the next field when a control removes itself (a Skip, a chosen
 * suggestion). Without this the browser drops focus to the page's body, and a keyboard user
 * starts again from the top.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

function isTabbable(element: Element): element is HTMLElement {
  if (!(element instanceof HTMLElement) || element.tabIndex < 0) return false;
  if (element.closest('[inert], [aria-hidden="true"]')) return false;
  return element.getClientRects().length > 0;
}

/** Focus was lost: nothing, the body, or an element no longer in the page. */
function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

/** Moves focus to `target` once the page has updated, unless focus already went somewhere. */
function restoreFocusLater(target: () => HTMLElement | null) {
  window.setTimeout(() => {
    const element = target();
    if (focusLost() && element?.isConnected) element.focus();
  }, 0);
}

/** The first tabbable element after `container` in the page (outside it). */
export function nextTabbableAfter(container: Element): HTMLElement | null {
  for (const element of document.querySelectorAll(TABBABLE)) {
    if (container.contains(element)) continue;
    const following = container.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING;
    if (following && isTabbable(element)) return element;
  }
  return null;
}

/**
 * Runs `act`, which removes the focused control, then moves focus to `target` (unless focus went
 * somewhere already).
 */
export function actThenFocus(target: HTMLElement | null, act: () => void) {
  act();
  if (target) restoreFocusLater(() => target);
}

/**
 * Runs `act`, which removes `container` (and the focused control in it), then moves focus to the
 * field that followed it.
 */
export function actThenFocusNext(container: Element | null, act: () => void) {
  actThenFocus(container ? nextTabbableAfter(container) : null, act);
}

/**
 * For a dialog mounted when it opens and unmounted when it closes: on closing, focus returns to
 * the control that had it when the dialog opened (Mantine returns it only for a dialog that stays
 * mounted).
 */
export function useReturnFocus() {
  const [opener] = useState(() =>
    typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null),
  );
  useEffect(
    () => () => {
      if (opener && opener !== document.body) restoreFocusLater(() => opener);
    },
    [opener],
  );
}

/**
 * For a dialog whose opener cannot hold focus while it is open (Add a card is disabled meanwhile,
 * and the browser drops its focus to the body): when `open` turns false, focus goes to `opener`,
 * unless it went somewhere already.
 */
export function useFocusBackOnClose(open: boolean, opener: RefObject<HTMLElement | null>) {
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) restoreFocusLater(() => opener.current);
    wasOpen.current = open;
  }, [open, opener]);
}
