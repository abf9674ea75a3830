/**
 * A portal page's data asked for ahead of its views (src/web/app/prefetch.ts): the view's own
 * identical GET takes the answer once instead of asking the server again; anything else asks.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiFailure, createApiClient } from '../../src/web/api/client.ts';
import { installPrefetch } from '../../src/web/app/prefetch.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('data asked for ahead of a page’s views', () => {
  let sent: string[];
  let answer: (url: string) => Response;
  let here: string;
  beforeEach(() => {
    here = '/control/billing/';
    sent = [];
    answer = (url) => json({ url, n: sent.length });
  });

  function client() {
    const api = createApiClient({
      prefix: 'http://localhost/api',
      cookies: () => '',
      fetch: async (input, init) => {
        const url = new Request(input, init).url.replace('http://localhost/api', '');
        sent.push(url);
        return answer(url);
      },
    });
    return { api, prefetch: installPrefetch(api, () => here) };
  }

  it('gives the view the answer asked for ahead, without a second request', async () => {
    const { api, prefetch } = client();
    prefetch((ahead) => void ahead.get('/user/info'));
    await expect(api.get('/user/info')).resolves.toEqual({ url: '/user/info', n: 1 });
    expect(sent).toEqual(['/user/info']);
  });

  it('matches the query in any order, and only the same query', async () => {
    const { api, prefetch } = client();
    prefetch((ahead) => void ahead.get('/bills', { searchParams: { limit: 10, offset: 0 } }));
    await api.get('/bills', { searchParams: { offset: 0, limit: 10 } });
    await api.get('/bills', { searchParams: { limit: 10, offset: 10 } });
    expect(sent).toEqual(['/bills?limit=10&offset=0', '/bills?limit=10&offset=10']);
  });

  it('gives an answer once: the next identical request asks the server', async () => {
    const { api, prefetch } = client();
    prefetch((ahead) => void ahead.get('/user/info'));
    await api.get('/user/info');
    await expect(api.get('/user/info')).resolves.toEqual({ url: '/user/info', n: 2 });
    expect(sent).toHaveLength(2);
  });

  it('gives an answer only to a view of the visit that asked for it', async () => {
    const { api, prefetch } = client();
    prefetch((ahead) => void ahead.get('/user/info'));
    here = '/control/account/';
    await api.get('/user/info');
    here = '/control/billing/';
    await api.get('/user/info');
    expect(sent).toEqual(['/user/info', '/user/info', '/user/info']);
  });

  it('forgets what no view took when another visit asks ahead', async () => {
    const { api, prefetch } = client();
    prefetch((ahead) => void ahead.get('/user/info'));
    here = '/control/account/';
    prefetch(() => undefined);
    here = '/control/billing/';
    await api.get('/user/info');
    expect(sent).toEqual(['/user/info', '/user/info']);
  });

  it('gives the view the failure of a request asked for ahead, with the server’s message', async () => {
    answer = () => json({ title: 'Forbidden', detail: 'Not allowed.', msg: 'Not allowed.' }, 403);
    const { api, prefetch } = client();
    prefetch((ahead) => void ahead.get('/user/info'));
    const failure = await api.get('/user/info').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).status).toBe(403);
    expect(sent).toHaveLength(1);
  });

  it('does not ask again for what a view is already waiting for', async () => {
    const { api, prefetch } = client();
    const own = api.get('/services');
    prefetch((ahead) => void ahead.get('/services'));
    await own;
    expect(sent).toEqual(['/services']);
    // Nothing was kept for later: the next view asks.
    await api.get('/services');
    expect(sent).toEqual(['/services', '/services']);
  });

  it('does not ask ahead for what a view of this visit already has (its code came first)', async () => {
    const { api, prefetch } = client();
    await api.get('/user/info');
    prefetch((ahead) => void ahead.get('/user/info'));
    expect(sent).toEqual(['/user/info']);
    // Another visit asks again, and its view takes that answer.
    here = '/control/account/';
    prefetch((ahead) => void ahead.get('/user/info'));
    await api.get('/user/info');
    expect(sent).toEqual(['/user/info', '/user/info']);
  });

  it('lets a view that can cancel its request make its own', async () => {
    const { api, prefetch } = client();
    prefetch((ahead) => void ahead.get('/dns'));
    await api.get('/dns', { signal: new AbortController().signal });
    expect(sent).toEqual(['/dns', '/dns']);
  });

  it('asks ahead for GET requests only', async () => {
    const { prefetch } = client();
    let refused: unknown;
    prefetch((ahead) => {
      refused = ahead.post('/user/info', {}).catch((error: unknown) => error);
    });
    expect(await refused).toBeInstanceOf(Error);
    expect(sent).toEqual([]);
  });
  it('forgets what was asked for ahead once a change is sent: a view reading again after its change asks the server', async () => {
    const { api, prefetch } = client();
    prefetch((ahead) => void ahead.get('/user/email_preferences'));
    await api.put('/user/email_preferences', { notices: true });
    const before = sent.length;
    const read = (await api.get('/user/email_preferences')) as { n: number };
    // Its own request, after the change: not the answer asked for before it.
    expect(sent).toHaveLength(before + 1);
    expect(sent.at(-1)).toBe('/user/email_preferences');
    expect(read.n).toBe(sent.length);
  });

  it('a change sent through request() forgets too; a GET through it does not', async () => {
    const { api, prefetch } = client();
    prefetch((ahead) => void ahead.get('/user/info'));
    await api.request('/user/info', { method: 'GET' });
    prefetch((ahead) => void ahead.get('/billing/summary'));
    await api.request('/billing/payments', { method: 'POST', json: {} });
    await api.get('/billing/summary');
    expect(sent.filter((url) => url === '/billing/summary')).toHaveLength(2);
  });

  it('a view that asks with a signal makes its own request, and the kept answer is not taken later', async () => {
    const { api, prefetch } = client();
    prefetch((ahead) => void ahead.get('/user/info'));
    const controller = new AbortController();
    await api.get('/user/info', { signal: controller.signal });
    await expect(api.get('/user/info')).resolves.toEqual({ url: '/user/info', n: 3 });
    expect(sent).toHaveLength(3);
  });
});
