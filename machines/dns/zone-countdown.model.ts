/** The new-zone countdown's registration (portal.md §4, §9: disabled 60 s, counting down by 1). */
import { TIMERS } from '#shared/constants';
import { DNS } from '#shared/dns/constants';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { zoneCountdownMachine, type ZoneCountdownContext } from './zone-countdown.machine.ts';
import { selectSecondsLeft } from './zone-countdown.selectors.ts';

export const zoneCountdownModel = defineMachine({
  name: 'dns-zone-countdown',
  title: 'New DNS zone countdown',
  description:
    `A DNS zone just created cannot be edited or deleted for ${TIMERS.newZoneDisabledSeconds} ` +
    'seconds. Its Edit and Delete buttons say how many seconds are left, one less every second; ' +
    'at 0 they can be used.',
  machine: zoneCountdownMachine,
  input: { zoneId: 3001, seconds: TIMERS.newZoneDisabledSeconds },
  events: [
    sample('a second passes', { type: 'xstate.after.countdownTick.zoneCountdown.counting' }),
  ],
  project: ({ context }: { context: ZoneCountdownContext }) => ({ remaining: context.remaining }),
  limit: 500,
  expect: {
    // A zone just created: 60 seconds left (portal.md §4, §9).
    start: { to: 'counting', with: { remaining: 60 } },
    on: {
      counting: {
        'a second passes': ({ remaining }) =>
          remaining === 1 ? 'done' : { to: 'counting', with: { remaining: remaining - 1 } },
      },
    },
    timers: { counting: { countdownTick: DNS.countdownStepMs } },
  },
  states: {
    counting: (snapshot) => {
      const left = selectSecondsLeft(snapshot);
      expectThat(left > 0 && left <= TIMERS.newZoneDisabledSeconds, 'the seconds left show');
    },
    done: (snapshot) => expectThat(selectSecondsLeft(snapshot) === 0, 'the buttons are enabled'),
  },
});
