/** POST /notices and PUT /notices/{id}: a notice written by a site admin (docs/people.md "Notices"). */
import * as v from 'valibot';
import { DATABASE_ID_MAX } from '../constants.ts';
import { NOTICE_CONTENT_MAX_LENGTH, NOTICE_TITLE_MAX_LENGTH } from './constants.ts';
import { NOTICE_MESSAGES } from '../people/messages.ts';

/** An instant as ISO 8601 with a time zone, within what a timestamp column holds sensibly. */
const Instant = v.pipe(
  v.string(NOTICE_MESSAGES.date),
  v.isoTimestamp(NOTICE_MESSAGES.date),
  v.check((value) => {
    const year = new Date(value).getUTCFullYear();
    return Number.isFinite(year) && year >= 2000 && year <= 9999;
  }, NOTICE_MESSAGES.date),
);

const Title = v.pipe(
  v.string(NOTICE_MESSAGES.title),
  v.trim(),
  v.minLength(1, NOTICE_MESSAGES.title),
  v.maxLength(NOTICE_TITLE_MAX_LENGTH, NOTICE_MESSAGES.title),
);

const Content = v.pipe(
  v.string(NOTICE_MESSAGES.content),
  v.trim(),
  v.minLength(1, NOTICE_MESSAGES.content),
  v.maxLength(NOTICE_CONTENT_MAX_LENGTH, NOTICE_MESSAGES.content),
);

/** The customer a notice reaches; null: every customer. */
const Audience = v.nullable(
  v.pipe(
    v.number(NOTICE_MESSAGES.audience),
    v.integer(NOTICE_MESSAGES.audience),
    v.minValue(1, NOTICE_MESSAGES.audience),
    v.maxValue(DATABASE_ID_MAX, NOTICE_MESSAGES.audience),
  ),
);

/** A notice's period ends after it starts. */
const endsAfterStart = (notice: { starts_at: string; ends_at: string }) =>
  Date.parse(notice.ends_at) > Date.parse(notice.starts_at);

export const NewNoticeSchema = v.pipe(
  v.object({
    title: Title,
    content: Content,
    ignorable: v.optional(v.boolean(NOTICE_MESSAGES.ignorable), false),
    /** Also email it to every user it is meant for (those who turned notice emails off aside). */
    email: v.optional(v.boolean(NOTICE_MESSAGES.email), false),
    /** null or left out: every customer. */
    cid: v.optional(Audience, null),
    starts_at: Instant,
    ends_at: Instant,
  }),
  v.forward(
    v.check((notice) => endsAfterStart(notice), NOTICE_MESSAGES.period),
    ['ends_at'],
  ),
);
export type NewNotice = v.InferInput<typeof NewNoticeSchema>;

/** POST /notices/preview: the Markdown the admin is writing. */
export const NoticePreviewSchema = v.object({
  content: v.pipe(
    v.string(NOTICE_MESSAGES.content),
    v.maxLength(NOTICE_CONTENT_MAX_LENGTH, NOTICE_MESSAGES.content),
  ),
});

/**
 * PUT /notices/{id}: a notice not yet started, written again whole. Its reach and whether it is
 * ignorable must be said (a missing `cid` must not widen it to every customer); it is not emailed
 * again.
 */
export const EditNoticeSchema = v.pipe(
  v.object({
    title: Title,
    content: Content,
    ignorable: v.optional(v.boolean(NOTICE_MESSAGES.ignorable)),
    cid: v.optional(Audience),
    starts_at: Instant,
    ends_at: Instant,
  }),
  // Said, not left out (each with its own message): null is every customer.
  v.forward(
    v.check((notice) => notice.ignorable !== undefined, NOTICE_MESSAGES.ignorable),
    ['ignorable'],
  ),
  v.forward(
    v.check((notice) => notice.cid !== undefined, NOTICE_MESSAGES.audience),
    ['cid'],
  ),
  v.forward(
    v.check((notice) => endsAfterStart(notice), NOTICE_MESSAGES.period),
    ['ends_at'],
  ),
);
export type EditedNotice = v.InferInput<typeof EditNoticeSchema>;
