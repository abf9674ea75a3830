/**
 * What the DNS machines' browser walks share (mappings dns-forms.ts, dns-zone-list.ts,
 * dns-records-pager.ts, dns-panel.ts), on `/control/services/dnspanel` for a customer of the
 * path's own (`claimBilledCustomer`): a login for the walk's own calls, the sample server's zones
 * (machines/dns/samples.ts) under names of the path's own (`<tag>-b01.example` …
 * `<tag>-b25.example`, in the samples' order) with the two aliases of the first two zones and the
 * samples' 25 records in the zones that can become active, requests dropped on the network for
 * "cannot be reached" and lists that cannot load, and what the page shows (pagers, forms and their
 * refusals). Zones created through the page are named `<tag>-a01.example`.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import type { DnsForm } from '../../../../machines/dns/dns-forms.machine.ts';
import {
  selectFormFailure,
  type DnsFormsSnapshot,
} from '../../../../machines/dns/dns-forms.selectors.ts';
import { API_BASE_PATH } from '../../../../src/shared/constants.ts';
import { DNS_PAGE_SIZE } from '../../../../src/shared/dns/constants.ts';
import { DNS_PATHS, type DnsZone } from '../../../../src/shared/dns/rules.ts';
import { DNS } from '../../../../src/shared/dns/constants.ts';
import { DNS_FIELD_LABELS, DNS_MESSAGES } from '../../../../src/shared/dns/messages.ts';
import { claimBilledCustomer } from '../../support/billed-customers.ts';
import type { BrowserContext, StateCheckContext } from '../runner.ts';
import { E2E_BASE_URL, logInAs, logInThroughApi } from './portal.ts';

export const DNS_PAGE = '/control/services/dnspanel';
/** A zone another customer has (the demo login's, src/server/dns/demo-seed.ts). */
export const TAKEN_ZONE = 'ridgeline-demo.example';
/** The sample zones with records (the zones that are the first of a page, and the second). */
export const ZONES_WITH_RECORDS = [1, 2, 9, 10, 11, 19, 20, 21];
/** The samples' zone ids of the zones created through the page (machines/dns/dns-panel.model.ts). */
export const NEW_ZONE_ID = 26;
export const NEWER_ZONE_ID = 27;

/** The samples' 25 records of a zone (its two NS records are the server's own). */
export const RECORD_LINES = [
  '@ IN NS ns1.ridgeline.example.',
  '@ IN NS ns2.ridgeline.example.',
  '@ IN A 192.0.2.1',
  'ftp IN A 192.0.2.2',
  'mail IN A 192.0.2.3',
  'www IN A 192.0.2.4',
  '@ IN AAAA 2001:db8::1',
  'www IN AAAA 2001:db8::4',
  'blog IN CNAME www',
  'shop IN CNAME www',
  '@ IN MX 10 mail.example.net.',
  '@ IN MX 20 backup.example.net.',
  ...Array.from({ length: 8 }, (_, i) => `txt-${i + 1} IN TXT "note ${i + 1}"`),
  ...Array.from({ length: 5 }, (_, i) => `_s${i + 1}._tcp IN SRV 0 5 5060 sip.example.net.`),
];
/** The record a previewed zone file adds (the samples' "www", a name the zone has no A at). */
export const IMPORTED = { name: 'imported', type: 'A', content: '192.0.2.1' };
/** The samples' MX record, as its row shows it. */
export const MX_SHOWN = '10 mail.example.net.';
/** A zone file the server refuses (its line 1's address), as the samples' refusal says. */
export const BAD_FILE = 'bad IN A 192.0.2.300\n';

export type Kind = 'zones' | 'records' | 'change';

export interface Session {
  api: APIRequestContext;
  headers: Record<string, string>;
}

/**
 * A login of the path's customer for the walk's own calls, apart from the page's cookies. The e2e
 * server's access tokens last seconds: a refused call renews the session once (every call waiting
 * for that one renewal), then is sent again.
 */
export class ApiSession {
  private session?: Promise<Session>;
  private renewal?: Promise<void>;
  private generation = 0;
  constructor(private readonly username: string) {}

  private logIn() {
    return logInThroughApi(E2E_BASE_URL, this.username, {
      'X-Forwarded-For': `2001:db8::53:${Math.floor(Math.random() * 0xffff).toString(16)}`,
    });
  }

