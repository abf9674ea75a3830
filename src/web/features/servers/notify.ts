/** A refused server call as a modal notification (portal.md §8: most server create and update errors). */
import type { AppServices } from '../../app/context.tsx';

export function notifyInModal(actors: AppServices['actors']) {
  return ({ event }: { event: object }) => {
    const error = 'error' in event ? event.error : event;
    const message = (error as { message?: unknown } | null)?.message;
    actors.notifications.send({
      type: 'notification.raised',
      message: typeof message === 'string' && message ? message : String(error),
      notificationType: 'danger',
      modal: true,
    });
  };
}
