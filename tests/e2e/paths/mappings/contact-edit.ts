/**
 * One authorized contact on Account Home in the browser (portal.md §4 "Contact edit"; docs/people.md),
 * walked from Add contact, as the machine starts. The person editing is a user of the path's own
 * customer (`claimBilledCustomer`) with the samples' rights, contacts manage and payments view
 * (`CONTACTS_MANAGER`), made through the API with the customer's session before the page opens,
 * so that the grid of Make user offers only what they hold; the page logs in as them through the
 * API. Every answer is the real server's: a taken username is the customer's own, and a failure
 * the real server is never made to give here (a time-out, the last contacts manager) is the
 * request dropped on the network, which the page reports with the network's words.
 *
 * The checks read the predicted snapshot through the machine's own selectors: which dialog is open
 * and for whom, the form's values and the messages on its fields, the grid's choices and which of
 * them may be chosen, what the row offers, and the reason of a failure.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { EventObject, SnapshotFrom } from 'xstate';
import {
  checkContact,
  checkLogin,
  type contactEditMachine,
} from '../../../../machines/people/contact-edit.machine.ts';
import {
  selectConvertGrid,
  selectLockedFields,
  selectRowOffers,
  type RowOffer,
} from '../../../../machines/people/contact-edit.selectors.ts';
import { EMPTY_CONTACT } from '../../../../machines/people/types.ts';
import { CONTACTS_MANAGER } from '../../../../machines/people/samples.ts';
import { API_BASE_PATH } from '../../../../src/shared/constants.ts';
import { ERROR_MESSAGES } from '../../../../src/shared/messages.ts';
import { SESSION_NOTICES } from '../../../../src/shared/session/messages.ts';
import {
  CONTACT_FIELD_LABELS,
  PEOPLE_MESSAGES,
  PEOPLE_TEXT,
} from '../../../../src/shared/people/messages.ts';
import { loggedInLabel, PERMISSION_CATEGORY_TEXT } from '../../../../src/shared/messages/portal.ts';
import type { PermissionCategory } from '../../../../src/shared/constants.ts';
import type { Perms } from '../../../../src/shared/permissions.ts';
import { claimBilledCustomer } from '../../support/billed-customers.ts';
import type { BrowserMapping, StateCheckContext } from '../runner.ts';
import { csrfHeader, DEMO_PASSWORD } from './portal.ts';

type Snapshot = SnapshotFrom<typeof contactEditMachine>;

/** The entry's projection (machines/people/contact-edit.model.ts): what each check reads. */
interface Projection {
  saved: boolean;
  user: boolean;
  name: string;
  savedName: string;
  uid: boolean;
  password: boolean;
  errors: string;
  error: string | null;
}

/** The password of the logins the walks make (the rules of portal.md §5 accept it). */
export const PEOPLE_PASSWORD = 'Quartz-Meadow-Falcon-Ribbon-73!';
export const ACCOUNT_PATH = '/control/account/';
/** The person editing: a user of the customer with the samples' rights. */
export const EDITOR_NAME = 'Eddie Editor';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** Logs a login in through the API in the page's own browser context (its cookies). */
async function logInPageRequest(page: Page, username: string, password: string) {
  await page.request.get(`${API_BASE_PATH}/csrf`);
  const headers = csrfHeader(await page.context().cookies());
  const login = await page.request.post(`${API_BASE_PATH}/auth/tokens`, {
    data: { username, password, store_in_cookies: true },
    headers,
  });
  if (login.status() !== 200) throw new Error(`${username} did not log in: ${await login.text()}`);
  return headers;
}

/**
 * The customer adds users through the API (POST /user/authorized_users, a fresh token: each one
 * right after the login), then the page logs in as the first one and opens Account Home, with
 * the password prompt of a later sensitive call answered with that user's password.
 */