  private renew(seen: number) {
    if (seen !== this.generation) return Promise.resolve();
    this.renewal ??= (async () => {
      const session = await this.session!;
      const renewed = await session.api.post(`${API_BASE_PATH}/auth/refresh_token`, {
        data: { store_in_cookies: true },
        headers: session.headers,
      });
      if (!renewed.ok()) {
        await session.api.dispose();
        this.session = this.logIn();
        await this.session;
      }
      this.generation += 1;
    })().finally(() => (this.renewal = undefined));
    return this.renewal;
  }

  async call<T>(method: string, path: string, data?: unknown, text = false): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      await this.renewal;
      const seen = this.generation;
      const session = await (this.session ??= this.logIn());
      const response = await session.api.fetch(`${API_BASE_PATH}${path}`, {
        method,
        data,
        headers: session.headers,
      });
      if (response.status() === 401 && attempt < 2) {
        await this.renew(seen);
        continue;
      }
      if (!response.ok())
        throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
      return (text ? await response.text() : await response.json()) as T;
    }
  }

  async dispose() {
    const session = this.session;
    this.session = undefined;
    await (await session)?.api.dispose();
  }
}

export interface Walk {
  tag: string;
  api: ApiSession;
  opened: boolean;
  /** Requests to drop on the network, in the order they come. */
  drops: Kind[];
  /** The page's time of each new zone's creation, by the samples' zone id. */
  createdAt: Map<number, number>;
  /** The answer to the zone's creation, while it is awaited. */
  creating?: Promise<unknown>;
  /** Names given so far (each new record and alias is a new name). */
  made: number;
}
export const walks = new WeakMap<Page, Walk>();
let lastApi: ApiSession | undefined;
export const walkOf = (page: Page) => {
  const walk = walks.get(page);
  if (!walk) throw new Error('the walk did not start');
  return walk;
};

/** The real name of a sample zone (or of an alias of one): the path's own. */
export function realName(walk: Walk, sample: string): string {
  return sample
    .replace(/\bnewer\.example$/, `${walk.tag}-a02.example`)
    .replace(/\bnew\.example$/, `${walk.tag}-a01.example`)
    .replace(/\bfirst\.example$/, `${walk.tag}-b01.example`)
    .replace(/\bsecond\.example$/, `${walk.tag}-b02.example`)
    .replace(/\bzone-(\d\d)\.example$/, `${walk.tag}-b$1.example`);
}
export const zoneNameOf = (walk: Walk, zoneId: number) =>
  zoneId === NEW_ZONE_ID
    ? `${walk.tag}-a01.example`
    : zoneId === NEWER_ZONE_ID
      ? `${walk.tag}-a02.example`
      : `${walk.tag}-b${String(zoneId).padStart(2, '0')}.example`;

/**
 * The sample server's zones, records and aliases for the path's customer: all 25 zones for a path
 * that pages them, the two the samples' steps name otherwise (the pagers then read the real
 * server's smaller list, which each check reads too).
 */
export async function seed(walk: Walk, zoneCount: number) {
  const ids: Record<number, number> = {};
  await Promise.all(
    Array.from({ length: zoneCount }, async (_, i) => {
      const { zone } = await walk.api.call<{ zone: DnsZone }>('POST', DNS_PATHS.zones, {
        zone_name: zoneNameOf(walk, i + 1),
        ttl: 3600,
      });
      ids[i + 1] = zone.zone_id;
    }),
  );
  await Promise.all([
    ...ZONES_WITH_RECORDS.filter((i) => i <= zoneCount).map((i) =>
      walk.api.call('POST', DNS_PATHS.importZone(ids[i]), {
        zone_file: [`$ORIGIN ${zoneNameOf(walk, i)}.`, ...RECORD_LINES].join('\n'),
        apply: true,
      }),
    ),
    ...[1, 2].flatMap((i) =>
      ['a1', 'a2'].map((prefix) =>
        walk.api.call('POST', DNS_PATHS.aliases(ids[i]), {
          alias_name: `${prefix}-${zoneNameOf(walk, i)}`,
        }),
      ),
    ),
  ]);
}

