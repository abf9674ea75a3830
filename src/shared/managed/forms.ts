/**
 * The forms of the managed server view (docs/managed-hosting.md "The view and its statecharts"):
 * each field's client-side check, made of the one shared rule the server applies to the same field
 * (src/shared/managed/rules.ts, the password length of src/shared/password.ts), and what each form sends.
 * The generic form machine (machines/forms/form.machine.ts) takes these as its `fields` and
 * `checks`; what only the server can know (a certificate that parses and matches its key, names
 * taken on the server, a password's strength) arrives as its 422 field errors.
 */
import * as v from 'valibot';
import {
  type ManagedListName,
  certificateNameError,
  certificatePemError,
  chainPemError,
  databaseNameError,
  databaseUserError,
  ftpUserError,
  hostNameErrors,
  phpSettingErrors,
  privateKeyPemError,
  redirectTargetError,
  splitAliases,
  sslChoiceErrors,
} from './rules.ts';
import { isHostName, normaliseHostName } from '../host-names.ts';
import { MANAGED_MESSAGES as M } from './messages.ts';
import { PASSWORD_MESSAGES } from '../messages/account.ts';
import { passwordLengthError } from '../password.ts';

type Rule = (text: string) => string | undefined;
type FormText = Record<string, unknown>;
type Item = Record<string, unknown>;

/**
 * A form of the view as the form machine takes it (`fields`, `initialValues`, `checks`) and what
 * it sends (`body`, from the form's values).
 */
export interface ManagedFormDefinition {
  fields: Record<string, v.GenericSchema<unknown, unknown>>;
  initialValues?: FormText;
  checks?: (values: FormText) => Record<string, string | undefined>;
  body: (values: FormText) => Record<string, unknown>;
}

/** A text field checked by one shared rule: its message is the rule's. */
function byRule(rule: Rule) {
  return v.pipe(
    v.string(),
    v.check(
      (text) => rule(text) === undefined,
      (issue) => rule(String(issue.input)) ?? '',
    ),
  );
}

const hostName: Rule = (text) => (isHostName(normaliseHostName(text)) ? undefined : M.hostName);
/** The first message of a list of aliases typed as one text (`aliases.N` errors included). */
const aliasesRule =
  (domain?: string): Rule =>
  (text) =>
    Object.entries(hostNameErrors(domain, splitAliases(text))).find(
      ([field]) => field !== 'domain',
    )?.[1];
const text = (value: unknown) => (typeof value === 'string' ? value : '');
/** An id chosen in a list as text ('' for none), sent as a number or null. */
const chosenId = (value: unknown) => (text(value) === '' ? null : Number(text(value)));

export const SSL_CERT_FORM = {
  fields: {
    name: byRule(certificateNameError),
    cert: byRule(certificatePemError),
    key: byRule(privateKeyPemError),
    ca: byRule(chainPemError),
  },
  body: (values: FormText) => ({
    name: text(values.name),
    cert: text(values.cert),
    key: text(values.key),
    ca: text(values.ca),
  }),
};

export const DATABASE_FORM = {
  fields: {
    database_name: byRule(databaseNameError),
    username: byRule(databaseUserError),
    password: byRule(passwordLengthError),
  },
  body: (values: FormText) => ({
    database_name: text(values.database_name),
    username: text(values.username),
    password: text(values.password),
  }),
};

/** A vhost: `ssl_id` is the chosen certificate's id as text ('' for none), `ssl_only` a flag. */
export const VHOST_FORM = {
  fields: {
    domain: byRule(hostName),
    aliases: byRule(aliasesRule()),
    ssl_id: v.string(),
    ssl_only: v.boolean(),
  },
  initialValues: { ssl_id: '', ssl_only: false },
  /** Rules across fields: an alias that is the domain itself, SSL only without a certificate. */
  checks: (values: FormText) => {
    const body = VHOST_FORM.body(values);
    return {
      aliases: aliasesRule(body.domain)(text(values.aliases)),
      ...sslChoiceErrors({
        sslEnabled: body.ssl_enabled,
        sslId: body.ssl_id,
        sslOnly: body.ssl_only,
      }),
    };
  },
  body: (values: FormText) => {
    const sslId = text(values.ssl_id);
    return {
      domain: normaliseHostName(text(values.domain)),
      aliases: splitAliases(text(values.aliases)),
      ssl_enabled: sslId !== '',
      ssl_id: chosenId(sslId),
      ssl_only: values.ssl_only === true,
    };
  },
};

/** A vhost's aliases, changed on their own (PUT …/domain_aliases). */
export const VHOST_ALIASES_FORM = {
  fields: { aliases: byRule(aliasesRule()) },
  body: (values: FormText) => ({ aliases: splitAliases(text(values.aliases)) }),
};

/** An FTP user: `vhost_id` is the chosen vhost's id as text ('' for none). */
export const FTP_USER_FORM = {
  fields: {
    username: byRule(ftpUserError),
    password: byRule(passwordLengthError),
    vhost_id: v.optional(v.string()),
  },
  body: (values: FormText) => ({
    username: text(values.username),
    password: text(values.password),
    vhost_id: chosenId(values.vhost_id),
  }),
};

