/**
 * The forms of the managed server view (issue 16; portal.md §3 "SSL cert", "Database", "Vhost",
 * "FTP user", "Domain redirect", "PHP setting"): each field is checked in the browser by the shared
 * rule the server applies, with the server's message; a refusal's field errors (422) land on the
 * fields they name, an alias's on the aliases; and the view keeps no form text or section of its
 * own (docs/architecture.md "Views only render").
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  DATABASE_FORM,
  FTP_USER_FORM,
  PHP_SETTING_FORM,
  REDIRECT_FORM,
  SSL_CERT_FORM,
  VHOST_ALIASES_FORM,
  VHOST_FORM,
} from '../../src/shared/managed/forms.ts';
import { MANAGED_MESSAGES as M } from '../../src/shared/managed/messages.ts';
import { PASSWORD_MESSAGES } from '../../src/shared/messages/account.ts';
import { checkForm, type FieldSchemas, type FormChecks } from '../../machines/forms/validation.ts';
import { selectFieldError } from '../../machines/forms/form.selectors.ts';
import type { ManagedListName } from '../../src/shared/managed/rules.ts';
import { managedItemsMachine, type ManagedUpdate } from '../../machines/managed/items.machine.ts';
import {
  selectCreateError,
  selectCreateForm,
  selectDeleteQuestion,
  selectOpenChange,
  selectRows,
} from '../../machines/managed/items.selectors.ts';
import { encrypted, selfSigned } from '../managed/certs.ts';

function errorsOf(
  form: { fields: FieldSchemas; checks?: FormChecks },
  values: Record<string, unknown>,
) {
  return checkForm(form.fields, values, form.checks).errors;
}

describe('each field is checked by the shared rule, with its message', () => {
  it('SSL certificate: a name, one PEM certificate, an unencrypted PEM key, an optional chain', () => {
    const shop = selfSigned(['shop.example.com']);
    const good = { name: 'shop', cert: shop.cert, key: shop.key, ca: '' };
    expect(checkForm(SSL_CERT_FORM.fields, good).valid).toBe(true);
    const bad = errorsOf(SSL_CERT_FORM, {
      name: '',
      cert: 'not a certificate',
      key: encrypted(shop.key),
      ca: 'junk',
    });
    expect(bad).toEqual({
      name: M.certificateName,
      cert: M.certificatePem,
      key: M.keyEncrypted,
      ca: M.chainPem,
    });
    expect(errorsOf(SSL_CERT_FORM, { ...good, key: 'x' }).key).toBe(M.keyPem);
    expect(errorsOf(SSL_CERT_FORM, { ...good, cert: shop.cert + shop.cert }).cert).toBe(
      M.certificatePem,
    );
  });

  it('database: MySQL names within their limits, not reserved; a password of 12 to 127', () => {
    expect(
      checkForm(DATABASE_FORM.fields, {
        database_name: 'shop',
        username: 'shop_user',
        password: 'Quiet-Harbor-Lantern-42',
      }).valid,
    ).toBe(true);
    expect(
      errorsOf(DATABASE_FORM, {
        database_name: 'x'.repeat(65),
        username: 'root',
        password: 'short',
      }),
    ).toEqual({
      database_name: M.databaseName,
      username: M.databaseUserReserved,
      password: PASSWORD_MESSAGES.tooShort,
    });
    expect(errorsOf(DATABASE_FORM, { database_name: 'mysql' }).database_name).toBe(
      M.databaseNameReserved,
    );
    expect(errorsOf(DATABASE_FORM, { username: 'u'.repeat(33) }).username).toBe(M.databaseUser);
  });

  it('vhost: host names, blanks removed from aliases, no alias twice or the domain itself, SSL only needs a certificate', () => {
    const good = { domain: ' Shop.Example.com ', aliases: 'www.shop.example.com,  ', ssl_id: '' };
    expect(
      checkForm(VHOST_FORM.fields, { ...good, ssl_only: false }, VHOST_FORM.checks).valid,
    ).toBe(true);
    expect(VHOST_FORM.body({ ...good, ssl_only: false })).toEqual({
      domain: 'shop.example.com',
      aliases: ['www.shop.example.com'],
      ssl_enabled: false,
      ssl_id: null,
      ssl_only: false,
    });
    expect(VHOST_FORM.body({ ...good, ssl_id: '7', ssl_only: true })).toMatchObject({
      ssl_enabled: true,
      ssl_id: 7,
      ssl_only: true,
    });
    expect(
      errorsOf(VHOST_FORM, { domain: 'not a host', aliases: '', ssl_id: '', ssl_only: false }),
    ).toEqual({
      domain: M.hostName,
      aliases: undefined,
      ssl_id: undefined,
      ssl_only: undefined,
    });
    expect(
      errorsOf(VHOST_FORM, { domain: 'a.example.com', aliases: 'a.example.com', ssl_only: false })
        .aliases,
    ).toBe(M.aliasIsDomain);
    expect(
      errorsOf(VHOST_FORM, { domain: 'a.example.com', aliases: 'b.example.com b.example.com' })
        .aliases,
    ).toBe(M.aliasRepeated);
    expect(errorsOf(VHOST_FORM, { domain: 'a.example.com', aliases: 'bad_alias' }).aliases).toBe(
      M.hostName,
    );
    expect(
      errorsOf(VHOST_FORM, { domain: 'a.example.com', aliases: '', ssl_id: '', ssl_only: true })
        .ssl_only,
    ).toBe(M.sslOnlyNeedsSsl);
    expect(
      errorsOf(VHOST_ALIASES_FORM, { aliases: 'x.example.com -bad.example.com' }).aliases,
    ).toBe(M.hostName);
  });

  it('FTP user: 3 to 32 lowercase letters, digits, dashes, underscores from a letter; a password', () => {
    expect(
      checkForm(FTP_USER_FORM.fields, { username: 'web-1', password: 'Quiet-Harbor-Lantern-42' })
        .valid,
    ).toBe(true);
    expect(errorsOf(FTP_USER_FORM, { username: '1web', password: 'p'.repeat(128) })).toEqual({
      username: M.ftpUser,
      password: PASSWORD_MESSAGES.tooLong,
    });
  });

  it('redirect: from a host name to an absolute http(s) address nginx takes as it is', () => {
    expect(
      checkForm(REDIRECT_FORM.fields, {
        redirect_from: 'Old.Example.com',
        redirect_to: ' https://shop.example.com/ ',
      }).valid,
    ).toBe(true);
    expect(
      REDIRECT_FORM.body({ redirect_from: 'Old.Example.com', redirect_to: ' https://a.example/ ' }),
    ).toEqual({ redirect_from: 'old.example.com', redirect_to: 'https://a.example/' });
    expect(
      errorsOf(REDIRECT_FORM, { redirect_from: 'old', redirect_to: 'https://x.example.com/$uri' }),
    ).toEqual({ redirect_from: M.hostName, redirect_to: M.redirectTarget });
    expect(errorsOf(REDIRECT_FORM, { redirect_to: 'ftp://x.example.com/' }).redirect_to).toBe(
      M.redirectTarget,
    );
  });

  it('PHP setting: a directive of the allow-list and a value of its type', () => {
    expect(
      checkForm(
        PHP_SETTING_FORM.fields,
        { key: 'memory_limit', value: '256M' },
        PHP_SETTING_FORM.checks,
      ).valid,
    ).toBe(true);
    expect(errorsOf(PHP_SETTING_FORM, { key: 'disable_functions', value: '' }).key).toBe(M.phpKey);
    expect(errorsOf(PHP_SETTING_FORM, { key: 'display_errors', value: 'yes' }).value).toBe(
      M.phpValue('On or Off'),
    );
  });
});

/** What a list sent, call by call. */
interface Sent {
  create: Record<string, unknown>[];
  update: ManagedUpdate[];
  remove: { id: string }[];
}

