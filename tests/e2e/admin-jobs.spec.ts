/**
 * The Admin "Jobs" page in the browser (issue 31 "What an operator watches"): a site admin
 * reaches it from the admin area's navigation; a load that fails says so with Try again; the
 * billing pass shows as customers done of total (a progress bar labelled for screen readers);
 * the mail kind shows its counts, its last failure with the SMTP answer, and its dead job (seeded
 * by tests/e2e/support/jobs-seed.ts), the email itself is listed as given up with whom it was for
 * and that answer; the dead job's Retry asks first, naming the job, sends nothing on
 * Cancel, and once confirmed queues it again: the job leaves the dead list, also after Refresh.
 * A customer who opens the page's address is sent to Account with the route's refusal. The page
 * and its question pass axe in the light and the dark scheme (the Retry's audit entry and the
 * server's refusals of others are tests/api/admin-jobs.test.ts).
 */
import type { Page } from '@playwright/test';
import { ADMIN_JOBS_MESSAGES as M, jobLabel } from '../../src/shared/jobs/messages.ts';
import type { AdminJobsResponse } from '../../src/shared/jobs/types.ts';
import { API_BASE_PATH } from '../../src/shared/constants.ts';
import { ERROR_MESSAGES } from '../../src/shared/messages.ts';
import { logInAs, logInThroughApi } from './paths/mappings/portal.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { SEEDED_MAIL_ERROR, SEEDED_MAIL_TO, SEEDED_PASS } from './support/jobs-seed.ts';

const SLOW = 20_000;

/** The seeded dead email, as the API lists it. */
async function seededDeadJob(baseURL: string) {
  const admin = await logInThroughApi(baseURL, 'admin', { 'X-Forwarded-For': '2001:db8::31:1' });
  const response = await admin.api.get(`${API_BASE_PATH}/admin/jobs`, { headers: admin.headers });
  expect(response.status()).toBe(200);
  const page = (await response.json()) as AdminJobsResponse;
  await admin.api.dispose();
  const dead = page.kinds
    .find((k) => k.kind === 'mail.deliver')
    ?.dead_jobs.find((d) => d.error === SEEDED_MAIL_ERROR);
  expect(dead, 'the seeded dead email is listed').toBeDefined();
  return dead!;
}

/** Retry calls leaving the page, and those the server took (not a 401 sent again). */
function retryCalls(page: Page) {
  const calls = { sent: 0, taken: 0 };
  const isRetry = (method: string, url: string) =>
    method === 'POST' && /\/admin\/jobs\/[^/]+\/dead\/[^/]+\/retry$/.test(new URL(url).pathname);
  page.on('request', (request) => {
    if (isRetry(request.method(), request.url())) calls.sent += 1;
  });
  page.on('response', (response) => {
    if (isRetry(response.request().method(), response.url()) && response.status() !== 401)
      calls.taken += 1;
  });
  return calls;
}

test('the Jobs page: progress, failures, and a dead email retried once confirmed', async ({
  page,
  visit,
  baseURL,
}) => {
  const dead = await seededDeadJob(baseURL!);
  const label = jobLabel('mail.deliver', dead.id, dead.data);

  await logInAs(page, visit, 'admin', '/control/admin/');
  // The first load fails: the page says so and offers Try again.
  await page.route('**/manage/api/v1.0/admin/jobs', (route) => route.abort(), { times: 1 });
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Jobs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: M.title })).toBeVisible({
    timeout: SLOW,
  });
  const failure = page.getByRole('alert').filter({ hasText: M.loadFailed });
  await expect(failure).toBeVisible({ timeout: SLOW });
  await failure.getByRole('button', { name: M.tryAgain }).click();

  // The billing pass: customers done of total, named for screen readers.
  const text = M.progressText(SEEDED_PASS.done, SEEDED_PASS.total);
  const bar = page.getByRole('progressbar', {
    name: `${M.progressLabel(SEEDED_PASS.kind, SEEDED_PASS.key)}, ${text}`,
  });
  await expect(bar).toBeVisible({ timeout: SLOW });
  await expect(bar).toHaveAttribute('aria-valuenow', '25');
  await expect(page.getByText(text)).toBeVisible();

  // The mail kind: its counts, its last failure with the SMTP answer, its dead job.
  const mail = page.getByRole('region', { name: 'mail.deliver' });
  const counts = mail.getByTestId('job-counts-mail.deliver');
  const deadCount = async () => Number(await counts.getByRole('cell').nth(3).textContent());
  const deadBefore = await deadCount();
  expect(deadBefore).toBeGreaterThanOrEqual(1);
  await expect(mail.getByTestId('job-failures-mail.deliver')).toContainText(SEEDED_MAIL_ERROR);
  const row = mail.getByTestId(`dead-job-${dead.id}`);
  await expect(row).toContainText(label);
  await expect(row).toContainText(SEEDED_MAIL_ERROR);

  // The email itself, given up: whom it was for and the mail server's last answer.
  const givenUp = page
    .getByRole('region', { name: M.givenUpMail })
    .getByTestId(`given-up-mail-${String((dead.data as { outboxId: number }).outboxId)}`);
  await expect(givenUp).toContainText(SEEDED_MAIL_TO);
  await expect(givenUp).toContainText(SEEDED_MAIL_ERROR);
  await expectAccessible(page, 'the jobs page');

  // Retry asks first, naming the job; Cancel sends nothing.
  const calls = retryCalls(page);
  const retry = row.getByRole('button', { name: M.retryLabel(label) });
  await retry.click();
  const question = page.getByRole('dialog', { name: M.confirmTitle });
  await expect(question).toContainText(M.confirm(label));
  await expectAccessible(page, 'the retry question');
  await question.getByRole('button', { name: M.cancel }).click();
  await expect(question).toHaveCount(0);
  expect(calls.sent, 'nothing is sent before the admin confirms').toBe(0);
  await expect(row).toBeVisible();

  // Confirmed: queued again once; the job leaves the dead list.
  await retry.click();
  await question.getByRole('button', { name: M.confirmButton }).click();
  await expect(question).toHaveCount(0, { timeout: SLOW });
  await expect(page.getByRole('status').filter({ hasText: M.retried(label) })).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect.poll(deadCount).toBe(deadBefore - 1);
  expect(calls.taken).toBe(1);

  // Read again from the server: still gone.
  await page.getByRole('button', { name: M.refresh }).click();
  await expect(page.getByRole('button', { name: M.refresh })).toBeEnabled({ timeout: SLOW });
  await expect(mail.getByTestId(`dead-job-${dead.id}`)).toHaveCount(0);
  // Its email waits for a delivery again: no longer given up.
  await expect(givenUp).toHaveCount(0);
  await expect(bar).toBeVisible();

  // A customer who opens the page's address is sent to Account, told so, and asks for no jobs.
  let jobsAsked = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `${API_BASE_PATH}/admin/jobs`) jobsAsked += 1;
  });
  await logInAs(page, visit, 'demo', null);
  await visit('/control/admin/jobs/');
  await expect(page).toHaveURL(/\/control\/account\/$/, { timeout: SLOW });
  await expect(
    page.getByTestId('notifications').getByRole('alert').filter({
      hasText: ERROR_MESSAGES.routeDenied,
    }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: M.title })).toHaveCount(0);
  expect(jobsAsked).toBe(0);
});