/** Which request a call of the page is, for dropping it. */
export function kindOf(method: string, url: string): Kind | null {
  const path = new URL(url).pathname.slice(API_BASE_PATH.length);
  if (method !== 'GET') return 'change';
  if (/^\/dns\/?$/.test(path)) return 'zones';
  if (/^\/dns\/\d+\/records\/?$/.test(path)) return 'records';
  return null;
}

export const ERRORS: Record<string, Kind> = {
  'xstate.error.actor.loadZones': 'zones',
  'xstate.error.actor.loadRecords': 'records',
  'xstate.error.actor.change': 'change',
};
export const byPerson = (event: EventObject) =>
  !event.type.startsWith('xstate.') && event.type !== 'zone.unlocked';

/** Drops what fails among the answers up to the person's next step (real answers otherwise). */
export function arm(walk: Walk, events: readonly EventObject[]) {
  walk.drops = [];
  for (const event of events) {
    if (byPerson(event)) break;
    const kind = ERRORS[event.type];
    // A refusal is the server's own (a field error); only "cannot be reached" is dropped.
    const refusal = (event as EventObject & { error?: { fieldErrors?: object } }).error
      ?.fieldErrors;
    if (kind && !refusal) walk.drops.push(kind);
  }
}

/** What the person does, with the failures after it prepared. */
export function act(
  fn: (
    page: Page,
    walk: Walk,
    event: EventObject,
    upcoming: readonly EventObject[],
  ) => Promise<void>,
) {
  return async (
    { page, upcoming }: { page: Page; upcoming: readonly EventObject[] },
    event: EventObject,
  ) => {
    const walk = walkOf(page);
    arm(walk, upcoming);
    await fn(page, walk, event, upcoming);
  };
}

/** Whether the server's next answer refuses with field errors. */
export const refusedNext = (upcoming: readonly EventObject[]) =>
  upcoming[0]?.type === 'xstate.error.actor.change' &&
  Boolean((upcoming[0] as { error?: { fieldErrors?: object } }).error?.fieldErrors);

/** Whether the answer to the coming `submit` refuses with field errors (what is typed first). */
export const refusedAfter = (upcoming: readonly EventObject[], submit: string) => {
  const at = upcoming.findIndex((event) => event.type === submit);
  return at >= 0 && refusedNext(upcoming.slice(at + 1));
};

/** An answer: the page opens with the first one; later ones come by themselves. */
export async function answer(
  {
    page,
    visit,
    upcoming,
  }: { page: Page; visit(path: string): Promise<void>; upcoming: readonly EventObject[] },
  event: EventObject,
) {
  const walk = walkOf(page);
  if (walk.opened) return;
  arm(walk, [event, ...upcoming]);
  walk.opened = true;
  await visit(DNS_PAGE);
}

// ---------------------------------------------------------------------------------------------
// What the page shows.

/** The active zone's title (its section is named by it). */
export const activeTitle = (page: Page) => page.locator('#active-zone-title');
export const zoneRows = (page: Page) => page.getByTestId('dns-zone');
export const zoneRow = (page: Page, name: string) =>
  zoneRows(page).filter({ has: page.getByRole('button', { name, exact: true }) });
export const mxRow = (page: Page) =>
  page.getByTestId('records-MX').getByTestId('dns-record').filter({ hasText: MX_SHOWN });
export const confirmation = (page: Page) => page.getByRole('dialog', { name: 'Delete?' });
export const preview = (page: Page) => page.getByTestId('import-preview');
/** Where each form shows its refusal (docs/dns.md "The page"). */
export const formOf = (page: Page, form: DnsForm): Locator => {
  switch (form) {
    case 'zone':
      return page.getByRole('form', { name: 'Create a zone' });
    case 'alias':
      return page.getByRole('form', { name: 'Add an alias' });
    case 'import':
      return page.getByRole('form', { name: 'Import a zone file' });
    case 'record':
      return page.getByRole('dialog', { name: /^(Add|Edit) MX record$/ });
    case 'zoneTtl':
      return page.getByRole('dialog', { name: /^Edit .*\.example$/ });
    case 'delete':
      return confirmation(page);
  }
};
/** The field of each form's refusals, by the server's field names. */
export const FIELD_LABELS: Record<string, string> = {
  zone_name: 'Zone name',
  alias_name: 'Alias name',
  zone_file: 'Zone file',
  ...DNS_FIELD_LABELS,
};
/** The refusal the top of the panel showed before refusals moved to their forms. */
export const panelRefusal = (page: Page) => page.getByText('The change was not made');
export const loadFailure = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'The DNS zones could not be loaded.' });
export const counting = (label: string) =>
  new RegExp(
    `^${DNS_MESSAGES.disabledFor(label, 0).replace(/[()]/g, '\\$&').replace('0s', '\\d+s')}$`,
  );

