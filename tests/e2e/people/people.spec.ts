/**
 * People, notices and optional emails in the browser (issue 13): a customer adds a contact, edits it and cancels
 * (the snapshot comes back), makes it a user with payments view only, and that user logs in in a
 * second browser and sees Billing but not Services; made a contact again, its session ends. A
 * phone typed as digits is masked (###) ###-#### (portal.md §5) and a date of birth MM/DD/YYYY,
 * in Add contact and in Edit contact information alike. A viewer (contacts view, and the demo
 * login `viewer`) sees the contacts without any live control; a contacts manager sees Edit
 * disabled, with the reason, on the primary admin, and another login's email and phone locked.
 * An admin publishes notices for one customer; the customer acknowledges one (it stays gone
 * after a reload) and ignores the ignorable one. Every page visited is checked with axe.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { API_BASE_PATH } from '../../../src/shared/constants.ts';
import {
  EMAIL_KIND_LABELS,
  EMAIL_KIND_SWITCHES,
  NOTICE_MESSAGES,
  PEOPLE_TEXT,
  UNSUBSCRIBE_MESSAGES,
} from '../../../src/shared/people/messages.ts';
import { loggedInLabel } from '../../../src/shared/messages/portal.ts';
import type { MailboxResponse, SessionUser } from '../../../src/shared/session/types.ts';
import { answerPasswordPrompts } from '../billing/requests.ts';
import { freshApi } from '../support/fresh-api.ts';
import { claimBilledCustomer } from '../support/billed-customers.ts';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { DEMO_PASSWORD, fillLogin, logInAs } from '../paths/mappings/portal.ts';
import { pressCovered } from '../support/hidden-controls.ts';

const ACCOUNT = '/control/account/';
const USER_PASSWORD = 'Quartz-Meadow-Falcon-Ribbon-73!';
const SLOW = 20_000;

/** A phone number as a person types it, and as the mask shows it (portal.md §5). */
const PHONE_DIGITS = '8015550143';
const PHONE_SHOWN = '(801) 555-0143';

/** Types into a masked box as a person does: the box's text goes, then each key. */
async function typeKeys(box: Locator, keys: string) {
  await box.click();
  await box.press('ControlOrMeta+a');
  await box.press('Backspace');
  await box.pressSequentially(keys);
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** A second person, in a browser of their own, logging in on the login page. */
async function secondBrowser(
  browser: Browser,
  baseURL: string,
  username: string,
  password: string,
) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'X-Forwarded-For': `2001:db8::77:${unique().slice(-4)}` },
  });
  const page = await context.newPage();
  await page.goto('/control/login/');
  const profile = page.waitForResponse((r) => r.url().endsWith('/user/profile') && r.ok());
  await fillLogin(page, username, password);
  const me = (await (await profile).json()) as SessionUser;
  await page
    .getByTestId('logged-in-link')
    .filter({ hasText: loggedInLabel(username) })
    .waitFor();
  await expectAccessible(page);
  return { context, page, me };
}

const contacts = (page: Page) => page.getByTestId('contacts');
const row = (page: Page, name: string) =>
  page.getByTestId('contact-row').filter({ has: page.getByText(name, { exact: true }) });

