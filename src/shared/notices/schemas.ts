/** POST /notices: a notice written by a site admin (docs/people.md "Notices"). */
import * as v from 'valibot';
import { DATABASE_ID_MAX } from '../constants.ts';
import { NOTICE_CONTENT_MAX_LENGTH, NOTICE_TITLE_MAX_LENGTH } from '../portal-constants.ts';
import { NOTICE_MESSAGES } from '../messages/people.ts';

/** An instant as ISO 8601 with a time zone, within what a timestamp column holds sensibly. */
const Instant = v.pipe(
  v.string(NOTICE_MESSAGES.date),
  v.isoTimestamp(NOTICE_MESSAGES.date),
  v.check((value) => {
    const year = new Date(value).getUTCFullYear();
    return Number.isFinite(year) && year >= 2000 && year <= 9999;
  }, NOTICE_MESSAGES.date),
);

export const NewNoticeSchema = v.pipe(
  v.object({
    title: v.pipe(
      v.string(NOTICE_MESSAGES.title),
      v.trim(),
      v.minLength(1, NOTICE_MESSAGES.title),
      v.maxLength(NOTICE_TITLE_MAX_LENGTH, NOTICE_MESSAGES.title),
    ),
    content: v.pipe(
      v.string(NOTICE_MESSAGES.content),
      v.trim(),
      v.minLength(1, NOTICE_MESSAGES.content),
      v.maxLength(NOTICE_CONTENT_MAX_LENGTH, NOTICE_MESSAGES.content),
    ),
    ignorable: v.optional(v.boolean(NOTICE_MESSAGES.ignorable), false),
    /** Also email it to every user it is meant for (those who turned notice emails off aside). */
    email: v.optional(v.boolean(NOTICE_MESSAGES.email), false),
    /** null or left out: every customer. */
    cid: v.optional(
      v.nullable(
        v.pipe(
          v.number(NOTICE_MESSAGES.audience),
          v.integer(NOTICE_MESSAGES.audience),
          v.minValue(1, NOTICE_MESSAGES.audience),
          v.maxValue(DATABASE_ID_MAX, NOTICE_MESSAGES.audience),
        ),
      ),
      null,
    ),
    starts_at: Instant,
    ends_at: Instant,
  }),
  v.forward(
    v.check(
      (notice) => Date.parse(notice.ends_at) > Date.parse(notice.starts_at),
      NOTICE_MESSAGES.period,
    ),
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
