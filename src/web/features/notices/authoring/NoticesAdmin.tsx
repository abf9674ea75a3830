/**
 * The Admin tab's notices: writing one (NoticesAuthoring) and the notices published
 * (PublishedNotices), whose list is read again once a notice is published.
 */
import { useActorRef } from '@xstate/react';
import { useCallback } from 'react';
import { fromPromise } from 'xstate';
import type { EditedNotice } from '#shared/notices/schemas';
import type { PublishedNotice } from '#shared/notices/types';
import { publishedNoticesMachine } from '#machines/notices/published.machine';
import { useAppServices } from '../../../app/context.tsx';
import { noticesAdminApi } from './api.ts';
import { NoticesAuthoring } from './NoticesAuthoring.tsx';
import { PublishedNotices } from './PublishedNotices.tsx';

export function NoticesAdmin() {
  const { api } = useAppServices();
  const calls = noticesAdminApi(api);
  const published = useActorRef(
    publishedNoticesMachine.provide({
      actors: {
        load: fromPromise<readonly PublishedNotice[]>(() => calls.published()),
        save: fromPromise<PublishedNotice, { id: number; notice: EditedNotice }>(({ input }) =>
          calls.save(input),
        ),
        withdraw: fromPromise<PublishedNotice, { id: number }>(({ input }) =>
          calls.withdraw(input),
        ),
      },
    }),
  );
  const changed = useCallback(() => published.send({ type: 'notices.changed' }), [published]);
  return (
    <>
      <NoticesAuthoring onPublished={changed} />
      <PublishedNotices actor={published} />
    </>
  );
}
