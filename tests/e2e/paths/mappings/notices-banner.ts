/**
 * The notices banner in the browser (portal.md §2, §4; docs/people.md "Notices"), for a customer of
 * the path's own (`claimBilledCustomer`) to whom a site admin has just written the machine's two
 * notices through the API: "Planned maintenance", which must be acknowledged, and "New mail
 * servers", which may be ignored. The customer logs in as a person does; the notices' load and each
 * answer are held at the network until the walk lets them reach the real server (or drops them: a
 * network failure, the one refusal the real server cannot be made to give here). "No notices"
 * is the real server's answer once both were acknowledged through the API.
 *
 * The checks read the predicted snapshot through the banner's own selectors: which notices show,
 * which one waits for its answer, whether the reason of a failure shows.
 */
import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import {
  selectBannerError,
  selectBannerFailed,
  selectNotices,
} from '../../../../machines/notices/banner.selectors.ts';
import { API_BASE_PATH } from '../../../../src/shared/constants.ts';
import { NOTICE_MESSAGES } from '../../../../src/shared/people/messages.ts';
import type { Notice, NoticeList } from '../../../../src/shared/notices/types.ts';
import { HeldCalls } from '../../billing/requests.ts';
import { claimBilledCustomer } from '../../support/billed-customers.ts';
import type { BrowserMapping, StateCheckContext } from '../runner.ts';
import { E2E_BASE_URL, logInAs, logInThroughApi } from './portal.ts';

type BannerSnapshot = Parameters<typeof selectNotices>[0];

/** The machine's samples name the notices by id (machines/notices/banner.model.ts). */
const TITLES: Record<number, string> = { 1: 'Planned maintenance', 2: 'New mail servers' };
const NOTICES_PATH = /^\/notices$/;
const ANSWER_PATH = /^\/notices\/\d+(\/ack)?$/;

interface Walk {
  username: string;
  load: HeldCalls;
  ack: HeldCalls;
  ignore: HeldCalls;
  /** The real ids of the two notices written for this walk, by the samples' ids. */
  ids: Record<number, number>;
  /** The answer last pressed, held until its outcome's event. */
  answering?: HeldCalls;
}
const walks = new WeakMap<Page, Walk>();
const walkOf = (page: Page) => {
  const walk = walks.get(page);
  if (!walk) throw new Error('the walk did not start');
  return walk;
};

/** A visitor of its own for the per-address limits of the login. */
const ownAddress = () => ({
  'X-Forwarded-For': `2001:db8::99:${Math.floor(Math.random() * 0xffff).toString(16)}`,
});

/** A site admin writes the two notices of the samples to this customer, current for a day. */
async function writeNotices(baseURL: string, username: string): Promise<Record<number, number>> {
  const customer = await logInThroughApi(baseURL, username, ownAddress());
  await customer.api.dispose();
  const admin = await logInThroughApi(baseURL, 'admin', ownAddress());
  const ids: Record<number, number> = {};
  const now = Date.now();
  for (const [sampleId, title] of Object.entries(TITLES)) {
    const response = await admin.api.post(`${API_BASE_PATH}/notices`, {
      headers: admin.headers,
      data: {
        title,
        content: `${title}: details for this customer.`,
        ignorable: Number(sampleId) === 2,
        cid: customer.user.cid,
        starts_at: new Date(now - 60_000).toISOString(),
        ends_at: new Date(now + 86_400_000).toISOString(),
      },
    });
    if (!response.ok()) throw new Error(`the notice was not written: ${await response.text()}`);
    ids[Number(sampleId)] = ((await response.json()) as Notice).id;
  }
  await admin.api.dispose();
  return ids;
}

const banner = (page: Page) => page.getByTestId('notices-banner');
const noticeNamed = (page: Page, sampleId: number) =>
  banner(page).getByRole('region', { name: TITLES[sampleId] ?? `notice ${sampleId}`, exact: true });
const idOf = (event: EventObject) => (event as EventObject & { id: number }).id;

async function expectShown({ page, expect, step }: StateCheckContext) {
  const snapshot = step.snapshot as unknown as BannerSnapshot;
  const views = selectNotices(snapshot);
  await expect(banner(page).getByTestId('notice')).toHaveCount(views.length);
  for (const { notice, canIgnore, busy } of views) {
    const shown = noticeNamed(page, notice.id);
    await expect(shown).toBeVisible();
    await expect(shown.getByRole('button', { name: NOTICE_MESSAGES.ignore })).toHaveCount(
      canIgnore ? 1 : 0,
    );
    const acknowledge = shown.getByRole('button', { name: NOTICE_MESSAGES.acknowledge });
    if (busy) await expect(acknowledge).toHaveAttribute('data-loading', 'true');
    else await expect(acknowledge).toBeEnabled();
  }
  const reason = banner(page).getByRole('alert');
  if (selectBannerError(snapshot) !== null) await expect(reason).toBeVisible();
  else await expect(reason).toHaveCount(0);
}

