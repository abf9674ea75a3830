/**
 * Notices (portal.md §3 "Notice", §7 "Notices"; issue 13): site admins write them, in Markdown
 * rendered safely; users see the current ones meant for them until they acknowledge them (time
 * and user recorded) or ignore an ignorable one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { NOTICE_MESSAGES } from '../../src/shared/people/messages.ts';
import { NOTICE_ADMIN_MESSAGES } from '../../src/shared/notices/messages.ts';
import type {
  Notice,
  NoticeList,
  NoticeStateList,
  PublishedNotice,
  PublishedNoticeList,
} from '../../src/shared/notices/types.ts';
import { renderNoticeMarkdown } from '../../src/server/notices/markdown.ts';
import { settled } from '../../src/server/background.ts';
import { emailOutbox, noticeStates, notices } from '../../src/server/db/schema.ts';
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
    expect(stored.content_html).toBe(await renderNoticeMarkdown(source));
    expect(stored.content_html).not.toContain('<script');
    expect(stored.content_html).not.toContain('href');
  });
});

describe('a notice’s email', () => {
  it('shows the notice rendered, as text and as HTML, never its Markdown or raw HTML', async () => {
    const a = await customer();
    const to = `${a.username}@example.test`;
    await publish({
      cid: a.cid,
      email: true,
      content:
        'The network is **down** on Sunday.\n\n<script>alert(1)</script>\n\n[Status](/control/account/)',
    });
    await settled(t.database);
    const [mail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, to))
      .orderBy(desc(emailOutbox.id));
    expect(mail.text).toContain('The network is down on Sunday.');
    expect(mail.text).toMatch(/Status \(https?:\/\/[^/]+\/control\/account\/\)/);
    expect(mail.html).toContain('<strong>down</strong>');
    for (const part of [mail.text, mail.html]) {
      for (const raw of ['**', '](', '<script', '&lt;script', 'alert(1)']) {
        expect(part).not.toContain(raw);
      }
    }
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
    expect(preview.content_html).toBe(await renderNoticeMarkdown(source));
    expect(preview.content_html).toContain('<strong>bold</strong>');
    expect(preview.content_html).not.toContain('<img');
    expect((await t.database.db.select().from(notices)).length).toBe(before);
    const { client } = await customer();
    expect((await client.post('/notices/preview', { content: 'x' })).status).toBe(403);
    expect((await admin.post('/notices/preview', { content: 7 })).status).toBe(422);
  });
});

describe('the provider’s side of notices', () => {
  async function published(id: number) {
    const list = await json<PublishedNoticeList>(await admin.get('/notices/published'), 200);
    return list.notices.find((n) => n.id === id);
  }

  async function row(id: number) {
    const [found] = await t.database.db.select().from(notices).where(eq(notices.id, id));
    return found;
  }

  const edit = (fields: Record<string, unknown> = {}) => ({
    title: 'Maintenance moved',
    content: 'Now on **Monday**.',
    ignorable: false,
    cid: null,
    starts_at: at(2),
    ends_at: at(6),
    ...fields,
  });

  it('lists every notice with its reach, period and the counts of real acknowledgements', async () => {
    const a = await customer();
    const b = await customer();
    const c = await customer();
    const everyone = await publish({ title: `Everyone ${Date.now()}`, ignorable: true });
    const onlyA = await publish({ title: `Only A ${Date.now()}`, cid: a.cid });
    const later = await publish({ starts_at: at(2), ends_at: at(4) });
    // Two customers' users acknowledge the notice to everyone; a third customer's ignores it.
    await json(await a.client.post(`/notices/${everyone.id}/ack`, {}), 200);
    await json(await b.client.post(`/notices/${everyone.id}/ack`, {}), 200);
    await json(await c.client.delete(`/notices/${everyone.id}`), 200);
    await json(await a.client.post(`/notices/${onlyA.id}/ack`, {}), 200);
    // A user who ignored it and then acknowledged it counts once, as acknowledging.
    const d = await customer();
    await json(await d.client.delete(`/notices/${everyone.id}`), 200);
    await json(await d.client.post(`/notices/${everyone.id}/ack`, {}), 200);

    expect(await published(everyone.id)).toMatchObject({
      title: everyone.title,
      cid: null,
      period: 'current',
      starts_at: everyone.starts_at,
      ends_at: everyone.ends_at,
      acknowledged: 3,
      ignored: 1,
      withdrawn_at: null,
      created_by: 'admin',
    } satisfies Partial<PublishedNotice>);
    expect(await published(onlyA.id)).toMatchObject({ cid: a.cid, acknowledged: 1, ignored: 0 });
    expect(await published(later.id)).toMatchObject({
      period: 'upcoming',
      acknowledged: 0,
      ignored: 0,
    });
  });

  it('edits a notice before it starts, and refuses once it has started', async () => {
    const notice = await publish({ starts_at: at(2), ends_at: at(4) });
    const a = await customer();
    const changed = await json<PublishedNotice>(
      await admin.put(`/notices/${notice.id}`, edit({ cid: a.cid })),
      200,
    );
    expect(changed).toMatchObject({
      id: notice.id,
      title: 'Maintenance moved',
      content: 'Now on **Monday**.',
      content_html: '<p>Now on <strong>Monday</strong>.</p>\n',
      cid: a.cid,
      period: 'upcoming',
      starts_at: at(2),
      ends_at: at(6),
    });
    t.clock.advance(3 * HOUR);
    const shown = (await pending(a.client)).find((n) => n.id === notice.id);
    expect(shown?.title).toBe('Maintenance moved');
    // Started: the edit is refused with the reason, and nothing changes.
    const before = await row(notice.id);
    const refused = await json<{ msg: string }>(
      await admin.put(`/notices/${notice.id}`, edit({ title: 'Too late', starts_at: at(1) })),
      409,
    );
    expect(refused.msg).toBe(NOTICE_ADMIN_MESSAGES.started);
    expect(await row(notice.id)).toEqual(before);
  });

  it('refuses an edit that is not a whole notice, names no customer or names an unknown notice', async () => {
    const notice = await publish({ starts_at: at(2), ends_at: at(4) });
    const before = await row(notice.id);
    const { cid: _cid, ...withoutReach } = edit();
    for (const [body, field, message] of [
      [withoutReach, 'cid', NOTICE_MESSAGES.audience],
      [edit({ title: '' }), 'title', NOTICE_MESSAGES.title],
      [edit({ ends_at: at(1) }), 'ends_at', NOTICE_MESSAGES.period],
      [edit({ cid: 2_000_000_000 }), 'cid', NOTICE_MESSAGES.customerNotFound],
    ] as const) {
      const refused = await json<{ errors: Record<string, string> }>(
        await admin.put(`/notices/${notice.id}`, body),
        422,
      );
      expect(refused.errors[field]).toBe(message);
    }
    expect(await row(notice.id)).toEqual(before);
    for (const id of ['999999999', 'abc', '-1']) {
      const missing = await json<{ msg: string }>(await admin.put(`/notices/${id}`, edit()), 404);
      expect(missing.msg).toBe(NOTICE_MESSAGES.notFound);
    }
  });

  it('withdraws a notice: it ends now by the server’s clock and customers no longer see it', async () => {
    const a = await customer();
    const notice = await publish({ title: `Withdrawn ${Date.now()}` });
    expect((await pending(a.client)).map((n) => n.id)).toContain(notice.id);
    t.clock.advance(HOUR / 2);
    const now = t.clock.now().toISOString();
    const withdrawn = await json<PublishedNotice>(
      await admin.post(`/notices/${notice.id}/withdraw`, {}),
      200,
    );
    expect(withdrawn).toMatchObject({
      period: 'withdrawn',
      starts_at: notice.starts_at,
      ends_at: now,
      withdrawn_at: now,
      withdrawn_by: 'admin',
    });
    expect((await pending(a.client)).map((n) => n.id)).not.toContain(notice.id);
    const again = await json<{ msg: string }>(
      await admin.post(`/notices/${notice.id}/withdraw`, {}),
      409,
    );
    expect(again.msg).toBe(NOTICE_ADMIN_MESSAGES.alreadyWithdrawn);
    const edited = await json<{ msg: string }>(
      await admin.put(`/notices/${notice.id}`, edit()),
      409,
    );
    expect(edited.msg).toBe(NOTICE_ADMIN_MESSAGES.alreadyWithdrawn);
  });

  it('withdraws a notice before it starts: no customer ever sees it', async () => {
    const a = await customer();
    const notice = await publish({ starts_at: at(1), ends_at: at(3) });
    const withdrawn = await json<PublishedNotice>(
      await admin.post(`/notices/${notice.id}/withdraw`, {}),
      200,
    );
    expect(withdrawn).toMatchObject({ period: 'withdrawn', ends_at: notice.ends_at });
    t.clock.advance(2 * HOUR);
    expect((await pending(a.client)).map((n) => n.id)).not.toContain(notice.id);
    const all = (await json<NoticeStateList>(await a.client.get('/notices/all'), 200)).notices;
    expect(all.map((n) => n.id)).not.toContain(notice.id);
    expect((await a.client.post(`/notices/${notice.id}/ack`, {})).status).toBe(404);
  });

  it('does not withdraw a notice that has ended', async () => {
    const notice = await publish({ starts_at: at(-3), ends_at: at(-1) });
    const before = await row(notice.id);
    const refused = await json<{ msg: string }>(
      await admin.post(`/notices/${notice.id}/withdraw`, {}),
      409,
    );
    expect(refused.msg).toBe(NOTICE_ADMIN_MESSAGES.alreadyEnded);
    expect(await row(notice.id)).toEqual(before);
    expect((await admin.post('/notices/999999999/withdraw', {})).status).toBe(404);
  });

  it('is for site admins only, not for customers nor an admin acting as one', async () => {
    const notice = await publish({ starts_at: at(2), ends_at: at(4) });
    const before = await row(notice.id);
    const a = await customer();
    const acting = await login(t, 'admin');
    expect((await acting.post('/admin/proxy', { cid: a.cid })).status).toBe(200);
    for (const client of [a.client, acting]) {
      expect((await client.get('/notices/published')).status).toBe(403);
      expect((await client.put(`/notices/${notice.id}`, edit())).status).toBe(403);
      expect((await client.post(`/notices/${notice.id}/withdraw`, {})).status).toBe(403);
    }
    expect((await t.client().get('/notices/published')).status).toBe(401);
    expect(await row(notice.id)).toEqual(before);
  });
});
