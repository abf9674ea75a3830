/**
 * The route check's registration: one navigation waits for the route gate's verdict (portal.md §2
 * "Access": a page that needs a login waits until the login state is known), and ends with it.
 * The gate's own rules (who may open what) are its registration's (session/route-gate.model.ts);
 * tests/machines/route-check.test.ts runs the check over a real gate.
 */
import { routeByName } from '#shared/routes';
import type { GateVerdict } from '#machines/session/route-gate.selectors';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { routeCheckMachine } from './route-check.machine.ts';

const BILLING = { name: 'billing', href: '/billing/', access: routeByName('billing').access };

const told = (verdict: GateVerdict) => ({ type: 'gate.changed' as const, verdict });

export const routeCheckModel = defineMachine({
  name: 'route-check',
  title: 'Route check',
  description:
    'Each page asked for is checked before it opens: the route gate is asked, and the page waits ' +
    'until the gate has decided (at once when it is known who is logged in, otherwise once the ' +
    'login state is known). Then the page opens, or the user goes to login (with the way back), ' +
    'or to their account.',
  machine: routeCheckMachine,
  input: { route: BILLING },
  events: [
    sample('the login state is not known yet', told({ kind: 'pending' })),
    sample('the gate lets the page open', told({ kind: 'allowed' })),
    sample('the gate sends to login', told({ kind: 'login', redirect: '/billing/' })),
    sample('the gate sends to the account', told({ kind: 'account' })),
  ],
  project: ({ context }) => ({ verdict: context.verdict.kind }),
  limit: 50,
  expect: {
    // The page waits: nothing is decided before the gate says so.
    start: { to: 'waiting', with: { verdict: 'pending' } },
    running: { waiting: ['askGate'] },
    // The route asked for is the one the gate is asked about.
    inputs: { askGate: () => ({ route: BILLING }) },
    on: {
      waiting: {
        'the login state is not known yet': 'ignored',
        'the gate lets the page open': { to: 'decided', with: { verdict: 'allowed' } },
        'the gate sends to login': { to: 'decided', with: { verdict: 'login' } },
        'the gate sends to the account': { to: 'decided', with: { verdict: 'account' } },
      },
    },
  },
  states: {
    waiting: (snapshot) => expectThat(snapshot.status === 'active', 'the page waits'),
    decided: (snapshot) =>
      expectThat(
        snapshot.status === 'done' &&
          snapshot.output !== undefined &&
          snapshot.output.kind !== 'pending' &&
          snapshot.output.kind === snapshot.context.verdict.kind,
        'the check is over and ends with the gate’s verdict',
      ),
  },
});
