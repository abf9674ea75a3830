/** The notifications machine's registration: path samples, projection and state checks. */
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { notificationsMachine } from './notifications.machine.ts';
import { selectModalNotifications } from './modal-notifications.selectors.ts';
import { selectNotifications } from './notifications.selectors.ts';

const SUCCESS = 'Your changes were saved.';
const PROBLEMS = ['Zip code must be 5 digits.', 'City is required.'];

export const notificationsModel = defineMachine({
  name: 'notifications',
  title: 'Notifications',
  description:
    'The banners at the top of a page that tell the visitor what just happened: green when ' +
    'something worked, red when it failed, blue for information. Several can show at once; each ' +
    'has a close button, and a list of messages (for example every problem of a form) shows as ' +
    'one banner. Empty messages are never shown, and a message already showing is not shown twice. ' +
    'A window that shows its own messages takes them away when it closes.',
  machine: notificationsMachine,
  events: ({ context }) => [
    sample('a success is reported', {
      type: 'notification.raised',
      message: SUCCESS,
      result: { status: 200 },
    }),
    sample('a form reports two problems', {
      type: 'notification.raised',
      message: PROBLEMS,
      result: { status: 422 },
    }),
    // The same words in an open modal's own list (portal.md §8): another place, another banner.
    sample('a modal reports the same two problems', {
      type: 'notification.raised',
      message: PROBLEMS,
      result: { status: 422 },
      modal: true,
    }),
    sample('an empty message is reported', { type: 'notification.raised', message: '  ' }),
    sample('the oldest banner is closed', {
      type: 'notification.dismissed',
      id: context.items[0]?.id ?? 1,
    }),
    sample('a banner that is gone is closed', { type: 'notification.dismissed', id: 999 }),
    sample('the modal is closed', { type: 'notifications.modal.closed' }),
    sample('the banners are cleared', { type: 'notifications.cleared' }),
  ],
  // Guards read whether an id exists, whether any banner is left and which messages show: the
  // messages shown, oldest first, decide.
  // The page's banner area shows every notification (the shell), a modal its own list.
  project: (snapshot) => ({
    banners: selectNotifications(snapshot).map((item) => item.message),
    inModal: selectModalNotifications(snapshot).map((item) => item.message),
  }),
  limit: 200,
  // Several banners can show; closing the last or clearing them empties the list; empty
  // messages and closing a banner that is gone change nothing.
  expect: {
    // A page opens with no banner.
    start: { to: 'empty', with: { banners: [], inModal: [] } },
    on: {
      empty: {
        'a success is reported': 'showing',
        'a form reports two problems': 'showing',
        'a modal reports the same two problems': 'showing',
        'an empty message is reported': 'ignored',
        'the modal is closed': 'ignored',
      },
      showing: {
        // A message already showing (same words) is not shown twice.
        'a success is reported': ({ banners }) =>
          banners.some((shown) => String(shown) === SUCCESS) ? 'ignored' : 'showing',
        // The form's problems show once on the page and once in the modal's list.
        'a form reports two problems': ({ banners, inModal }) =>
          banners.filter((shown) => String(shown) === String(PROBLEMS)).length >
          inModal.filter((shown) => String(shown) === String(PROBLEMS)).length
            ? 'ignored'
            : 'showing',
        'a modal reports the same two problems': ({ inModal }) =>
          inModal.some((shown) => String(shown) === String(PROBLEMS)) ? 'ignored' : 'showing',
        'an empty message is reported': 'ignored',
        'the oldest banner is closed': ({ banners }) =>
          banners.length === 1 ? 'empty' : 'showing',
        'a banner that is gone is closed': 'ignored',
        // Closing the modal takes its own list away, the page's banners stay.
        'the modal is closed': ({ banners, inModal }) =>
          inModal.length === 0
            ? 'ignored'
            : banners.length === inModal.length
              ? 'empty'
              : 'showing',
        'the banners are cleared': 'empty',
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
      expectThat(
        new Set(items.map((item) => JSON.stringify([item.message, item.type, item.modal]))).size ===
          items.length,
        'no two banners should be identical',
      );
    },
  },
});
