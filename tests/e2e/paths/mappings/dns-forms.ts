/**
 * The DNS panel in the browser (portal.md §2 DNS panel, §4 "DNS paging", §5, §8), on
 * `/control/services/dnspanel` for a customer of the path's own (`claimBilledCustomer`). The
 * start gives the customer, through the API, the sample server's 25 zones under names of the
 * path's own (`<tag>-b01.example` … `<tag>-b25.example`, in the samples' order), the two aliases
 * of the first two zones, and the 25 records of the samples in the zones that can become active
 * (one zone file imported into each); a path whose first answer is "no zones load" keeps the
 * customer without zones. Zones created through the page are named `<tag>-a01.example` and
 * `<tag>-a02.example`, so that they list first and their counting Edit and Delete show.
 *
 * The sample server's pages never change; the real server's do (a new zone, an added record or
 * alias, an import): each check of a ready panel reads the server's own page at the offset and
 * size the machine predicts and asks the page to show exactly that, with the active zone, the
 * pagers, the words of the last change, the refusal and the new zones' countdowns as predicted.
 * Refusals are the server's (a name another customer's zone has, for a zone or an alias; a target
 * that is no host name; a TTL out of bounds; a zone file with a bad address), each checked in the
 * form that sent it; "the server cannot be reached" and a list that cannot load are the request
 * dropped on the network. The countdown's end is Playwright's clock moved on to the minute after the zone's
 * creation.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  selectActiveZone,
  selectEditor,
  selectFormFailure,
  selectImportPreview,
  selectLoadError,
  selectNotice,
  selectPendingDelete,
  selectServedName,
  selectZoneEditor,
  type DnsPanelSnapshot,
} from '../../../../machines/dns/dns-panel.selectors.ts';
import type { DnsForm } from '../../../../machines/dns/dns-panel.machine.ts';
import { API_BASE_PATH, DNS_PAGE_SIZE, TIMERS } from '../../../../src/shared/constants.ts';
import {
  DNS_PATHS,
  RECORD_TYPES,
  type DnsZone,
  type RecordsPage,
  type ZonesPage,
} from '../../../../src/shared/dns.ts';
import { DNS } from '../../../../src/shared/dns-limits.ts';
import { DNS_FIELD_LABELS, DNS_MESSAGES } from '../../../../src/shared/messages/dns.ts';
import { claimBilledCustomer } from '../../support/billed-customers.ts';
import {
  planFor,
  type BrowserMapping,
  type EventPlace,
  type StateCheckContext,
} from '../runner.ts';
import { E2E_BASE_URL, logInAs, logInThroughApi } from './portal.ts';

const DNS_PAGE = '/control/services/dnspanel';
/** A zone another customer has (the demo login's, src/server/dns/demo-seed.ts). */
const TAKEN_ZONE = 'ridgeline-demo.example';
/** The sample zones with records (the zones that are the first of a page, and the second). */
const ZONES_WITH_RECORDS = [1, 2, 9, 10, 11, 19, 20, 21];
/** The samples' zone ids of the zones created through the page (machines/dns/dns-panel.model.ts). */
const NEW_ZONE_ID = 26;
const NEWER_ZONE_ID = 27;