/**
 * A list machine (with its own form machines) whose calls answer as the server would: `refusal`,
 * when given, refuses creates and updates.
 */
function listAnswering(
  list: ManagedListName,
  items: Record<string, unknown>[],
  refusal: unknown = null,
) {
  const sent: Sent = { create: [], update: [], remove: [] };
  const actor = createActor(
    managedItemsMachine.provide({
      actors: {
        load: fromPromise<Record<string, unknown>[]>(async () => items),
        create: fromPromise<Record<string, unknown>, Record<string, unknown>>(async ({ input }) => {
          sent.create.push(input);
          if (refusal) throw refusal;
          return { vhost_id: 6, ...input };
        }),
        update: fromPromise<Record<string, unknown>, ManagedUpdate>(async ({ input }) => {
          sent.update.push(input);
          if (refusal) throw refusal;
          return { ...items[0], ...input.values };
        }),
        remove: fromPromise<unknown, { id: string }>(async ({ input }) => {
          sent.remove.push(input);
          return null;
        }),
      },
    }),
    { input: { list, deleteLock: true } },
  ).start();
  return { actor, sent };
}

type ListActor = ReturnType<typeof listAnswering>['actor'];

async function settled(actor: AnyActorRef) {
  await new Promise((resolve) => setTimeout(resolve, 0));
  return actor.getSnapshot();
}

