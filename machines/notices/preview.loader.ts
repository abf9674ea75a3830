/** The notice editor's preview (docs/people.md "Notices"): the Markdown as the server renders it. */
import type { NoticePreview } from '#shared/notices/types';
import { createLoaderMachine } from '../session/loader.machine.ts';
import { selectData, type LoaderSnapshot } from '../session/loader.selectors.ts';

export const noticePreviewLoader = createLoaderMachine<NoticePreview>();

export function selectNoticePreview(snapshot: LoaderSnapshot<NoticePreview>): string | null {
  return selectData(snapshot)?.content_html ?? null;
}
