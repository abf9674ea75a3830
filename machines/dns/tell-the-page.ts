/**
 * How the DNS panel's child machines (the zone list, the records pager, the forms) tell the page
 * machine what happened: one named action, `tell the page`, whose parameter is the note. On its
 * own (a child's path tests, a unit test) a child tells nobody, and its registration declares
 * each run with its note; the page machine provides it to its children as `sendParent`
 * (dns-panel.machine.ts).
 */
import type { EventObject } from 'xstate';

export function tellThePage<TNote extends EventObject>() {
  return (_: unknown, _note: TNote) => {};
}