async function expectNoBanner({ page, expect }: StateCheckContext) {
  await expect(banner(page)).toHaveCount(0);
}

export const noticesBannerMapping: BrowserMapping = {
  machine: 'notices-banner',
  async start({ page, visit }) {
    const username = claimBilledCustomer();
    const ids = await writeNotices(E2E_BASE_URL, username);
    walks.set(page, {
      username,
      ids,
      load: await HeldCalls.on(page, 'GET', NOTICES_PATH, 'for the notices'),
      ack: await HeldCalls.on(page, 'POST', ANSWER_PATH, 'acknowledging a notice'),
      ignore: await HeldCalls.on(page, 'DELETE', ANSWER_PATH, 'ignoring a notice'),
    });
    // The banner mounts with the login, its load held: it shows nothing yet.
    await logInAs(page, visit, username);
  },
  events: {
    'xstate.done.actor.load': async ({ page }, event) => {
      const walk = walkOf(page);
      const output = (event as EventObject & { output: readonly unknown[] }).output;
      if (output.length === 0) {
        // Both acknowledged elsewhere (another device, a login of its own): the server now
        // answers no notices. Not through the page's cookies: its access token may have run out
        // while the load was held, and a renewal here would take the page's session from it.
        const other = await logInThroughApi(E2E_BASE_URL, walk.username, ownAddress());
        try {
          for (const id of Object.values(walk.ids)) {
            const acked = await other.api.post(`${API_BASE_PATH}/notices/${id}/ack`, {
              headers: other.headers,
            });
            if (!acked.ok())
              throw new Error(`notice ${id} was not acknowledged: ${await acked.text()}`);
          }
          const answer = await other.api.get(`${API_BASE_PATH}/notices`);
          if (!answer.ok()) throw new Error(`the notices did not load: ${await answer.text()}`);
          const left = (await answer.json()) as NoticeList;
          if (left.notices.length !== 0) throw new Error('the notices were not acknowledged');
        } finally {
          await other.api.dispose();
        }
      }
      await walk.load.release();
    },
    'xstate.error.actor.load': async ({ page }) => {
      await walkOf(page).load.drop();
    },
    'notices.retry.pressed': async ({ page }) => {
      await banner(page).getByRole('button', { name: 'Try again' }).click();
    },
    'notice.acknowledge.pressed': async ({ page, expect }, event) => {
      const shown = noticeNamed(page, idOf(event));
      // A notice the banner does not show has no button to press.
      if ((await shown.count()) === 0) {
        await expect(shown).toHaveCount(0);
        return;
      }
      const walk = walkOf(page);
      walk.answering = walk.ack;
      await shown.getByRole('button', { name: NOTICE_MESSAGES.acknowledge }).click();
    },
    'notice.ignore.pressed': async ({ page, expect }, event) => {
      const shown = noticeNamed(page, idOf(event));
      const ignore = shown.getByRole('button', { name: NOTICE_MESSAGES.ignore });
      // A notice that must be acknowledged offers no Ignore to press.
      if ((await ignore.count()) === 0) {
        await expect(ignore).toHaveCount(0);
        return;
      }
      const walk = walkOf(page);
      walk.answering = walk.ignore;
      await ignore.click();
    },
    'xstate.done.actor.answer': async ({ page }) => {
      const held = walkOf(page).answering;
      if (!held) throw new Error('no answer was pressed');
      await held.release();
    },
    'xstate.error.actor.answer': async ({ page }) => {
      const held = walkOf(page).answering;
      if (!held) throw new Error('no answer was pressed');
      await held.drop();
    },
    'session.logged.out': async ({ page }) => {
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL(/\/control\/login\//);
    },
  },
  states: {
    loading: expectNoBanner,
    showing: expectShown,
    acknowledging: expectShown,
    ignoring: expectShown,
    empty: expectNoBanner,
    failed: async ({ page, expect, step }) => {
      const snapshot = step.snapshot as unknown as BannerSnapshot;
      if (!selectBannerFailed(snapshot)) throw new Error('the machine is not in failed');
      await expect(
        banner(page).getByRole('alert').filter({ hasText: NOTICE_MESSAGES.loadFailed }),
      ).toBeVisible();
      await expect(banner(page).getByRole('button', { name: 'Try again' })).toBeVisible();
      await expect(banner(page).getByTestId('notice')).toHaveCount(0);
    },
    cleared: async ({ page, expect }) => {
      await expect(page).toHaveURL(/\/control\/login\//);
      await expect(banner(page)).toHaveCount(0);
    },
  },
};