/** The list's create form, once the list is shown. */
async function createFormOf(list: ListActor) {
  const form = selectCreateForm(await settled(list));
  if (!form) throw new Error('no create form');
  return form;
}

/** The form of the change opened on an item. */
function changeFormOf(list: ListActor) {
  const form = selectOpenChange(list.getSnapshot())?.form;
  if (!form) throw new Error('no change open');
  return form;
}

const VHOST = {
  vhost_id: 5,
  domain: 'a.example.com',
  aliases: [],
  ssl_enabled: false,
  ssl_id: null,
  ssl_only: false,
};

describe('a form sends through its list, and the refusal lands on its fields', () => {
  it('a created vhost joins the list, starting, its Delete locked', async () => {
    const { actor: list, sent } = listAnswering('vhosts', [VHOST]);
    const form = await createFormOf(list);
    form.send({ type: 'form.filled', values: { domain: 'b.example.com' } });
    form.send({ type: 'submit.pressed' });
    await settled(list);
    expect(sent.create).toEqual([VHOST_FORM.body({ domain: 'b.example.com', ssl_id: '' })]);
    const row = selectRows(list.getSnapshot()).find((r) => r.id === '6');
    expect(row).toMatchObject({ starting: true, deleteDisabled: true });
  });

  it('a form that breaks a rule sends nothing', async () => {
    const { actor: list, sent } = listAnswering('vhosts', [VHOST]);
    const form = await createFormOf(list);
    form.send({ type: 'form.filled', values: { domain: 'not a host' } });
    form.send({ type: 'submit.pressed' });
    await settled(list);
    expect(sent.create).toEqual([]);
    expect(selectFieldError(form.getSnapshot(), 'domain')).toBe(M.hostName);
  });

  it("the server's 422 on the second alias shows on the aliases, its domain error on the domain", async () => {
    const { actor: list } = listAnswering('vhosts', [VHOST], {
      message: M.hostNameTaken,
      errors: { domain: M.hostNameTaken, 'aliases.1': M.certificateDoesNotCover('c.example.com') },
    });
    const form = await createFormOf(list);
    form.send({
      type: 'form.filled',
      values: { domain: 'b.example.com', aliases: 'x.example.com c.example.com' },
    });
    form.send({ type: 'submit.pressed' });
    const snapshot = await settled(form);
    expect(selectFieldError(snapshot, 'domain')).toBe(M.hostNameTaken);
    expect(selectFieldError(snapshot, 'aliases')).toBe(M.certificateDoesNotCover('c.example.com'));
    expect(selectCreateError(list.getSnapshot())).toBeNull();
  });

  it('a refusal that names no field is the message above the form, and the same Save sends again', async () => {
    const { actor: list, sent } = listAnswering('vhosts', [VHOST], {
      message: M.nginxRefused,
      errors: {},
    });
    const form = await createFormOf(list);
    form.send({ type: 'form.filled', values: { domain: 'b.example.com' } });
    form.send({ type: 'submit.pressed' });
    await settled(list);
    expect(selectCreateError(list.getSnapshot())).toBe(M.nginxRefused);
    form.send({ type: 'submit.pressed' });
    await settled(list);
    expect(sent.create).toHaveLength(2);
  });

  it('while the list is busy with another change, the form is told so and nothing is sent', async () => {
    const { actor: list, sent } = listAnswering('vhosts', [VHOST]);
    const form = await createFormOf(list);
    list.send({ type: 'item.delete.pressed', id: '5' });
    form.send({ type: 'form.filled', values: { domain: 'b.example.com' } });
    form.send({ type: 'submit.pressed' });
    await settled(list);
    expect(selectCreateError(list.getSnapshot())).toBe(M.changeBusy);
    expect(sent.create).toEqual([]);
    expect(selectRows(list.getSnapshot())).toHaveLength(1);
  });

  it('an FTP user is sent with the vhost chosen, or none', async () => {
    const { actor: list, sent } = listAnswering('ftp_users', []);
    const form = await createFormOf(list);
    const user = { username: 'web-1', password: 'Quiet-Harbor-Lantern-42' };
    form.send({ type: 'form.filled', values: { ...user, vhost_id: '5' } });
    form.send({ type: 'submit.pressed' });
    await settled(list);
    expect(sent.create).toEqual([{ ...user, vhost_id: 5 }]);
  });
});