test.describe('people', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a contact is added, edited and cancelled, made a payments user whose session ends when it is made a contact again', async ({
    page,
    visit,
    browser,
    baseURL,
  }) => {
    const owner = claimBilledCustomer();
    await answerPasswordPrompts(page);
    await logInAs(page, visit, owner, ACCOUNT);
    await expect(page.getByRole('heading', { name: PEOPLE_TEXT.sectionTitle })).toBeVisible();
    await expect(page.getByRole('heading', { name: PEOPLE_TEXT.billingTitle })).toBeVisible();
    await expect(page.getByTestId('billing-summary')).toBeVisible({ timeout: SLOW });

    // Add a contact.
    const name = `Robin Hale`;
    await page.getByRole('button', { name: PEOPLE_TEXT.addContact }).click();
    const add = page.getByRole('dialog', { name: PEOPLE_TEXT.addContact });
    await add.getByRole('textbox', { name: 'Name' }).fill(name);
    await add.getByRole('textbox', { name: 'Email' }).fill('robin@example.com');
    // The phone as digits: the mask writes it (###) ###-####; the date of birth MM/DD/YYYY.
    const phone = add.getByRole('textbox', { name: 'Phone', exact: true });
    await typeKeys(phone, PHONE_DIGITS);
    await expect(phone).toHaveValue(PHONE_SHOWN);
    const dob = add.getByRole('textbox', { name: 'Date of birth' });
    await typeKeys(dob, '04121985');
    await expect(dob).toHaveValue('04/12/1985');
    await add.getByRole('textbox', { name: 'Position' }).fill('Bookkeeper');
    await expectAccessible(page, 'the add contact form');
    await add.getByRole('button', { name: PEOPLE_TEXT.save }).click();
    await expect(add).toHaveCount(0);
    await expect(row(page, name)).toContainText(PEOPLE_TEXT.contact);
    await expect(row(page, name)).toContainText(PHONE_SHOWN);

    // Edit, change, cancel: the snapshot comes back.
    await row(page, name)
      .getByRole('button', { name: `${PEOPLE_TEXT.edit} ${name}` })
      .click();
    const edit = page.getByRole('dialog', { name: `${PEOPLE_TEXT.edit} ${name}` });
    await edit.getByRole('textbox', { name: 'Name' }).fill('Someone Else');
    await edit.getByRole('textbox', { name: 'Email' }).fill('not an email');
    await edit.getByRole('button', { name: PEOPLE_TEXT.cancel }).click();
    await expect(edit).toHaveCount(0);
    await expect(row(page, name)).toContainText('robin@example.com');
    await row(page, name)
      .getByRole('button', { name: `${PEOPLE_TEXT.edit} ${name}` })
      .click();
    await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
    await expect(edit.getByRole('textbox', { name: 'Email' })).toHaveValue('robin@example.com');
    await expect(edit.getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue(
      PHONE_SHOWN,
    );
    await expect(edit.getByRole('textbox', { name: 'Date of birth' })).toHaveValue('04/12/1985');
    await edit.getByRole('button', { name: PEOPLE_TEXT.cancel }).click();

    // Make it a user with payments view only.
    const uid = `bk${unique()}`;
    await row(page, name)
      .getByRole('button', { name: `${PEOPLE_TEXT.makeUser}: ${name}` })
      .click();
    const convert = page.getByRole('dialog', { name: `${PEOPLE_TEXT.makeUser}: ${name}` });
    await convert.getByRole('textbox', { name: PEOPLE_TEXT.username }).fill(uid);
    await convert
      .getByRole('textbox', { name: PEOPLE_TEXT.password, exact: true })
      .fill(USER_PASSWORD);
    await convert.getByRole('radio', { name: 'Payments: View' }).check();
    await expectAccessible(page, 'the make user form');
    await convert.getByRole('button', { name: PEOPLE_TEXT.makeUser }).click();
    await expect(convert).toHaveCount(0, { timeout: SLOW });
    await expect(row(page, name)).toContainText(`${PEOPLE_TEXT.user}: ${uid}`);

    // The new user logs in elsewhere: Billing, no Services.
    const other = await secondBrowser(browser, baseURL!, uid, USER_PASSWORD);
    const tabs = other.page.getByRole('navigation', { name: 'Portal' });
    await expect(tabs.getByRole('link', { name: 'Billing' })).toBeVisible();
    await expect(tabs.getByRole('link', { name: 'Services' })).toHaveCount(0);
    await expect(other.page.getByRole('heading', { name: PEOPLE_TEXT.sectionTitle })).toHaveCount(
      0,
    );

    // Made a contact again: its session ends.
    await row(page, name)
      .getByRole('button', { name: `${PEOPLE_TEXT.makeContact}: ${name}` })
      .click();
    const confirm = page.getByRole('dialog', { name: PEOPLE_TEXT.makeContact });
    await confirm.getByRole('button', { name: PEOPLE_TEXT.makeContact }).click();
    await expect(confirm).toHaveCount(0, { timeout: SLOW });
    await expect(row(page, name)).not.toContainText(uid);
    await other.page.goto(ACCOUNT);
    await expect(other.page).toHaveURL(/\/control\/login\//, { timeout: SLOW });
    await other.context.close();
  });

  test('a viewer sees the contacts without any edit control', async ({
    page,
    visit,
    browser,
    baseURL,
  }) => {
    const owner = claimBilledCustomer();
    await logInAs(page, visit, owner);
    const call = await freshApi(page, owner);
    const uid = `vw${unique()}`;
    await call('post', '/user/authorized_users', {
      name: 'Vera Viewer',
      email: 'vera@example.com',
      phone: '(555) 222-3333',
      uid,
      password: USER_PASSWORD,
      perms: { contacts: { has_view: true, has_manage: false } },
    });
    const viewer = await secondBrowser(browser, baseURL!, uid, USER_PASSWORD);
    await viewer.page.goto(ACCOUNT);
    await expect(contacts(viewer.page)).toBeVisible({ timeout: SLOW });
    await expect(row(viewer.page, 'Vera Viewer')).toContainText(uid);
    await expectAccessible(viewer.page, 'account home as a viewer');
    const section = viewer.page.getByRole('region', { name: PEOPLE_TEXT.sectionTitle });
    for (const label of [
      PEOPLE_TEXT.addContact,
      PEOPLE_TEXT.edit,
      PEOPLE_TEXT.makeUser,
      PEOPLE_TEXT.makeContact,
      PEOPLE_TEXT.permissions,
      PEOPLE_TEXT.delete,
    ])
      await expect(section.getByRole('button', { name: label })).toHaveCount(0);
    await expect(section.locator('button:enabled, input:enabled')).toHaveCount(0);
    await viewer.context.close();
  });

  test('the demo viewer finds no live form on Account Home', async ({ page, visit }) => {
    await logInAs(page, visit, 'viewer', ACCOUNT);
    const section = page.getByRole('region', { name: PEOPLE_TEXT.sectionTitle });
    await expect(contacts(page)).toBeVisible({ timeout: SLOW });
    await expect(page.getByTestId('contact-information')).toBeVisible({ timeout: SLOW });
    await expectAccessible(page, 'account home as the demo viewer');
    // Contacts view and account view only: no Add contact, Edit, or any field to type in.
    await expect(section.locator('button, input, textarea, select')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit contact information' })).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Edit your contact information' })).toHaveCount(0);
  });

  test('a contacts manager sees Edit disabled with the reason on the primary admin, and another login’s email and phone locked', async ({
    page,
    visit,
    browser,
    baseURL,
  }) => {
    const owner = claimBilledCustomer();
    await logInAs(page, visit, owner);
    const call = await freshApi(page, owner);
    const manager = `cm${unique()}`;
    await call('post', '/user/authorized_users', {
      name: 'Cora Manager',
      email: 'cora@example.com',
      phone: '(555) 222-4444',
      uid: manager,
      password: USER_PASSWORD,
      perms: {
        contacts: { has_view: true, has_manage: true },
        payments: { has_view: true, has_manage: false },
      },
    });
    await call('post', '/user/authorized_users', {
      name: 'Vera Viewer',
      email: 'vera@example.com',
      phone: '(555) 222-3333',
      uid: `vw${unique()}`,
      password: USER_PASSWORD,
      perms: { contacts: { has_view: true, has_manage: false } },
    });
    const cora = await secondBrowser(browser, baseURL!, manager, USER_PASSWORD);
    await cora.page.goto(ACCOUNT);
    await expect(contacts(cora.page)).toBeVisible({ timeout: SLOW });

    // The primary admin holds every right, Cora contacts manage and payments view: nothing of
    // its login is hers to change (the server's own words), and it is never deleted.
    const primary = cora.page
      .getByTestId('contact-row')
      .filter({ hasText: PEOPLE_TEXT.primaryAdmin });
    const edit = primary.getByRole('button', { name: /^Edit / });
    await expect(edit).toBeDisabled();
    await expect(edit).toHaveAccessibleDescription(
      'You cannot change a user who holds rights you do not hold yourself: ' +
        'Account, Admin, Invoices, Payments, Services.',
    );
    for (const label of [PEOPLE_TEXT.delete, PEOPLE_TEXT.makeContact, PEOPLE_TEXT.permissions])
      await expect(primary.getByRole('button', { name: new RegExp(`^${label}`) })).toHaveCount(0);
    await expectAccessible(cora.page, 'account home as a contacts manager');

    // Vera holds less: Cora edits her, but a login's email and phone are Vera's own or the
    // primary admin's to change.
    const vera = row(cora.page, 'Vera Viewer');
    await vera.getByRole('button', { name: `${PEOPLE_TEXT.edit} Vera Viewer` }).click();
    const form = cora.page.getByRole('dialog', { name: `${PEOPLE_TEXT.edit} Vera Viewer` });
    const recovery =
      'Only the user or the primary admin can change the email address or phone number of a login.';
    for (const name of ['Email', 'Phone']) {
      const box = form.getByRole('textbox', { name, exact: true });
      await expect(box).toBeDisabled();
      await expect(box).toHaveAccessibleDescription(new RegExp(recovery));
    }
    await expect(form.getByRole('textbox', { name: 'Position' })).toBeEnabled();
    await expectAccessible(cora.page, 'the contact form of another login');
    await form.getByRole('textbox', { name: 'Position' }).fill('Auditor');
    await form.getByRole('button', { name: PEOPLE_TEXT.save }).click();
    await expect(form).toHaveCount(0, { timeout: SLOW });
    await expect(row(cora.page, 'Vera Viewer')).toContainText('Auditor');
    await cora.context.close();
  });

  test('Edit contact information takes a phone typed as digits and a date of birth MM/DD/YYYY', async ({
    page,
    visit,
  }) => {
    const owner = claimBilledCustomer();
    // The phone is the login's own recovery field: the server asks for the password first.
    await answerPasswordPrompts(page);
    await logInAs(page, visit, owner, ACCOUNT);
    const info = page.getByTestId('contact-information');
    await expect(info).toBeVisible({ timeout: SLOW });
    await page.getByRole('button', { name: 'Edit contact information' }).click();
    const form = page.getByRole('form', { name: 'Edit your contact information' });
    const phone = form.getByRole('textbox', { name: 'Phone' });
    await typeKeys(phone, PHONE_DIGITS);
    await expect(phone).toHaveValue(PHONE_SHOWN);
    const dob = form.getByRole('textbox', { name: 'Date of birth' });
    await typeKeys(dob, '07041976');
    await expect(dob).toHaveValue('07/04/1976');
    await expectAccessible(page, 'the edit contact information form');
    await form.getByRole('button', { name: PEOPLE_TEXT.save }).click();
    await expect(form).toHaveCount(0, { timeout: SLOW });
    await expect(info).toContainText(PHONE_SHOWN);
    await page.getByRole('button', { name: 'Edit contact information' }).click();
    await expect(form.getByRole('textbox', { name: 'Phone' })).toHaveValue(PHONE_SHOWN);
    await expect(form.getByRole('textbox', { name: 'Date of birth' })).toHaveValue('07/04/1976');
  });

  test('an admin publishes notices; the customer acknowledges one for good and ignores the ignorable one', async ({
    page,
    visit,
    browser,
    baseURL,
  }) => {
    const owner = claimBilledCustomer();
    const customer = await secondBrowser(browser, baseURL!, owner, DEMO_PASSWORD);
    const { me } = customer;

    await logInAs(page, visit, 'admin', '/control/admin/');
    const local = (offsetMinutes: number) => {
      const d = new Date(
        Date.now() + offsetMinutes * 60_000 - new Date().getTimezoneOffset() * 60_000,
      );
      return d.toISOString().slice(0, 16);
    };
    const form = page.getByRole('form', { name: 'Write a notice' });
    const publish = async (title: string, content: string, ignorable: boolean) => {
      await form.getByRole('textbox', { name: 'Title' }).fill(title);
      await form.getByRole('textbox', { name: 'Text (Markdown)' }).fill(content);
      if (ignorable) {
        await form.getByRole('checkbox', { name: NOTICE_MESSAGES.ignorable }).check();
        // The optional one also goes out by email, with its unsubscribe link.
        await form.getByRole('checkbox', { name: NOTICE_MESSAGES.email }).check();
      }
      await form.getByRole('radio', { name: NOTICE_MESSAGES.oneCustomer }).check();
      await form.getByRole('textbox', { name: 'Customer number' }).fill(String(me.cid));
      await form.getByLabel('Starts').fill(local(-5));
      await form.getByLabel('Ends').fill(local(24 * 60));
      await form.getByRole('button', { name: NOTICE_MESSAGES.publish }).click();
      await expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue('', { timeout: SLOW });
    };
    const firm = `Maintenance ${unique()}`;
    await form
      .getByRole('textbox', { name: 'Text (Markdown)' })
      .fill('Down on **Sunday** <script>x</script>');
    await form.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('notice-preview');
    await expect(preview.locator('strong')).toHaveText('Sunday');
    await expect(preview).toContainText('<script>x</script>');
    await expectAccessible(page, 'the admin tab with a preview');
    await publish(firm, 'The network is down on **Sunday**.', false);
    const optional = `New mail servers ${unique()}`;
    await publish(optional, 'Nothing to do.', true);

    const banner = customer.page.getByTestId('notices-banner');
    const notice = (title: string) => banner.getByRole('region', { name: title });
    await customer.page.goto(ACCOUNT);
    await expect(notice(firm)).toBeVisible({ timeout: SLOW });
    await expect(notice(firm).locator('strong')).toHaveText('Sunday');
    await expect(notice(firm).getByRole('button', { name: NOTICE_MESSAGES.ignore })).toHaveCount(0);
    await expectAccessible(customer.page, 'account home with notices');
    await notice(firm).getByRole('button', { name: NOTICE_MESSAGES.acknowledge }).click();
    await expect(notice(firm)).toHaveCount(0);
    await customer.page.reload();
    await expect(notice(optional)).toBeVisible({ timeout: SLOW });
    await expect(notice(firm)).toHaveCount(0);
    await notice(optional).getByRole('button', { name: NOTICE_MESSAGES.ignore }).click();
    await expect(banner).toHaveCount(0);
    await customer.page.reload();
    await expect(customer.page.getByTestId('contact-information')).toBeVisible({ timeout: SLOW });
    await expect(banner).toHaveCount(0);

    // The emailed notice's link turns notice emails off without a login; Account Home turns
    // them back on.
    const mailbox = (await (
      await customer.page.request.get(`${API_BASE_PATH}/mailbox`)
    ).json()) as MailboxResponse;
    const mail = mailbox.messages.find((m) => m.subject.includes(optional));
    expect(mail, 'the emailed notice').toBeDefined();
    const link = /(\/control\/unsubscribe\/\?token=\S+)/.exec(mail!.text)![1];
    await customer.page.context().clearCookies();
    await customer.page.goto(link);
    await expectAccessible(customer.page, 'the unsubscribe page');
    await customer.page.getByRole('button', { name: 'Turn these emails off' }).click();
    await expect(customer.page.getByRole('status')).toContainText(
      UNSUBSCRIBE_MESSAGES.done(EMAIL_KIND_LABELS.notices),
    );
    await customer.page.goto('/control/login/');
    await fillLogin(customer.page, owner, DEMO_PASSWORD);
    const notices = customer.page.getByRole('switch', { name: EMAIL_KIND_SWITCHES.notices });
    await expect(notices).not.toBeChecked({ timeout: SLOW });
    await expect(notices).toBeEnabled();
    await pressCovered(notices);
    await expect(notices).toBeChecked();
    await customer.page.reload();
    await expect(notices).toBeChecked({ timeout: SLOW });
    await customer.context.close();
  });
});
