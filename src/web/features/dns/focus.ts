/**
 * Where focus goes on the DNS page (WCAG 2.4.3 focus order, 3.3.1 error identification):
 *
 * - a dialog that closes gives focus back to the control that opened it, once the panel is idle
 *   again (its controls are disabled while the lists reload after a change); when that control
 *   is gone (its row was deleted), to the row now in its place in the same list, else to the
 *   list's heading;
 * - a refused change moves focus to the first field it names, or to the reason shown inside the
 *   form, and scrolls it into view.
 *
 * Lists mark themselves `data-focus-list="<name>"` with `data-focus-heading="<heading's id>"`, and
 * their rows `data-focus-row`.
 */
import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled])';

interface Origin {
  element: HTMLElement;
  list: string | null;
  heading: string | null;
  index: number;
}

function originOf(element: HTMLElement): Origin {
  const list = element.closest<HTMLElement>('[data-focus-list]');
  const row = element.closest('[data-focus-row]');
  const rows = list ? [...list.querySelectorAll('[data-focus-row]')] : [];
  return {
    element,
    list: list?.dataset.focusList ?? null,
    heading: list?.dataset.focusHeading ?? null,
    index: row ? rows.indexOf(row) : -1,
  };
}

/** Focus went nowhere: the body, or an element no longer in the page. */
function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

function focusBack(origin: Origin) {
  const { element } = origin;
  if (element.isConnected && !element.matches(':disabled')) {
    element.focus();
    return;
  }
  const list = origin.list
    ? document.querySelector(`[data-focus-list="${CSS.escape(origin.list)}"]`)
    : null;
  const row =
    list && origin.index >= 0 ? list.querySelectorAll('[data-focus-row]')[origin.index] : null;
  const control = row?.querySelector<HTMLElement>(FOCUSABLE);
  if (control) {
    control.focus();
    return;
  }
  const heading = origin.heading ? document.getElementById(origin.heading) : null;
  heading?.focus();
}

/**
 * Gives focus back after a dialog: `open` while the dialog shows, `idle` when the panel's
 * controls work again. The control that had focus outside any dialog when it opened is the one
 * focus returns to.
 */
export function useFocusReturn(open: boolean, idle: boolean) {
  const lastOutside = useRef<HTMLElement | null>(null);
  const origin = useRef<Origin | null>(null);
  const pending = useRef<Origin | null>(null);
  useEffect(() => {
    const remember = (event: FocusEvent) => {
      const target = event.target;
      if (target instanceof HTMLElement && !target.closest('[role="dialog"]'))
        lastOutside.current = target;
    };
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, []);
  useEffect(() => {
    if (open) {
      const active = document.activeElement;
      const opener =
        active instanceof HTMLElement &&
        active !== document.body &&
        !active.closest('[role="dialog"]')
          ? active
          : lastOutside.current;
      origin.current = opener ? originOf(opener) : null;
      pending.current = null;
    } else if (origin.current) {
      pending.current = origin.current;
      origin.current = null;
    }
  }, [open]);
  useEffect(() => {
    if (open || !idle || !pending.current) return;
    const target = pending.current;
    pending.current = null;
    const timer = window.setTimeout(() => {
      if (focusLost()) focusBack(target);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [open, idle]);
}

/**
 * Moves focus to a refused form's first field in error, or to its reason (`[data-form-failure]`),
 * and scrolls it into view, each time a new refusal (`failure`, compared by identity) shows.
 */
export function useFocusOnFailure(form: RefObject<HTMLElement | null>, failure: unknown) {
  useEffect(() => {
    if (!failure || !form.current) return;
    const target =
      form.current.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form.current.querySelector<HTMLElement>('[data-form-failure]');
    if (!target) return;
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'center' });
  }, [form, failure]);
}
