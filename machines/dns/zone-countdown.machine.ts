/**
 * A new DNS zone's countdown (portal.md §4 "DNS paging", §9): a newly created zone is disabled for
 * 60 seconds, counting down by 1; its edit and delete buttons show the remaining seconds. The DNS
 * panel spawns one per zone it creates (`countdown-<zone_id>`); at 0 it tells the panel, which
 * unlocks the zone's buttons.
 */
import { assign, enqueueActions, setup, type ActorRefFrom } from 'xstate';
import { TIMERS } from '#shared/constants';
import { DNS } from '#shared/dns/constants';

export interface ZoneCountdownInput {
  zoneId: number;
  /** Seconds left: TIMERS.newZoneDisabledSeconds for a zone just created. */
  seconds: number;
}

export interface ZoneCountdownContext {
  zoneId: number;
  remaining: number;
}

/** What the countdown tells the panel at 0. */
export interface ZoneUnlockedEvent {
  type: 'zone.unlocked';
  zoneId: number;
}

export const zoneCountdownMachine = setup({
  types: {
    context: {} as ZoneCountdownContext,
    input: {} as ZoneCountdownInput,
    events: {} as { type: 'xstate.after.countdownTick.zoneCountdown.counting' },
  },
  delays: { countdownTick: DNS.countdownStepMs },
  actions: {
    'count one second down': assign(({ context }) => ({ remaining: context.remaining - 1 })),
    'tell the panel the zone is unlocked': enqueueActions(({ context, enqueue, self }) => {
      if (self._parent) {
        enqueue.sendParent({ type: 'zone.unlocked', zoneId: context.zoneId });
      }
    }),
  },
  guards: {
    'no seconds left': ({ context }) => context.remaining <= 0,
  },
}).createMachine({
  id: 'zoneCountdown',
  description: `A new zone's edit and delete buttons stay disabled for ${TIMERS.newZoneDisabledSeconds} seconds, counting down by 1.`,
  context: ({ input }) => ({ zoneId: input.zoneId, remaining: input.seconds }),
  initial: 'counting',
  states: {
    counting: {
      description: 'The buttons show the seconds left; every second one less.',
      always: { guard: 'no seconds left', target: 'done' },
      after: {
        countdownTick: { target: 'counting', reenter: true, actions: 'count one second down' },
      },
    },
    done: {
      description: 'The zone can be edited and deleted.',
      type: 'final',
      entry: 'tell the panel the zone is unlocked',
    },
  },
});

export type ZoneCountdownActor = ActorRefFrom<typeof zoneCountdownMachine>;