export async function startAsEditor(
  page: Page,
  visit: (path: string) => Promise<void>,
  others: readonly { name: string; uid: string; perms: Perms }[] = [],
): Promise<{ customer: string; editor: string }> {
  const customer = claimBilledCustomer();
  const editor = `ed${unique()}`;
  for (const user of [{ name: EDITOR_NAME, uid: editor, perms: CONTACTS_MANAGER }, ...others]) {
    const headers = await logInPageRequest(page, customer, DEMO_PASSWORD);
    const response = await page.request.post(`${API_BASE_PATH}/user/authorized_users`, {
      headers,
      data: {
        name: user.name,
        email: `${user.uid}@example.com`,
        phone: '(555) 010-2030',
        uid: user.uid,
        password: PEOPLE_PASSWORD,
        perms: user.perms,
      },
    });
    if (response.status() !== 201)
      throw new Error(`${user.uid} was not made a user: ${await response.text()}`);
  }
  await logInPageRequest(page, editor, PEOPLE_PASSWORD);
  await answerPasswordPrompts(page);
  await visit(ACCOUNT_PATH);
  await page
    .getByTestId('logged-in-link')
    .filter({ hasText: loggedInLabel(editor) })
    .waitFor();
  return { customer, editor };
}

const passwordPrompt = (page: Page) =>
  page.getByRole('dialog', { name: SESSION_NOTICES.refreshPasswordTitle });

/** Answers the password prompt with the person editing's password; the page sends the call again. */
async function answerPrompt(page: Page) {
  const prompt = passwordPrompt(page);
  await prompt.getByRole('textbox', { name: 'Password', exact: true }).fill(PEOPLE_PASSWORD);
  await prompt.getByRole('button', { name: 'Continue' }).click();
  await prompt.waitFor({ state: 'detached' });
}

/**
 * A sensitive call after the access token's 5 s asks for the password again (docs/api.md): it is
 * answered whenever it shows during an action or a check.
 */
async function answerPasswordPrompts(page: Page) {
  await page.addLocatorHandler(passwordPrompt(page), () => answerPrompt(page));
}

/** Waits for what the page awaits (the list loaded again), answering the password prompt meanwhile. */
export async function settled(page: Page, waiting: Promise<void> | undefined) {
  if (!waiting) return;
  let done = false;
  void waiting.then(() => {
    done = true;
  });
  await expect
    .poll(
      async () => {
        // An auto-waiting check: the locator handler answers a password prompt shown meanwhile.
        await expect(page.locator('main#main')).toBeAttached();
        return done;
      },
      { message: 'the people list loaded again', timeout: 30_000 },
    )
    .toBe(true);
  await waiting;
}

/** Drops the next request of this method to the people calls: the page sees a network failure. */
export async function dropNext(page: Page, method: string, path: RegExp) {
  await page.route(
    (url) =>
      url.pathname.startsWith(API_BASE_PATH) && path.test(url.pathname.slice(API_BASE_PATH.length)),
    (route) =>
      route.request().method() === method ? route.abort('internetdisconnected') : route.fallback(),
    { times: 1 },
  );
}

/**
 * Waits until the people list the page loads again after a change has been answered and drawn
 * (each row is then a machine of its own again, started from what the server kept).
 */
export function listReloaded(page: Page): Promise<void> {
  return page
    .waitForResponse(
      (response) =>
        response.request().method() === 'GET' &&
        new URL(response.url()).pathname === `${API_BASE_PATH}/user/authorized_contacts` &&
        // The list's own answer (a 401 for a token run out is renewed and the list asked again).
        response.status() !== 401,
    )
    .then(async (response) => {
      await response.finished();
      // Two frames: React has drawn the list that came back.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
          ),
      );
    });
}

export const rowOf = (page: Page, name: string) =>
  page.getByTestId('contact-row').filter({ has: page.getByText(name, { exact: true }) });

const CONTACTS = /^\/user\/authorized_contacts(\/\d+)?$/;
const USERS = /^\/user\/authorized_users\/\d+$/;

