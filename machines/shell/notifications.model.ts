/** The notifications machine's registration: path samples, projection and state checks. */
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { notificationsMachine } from './notifications.machine.ts';

export const notificationsModel = defineMachine({
  name: 'notifications',
  title: 'Notifications',
  description:
    'The banners at the top of a page that tell the visitor what just happened: green when ' +
    'something worked, red when it failed, blue for information. Several can show at once; each ' +
    'has a close button, and a list of messages (for example every problem of a form) shows as ' +
    'one banner. Empty messages are never shown.',
  machine: notificationsMachine,
  events: ({ context }) => [
    sample('a success is reported', {
      type: 'notify',
      message: 'Your changes were saved.',
      result: { status: 200 },
    }),
    sample('a form reports two problems', {
      type: 'notify',
      message: ['Zip code must be 5 digits.', 'City is required.'],
      result: { status: 422 },
    }),
    sample('an empty message is reported', { type: 'notify', message: '  ' }),
    sample('the oldest banner is closed', { type: 'dismiss', id: context.items[0]?.id ?? 1 }),
    sample('a banner that is gone is closed', { type: 'dismiss', id: 999 }),
    sample('the banners are cleared', { type: 'clear' }),
  ],
  // Guards read whether an id exists and whether any banner is left: the count (capped) decides.
  project: ({ context }) => ({ banners: Math.min(context.items.length, 2) }),
  limit: 200,
  // Several banners can show; closing the last or clearing them empties the list; empty
  // messages and closing a banner that is gone change nothing.
  expect: {
    on: {
      empty: {
        'a success is reported': { to: 'showing', with: { banners: 1 } },
        'a form reports two problems': { to: 'showing', with: { banners: 1 } },
        'an empty message is reported': 'ignored',
      },
      showing: {
        'a success is reported': ({ banners }) => ({
          to: 'showing',
          with: { banners: Math.min(banners + 1, 2) },
        }),
        'a form reports two problems': ({ banners }) => ({
          to: 'showing',
          with: { banners: Math.min(banners + 1, 2) },
        }),
        'an empty message is reported': 'ignored',
        'the oldest banner is closed': ({ banners }) =>
          banners === 1 ? 'empty' : { to: 'showing', with: { banners: 1 } },
        'a banner that is gone is closed': 'ignored',
        'the banners are cleared': { to: 'empty', with: { banners: 0 } },
      },
    },
  },
  states: {
    empty: (snapshot) => {
      expectThat(snapshot.context.items.length === 0, 'no banner should be shown');
    },
    showing: (snapshot) => {
      const { items } = snapshot.context;
      expectThat(items.length > 0, 'at least one banner should be shown');
      for (const item of items) {
        const text = typeof item.message === 'string' ? [item.message] : item.message;
        expectThat(
          text.length > 0 && text.every((line) => line.trim() !== ''),
          `banner ${item.id} should have text`,
        );
      }
      expectThat(
        new Set(items.map((item) => item.id)).size === items.length,
        'every banner should have its own id',
      );
    },
  },
});
