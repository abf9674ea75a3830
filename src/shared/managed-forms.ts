/**
 * The forms of the managed server view (docs/managed-hosting.md "The view and its statecharts"):
 * each field's client-side check, made of the one shared rule the server applies to the same field
 * (src/shared/managed.ts, the password length of src/shared/password.ts), and what each form sends.
 * The generic form machine (machines/forms/form.machine.ts) takes these as its `fields` and
 * `checks`; what only the server can know (a certificate that parses and matches its key, names
 * taken on the server, a password's strength) arrives as its 422 field errors.
 */
import * as v from 'valibot';
import {
  certificateNameError,
  certificatePemError,
  chainPemError,
  databaseNameError,
  databaseUserError,
  ftpUserError,
  hostNameErrors,
  isHostName,
  normaliseHostName,
  phpSettingErrors,
  privateKeyPemError,
  redirectTargetError,
  splitAliases,
  sslChoiceErrors,
} from './managed.ts';
import { MANAGED_MESSAGES as M } from './messages/managed.ts';
import { passwordLengthError } from './password.ts';

type Rule = (text: string) => string | undefined;
type FormText = Record<string, unknown>;

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
      ssl_id: sslId === '' ? null : Number(sslId),
      ssl_only: values.ssl_only === true,
    };
  },
};

/** A vhost's aliases, changed on their own (PUT …/domain_aliases). */
export const VHOST_ALIASES_FORM = {
  fields: { aliases: byRule(aliasesRule()) },
  body: (values: FormText) => ({ aliases: splitAliases(text(values.aliases)) }),
};

export const FTP_USER_FORM = {
  fields: {
    username: byRule(ftpUserError),
    password: byRule(passwordLengthError),
  },
  body: (values: FormText) => ({
    username: text(values.username),
    password: text(values.password),
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
    key: byRule((key) => phpSettingErrors(key, '').key),
    value: v.string(),
  },
  /** The value's type depends on the setting. */
  checks: (values: FormText) => {
    const { key, value } = PHP_SETTING_FORM.body(values);
    return { value: phpSettingErrors(key, value).value };
  },
  body: (values: FormText) => ({ key: text(values.key), value: text(values.value) }),
};