/** The fields the samples type. */
interface Fields {
  name: string;
  email: string;
  phone: string;
}
const NO_FIELDS: Fields = { name: '', email: '', phone: '' };

/**
 * What the page holds, as the walk typed it: the predicted snapshots stand for every context with
 * the same projection (the graph's vertices), so the values typed are the walk's own.
 */
interface Walk {
  /** The customer (the primary admin): a username the server says is taken. */
  customer: string;
  /** The open contact form's values, and the contact as saved (null: not saved yet). */
  form: Fields;
  saved: Fields | null;
  /** The Make user form's values; whether the server refused its username. */
  login: { uid: string; password: string };
  refusedUid: boolean;
  /** The username the contact has as a user. */
  uid: string;
  /** The last failure was a request dropped on the network: the page gives the network's reason. */
  dropped: boolean;
  /** The people list loaded again after the change in flight. */
  reload?: Promise<void>;
}
/** Each page's walk state: `set` at the walk's start, `of` in its steps. */
export function walkStates<T extends object>() {
  const walks = new WeakMap<Page, T>();
  return {
    set: (page: Page, walk: T) => walks.set(page, walk),
    of: (page: Page): T => {
      const walk = walks.get(page);
      if (!walk) throw new Error('the walk did not start');
      return walk;
    },
  };
}
const walks = walkStates<Walk>();
const walkOf = walks.of;

const field = <T>(event: EventObject, key: string) => (event as unknown as Record<string, T>)[key];
const projectionOf = (step: StateCheckContext['step']) => step.projection as Projection;
const snapshotOf = (step: StateCheckContext['step']) => step.snapshot as unknown as Snapshot;
const keys = (list: string) => list.split(',').filter(Boolean);

/** The next answer of this call in the path: its event type, if any. */
const nextAnswer = (upcoming: readonly EventObject[], actor: string) =>
  upcoming.find((event) => event.type.endsWith(`.actor.${actor}`))?.type;

const savedName = (page: Page) => walkOf(page).saved?.name ?? '';
const contactForm = (page: Page, saved: string | null) =>
  page.getByRole('dialog', {
    name: saved === null ? PEOPLE_TEXT.addContact : `${PEOPLE_TEXT.edit} ${saved}`,
    exact: true,
  });
const form = (page: Page) => contactForm(page, walkOf(page).saved?.name ?? null);
const loginForm = (page: Page, name = savedName(page)) =>
  page.getByRole('dialog', { name: `${PEOPLE_TEXT.makeUser}: ${name}`, exact: true });
const confirmDialog = (page: Page, what: 'demote' | 'delete', name = savedName(page)) =>
  page.getByRole('dialog', {
    name: what === 'delete' ? `${PEOPLE_TEXT.delete} ${name}` : PEOPLE_TEXT.makeContact,
    exact: true,
  });
const row = (page: Page) => rowOf(page, savedName(page));
const fieldLabel = (key: string) =>
  key === 'uid'
    ? PEOPLE_TEXT.username
    : key === 'password'
      ? PEOPLE_TEXT.password
      : CONTACT_FIELD_LABELS[key as keyof typeof CONTACT_FIELD_LABELS];
const box = (dialog: Locator, key: string) =>
  dialog.getByRole('textbox', { name: fieldLabel(key), exact: true });

/** Types into a box as a person does (a value typed again is typed over: the page hears it). */
async function typeInto(target: Locator, value: string) {
  if ((await target.inputValue()) === value) await target.fill('');
  await target.fill(value);
}

/** The phone mask of portal.md §5, "(###) ###-####". */
const PHONE_PATTERN = '(###) ###-####';

/**
 * What a masked box shows once these digits are typed: each digit in the next `#`, the mask's
 * other characters up to the last digit typed.
 */
