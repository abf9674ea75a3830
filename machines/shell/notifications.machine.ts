/**
 * The notifications area: dismissible banners holding one message or a list. A banner's type
 * derives from a result: danger for an error or a 4xx/5xx status, success for 2xx, else info. A
 * notification identical to one already shown (same words, type and place) is not added again.
 * A modal's own list closes with its modal, all at once.
 */
import { assign, setup } from 'xstate';
import { notificationTypeFor, type NotificationType, type ResultLike } from '#shared/notifications';

export interface Notification {
  id: number;
  message: string | readonly string[];
  type: NotificationType;
  /** Shown in the modal list instead of the page's banner area. */
  modal: boolean;
}

export interface NotificationsContext {
  items: Notification[];
  nextId: number;
}

export type NotificationsEvent =
  | {
      type: 'notification.raised';
      message: string | readonly string[];
      /** An explicit type wins over one derived from the result. */
      notificationType?: NotificationType;
      result?: ResultLike;
      modal?: boolean;
    }
  | { type: 'notification.dismissed'; id: number }
  /** The modal that showed its own list closed: the list's notifications go with it. */
  | { type: 'notifications.modal.closed' }
  | { type: 'notifications.cleared' };

function isEmptyMessage(message: string | readonly string[]) {
  return typeof message === 'string' ? message.trim() === '' : message.length === 0;
}

/** The lines a message shows: a string and a list of that one string read the same. */
function lines(message: string | readonly string[]): readonly string[] {
  return typeof message === 'string' ? [message] : message;
}

type NotifyEvent = Extract<NotificationsEvent, { type: 'notification.raised' }>;

function typeOf(event: NotifyEvent): NotificationType {
  return event.notificationType ?? notificationTypeFor(event.result ?? {});
}

/** A notification shown already with the same words, type and place (banner or modal list). */
function isShown(items: readonly Notification[], event: NotifyEvent): boolean {
  const words = lines(event.message);
  const type = typeOf(event);
  const modal = event.modal ?? false;
  return items.some((item) => {
    const shown = lines(item.message);
    return (
      item.type === type &&
      item.modal === modal &&
      shown.length === words.length &&
      shown.every((line, index) => line === words[index])
    );
  });
}

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actions: {
    add: assign(({ context, event }) => {
      if (event.type !== 'notification.raised') return {};
      const type = typeOf(event);
      return {
        items: [
          ...context.items,
          { id: context.nextId, message: event.message, type, modal: event.modal ?? false },
        ],
        nextId: context.nextId + 1,
      };
    }),
    remove: assign(({ context, event }) =>
      event.type === 'notification.dismissed'
        ? { items: context.items.filter((i) => i.id !== event.id) }
        : {},
    ),
    'remove the modal list': assign(({ context }) => ({
      items: context.items.filter((item) => !item.modal),
    })),
  },
  guards: {
    'message has text': ({ event }) =>
      event.type === 'notification.raised' && !isEmptyMessage(event.message),
    'message is new': ({ context, event }) =>
      event.type === 'notification.raised' &&
      !isEmptyMessage(event.message) &&
      !isShown(context.items, event),
    'notification exists': ({ context, event }) =>
      event.type === 'notification.dismissed' && context.items.some((item) => item.id === event.id),
    'some notification shown': ({ context }) => context.items.length > 0,
    'the modal list shows': ({ context }) => context.items.some((item) => item.modal),
  },
}).createMachine({
  id: 'notifications',
  description:
    'Banners that tell the user what happened. Each can be dismissed; a list of messages shows as one banner.',
  context: { items: [], nextId: 1 },
  initial: 'empty',
  states: {
    empty: {
      description: 'No banner is shown.',
      on: {
        'notification.raised': { guard: 'message has text', target: 'showing', actions: 'add' },
      },
    },
    showing: {
      description: 'At least one banner is shown.',
      on: {
        // The same denial repeated stacks no second identical banner.
        'notification.raised': { guard: 'message is new', actions: 'add' },
        'notification.dismissed': {
          guard: 'notification exists',
          target: 'deciding',
          actions: 'remove',
        },
        'notifications.modal.closed': {
          guard: 'the modal list shows',
          target: 'deciding',
          actions: 'remove the modal list',
        },
        'notifications.cleared': { target: 'empty', actions: assign({ items: [] }) },
      },
    },
    deciding: {
      description: 'After a dismissal or a closed modal: empty when no banner is left.',
      always: [{ guard: 'some notification shown', target: 'showing' }, { target: 'empty' }],
    },
  },
});