/**
 * A form's refusal as predicted: on the fields it names (invalid, described by the message), else
 * its reason inside the form; a form without one shows none.
 */
export async function checkFailure(
  { page, expect }: StateCheckContext,
  snapshot: DnsFormsSnapshot,
  form: DnsForm,
) {
  const where = formOf(page, form);
  const { fieldErrors, message, details } = selectFormFailure(snapshot, form);
  for (const [field, text] of Object.entries(fieldErrors)) {
    const box = where.getByRole('textbox', { name: FIELD_LABELS[field], exact: true });
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toHaveAccessibleDescription(text);
  }
  if (message === null) {
    await expect(where.getByRole('alert')).toHaveCount(0);
  } else {
    await expect(where.getByRole('alert')).toContainText(message);
    for (const detail of details) await expect(where.getByRole('alert')).toContainText(detail);
  }
  await expect(panelRefusal(page)).toHaveCount(0);
}

export async function expectEnabled(
  expect: StateCheckContext['expect'],
  locator: Locator,
  on: boolean,
) {
  if (on) await expect(locator).toBeEnabled();
  else await expect(locator).toBeDisabled();
}

/** A pager as the spec has it over the server's page: "11–20 of 25", and its buttons. */
export async function checkPager(
  { page, expect }: StateCheckContext,
  label: 'Zones' | 'Records',
  page_: { offset: number; shown: number; total: number; limit: number },
) {
  const { offset, shown, total, limit } = page_;
  const lower = label.toLowerCase();
  await expect(page.getByTestId(`${lower}-range`)).toHaveText(
    total === 0 ? `No ${lower}` : `${offset + 1}–${offset + shown} of ${total}`,
  );
  const showingAll = offset === 0 && limit >= total && total > 0;
  await expectEnabled(expect, page.getByRole('button', { name: `Previous ${lower}` }), offset > 0);
  await expectEnabled(
    expect,
    page.getByRole('button', { name: `Next ${lower}` }),
    offset + limit < total,
  );
  await expectEnabled(
    expect,
    page.getByRole('button', { name: `Show all ${lower}` }),
    !showingAll && total > 0,
  );
}

/** The page's size the machine asks for: ten, or every item (Show all). */
export const sizeOf = (limit: number) => (limit > DNS_PAGE_SIZE ? DNS.pageSizeMax : limit);

/**
 * Starts a walk: a customer of the path's own with `zones` of the sample zones (none, the two the
 * samples' steps name, or all 25 for a path that pages them), requests dropped as armed, logged in
 * and on the DNS page unless `open` is false (the first answer then opens it).
 */
export async function startWalk(
  { page, visit }: BrowserContext,
  { zones, open = true, clock = false }: { zones: number; open?: boolean; clock?: boolean },
) {
  await lastApi?.dispose();
  const username = claimBilledCustomer();
  const api = (lastApi = new ApiSession(username));
  const tag = `${username}-${Date.now().toString(36)}`;
  const walk: Walk = { tag, api, opened: false, drops: [], createdAt: new Map(), made: 0 };
  walks.set(page, walk);
  if (zones > 0) await seed(walk, zones);
  if (clock) await page.clock.install();
  await page.route(
    (url) => url.pathname.startsWith(`${API_BASE_PATH}/dns`),
    async (route) => {
      const at = walk.drops.indexOf(kindOf(route.request().method(), route.request().url())!);
      if (at < 0) return route.fallback();
      walk.drops.splice(at, 1);
      await route.abort('internetdisconnected');
    },
  );
  await logInAs(page, visit, username, null);
  if (open) {
    walk.opened = true;
    await visit(DNS_PAGE);
  }
  return walk;
}