/** The samples' 25 records of a zone (its two NS records are the server's own). */
const RECORD_LINES = [
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
const IMPORTED = { name: 'imported', type: 'A', content: '192.0.2.1' };
/** The samples' MX record, as its row shows it. */
const MX_SHOWN = '10 mail.example.net.';
/** A zone file the server refuses (its line 1's address), as the samples' refusal says. */
const BAD_FILE = 'bad IN A 192.0.2.300\n';

type Kind = 'zones' | 'records' | 'change';

interface Session {
  api: APIRequestContext;
  headers: Record<string, string>;
}

/**
 * A login of the path's customer for the walk's own calls, apart from the page's cookies. The e2e
 * server's access tokens last seconds: a refused call renews the session once (every call waiting
 * for that one renewal), then is sent again.
 */
class ApiSession {
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

interface Walk {
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
const walks = new WeakMap<Page, Walk>();
let lastApi: ApiSession | undefined;
const walkOf = (page: Page) => {
  const walk = walks.get(page);
  if (!walk) throw new Error('the walk did not start');
  return walk;
};

/** The real name of a sample zone (or of an alias of one): the path's own. */
function realName(walk: Walk, sample: string): string {
  return sample
    .replace(/\bnewer\.example$/, `${walk.tag}-a02.example`)
    .replace(/\bnew\.example$/, `${walk.tag}-a01.example`)
    .replace(/\bfirst\.example$/, `${walk.tag}-b01.example`)
    .replace(/\bsecond\.example$/, `${walk.tag}-b02.example`)
    .replace(/\bzone-(\d\d)\.example$/, `${walk.tag}-b$1.example`);
}
const zoneNameOf = (walk: Walk, zoneId: number) =>
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
async function seed(walk: Walk, zoneCount: number) {
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
function kindOf(method: string, url: string): Kind | null {
  const path = new URL(url).pathname.slice(API_BASE_PATH.length);
  if (method !== 'GET') return 'change';
  if (/^\/dns\/?$/.test(path)) return 'zones';
  if (/^\/dns\/\d+\/records\/?$/.test(path)) return 'records';
  return null;
}

const ERRORS: Record<string, Kind> = {
  'xstate.error.actor.loadZones': 'zones',
  'xstate.error.actor.loadRecords': 'records',
  'xstate.error.actor.change': 'change',
};
const byPerson = (event: EventObject) =>
  !event.type.startsWith('xstate.') && event.type !== 'zone.unlocked';

/** Drops what fails among the answers up to the person's next step (real answers otherwise). */
function arm(walk: Walk, events: readonly EventObject[]) {
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
function act(
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
const refusedNext = (upcoming: readonly EventObject[]) =>
  upcoming[0]?.type === 'xstate.error.actor.change' &&
  Boolean((upcoming[0] as { error?: { fieldErrors?: object } }).error?.fieldErrors);

/** Whether the answer to the coming `submit` refuses with field errors (what is typed first). */
const refusedAfter = (upcoming: readonly EventObject[], submit: string) => {
  const at = upcoming.findIndex((event) => event.type === submit);
  return at >= 0 && refusedNext(upcoming.slice(at + 1));
};

/** An answer: the page opens with the first one; later ones come by themselves. */
async function answer(
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
// Where the snapshot before a step is (for the steps the page does not offer).

let snapshots: Map<string, AnyMachineSnapshot> | undefined;
function snapshotAfter(events: readonly EventObject[]): DnsPanelSnapshot {
  if (!snapshots) {
    const plan = planFor(dnsPanelMapping);
    snapshots = new Map([['[]', plan.initial.snapshot]]);
    for (const path of plan.paths) {
      const seen: EventObject[] = [];
      for (const step of path.steps) {
        seen.push(step.event);
        snapshots.set(JSON.stringify(seen), step.snapshot);
      }
    }
  }
  const snapshot = snapshots.get(JSON.stringify(events));
  if (!snapshot) throw new Error('no planned path has these steps');
  return snapshot as unknown as DnsPanelSnapshot;
}

/** The changes the server accepted earlier in the path. */
function accepted(earlier: readonly EventObject[]): string[] {
  return earlier.flatMap((event, index) =>
    event.type === 'xstate.done.actor.change'
      ? [snapshotAfter(earlier.slice(0, index)).context.change?.kind ?? '']
      : [],
  );
}

/** The step is one the page offers there, or the reason it does not. */
const offered =
  (reason: string) =>
  ({ event, earlier }: EventPlace): string | undefined =>
    snapshotAfter(earlier).can(event as never) ? undefined : reason;

/** The step needs an active zone (its form is the zone's), or the reason. */
const withZone =
  (reason: string) =>
  ({ earlier }: EventPlace): string | undefined =>
    snapshotAfter(earlier).context.activeZoneId === null ? reason : undefined;

const totalOf = (event: EventObject) =>
  (event as EventObject & { output?: { total_zones?: number } }).output?.total_zones ?? 0;

// ---------------------------------------------------------------------------------------------
// What the page shows.

/** The active zone's title (its section is named by it). */
const activeTitle = (page: Page) => page.locator('#active-zone-title');
const zoneRows = (page: Page) => page.getByTestId('dns-zone');
const zoneRow = (page: Page, name: string) =>
  zoneRows(page).filter({ has: page.getByRole('button', { name, exact: true }) });
const mxRow = (page: Page) =>
  page.getByTestId('records-MX').getByTestId('dns-record').filter({ hasText: MX_SHOWN });
const confirmation = (page: Page) => page.getByRole('dialog', { name: 'Delete?' });
const preview = (page: Page) => page.getByTestId('import-preview');
/** Where each form shows its refusal (docs/dns.md "The page"). */
const formOf = (page: Page, form: DnsForm): Locator => {
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
const FIELD_LABELS: Record<string, string> = {
  zone_name: 'Zone name',
  alias_name: 'Alias name',
  zone_file: 'Zone file',
  ...DNS_FIELD_LABELS,
};
/** The refusal the top of the panel showed before refusals moved to their forms. */
const panelRefusal = (page: Page) => page.getByText('The change was not made');
const loadFailure = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'The DNS zones could not be loaded.' });
const counting = (label: string) =>
  new RegExp(
    `^${DNS_MESSAGES.disabledFor(label, 0).replace(/[()]/g, '\\$&').replace('0s', '\\d+s')}$`,
  );

/**
 * A form's refusal as predicted: on the fields it names (invalid, described by the message), else
 * its reason inside the form; a form without one shows none.
 */
async function checkFailure(
  { page, expect }: StateCheckContext,
  snapshot: DnsPanelSnapshot,
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

async function expectEnabled(expect: StateCheckContext['expect'], locator: Locator, on: boolean) {
  if (on) await expect(locator).toBeEnabled();
  else await expect(locator).toBeDisabled();
}

/** A pager as the spec has it over the server's page: "11–20 of 25", and its buttons. */
async function checkPager(
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
const sizeOf = (limit: number) => (limit > DNS_PAGE_SIZE ? DNS.pageSizeMax : limit);

async function checkReady(context: StateCheckContext) {
  const { page, expect, step } = context;
  const snapshot = step.snapshot as unknown as DnsPanelSnapshot;
  const walk = walkOf(page);
  await expect(page.getByRole('status', { name: 'Loading DNS zones' })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(loadFailure(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create zone' })).toBeEnabled();

  // The zones of the page the machine asked for, as the server has them.
  const { offset, limit } = snapshot.context.zonePaging;
  const zones = await walk.api.call<ZonesPage>(
    'GET',
    `${DNS_PATHS.zones}?limit=${sizeOf(limit)}&offset=${offset}`,
  );
  const names = zones.zones.map((zone) => zone.zone_name);
  await checkPager(context, 'Zones', {
    offset,
    shown: names.length,
    total: zones.total_zones,
    limit: limit > DNS_PAGE_SIZE ? zones.total_zones : limit,
  });
  await expect(zoneRows(page).locator('td:first-child')).toHaveText(names);

  // A new zone's Edit and Delete say how long they stay disabled (portal.md §4).
  const locked = new Set(snapshot.context.lockedZoneIds.map((id) => zoneNameOf(walk, id)));
  const lockedShown = names.filter((name) => locked.has(name)).length;
  for (const label of ['Edit', 'Delete']) {
    const table = page.getByRole('table').first();
    await expect(table.getByRole('button', { name: counting(label) })).toHaveCount(lockedShown);
    await expect(
      table.getByRole('button', { name: label, exact: true }).and(page.locator(':enabled')),
    ).toHaveCount(names.length - lockedShown);
  }

  // The active zone: the predicted one while the page lists it, else the page's first.
  const predicted = selectActiveZone(snapshot)?.zone_name;
  const active =
    predicted && names.includes(realName(walk, predicted)) ? realName(walk, predicted) : names[0];
  if (!active) {
    await expect(activeTitle(page)).toHaveCount(0);
  } else {
    await expect(activeTitle(page)).toHaveText(active);
    await expect(zoneRow(page, active)).toHaveAttribute('aria-current', 'true');
    const zoneId = zones.zones.find((zone) => zone.zone_name === active)!.zone_id;
    const paging = snapshot.context.recordPaging;
    const records = await walk.api.call<RecordsPage>(
      'GET',
      `${DNS_PATHS.records(zoneId)}?limit=${sizeOf(paging.limit)}&offset=${paging.offset}`,
    );
    await checkPager(context, 'Records', {
      offset: paging.offset,
      shown: records.records.length,
      total: records.total_records,
      limit: paging.limit > DNS_PAGE_SIZE ? records.total_records : paging.limit,
    });
    for (const type of RECORD_TYPES) {
      await expect(page.getByTestId(`records-${type}`).getByTestId('dns-record')).toHaveCount(
        records.records.filter((record) => record.record_type === type).length,
      );
    }
  }

  // What the last change did, or why it was not made (portal.md §8), and the zone's field errors.
  const notice = selectNotice(snapshot);
  if (notice) await expect(page.getByTestId('dns-notice')).toHaveText(notice);
  else await expect(page.getByTestId('dns-notice')).toHaveCount(0);
  // A refusal in the form that sent it, and nowhere else.
  await checkFailure(context, snapshot, 'zone');
  if (active) {
    await checkFailure(context, snapshot, 'alias');
    await checkFailure(context, snapshot, 'import');
  }
}

// ---------------------------------------------------------------------------------------------

export const dnsPanelMapping: BrowserMapping = {
  machine: 'dns-panel',
  async start({ page, visit, upcoming }) {
    await lastApi?.dispose();
    const username = claimBilledCustomer();
    const api = (lastApi = new ApiSession(username));
    const tag = `${username}-${Date.now().toString(36)}`;
    const walk: Walk = { tag, api, opened: false, drops: [], createdAt: new Map(), made: 0 };
    walks.set(page, walk);
    const firstLoad = upcoming.find((event) => event.type === 'xstate.done.actor.loadZones');
    const paged = upcoming.some((event) => event.type.startsWith('zones.'));
    if (!firstLoad || totalOf(firstLoad) > 0) await seed(walk, paged ? 25 : 2);
    if (upcoming.some((event) => event.type === 'zone.unlocked')) await page.clock.install();
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
  },
  events: {
    'xstate.done.actor.loadZones': answer,
    'xstate.error.actor.loadZones': answer,
    'xstate.done.actor.loadRecords': answer,
    'xstate.error.actor.loadRecords': answer,
    'xstate.done.actor.change': async ({ page }, event) => {
      const walk = walkOf(page);
      const zone = (event as EventObject & { output?: { zone?: DnsZone } }).output?.zone;
      if (zone && walk.creating) {
        // The countdown starts with the answer: its minute is counted from here.
        await walk.creating;
        walk.createdAt.set(zone.zone_id, await page.evaluate(() => Date.now()));
        walk.creating = undefined;
      }
    },
    'xstate.error.actor.change': async () => {},
    'load.retry.pressed': act(async (page) => {
      await loadFailure(page).getByRole('button', { name: 'Try again' }).click();
    }),
    'zones.next.pressed': act(async (page) => {
      await page.getByRole('button', { name: 'Next zones' }).click();
    }),
    'zones.previous.pressed': act(async (page) => {
      await page.getByRole('button', { name: 'Previous zones' }).click();
    }),
    'zones.all.pressed': act(async (page) => {
      await page.getByRole('button', { name: 'Show all zones' }).click();
    }),
    'records.next.pressed': act(async (page) => {
      await page.getByRole('button', { name: 'Next records' }).click();
    }),
    'records.previous.pressed': act(async (page) => {
      await page.getByRole('button', { name: 'Previous records' }).click();
    }),
    'records.all.pressed': act(async (page) => {
      await page.getByRole('button', { name: 'Show all records' }).click();
    }),
    'zone.selected': act(async (page, walk, event) => {
      const name = zoneNameOf(walk, (event as EventObject & { zoneId: number }).zoneId);
      await zoneRow(page, name).getByRole('button', { name, exact: true }).click();
    }),
    'zone.field.changed': act(async (page, walk, event, upcoming) => {
      const sample = (event as EventObject & { value: string }).value;
      // The server refuses a name another customer's zone has; it creates the path's own.
      await page
        .getByRole('textbox', { name: 'Zone name' })
        .fill(
          refusedAfter(upcoming, 'zone.create.submitted') ? TAKEN_ZONE : realName(walk, sample),
        );
    }),
    'zone.create.submitted': act(async (page, walk) => {
      walk.creating = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' &&
          new URL(response.url()).pathname === `${API_BASE_PATH}${DNS_PATHS.zones}`,
      );
      walk.creating.catch(() => {});
      await page.getByRole('button', { name: 'Create zone' }).click();
    }),
    'zone.edit.pressed': act(async (page, walk, event) => {
      const name = zoneNameOf(walk, (event as EventObject & { zoneId: number }).zoneId);
      await zoneRow(page, name).getByRole('button', { name: 'Edit', exact: true }).click();
    }),
    'zone.ttl.changed': act(async (page, _walk, event, upcoming) => {
      // A TTL under the bounds when the server is to refuse it (docs/dns.md "Rules": 60 to 604,800).
      const ttl = refusedAfter(upcoming, 'zone.ttl.submitted')
        ? String(DNS.ttlMin - 1)
        : (event as EventObject & { value: string }).value;
      await formOf(page, 'zoneTtl').getByRole('textbox', { name: 'TTL (seconds)' }).fill(ttl);
    }),
    'zone.ttl.submitted': act(async (page, _walk, _event, upcoming) => {
      const dialog = formOf(page, 'zoneTtl');
      if (refusedNext(upcoming))
        await dialog.getByRole('textbox', { name: 'TTL (seconds)' }).fill(String(DNS.ttlMin - 1));
      await dialog.getByRole('button', { name: 'Save' }).click();
    }),
    'zone.editor.closed': act(async (page) => {
      await formOf(page, 'zoneTtl').getByRole('button', { name: 'Cancel' }).click();
    }),
    'zone.delete.pressed': act(async (page, walk, event) => {
      const name = zoneNameOf(walk, (event as EventObject & { zoneId: number }).zoneId);
      await zoneRow(page, name).getByRole('button', { name: 'Delete', exact: true }).click();
    }),
    'record.type.chosen': act(async (page, _walk, event) => {
      await page
        .getByRole('combobox', { name: 'Record type' })
        .selectOption((event as EventObject & { recordType: string }).recordType);
    }),
    'record.create.pressed': act(async (page, _walk, event) => {
      await page
        .getByRole('combobox', { name: 'Record type' })
        .selectOption((event as EventObject & { recordType: string }).recordType);
      await page.getByRole('button', { name: 'Add record' }).click();
    }),
    'record.edit.pressed': act(async (page) => {
      await mxRow(page).getByRole('button', { name: 'Edit @ MX' }).click();
    }),
    'record.delete.pressed': act(async (page) => {
      await mxRow(page).getByRole('button', { name: 'Delete @ MX' }).click();
    }),
    'record.field.changed': act(async (page, walk, event) => {
      const { field, value } = event as EventObject & { field: string; value: string };
      // A priority of the path's own: two records added alike would be one record twice.
      walk.made += 1;
      const typed = field === 'priority' ? String(Number(value) + walk.made) : value;
      await formOf(page, 'record')
        .getByRole('textbox', { name: DNS_FIELD_LABELS[field], exact: true })
        .fill(typed);
    }),
    'record.save.submitted': act(async (page, walk, _event, upcoming) => {
      const dialog = formOf(page, 'record');
      const adding = (await page.getByRole('dialog', { name: 'Add MX record' }).count()) > 0;
      const box = (field: string) =>
        dialog.getByRole('textbox', { name: DNS_FIELD_LABELS[field], exact: true });
      // A new record's fields left empty get the path's own values (no two records alike); the
      // record edited is saved as it is; a refused save has a target that is no host name.
      walk.made += 1;
      if (adding && (await box('priority').inputValue()) === '')
        await box('priority').fill(String(30 + walk.made));
      if (refusedNext(upcoming)) await box('target').fill('not a host name');
      else if (adding && (await box('target').inputValue()) === '')
        await box('target').fill(`mx${walk.made}.example.net.`);
      await dialog.getByRole('button', { name: 'Save record' }).click();
    }),
    'record.editor.closed': act(async (page) => {
      await formOf(page, 'record').getByRole('button', { name: 'Cancel' }).click();
    }),
    'alias.name.changed': act(async (page, walk, _event, upcoming) => {
      walk.made += 1;
      await formOf(page, 'alias')
        .getByRole('textbox', { name: 'Alias name' })
        .fill(
          refusedAfter(upcoming, 'alias.add.submitted')
            ? TAKEN_ZONE
            : `${walk.tag}-other${walk.made}.example`,
        );
    }),
    'alias.add.submitted': act(async (page) => {
      await formOf(page, 'alias').getByRole('button', { name: 'Add alias' }).click();
    }),
    'alias.delete.pressed': act(async (page, walk, event) => {
      // The samples' aliases: 4000 + 2 × zone id, and one more (machines/dns/dns-panel.model.ts).
      const aliasId = (event as EventObject & { aliasId: number }).aliasId;
      const zoneName = zoneNameOf(walk, Math.floor((aliasId - 4000) / 2));
      const name = `${aliasId % 2 === 0 ? 'a1' : 'a2'}-${zoneName}`;
      await page.getByRole('button', { name: `Remove ${name}`, exact: true }).click();
    }),
    'delete.confirmed': act(async (page) => {
      await confirmation(page).getByRole('button', { name: 'Delete', exact: true }).click();
    }),
    'delete.cancelled': act(async (page) => {
      await confirmation(page).getByRole('button', { name: 'Cancel' }).click();
    }),
    'import.file.changed': act(async (page, walk, _event, upcoming) => {
      const box = formOf(page, 'import').getByRole('textbox', { name: 'Zone file' });
      // A bad address when the server is to refuse the file (docs/dns.md "Zone files").
      if (refusedAfter(upcoming, 'import.preview.submitted')) {
        await box.fill(BAD_FILE);
        return;
      }
      // The zone's own file (Export zone file) with one record more.
      const name = (await activeTitle(page).textContent()) ?? '';
      const zones = await walk.api.call<ZonesPage>(
        'GET',
        `${DNS_PATHS.zones}?limit=${DNS.pageSizeMax}&offset=0`,
      );
      const zoneId = zones.zones.find((zone) => zone.zone_name === name)!.zone_id;
      const file = await walk.api.call<string>(
        'GET',
        DNS_PATHS.exportZone(zoneId),
        undefined,
        true,
      );
      await box.fill(
        `${file.trimEnd()}\n${IMPORTED.name} IN ${IMPORTED.type} ${IMPORTED.content}\n`,
      );
    }),
    'import.preview.submitted': act(async (page) => {
      await formOf(page, 'import').getByRole('button', { name: 'Preview import' }).click();
    }),
    'import.apply.pressed': act(async (page) => {
      await preview(page).getByRole('button', { name: 'Import', exact: true }).click();
    }),
    'import.cancelled': act(async (page) => {
      await preview(page).getByRole('button', { name: 'Cancel' }).click();
    }),
    'zone.unlocked': async ({ page }, event) => {
      // The clock moves on to the minute after the zone's creation (and no further).
      const walk = walkOf(page);
      const created = walk.createdAt.get((event as EventObject & { zoneId: number }).zoneId);
      if (created === undefined) throw new Error('the zone’s creation was not seen');
      const now = await page.evaluate(() => Date.now());
      await page.clock.runFor(
        Math.max(1, created + TIMERS.newZoneDisabledSeconds * 1000 - now + 50),
      );
    },
  },
  notCaused: {
    'xstate.done.actor.loadZones': ({ event, earlier }) => {
      const made = accepted(earlier);
      if (totalOf(event) === 0 && made.includes('zone.create'))
        return 'the server lists the zones the customer created';
      if (
        totalOf(event) > 0 &&
        earlier.some((e) => e.type === 'xstate.done.actor.loadZones' && totalOf(e) === 0)
      )
        return "a customer without zones has only the zones it creates, not the sample server's 25";
      if (made.includes('zone.delete'))
        return 'the sample server lists the deleted zone again; the real one does not';
      return undefined;
    },
    'xstate.done.actor.loadRecords': ({ earlier }) =>
      accepted(earlier).includes('record.delete')
        ? 'the sample server lists the deleted record again; the real one does not'
        : undefined,
    'zones.next.pressed': offered('Next zones is disabled on the last page of zones'),
    'zones.previous.pressed': offered('Previous zones is disabled on the first page of zones'),
    'records.next.pressed': offered('Next records is disabled on the last page of records'),
    'records.previous.pressed': offered(
      'Previous records is disabled on the first page of records',
    ),
    'zone.selected': offered('the second zone is not listed on this page of zones'),
    'zone.edit.pressed': offered('a new zone’s Edit is disabled while its countdown runs'),
    'alias.name.changed': withZone('without a zone the page has no Add alias'),
    'import.file.changed': withZone('without a zone the page has no zone file import'),
    'record.type.chosen': withZone('without a zone the page has no Record type'),
    'xstate.error.actor.change': ({ event }) =>
      (event as EventObject & { error?: { message?: string } }).error?.message?.startsWith(
        DNS_MESSAGES.recordDeleteFailed,
      )
        ? 'the real server refuses only the delete of a zone’s last NS record at @, which the samples do not delete'
        : undefined,
    'zone.delete.pressed': offered('a new zone’s Delete is disabled while its countdown runs'),
    'record.create.pressed': offered('without a zone the page has no Add record'),
    'alias.add.submitted': offered('without a zone the page has no Add alias'),
    'import.preview.submitted': offered('without a zone the page has no zone file import'),
  },
  states: {
    failed: async ({ page, expect, step }) => {
      const error = selectLoadError(step.snapshot as unknown as DnsPanelSnapshot) ?? '';
      await expect(loadFailure(page)).toContainText(error);
      await expect(loadFailure(page).getByRole('button', { name: 'Try again' })).toBeEnabled();
      await expect(page.getByRole('status', { name: 'Loading DNS zones' })).toHaveCount(0);
    },
    ready: checkReady,
    editing: async (context) => {
      const { page, expect, step } = context;
      const snapshot = step.snapshot as unknown as DnsPanelSnapshot;
      const editor = selectEditor(snapshot)!;
      const dialog = page.getByRole('dialog', {
        name: `${editor.record ? 'Edit' : 'Add'} ${editor.recordType} record`,
      });
      await expect(dialog).toBeVisible();
      await checkFailure(context, snapshot, 'record');
      // The name the target will be served as (the browser types the samples' target, or, for a
      // refused save, one that is no host name, which says nothing).
      const served = selectServedName(snapshot);
      const refused =
        selectFormFailure(snapshot, 'record').message !== null ||
        Object.keys(selectFormFailure(snapshot, 'record').fieldErrors).length > 0;
      if (!refused) {
        if (served) await expect(dialog.getByTestId('served-name')).toHaveText(served.text);
        else await expect(dialog.getByTestId('served-name')).toHaveCount(0);
        if (served?.warning)
          await expect(dialog.getByTestId('served-warning')).toHaveText(served.warning);
        else await expect(dialog.getByTestId('served-warning')).toHaveCount(0);
      }
      await expect(dialog.getByRole('button', { name: 'Save record' })).toBeEnabled();
    },
    editingZone: async (context) => {
      const { expect, step, page } = context;
      const snapshot = step.snapshot as unknown as DnsPanelSnapshot;
      const walk = walkOf(page);
      const editor = selectZoneEditor(snapshot)!;
      const dialog = page.getByRole('dialog', { name: `Edit ${zoneNameOf(walk, editor.zoneId)}` });
      await expect(dialog).toBeVisible();
      await checkFailure(context, snapshot, 'zoneTtl');
      await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
    },
    confirming: async (context) => {
      const { page, expect, step } = context;
      const walk = walkOf(page);
      const snapshot = step.snapshot as unknown as DnsPanelSnapshot;
      const pending = selectPendingDelete(snapshot)!;
      const dialog = confirmation(page);
      await expect(dialog).toContainText(
        `Delete ${realName(walk, pending.label)}? This cannot be undone.`,
      );
      await checkFailure(context, snapshot, 'delete');
      // Focus is on Delete, or, after a refusal, on its reason (docs/dns.md "The page").
      if (selectFormFailure(snapshot, 'delete').message !== null)
        await expect(dialog.getByRole('alert')).toBeFocused();
      else await expect(dialog.getByRole('button', { name: 'Delete', exact: true })).toBeFocused();
    },
    reviewingImport: async ({ page, expect, step }) => {
      const shown = selectImportPreview(step.snapshot as unknown as DnsPanelSnapshot)!;
      await expect(preview(page)).toContainText(
        `${shown.added.length} to add, ${shown.changed.length} to change, ${shown.removed.length} to remove`,
      );
      await expect(preview(page)).toContainText(
        `+ ${IMPORTED.name} ${IMPORTED.type} ${IMPORTED.content}`,
      );
      await expect(
        preview(page).getByRole('button', { name: 'Import', exact: true }),
      ).toBeEnabled();
    },
  },
  notShown: {
    loadingZones: 'lasts only while the server answers; the state after it is checked',
    loadingRecords: 'lasts only while the server answers; the state after it is checked',
    changing: 'lasts only while the server answers; the state after it is checked',
  },
};
