/**
 * A notice as the Admin tab's edit form holds it (the admin's own local times, the reach as a
 * choice and a typed customer number), and the body of `PUT /notices/{id}` it becomes. The body
 * is checked with the server's own schema (`EditNoticeSchema`): the form shows the same messages
 * the server would answer.
 */
import * as v from 'valibot';
import { EditNoticeSchema, type EditedNotice } from '#shared/notices/schemas';
import type { PublishedNotice } from '#shared/notices/types';

export interface NoticeDraft {
  title: string;
  /** Markdown. */
  content: string;
  ignorable: boolean;
  audience: 'all' | 'one';
  /** The customer number as typed, when the notice reaches one customer. */
  cid: string;
  /** `datetime-local` values: the admin's own time zone, to the minute. */
  starts_at: string;
  ends_at: string;
}

export type NoticeDraftField = keyof NoticeDraft;

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` value in this device's time zone. */
export function localDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` +
    `T${pad(d.getHours())}:${pad(d.getMinutes())}`
  );
}

/** A `datetime-local` value as an ISO instant (left as typed when it is no date: the schema says so). */
export function instantOf(local: string): string {
  const d = new Date(local);
  return local === '' || Number.isNaN(d.getTime()) ? local : d.toISOString();
}

export function draftOf(notice: PublishedNotice): NoticeDraft {
  return {
    title: notice.title,
    content: notice.content,
    ignorable: notice.ignorable,
    audience: notice.cid === null ? 'all' : 'one',
    cid: notice.cid === null ? '' : String(notice.cid),
    starts_at: localDateTime(notice.starts_at),
    ends_at: localDateTime(notice.ends_at),
  };
}

export const EMPTY_DRAFT: NoticeDraft = {
  title: '',
  content: '',
  ignorable: false,
  audience: 'all',
  cid: '',
  starts_at: '',
  ends_at: '',
};

/** The body of `PUT /notices/{id}`. */
export function bodyOf(draft: NoticeDraft): EditedNotice {
  return {
    title: draft.title,
    content: draft.content,
    ignorable: draft.ignorable,
    cid: draft.audience === 'all' ? null : /^\d+$/.test(draft.cid.trim()) ? Number(draft.cid) : 0,
    starts_at: instantOf(draft.starts_at),
    ends_at: instantOf(draft.ends_at),
  };
}

/** The first message of each field the server's schema refuses (none: the draft may be sent). */
export function draftErrors(draft: NoticeDraft): Record<string, string> {
  const result = v.safeParse(EditNoticeSchema, bodyOf(draft));
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.issues) {
    const field = issue.path?.map((p) => String(p.key)).join('.') ?? '';
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
