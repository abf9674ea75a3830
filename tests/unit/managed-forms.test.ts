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
} from '../../src/shared/managed-forms.ts';
import { MANAGED_MESSAGES as M } from '../../src/shared/messages/managed.ts';
import { PASSWORD_MESSAGES } from '../../src/shared/messages/account.ts';
import { checkForm, type FieldSchemas, type FormChecks } from '../../machines/forms/validation.ts';
import { formMachine } from '../../machines/forms/form.machine.ts';
import { selectFieldError, selectSubmitError } from '../../machines/forms/form.selectors.ts';
import { managedItemsMachine } from '../../machines/managed/items.machine.ts';
import { selectRows } from '../../machines/managed/items.selectors.ts';
import { changeThrough } from '../../src/web/features/managed/use-items.ts';
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

/** A list machine whose create and update answer as the server would. */
function listAnswering(refusal: unknown) {
  return createActor(
    managedItemsMachine.provide({
      actors: {
        load: fromPromise<Record<string, unknown>[]>(async () => [
          { vhost_id: 5, domain: 'a.example.com', aliases: [], ssl_enabled: false },
        ]),
        create: fromPromise<Record<string, unknown>, Record<string, unknown>>(async ({ input }) => {
          if (refusal) throw refusal;
          return { vhost_id: 6, ...input };
        }),
        update: fromPromise<
          Record<string, unknown>,
          { id: string; values: Record<string, unknown> }
        >(async () => {
          throw refusal;
        }),
      },
    }),
    { input: { list: 'vhosts', deleteLock: true } },
  ).start();
}

function vhostForm(list: ReturnType<typeof listAnswering>) {
  return createActor(
    formMachine.provide({
      actors: {
        submit: fromPromise(({ input: { values } }) =>
          changeThrough(
            list,
            { type: 'item.create.submitted', values: VHOST_FORM.body(values) },
            Object.keys(VHOST_FORM.fields),
          ),
        ),
      },
    }),
    {
      input: {
        fields: VHOST_FORM.fields,
        initialValues: VHOST_FORM.initialValues,
        checks: VHOST_FORM.checks,
      },
    },
  ).start();
}

async function settled(actor: AnyActorRef) {
  await new Promise((resolve) => setTimeout(resolve, 0));
  return actor.getSnapshot();
}

describe('a form sends through its list, and the refusal lands on its fields', () => {
  it('a created vhost joins the list, starting, its Delete locked', async () => {
    const list = listAnswering(null);
    await settled(list);
    const form = vhostForm(list);
    form.send({ type: 'form.filled', values: { domain: 'b.example.com' } });
    form.send({ type: 'submit.pressed' });
    await settled(form);
    expect(form.getSnapshot().matches('submitted')).toBe(true);
    const row = selectRows(list.getSnapshot()).find((r) => r.id === '6');
    expect(row).toMatchObject({ starting: true, deleteDisabled: true });
  });

  it("the server's 422 on the second alias shows on the aliases, its domain error on the domain", async () => {
    const list = listAnswering({
      message: M.hostNameTaken,
      errors: { domain: M.hostNameTaken, 'aliases.1': M.certificateDoesNotCover('c.example.com') },
    });
    await settled(list);
    const form = vhostForm(list);
    form.send({
      type: 'form.filled',
      values: { domain: 'b.example.com', aliases: 'x.example.com c.example.com' },
    });
    form.send({ type: 'submit.pressed' });
    const snapshot = await settled(form);
    expect(selectFieldError(snapshot, 'domain')).toBe(M.hostNameTaken);
    expect(selectFieldError(snapshot, 'aliases')).toBe(M.certificateDoesNotCover('c.example.com'));
    expect(selectSubmitError(snapshot)).toBeNull();
  });

  it('a refusal that names no field is the message above the form', async () => {
    const list = listAnswering({ message: M.nginxRefused, errors: {} });
    await settled(list);
    const form = vhostForm(list);
    form.send({ type: 'form.filled', values: { domain: 'b.example.com' } });
    form.send({ type: 'submit.pressed' });
    expect(selectSubmitError(await settled(form))).toBe(M.nginxRefused);
  });

  it('while the list is busy with another change, the form is told so and nothing is sent', async () => {
    const list = listAnswering(null);
    await settled(list);
    list.send({ type: 'item.delete.pressed', id: '5' });
    const form = vhostForm(list);
    form.send({ type: 'form.filled', values: { domain: 'b.example.com' } });
    form.send({ type: 'submit.pressed' });
    expect(selectSubmitError(await settled(form))).toBe(M.changeBusy);
    expect(selectRows(list.getSnapshot())).toHaveLength(1);
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

  it('is split into one component per section', () => {
    for (const file of files) {
      const lines = readFileSync(path.join(folder, file), 'utf8').split('\n').length;
      expect(lines, file).toBeLessThan(200);
    }
  });
});
