/**
 * A notice as a site admin writes it (docs/api.md "Notices": `POST /notices` takes `{ title,
 * content (Markdown), ignorable?, cid? (null: every customer), starts_at, ends_at }` as ISO
 * timestamps, end after start; docs/people.md "Notices").
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { NOTICE_MESSAGES } from '../../src/shared/people/messages.ts';
import { NewNoticeSchema, type NewNotice } from '../../src/shared/notices/schemas.ts';

const NOTICE: NewNotice = {
  title: 'Planned maintenance',
  content: 'The network is **down** for an hour.',
  starts_at: '2026-05-04T08:00:00Z',
  ends_at: '2026-05-04T09:00:00Z',
};

/** The message of each refused field, or null when the notice is accepted. */
function refusals(notice: Record<string, unknown>) {
  const result = v.safeParse(NewNoticeSchema, notice);
  return result.success ? null : v.flatten<typeof NewNoticeSchema>(result.issues).nested;
}

describe('the notice period', () => {
  it('accepts an end after the start, by one second too', () => {
    expect(refusals(NOTICE)).toBeNull();
    expect(refusals({ ...NOTICE, ends_at: '2026-05-04T08:00:01Z' })).toBeNull();
  });

  it('refuses an end at or before the start, on the end, with the period message', () => {
    expect(refusals({ ...NOTICE, ends_at: NOTICE.starts_at })).toEqual({
      ends_at: [NOTICE_MESSAGES.period],
    });
    expect(refusals({ ...NOTICE, ends_at: '2026-05-04T07:59:59Z' })).toEqual({
      ends_at: [NOTICE_MESSAGES.period],
    });
  });

  it('compares the instants, whatever time zone each is written in', () => {
    // 09:30 in Denver (UTC-6 in May) is 15:30 UTC: after a start of 15:00 UTC.
    expect(
      refusals({
        ...NOTICE,
        starts_at: '2026-05-04T15:00:00Z',
        ends_at: '2026-05-04T09:30:00-06:00',
      }),
    ).toBeNull();
    // 08:30 in Denver is 14:30 UTC: before it.
    expect(
      refusals({
        ...NOTICE,
        starts_at: '2026-05-04T15:00:00Z',
        ends_at: '2026-05-04T08:30:00-06:00',
      }),
    ).toEqual({ ends_at: [NOTICE_MESSAGES.period] });
  });
});

describe('the start and the end are instants a timestamp column holds', () => {
  it('accepts any moment from the year 2000 to the end of the year 9999', () => {
    expect(refusals({ ...NOTICE, starts_at: '2000-01-01T00:00:00Z' })).toBeNull();
    expect(refusals({ ...NOTICE, ends_at: '9999-06-01T00:00:00Z' })).toBeNull();
    expect(refusals({ ...NOTICE, ends_at: '9999-12-31T23:59:59Z' })).toBeNull();
  });

  it('refuses a moment before 2000 with the date message', () => {
    expect(refusals({ ...NOTICE, starts_at: '1999-12-31T23:59:59Z' })).toEqual({
      starts_at: [NOTICE_MESSAGES.date],
    });
    // Midnight of the new year east of Greenwich is still 1999 in UTC.
    expect(refusals({ ...NOTICE, starts_at: '2000-01-01T00:30:00+01:00' })).toEqual({
      starts_at: [NOTICE_MESSAGES.date],
    });
  });

  it('refuses a moment that is already the year 10000 in UTC', () => {
    expect(refusals({ ...NOTICE, ends_at: '9999-12-31T23:00:00-05:00' })).toEqual({
      ends_at: [NOTICE_MESSAGES.date],
    });
  });

  it('refuses a date without a time or that is no date at all', () => {
    expect(refusals({ ...NOTICE, starts_at: '2026-05-04' })?.starts_at?.[0]).toBe(
      NOTICE_MESSAGES.date,
    );
    expect(refusals({ ...NOTICE, ends_at: 'tomorrow' })?.ends_at?.[0]).toBe(NOTICE_MESSAGES.date);
  });
});
