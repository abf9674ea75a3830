/**
 * Notices (portal.md §3 "Notice", §7 "Notices"; issue 13): site admins write them, in Markdown
 * rendered safely; users see the current ones meant for them until they acknowledge them (time
 * and user recorded) or ignore an ignorable one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { NOTICE_MESSAGES } from '../../src/shared/messages/people.ts';
import type { Notice, NoticeList, NoticeStateList } from '../../src/shared/notices/types.ts';
import { renderNoticeMarkdown } from '../../src/server/notices/markdown.ts';
import { noticeStates, notices } from '../../src/server/db/schema.ts';
import type { CookieClient } from '../support/http-client.ts';
import { createUser, login } from '../support/session.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const NOW = new Date('2026-06-01T12:00:00Z');
const HOUR = 3_600_000;
let t: TestApp;
let admin: CookieClient;
beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  admin = await login(t, 'admin');
});
afterAll(() => t.close());

async function json<T>(response: Response, status: number): Promise<T> {
  const body = (await response.json()) as T;
  expect(response.status, JSON.stringify(body)).toBe(status);
  return body;
}

function at(offsetHours: number) {
  return new Date(t.clock.now().getTime() + offsetHours * HOUR).toISOString();
}

async function publish(fields: Record<string, unknown> = {}) {
  return json<Notice>(
    await admin.post('/notices', {
      title: 'Planned maintenance',
      content: 'The network is **down** on Sunday.',
      ignorable: false,
      starts_at: at(-1),
      ends_at: at(24),
      ...fields,
    }),
    201,
  );
}

async function customer() {
  const owner = await createUser(t);
  return { ...owner, client: await login(t, owner.username, owner.password) };
}

async function pending(client: CookieClient) {
  return (await json<NoticeList>(await client.get('/notices'), 200)).notices;
}

describe('notices', () => {
  it('shows a current notice until the user acknowledges it, recording time and user', async () => {
    const notice = await publish({ title: `Outage ${Date.now()}` });
    expect(notice.content_html).toBe('<p>The network is <strong>down</strong> on Sunday.</p>\n');
    const a = await customer();
    const b = await customer();
    expect((await pending(a.client)).map((n) => n.id)).toContain(notice.id);
    await json(await a.client.post(`/notices/${notice.id}/ack`, {}), 200);
    expect((await pending(a.client)).map((n) => n.id)).not.toContain(notice.id);
    expect((await pending(b.client)).map((n) => n.id)).toContain(notice.id);
    const [state] = await t.database.db
      .select()
      .from(noticeStates)
      .where(and(eq(noticeStates.noticeId, notice.id), eq(noticeStates.uid, a.uid)));
    expect(state.acknowledgedAt).toBeInstanceOf(Date);
    expect(state.actor).toBe(a.username);
    const all = (await json<NoticeStateList>(await a.client.get('/notices/all'), 200)).notices;
    expect(all.find((n) => n.id === notice.id)).toMatchObject({
      period: 'current',
      acknowledged_at: state.acknowledgedAt!.toISOString(),
      dismissed_at: null,
    });
  });

  it('lets a user ignore only an ignorable notice', async () => {
    const ignorable = await publish({ ignorable: true });
    const firm = await publish();
    const { client } = await customer();
    await json(await client.delete(`/notices/${ignorable.id}`), 200);
    const refused = await json<{ msg: string }>(await client.delete(`/notices/${firm.id}`), 409);
    expect(refused.msg).toBe(NOTICE_MESSAGES.notIgnorable);
    const ids = (await pending(client)).map((n) => n.id);
    expect(ids).toContain(firm.id);
    expect(ids).not.toContain(ignorable.id);
  });

  it('shows a notice only between its start and end, by the server’s clock', async () => {
    const later = await publish({ starts_at: at(2), ends_at: at(4) });
    const { client } = await customer();
    expect((await pending(client)).map((n) => n.id)).not.toContain(later.id);
    expect((await client.post(`/notices/${later.id}/ack`, {})).status).toBe(404);
    t.clock.advance(3 * HOUR);
    expect((await pending(client)).map((n) => n.id)).toContain(later.id);
    t.clock.advance(2 * HOUR);
    expect((await pending(client)).map((n) => n.id)).not.toContain(later.id);
    const all = (await json<NoticeStateList>(await client.get('/notices/all'), 200)).notices;
    expect(all.find((n) => n.id === later.id)?.period).toBe('ended');
  });

  it('reaches only the customer it names', async () => {
    const a = await customer();
    const b = await customer();
    const notice = await publish({ cid: a.cid });
    expect((await pending(a.client)).map((n) => n.id)).toContain(notice.id);
    expect((await pending(b.client)).map((n) => n.id)).not.toContain(notice.id);
    expect((await b.client.post(`/notices/${notice.id}/ack`, {})).status).toBe(404);
    expect((await b.client.delete(`/notices/${notice.id}`)).status).toBe(404);
    const all = (await json<NoticeStateList>(await b.client.get('/notices/all'), 200)).notices;
    expect(all.map((n) => n.id)).not.toContain(notice.id);
    const unknown = await admin.post('/notices', {
      title: 'x',
      content: 'y',
      cid: 2_000_000_000,
      starts_at: at(0),
      ends_at: at(1),
    });
    expect((await json<{ errors: Record<string, string> }>(unknown, 422)).errors.cid).toBe(
      NOTICE_MESSAGES.customerNotFound,
    );
  });

  it('is written by site admins only, with a title, text and a period that ends after it starts', async () => {
    const { client } = await customer();
    const body = { title: 'T', content: 'C', starts_at: at(0), ends_at: at(1) };
    expect((await client.post('/notices', body)).status).toBe(403);
    const before = (await t.database.db.select().from(notices)).length;
    for (const [fields, field, message] of [
      [{ title: ' ' }, 'title', NOTICE_MESSAGES.title],
      [{ content: '' }, 'content', NOTICE_MESSAGES.content],
      [{ ends_at: at(-1) }, 'ends_at', NOTICE_MESSAGES.period],
      [{ starts_at: 'tomorrow' }, 'starts_at', NOTICE_MESSAGES.date],
    ] as const) {
      const refused = await json<{ errors: Record<string, string> }>(
        await admin.post('/notices', { ...body, ...fields }),
        422,
      );
      expect(refused.errors[field]).toBe(message);
    }
    expect((await t.database.db.select().from(notices)).length).toBe(before);
  });
});

describe('notice Markdown', () => {
  it('is stored rendered by the server, never as the raw source', async () => {
    const source = '<script>alert(1)</script> [x](javascript:alert(1)) **ok**';
    const stored = await publish({ content: source });
    expect(stored.content).toBe(source);
    expect(stored.content_html).toBe(renderNoticeMarkdown(source));
    expect(stored.content_html).not.toContain('<script');
    expect(stored.content_html).not.toContain('href');
  });
});

describe('notice preview', () => {
  it('shows a site admin the server’s own safe rendering, stores nothing, and refuses customers', async () => {
    const source = '<img src=x onerror=alert(1)> **bold** [site](/control/account/)';
    const before = (await t.database.db.select().from(notices)).length;
    const preview = await json<{ content_html: string }>(
      await admin.post('/notices/preview', { content: source }),
      200,
    );
    expect(preview.content_html).toBe(renderNoticeMarkdown(source));
    expect(preview.content_html).toContain('<strong>bold</strong>');
    expect(preview.content_html).not.toContain('<img');
    expect((await t.database.db.select().from(notices)).length).toBe(before);
    const { client } = await customer();
    expect((await client.post('/notices/preview', { content: 'x' })).status).toBe(403);
    expect((await admin.post('/notices/preview', { content: 7 })).status).toBe(422);
  });
});