describe('a change of an item: its own form, sent with PUT', () => {
  const DATABASE = { database_id: 8, database_name: 'blog', username: 'blog_user' };
  const PASSWORD = 'Copper-Meadow-Whistle-77';

  it("a database's password: typed twice, sent alone for the database chosen", async () => {
    const { actor: list, sent } = listAnswering('mysql_database', [DATABASE]);
    await settled(list);
    list.send({ type: 'item.edit.pressed', id: '8', edit: 'password' });
    expect(selectOpenChange(list.getSnapshot())?.title).toBe(
      M.editTitles.password('the database blog'),
    );
    const form = changeFormOf(list);
    form.send({ type: 'form.filled', values: { password: PASSWORD, confirm: 'Copper-Meadow' } });
    form.send({ type: 'submit.pressed' });
    await settled(list);
    expect(sent.update).toEqual([]);
    expect(selectFieldError(form.getSnapshot(), 'confirm')).toBe(PASSWORD_MESSAGES.mismatch);
    form.send({ type: 'form.filled', values: { confirm: PASSWORD } });
    form.send({ type: 'submit.pressed' });
    await settled(list);
    expect(sent.update).toEqual([{ id: '8', edit: 'password', values: { password: PASSWORD } }]);
    expect(selectOpenChange(list.getSnapshot())).toBeNull();
  });

  it("the server's refusal of a password shows on the password, and the form stays open", async () => {
    const { actor: list } = listAnswering('ftp_users', [{ ftpId: 3, username: 'web' }], {
      message: PASSWORD_MESSAGES.scoreTooLow,
      errors: { password: PASSWORD_MESSAGES.scoreTooLow },
    });
    await settled(list);
    list.send({ type: 'item.edit.pressed', id: '3', edit: 'password' });
    const form = changeFormOf(list);
    form.send({
      type: 'form.filled',
      values: { password: 'a'.repeat(16), confirm: 'a'.repeat(16) },
    });
    form.send({ type: 'submit.pressed' });
    await settled(list);
    expect(selectFieldError(form.getSnapshot(), 'password')).toBe(PASSWORD_MESSAGES.scoreTooLow);
    expect(selectOpenChange(list.getSnapshot())).toMatchObject({ saving: false, error: null });
  });

  it("a vhost's SSL settings start from the vhost; SSL only needs SSL; ssl_enabled, ssl_id and ssl_only are sent", async () => {
    const { actor: list, sent } = listAnswering('vhosts', [{ ...VHOST, ssl_id: 3 }]);
    await settled(list);
    list.send({ type: 'item.edit.pressed', id: '5', edit: 'ssl' });
    const form = changeFormOf(list);
    expect(form.getSnapshot().context.values).toEqual({
      ssl_enabled: false,
      ssl_id: '3',
      ssl_only: false,
    });
    form.send({ type: 'form.filled', values: { ssl_only: true } });
    form.send({ type: 'submit.pressed' });
    await settled(list);
    expect(sent.update).toEqual([]);
    expect(selectFieldError(form.getSnapshot(), 'ssl_only')).toBe(M.sslOnlyNeedsSsl);
    form.send({ type: 'form.filled', values: { ssl_enabled: true } });
    form.send({ type: 'submit.pressed' });
    await settled(list);
    expect(sent.update).toEqual([
      { id: '5', edit: 'ssl', values: { ssl_enabled: true, ssl_id: 3, ssl_only: true } },
    ]);
  });

  it('a deletion asks first, naming what is lost, and sends nothing before Confirm', async () => {
    const { actor: list, sent } = listAnswering('mysql_database', [DATABASE]);
    await settled(list);
    list.send({ type: 'item.delete.pressed', id: '8' });
    await settled(list);
    expect(sent.remove).toEqual([]);
    const question = selectDeleteQuestion(list.getSnapshot());
    expect(question?.title).toContain('blog');
    expect(question?.loses).toContain('blog_user');
    list.send({ type: 'item.delete.confirmed' });
    await settled(list);
    expect(sent.remove).toEqual([{ id: '8' }]);
  });
});

describe('the view only renders', () => {
  const folder = path.join(import.meta.dirname, '../../src/web/features/managed');
  const files = readdirSync(folder).filter((file) => /\.tsx?$/.test(file));

  it('keeps no typed text, choice or section in React state (machines and the route hold them)', () => {
    for (const file of files) {
      expect(readFileSync(path.join(folder, file), 'utf8'), file).not.toMatch(/\buseState\b/);
    }
  });

  it('waits for no machine and forwards nothing between actors in effects', () => {
    for (const file of files) {
      const text = readFileSync(path.join(folder, file), 'utf8');
      expect(text, file).not.toMatch(/\bwaitFor\b/);
      expect(text, file).not.toMatch(/\buseEffect\b/);
    }
  });

  it('is split into one component per section', () => {
    for (const file of files) {
      const lines = readFileSync(path.join(folder, file), 'utf8').split('\n').length;
      expect(lines, file).toBeLessThan(200);
    }
  });
});