export const REDIRECT_FORM = {
  fields: {
    redirect_from: byRule(hostName),
    redirect_to: byRule((target) => redirectTargetError(target.trim())),
  },
  body: (values: FormText) => ({
    redirect_from: normaliseHostName(text(values.redirect_from)),
    redirect_to: text(values.redirect_to).trim(),
  }),
};

export const PHP_SETTING_FORM = {
  fields: {
    key: byRule((key) => (key === '' ? M.phpKeyMissing : phpSettingErrors(key, '').key)),
    value: v.string(),
  },
  /** The value's type depends on the setting. */
  checks: (values: FormText) => {
    const { key, value } = PHP_SETTING_FORM.body(values);
    return { value: phpSettingErrors(key, value).value };
  },
  body: (values: FormText) => ({ key: text(values.key), value: text(values.value) }),
};

// ---------------------------------------------------------------------------------------------
// Changes of an item (portal.md §7: PUT /mysql_database/{id}, PUT /ftp_users/{id} with a password;
// PUT /vhosts/{id} with ssl_enabled, ssl_id, ssl_only; PUT /vhosts/{id}/domain_aliases)

/** A new password for a database or an FTP user: the password rules, typed twice. */
export const PASSWORD_CHANGE_FORM = {
  fields: { password: byRule(passwordLengthError), confirm: v.string() },
  checks: (values: FormText) => ({
    confirm:
      text(values.confirm) === text(values.password) ? undefined : PASSWORD_MESSAGES.mismatch,
  }),
  body: (values: FormText) => ({ password: text(values.password) }),
};

/** A vhost's SSL settings: SSL on or off, its certificate ('' for none), SSL only. */
export const VHOST_SSL_FORM = {
  fields: { ssl_enabled: v.boolean(), ssl_id: v.string(), ssl_only: v.boolean() },
  checks: (values: FormText) => {
    const body = VHOST_SSL_FORM.body(values);
    return sslChoiceErrors({
      sslEnabled: body.ssl_enabled,
      sslId: body.ssl_id,
      sslOnly: body.ssl_only,
    });
  },
  body: (values: FormText) => ({
    ssl_enabled: values.ssl_enabled === true,
    ssl_id: chosenId(values.ssl_id),
    ssl_only: values.ssl_only === true,
  }),
};

/** What can be changed in an item of a list, each with its form. */
export type ManagedEdit = 'password' | 'ssl' | 'aliases';

/** The form that adds an item to each list. */
export const CREATE_FORMS: Record<ManagedListName, ManagedFormDefinition> = {
  ssl_certs: SSL_CERT_FORM,
  mysql_database: DATABASE_FORM,
  vhosts: VHOST_FORM,
  ftp_users: FTP_USER_FORM,
  domain_redirects: REDIRECT_FORM,
  php_settings: PHP_SETTING_FORM,
};

/** A form that changes an item, its values starting from the item as it is. */
export interface ManagedEditForm extends ManagedFormDefinition {
  startFrom: (item: Item) => FormText;
}

const fromNothing = () => ({});
const aliasesOf = (item: Item) =>
  Array.isArray(item.aliases) ? (item.aliases as unknown[]).map(String).join(' ') : '';

/** What each list lets change in its items (in the order the row offers them). */
export const EDIT_FORMS: Record<ManagedListName, Partial<Record<ManagedEdit, ManagedEditForm>>> = {
  ssl_certs: {},
  mysql_database: { password: { ...PASSWORD_CHANGE_FORM, startFrom: fromNothing } },
  vhosts: {
    aliases: { ...VHOST_ALIASES_FORM, startFrom: (item) => ({ aliases: aliasesOf(item) }) },
    ssl: {
      ...VHOST_SSL_FORM,
      startFrom: (item) => ({
        ssl_enabled: item.ssl_enabled === true,
        ssl_id: typeof item.ssl_id === 'number' ? String(item.ssl_id) : '',
        ssl_only: item.ssl_only === true,
      }),
    },
  },
  ftp_users: { password: { ...PASSWORD_CHANGE_FORM, startFrom: fromNothing } },
  domain_redirects: {},
  php_settings: {},
};

/** The changes a list offers for its items. */
export function editsOf(list: ManagedListName): ManagedEdit[] {
  return Object.keys(EDIT_FORMS[list]) as ManagedEdit[];
}

/**
 * The server's field errors on a form's fields: an error on one item of a list field (the second
 * alias: `aliases.1`) shows on the field (`aliases`). What names no field of the form stays a
 * message (`elsewhere`).
 */
export function refusalOnFields(errors: Record<string, string>, fields: readonly string[]) {
  const fieldErrors: Record<string, string> = {};
  const elsewhere: string[] = [];
  for (const [key, message] of Object.entries(errors)) {
    const field = fields.includes(key) ? key : key.split('.')[0];
    if (!fields.includes(field)) elsewhere.push(message);
    else fieldErrors[field] ??= message;
  }
  return { fieldErrors, elsewhere };
}
