/**
 * Every event a registered machine takes is named as docs/statecharts.md "Naming events" says:
 * lower-case words joined by dots, the thing first and what happened to it last
 * (`field.changed`, `order.place.pressed`); XState's own events keep their names.
 */
import { describe, expect, it } from 'vitest';
import { MACHINES } from '#machines/registry';

const WORDS_JOINED_BY_DOTS = /^[a-z]+(\.[a-z]+)+$/;
const XSTATE_OWN = /^xstate\./;

describe('event names', () => {
  it.each(MACHINES.map((m) => [m.name, m] as const))(
    '%s names its events by what happened',
    (_, m) => {
      // Every event some state of the machine takes (XState's own `*` wildcard aside).
      const misnamed = [...new Set(m.machine.root.events)].filter(
        (type) => type !== '*' && !XSTATE_OWN.test(type) && !WORDS_JOINED_BY_DOTS.test(type),
      );
      expect(misnamed).toEqual([]);
    },
  );

  it('refuses the names the rule forbids', () => {
    for (const bad of ['change', 'set errors', 'card.add now', 'Field.changed'])
      expect(WORDS_JOINED_BY_DOTS.test(bad)).toBe(false);
  });
});