export function maskedAsTyped(digits: string, pattern = PHONE_PATTERN): string {
  const queue = [...digits.replace(/\D/g, '')];
  let shown = '';
  let pending = '';
  for (const char of pattern) {
    if (char !== '#') pending += char;
    else if (queue.length === 0) break;
    else {
      shown += pending + queue.shift();
      pending = '';
    }
  }
  return shown;
}

/** Types the digits of a phone number into its masked box, as a person does. */
export async function typeDigits(target: Locator, value: string) {
  await target.click();
  await target.press('ControlOrMeta+a');
  await target.press('Backspace');
  await target.pressSequentially(value.replace(/\D/g, ''));
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each box shows its value, and the message of its field when the field is to blame. */
async function expectBoxes(
  { expect }: StateCheckContext,
  dialog: Locator,
  values: Record<string, string>,
  messages: Record<string, string | undefined>,
) {
  for (const [key, value] of Object.entries(values)) {
    const input = box(dialog, key);
    await expect(input).toHaveValue(value);
    // Marked invalid for a screen reader (the password box too), the message read with the box.
    const invalid = input.and(dialog.locator('[aria-invalid="true"]'));
    const message = messages[key];
    if (message) {
      await expect(invalid).toHaveCount(1);
      await expect(input).toHaveAccessibleDescription(new RegExp(escaped(message)));
    } else await expect(invalid).toHaveCount(0);
  }
}

/** The reason of the last failure, in the open modal's list or on the row (none: no alert). */
async function expectReason(
  { page, expect }: StateCheckContext,
  where: Locator,
  reason: string | null,
) {
  const alert = where.getByRole('alert');
  if (reason)
    await expect(alert).toHaveText(walkOf(page).dropped ? ERROR_MESSAGES.timeout : reason);
  else await expect(alert).toHaveCount(0);
}

export const LEVEL_LABELS = { none: 'None', view: PEOPLE_TEXT.view, manage: PEOPLE_TEXT.manage };

/** Every radio of a grid: chosen as predicted, enabled only where the editor may choose it. */
export async function expectGrid(
  { expect }: StateCheckContext,
  dialog: Locator,
  rows: ReturnType<typeof selectConvertGrid>,
  disabled = false,
) {
  for (const gridRow of rows)
    for (const option of gridRow.options) {
      const radio = dialog.getByRole('radio', {
        name: `${gridRow.label}: ${LEVEL_LABELS[option.level]}`,
        exact: true,
      });
      if (option.chosen) await expect(radio).toBeChecked();
      else await expect(radio).not.toBeChecked();
      if (option.allowed && !disabled) await expect(radio).toBeEnabled();
      else await expect(radio).toBeDisabled();
    }
}

/** The list holds only the customer and the person editing. */
async function expectOnlyTheOthers({ page, expect }: StateCheckContext) {
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(rowOf(page, EDITOR_NAME)).toBeVisible();
  await expect(page.getByTestId('contact-row')).toHaveCount(2);
}

export const contactEditMapping: BrowserMapping = {
  machine: 'contact-edit',
  async start({ page, visit }) {
    const { customer } = await startAsEditor(page, visit);
    walks.set(page, {
      customer,
      form: { ...NO_FIELDS },
      saved: null,
      login: { uid: '', password: '' },
      refusedUid: false,
      uid: '',
      dropped: false,
    });
    await rowOf(page, EDITOR_NAME).waitFor();
    await page.getByRole('button', { name: PEOPLE_TEXT.addContact }).click();
  },
  events: {
    'contact.edit.pressed': async ({ page }) => {
      const walk = walkOf(page);
      walk.form = { ...(walk.saved ?? NO_FIELDS) };
      await row(page)
        .getByRole('button', { name: `${PEOPLE_TEXT.edit} ${savedName(page)}`, exact: true })
        .click();
    },
    'field.changed': async ({ page }, event) => {
      const name = field<keyof Fields>(event, 'field');
      const value = String(field<string | number>(event, 'value'));
      const target = box(form(page), name);
      // A field that is not the editor's to change is disabled: nobody can type there (the
      // state's check says why it is).
      if (await target.isDisabled()) return;
      if (name === 'phone') {
        await typeDigits(target, value);
        walkOf(page).form.phone = maskedAsTyped(value);
      } else {
        await typeInto(target, value);
        walkOf(page).form[name] = value;
      }
    },
    'edit.cancel.pressed': async ({ page }) => {
      const walk = walkOf(page);
      await form(page).getByRole('button', { name: PEOPLE_TEXT.cancel, exact: true }).click();
      walk.form = { ...(walk.saved ?? NO_FIELDS) };
    },
    'save.pressed': async ({ page, upcoming }) => {
      const walk = walkOf(page);
      const answer = upcoming[0]?.type;
      if (answer === 'xstate.error.actor.saveContact') {
        walk.dropped = true;
        await dropNext(page, walk.saved === null ? 'POST' : 'PATCH', CONTACTS);
      } else if (answer === 'xstate.done.actor.saveContact') walk.reload = listReloaded(page);
      await form(page).getByRole('button', { name: PEOPLE_TEXT.save, exact: true }).click();
    },
    'xstate.done.actor.saveContact': async ({ page }) => {
      const walk = walkOf(page);
      await settled(page, walk.reload);
      walk.saved = { ...walk.form };
      walk.dropped = false;
    },
    'xstate.error.actor.saveContact': async ({ page, expect }) => {
      await expect(form(page).getByRole('alert')).toBeVisible();
    },
    'user.convert.pressed': async ({ page }) => {
      const walk = walkOf(page);
      walk.login = { uid: '', password: '' };
      walk.refusedUid = false;
      await row(page)
        .getByRole('button', { name: `${PEOPLE_TEXT.makeUser}: ${savedName(page)}`, exact: true })
        .click();
    },
    'login.changed': async ({ page, upcoming }, event) => {
      const walk = walkOf(page);
      if (field<string>(event, 'field') === 'password') {
        walk.login.password = PEOPLE_PASSWORD;
      } else {
        // The username the server is to refuse is taken (the customer's own); else a new one.
        walk.login.uid =
          nextAnswer(upcoming, 'makeUser') === 'xstate.error.actor.makeUser'
            ? walk.customer
            : `ct${unique()}`;
        walk.refusedUid = false;
      }
      const key = field<'uid' | 'password'>(event, 'field');
      await typeInto(box(loginForm(page), key), walk.login[key]);
    },
    'permission.level.chosen': async ({ page }, event) => {
      const category = field<PermissionCategory>(event, 'category');
      const level = field<keyof typeof LEVEL_LABELS>(event, 'level');
      await loginForm(page)
        .getByRole('radio', {
          name: `${PERMISSION_CATEGORY_TEXT[category].label}: ${LEVEL_LABELS[level]}`,
          exact: true,
        })
        .check();
    },
    'convert.cancel.pressed': async ({ page }) => {
      await loginForm(page).getByRole('button', { name: PEOPLE_TEXT.cancel, exact: true }).click();
    },
    'convert.submitted': async ({ page, upcoming }) => {
      const walk = walkOf(page);
      if (upcoming[0]?.type === 'xstate.done.actor.makeUser') walk.reload = listReloaded(page);
      await loginForm(page)
        .getByRole('button', { name: PEOPLE_TEXT.makeUser, exact: true })
        .click();
    },
    'xstate.done.actor.makeUser': async ({ page }) => {
      const walk = walkOf(page);
      await settled(page, walk.reload);
      walk.uid = walk.login.uid;
      walk.dropped = false;
    },
    'xstate.error.actor.makeUser': async ({ page, expect }) => {
      const walk = walkOf(page);
      await expect(box(loginForm(page), 'uid')).toHaveAccessibleDescription(
        new RegExp(escaped(PEOPLE_MESSAGES.usernameTaken)),
      );
      walk.refusedUid = true;
    },
    'user.demote.pressed': async ({ page }) => {
      await row(page)
        .getByRole('button', {
          name: `${PEOPLE_TEXT.makeContact}: ${savedName(page)}`,
          exact: true,
        })
        .click();
    },
    'contact.delete.pressed': async ({ page }) => {
      await row(page)
        .getByRole('button', { name: `${PEOPLE_TEXT.delete} ${savedName(page)}`, exact: true })
        .click();
    },
    'confirmation.accepted': async ({ page, upcoming }) => {
      const walk = walkOf(page);
      const answer = upcoming[0]?.type ?? '';
      const what = answer.endsWith('.deleteContact') ? 'delete' : 'demote';
      if (answer.startsWith('xstate.error.actor.')) {
        walk.dropped = true;
        if (what === 'delete') await dropNext(page, 'DELETE', CONTACTS);
        else await dropNext(page, 'PUT', USERS);
      } else if (answer.startsWith('xstate.done.actor.')) walk.reload = listReloaded(page);
      await confirmDialog(page, what)
        .getByRole('button', {
          name: what === 'delete' ? PEOPLE_TEXT.delete : PEOPLE_TEXT.makeContact,
          exact: true,
        })
        .click();
    },
    'confirmation.declined': async ({ page }) => {
      await page
        .getByRole('dialog')
        .getByRole('button', { name: PEOPLE_TEXT.cancel, exact: true })
        .click();
    },
    'xstate.done.actor.demoteUser': async ({ page }) => {
      const walk = walkOf(page);
      await settled(page, walk.reload);
      walk.uid = '';
      walk.dropped = false;
    },
    'xstate.error.actor.demoteUser': async ({ page, expect }) => {
      await expect(confirmDialog(page, 'demote')).toHaveCount(0);
    },
    'xstate.done.actor.deleteContact': async ({ page }) => {
      await settled(page, walkOf(page).reload);
    },
    'xstate.error.actor.deleteContact': async ({ page, expect }) => {
      await expect(confirmDialog(page, 'delete')).toHaveCount(0);
    },
  },
  notCaused: {
    'xstate.error.actor.saveContact': ({ event }) =>
      field<{ status?: number }>(event, 'error').status === 422
        ? 'the form checks every field with the server’s own rules (ContactSchema) first, so the server never refuses a field the form sends'
        : undefined,
    'permission.level.chosen': ({ event }) =>
      field<string>(event, 'category') === 'payments' && field<string>(event, 'level') === 'view'
        ? undefined
        : 'a level the editor does not hold is a disabled radio: no person can choose it',
  },
  states: {
    editing: async (context) => {
      const { page, expect, step } = context;
      const p = projectionOf(step);
      const walk = walkOf(page);
      const dialog = contactForm(page, p.saved ? p.savedName : null);
      await expect(dialog).toBeVisible();
      const messages = checkContact({ ...EMPTY_CONTACT, ...walk.form }).errors;
      await expectBoxes(
        context,
        dialog,
        { name: p.name, email: walk.form.email, phone: walk.form.phone },
        Object.fromEntries(keys(p.errors).map((key) => [key, messages[key]])),
      );
      // A login's email and phone: disabled with the reason for anyone but the login itself
      // and the primary admin.
      const locked: Record<string, string | undefined> = selectLockedFields(snapshotOf(step));
      for (const key of ['email', 'phone']) {
        const reason = locked[key];
        if (reason) {
          await expect(box(dialog, key)).toBeDisabled();
          await expect(box(dialog, key)).toHaveAccessibleDescription(new RegExp(escaped(reason)));
        } else await expect(box(dialog, key)).toBeEnabled();
      }
      await expectReason(context, dialog, p.error);
      for (const name of [PEOPLE_TEXT.save, PEOPLE_TEXT.cancel])
        await expect(dialog.getByRole('button', { name, exact: true })).toBeEnabled();
    },
    viewing: async (context) => {
      const { page, expect, step } = context;
      const p = projectionOf(step);
      const s = snapshotOf(step);
      const saved = walkOf(page).saved ?? NO_FIELDS;
      await expect(page.getByRole('dialog')).toHaveCount(0);
      const shown = rowOf(page, p.savedName);
      await expect(shown).toHaveCount(1);
      await expect(shown).toContainText(saved.email);
      await expect(shown).toContainText(saved.phone);
      await expect(shown).toContainText(
        p.user ? `${PEOPLE_TEXT.user}: ${walkOf(page).uid}` : PEOPLE_TEXT.contact,
      );
      const offer = selectRowOffers(s);
      const offers: [RowOffer, string][] = [
        [offer.edit, `${PEOPLE_TEXT.edit} ${p.savedName}`],
        [offer.convert, `${PEOPLE_TEXT.makeUser}: ${p.savedName}`],
        [offer.demote, `${PEOPLE_TEXT.permissions}: ${p.savedName}`],
        [offer.demote, `${PEOPLE_TEXT.makeContact}: ${p.savedName}`],
        [offer.delete, `${PEOPLE_TEXT.delete} ${p.savedName}`],
      ];
      for (const [offered, name] of offers) {
        const button = shown.getByRole('button', { name, exact: true });
        if (offered === null) await expect(button).toHaveCount(0);
        else if (offered.enabled) await expect(button).toBeEnabled();
        else {
          await expect(button).toBeDisabled();
          await expect(button).toHaveAccessibleDescription(offered.reason);
        }
      }
      await expectReason(context, shown, p.error);
    },
    converting: async (context) => {
      const { page, expect, step } = context;
      const p = projectionOf(step);
      const walk = walkOf(page);
      const dialog = loginForm(page, p.savedName);
      await expect(dialog).toBeVisible();
      const messages: Record<string, string | undefined> = checkLogin(walk.login).errors;
      if (walk.refusedUid) messages.uid = PEOPLE_MESSAGES.usernameTaken;
      await expectBoxes(
        context,
        dialog,
        { uid: p.uid ? walk.login.uid : '', password: p.password ? PEOPLE_PASSWORD : '' },
        Object.fromEntries(keys(p.errors).map((key) => [key, messages[key]])),
      );
      await expectGrid(context, dialog, selectConvertGrid(snapshotOf(step)));
      await expectReason(context, dialog, p.error);
      for (const name of [PEOPLE_TEXT.makeUser, PEOPLE_TEXT.cancel])
        await expect(dialog.getByRole('button', { name, exact: true })).toBeEnabled();
    },
    confirmingDemote: async ({ page, expect, step }) => {
      const { savedName: name } = projectionOf(step);
      const dialog = confirmDialog(page, 'demote', name);
      await expect(dialog).toContainText(`${name} will no longer be able to log in`);
      for (const label of [PEOPLE_TEXT.makeContact, PEOPLE_TEXT.cancel])
        await expect(dialog.getByRole('button', { name: label, exact: true })).toBeEnabled();
    },
    confirmingDelete: async ({ page, expect, step }) => {
      const { savedName: name } = projectionOf(step);
      const dialog = confirmDialog(page, 'delete', name);
      await expect(dialog).toContainText(`${name} will be deleted`);
      for (const label of [PEOPLE_TEXT.delete, PEOPLE_TEXT.cancel])
        await expect(dialog.getByRole('button', { name: label, exact: true })).toBeEnabled();
    },
    // Nothing was saved.
    closed: expectOnlyTheOthers,
    deleted: expectOnlyTheOthers,
  },
  notShown: {
    saving: 'lasts only while the server answers; the form or the row after it is checked',
    makingUser: 'lasts only while the server answers; the row or the form after it is checked',
    demoting: 'lasts only while the server answers; the row after it is checked',
    deleting: 'lasts only while the server answers; the list after it is checked',
  },
};
