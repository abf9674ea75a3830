/**
 * One managed server's hosting state and the rules of every change to it (docs/managed-hosting.md
 * "Rules"). `applyChange` is pure: it answers the next state and the record to send back, or a
 * refusal with field errors. The shared field rules (src/shared/managed/rules.ts) run here again, with
 * the rules only the whole server can decide: names unique across vhosts, aliases and redirects,
 * certificates that cover the names of the vhosts using them, redirects that do not loop.
 */
import { MANAGED_MESSAGES as M } from '#shared/managed/messages';
import {
  certificateNameError,
  databaseNameError,
  databaseUserError,
  ftpUserError,
  hostNameErrors,
  normaliseAliases,
  phpSettingErrors,
  redirectLoops,
  redirectTargetError,
  sslChoiceErrors,
  type DatabaseRecord,
  type FtpUserRecord,
  type ManagedListName,
  type ManagedLists,
  type PhpSettingRecord,
  type RedirectRecord,
  type SslCertRecord,
  type VhostRecord,
} from '#shared/managed/rules';
import { isHostName, normaliseHostName } from '#shared/host-names';
import type { ChangeRefusal, ManagedChange } from './agent.ts';
import { certificateCovers, checkCertificate } from './certificates.ts';

export interface StoredCert {
  id: number;
  name: string;
  cert: string;
  key: string;
  ca: string | null;
  names: string[];
  issuer: string;
  validTo: string;
  fingerprint256: string;
}
export interface StoredVhost {
  id: number;
  domain: string;
  aliases: string[];
  sslEnabled: boolean;
  sslId: number | null;
  sslOnly: boolean;
}
export interface ServerState {
  nginx: 'on' | 'off';
  websitesUserPasswordHash: string | null;
  certs: StoredCert[];
  databases: { id: number; name: string; username: string; passwordHash: string }[];
  vhosts: StoredVhost[];
  ftpUsers: { id: number; username: string; passwordHash: string; vhostId: number | null }[];
  redirects: { id: number; from: string; to: string }[];
  php: { key: string; value: string }[];
}

export function emptyServerState(): ServerState {
  return {
    nginx: 'on',
    websitesUserPasswordHash: null,
    certs: [],
    databases: [],
    vhosts: [],
    ftpUsers: [],
    redirects: [],
    php: [],
  };
}

export const certRecord = (c: StoredCert): SslCertRecord => ({
  ssl_id: c.id,
  name: c.name,
  names: c.names,
  issuer: c.issuer,
  valid_to: c.validTo,
  fingerprint256: c.fingerprint256,
  has_ca: c.ca !== null,
});
export const vhostRecord = (h: StoredVhost): VhostRecord => ({
  vhost_id: h.id,
  vhost: h.domain,
  domain: h.domain,
  aliases: h.aliases,
  ssl_enabled: h.sslEnabled,
  ssl_id: h.sslId,
  ssl_only: h.sslOnly,
});
const databaseRecord = (d: ServerState['databases'][number]): DatabaseRecord => ({
  database_id: d.id,
  database_name: d.name,
  username: d.username,
});
const ftpRecord = (f: ServerState['ftpUsers'][number]): FtpUserRecord => ({
  ftpId: f.id,
  username: f.username,
  vhost_id: f.vhostId,
});
const redirectRecord = (r: ServerState['redirects'][number]): RedirectRecord => ({
  redirect_id: r.id,
  redirect_from: r.from,
  redirect_to: r.to,
});
const phpRecord = (p: ServerState['php'][number]): PhpSettingRecord => ({ ...p });

/** What a GET answers: records without a password hash or a private key. */
export function listOf<K extends ManagedListName>(state: ServerState, list: K): ManagedLists[K] {
  const lists: ManagedLists = {
    ssl_certs: state.certs.map(certRecord),
    mysql_database: state.databases.map(databaseRecord),
    vhosts: state.vhosts.map(vhostRecord),
    ftp_users: state.ftpUsers.map(ftpRecord),
    domain_redirects: state.redirects.map(redirectRecord),
    php_settings: state.php.map(phpRecord),
  };
  return lists[list];
}

export type Applied = { ok: true; state: ServerState; record: unknown } | ChangeRefusal;

const invalid = (errors: Record<string, string>): ChangeRefusal => ({
  ok: false,
  status: 422,
  msg: Object.values(errors)[0] ?? M.itemMissing,
  errors,
});
const missing = (): ChangeRefusal => ({ ok: false, status: 404, msg: M.itemMissing });
const inUse = (msg: string): ChangeRefusal => ({ ok: false, status: 409, msg });

/** Every host name the server answers for, with what owns it (a vhost or a redirect). */
function hostsInUse(state: ServerState, except?: { vhost?: number }): Set<string> {
  const hosts = new Set<string>();
  for (const h of state.vhosts) {
    if (h.id === except?.vhost) continue;
    hosts.add(h.domain);
    for (const alias of h.aliases) hosts.add(alias);
  }
  for (const r of state.redirects) hosts.add(r.from);
  return hosts;
}

/** The field errors of a vhost's SSL choice against the server's certificates. */
function sslErrors(
  state: ServerState,
  v: {
    domain: string;
    aliases: string[];
    sslEnabled: boolean;
    sslId: number | null;
    sslOnly: boolean;
  },
  aliasField: 'aliases' | 'ssl_id',
): Record<string, string> {
  const choice = sslChoiceErrors(v);
  if (Object.keys(choice).length > 0 || !v.sslEnabled || v.sslId === null) return choice;
  const cert = state.certs.find((c) => c.id === v.sslId);
  if (!cert) return { ssl_id: M.certificateMissing };
  if (!certificateCovers(cert.names, v.domain)) {
    return { ssl_id: M.certificateDoesNotCover(v.domain) };
  }
  const uncovered = v.aliases.findIndex((alias) => !certificateCovers(cert.names, alias));
  if (uncovered >= 0) {
    const field = aliasField === 'aliases' ? `aliases.${uncovered}` : 'ssl_id';
    return { [field]: M.certificateDoesNotCover(v.aliases[uncovered]) };
  }
  return {};
}

function hostErrors(
  state: ServerState,
  domain: string | undefined,
  aliases: string[],
  vhostId?: number,
): Record<string, string> {
  const errors = hostNameErrors(domain, aliases);
  const taken = hostsInUse(state, { vhost: vhostId });
  if (domain !== undefined && !errors.domain && taken.has(domain)) {
    errors.domain = M.hostNameTaken;
  }
  aliases.forEach((alias, index) => {
    if (!errors[`aliases.${index}`] && taken.has(alias)) {
      errors[`aliases.${index}`] = M.hostNameTaken;
    }
  });
  return errors;
}

/**
 * The next state after `change`, or why it is refused. `hash` turns a password into what the
 * server keeps; `now` decides whether a certificate has expired; `newId` gives the id of a new
 * item, unique across every server of the agent, so that an id of one server never names an
 * item of another.
 */
export function applyChange(
  state: ServerState,
  change: ManagedChange,
  { now, hash, newId }: { now: Date; hash: (password: string) => string; newId: () => number },
): Applied {
  const withId = (current: ServerState): [number, ServerState] => [newId(), current];
  switch (change.type) {
    case 'ssl_cert.create': {
      const errors: Record<string, string> = {};
      const nameError = certificateNameError(change.name);
      if (nameError) errors.name = nameError;
      const checked = checkCertificate(change, now);
      if (!checked.ok) Object.assign(errors, checked.errors);
      if (!checked.ok || Object.keys(errors).length > 0) return invalid(errors);
      const [id, next] = withId(state);
      const stored: StoredCert = {
        id,
        name: change.name,
        cert: change.cert.trim(),
        key: change.key.trim(),
        ca: change.ca?.trim() ? change.ca.trim() : null,
        names: checked.value.names,
        issuer: checked.value.issuer,
        validTo: checked.value.validTo.toISOString(),
        fingerprint256: checked.value.fingerprint256,
      };
      return {
        ok: true,
        state: { ...next, certs: [...next.certs, stored] },
        record: certRecord(stored),
      };
    }
    case 'ssl_cert.delete': {
      if (!state.certs.some((c) => c.id === change.id)) return missing();
      if (state.vhosts.some((h) => h.sslEnabled && h.sslId === change.id)) {
        return inUse(M.certificateInUse);
      }
      const vhosts = state.vhosts.map((h) => (h.sslId === change.id ? { ...h, sslId: null } : h));
      return {
        ok: true,
        state: { ...state, vhosts, certs: state.certs.filter((c) => c.id !== change.id) },
        record: null,
      };
    }
    case 'database.create': {
      const errors: Record<string, string> = {};
      const nameError = databaseNameError(change.database_name);
      const userError = databaseUserError(change.username);
      if (nameError) errors.database_name = nameError;
      else if (state.databases.some((d) => d.name === change.database_name)) {
        errors.database_name = M.databaseNameTaken;
      }
      if (userError) errors.username = userError;
      else if (state.databases.some((d) => d.username === change.username)) {
        errors.username = M.databaseUserTaken;
      }
      if (Object.keys(errors).length > 0) return invalid(errors);
      const [id, next] = withId(state);
      const row = {
        id,
        name: change.database_name,
        username: change.username,
        passwordHash: hash(change.password),
      };
      return {
        ok: true,
        state: { ...next, databases: [...next.databases, row] },
        record: databaseRecord(row),
      };
    }
    case 'database.password': {
      const row = state.databases.find((d) => d.id === change.id);
      if (!row) return missing();
      const updated = { ...row, passwordHash: hash(change.password) };
      return {
        ok: true,
        state: { ...state, databases: state.databases.map((d) => (d.id === row.id ? updated : d)) },
        record: databaseRecord(updated),
      };
    }
    case 'database.delete': {
      if (!state.databases.some((d) => d.id === change.id)) return missing();
      return {
        ok: true,
        state: { ...state, databases: state.databases.filter((d) => d.id !== change.id) },
        record: null,
      };
    }
    case 'vhost.create': {
      const domain = normaliseHostName(change.domain);
      const aliases = normaliseAliases(change.aliases);
      const vhost = {
        domain,
        aliases,
        sslEnabled: change.ssl_enabled,
        sslId: change.ssl_id ?? null,
        sslOnly: change.ssl_only,
      };
      const errors = hostErrors(state, domain, aliases);
      if (Object.keys(errors).length === 0)
        Object.assign(errors, sslErrors(state, vhost, 'ssl_id'));
      if (Object.keys(errors).length > 0) return invalid(errors);
      const [id, next] = withId(state);
      const stored: StoredVhost = { id, ...vhost };
      return {
        ok: true,
        state: { ...next, vhosts: [...next.vhosts, stored] },
        record: vhostRecord(stored),
      };
    }
    case 'vhost.update':
    case 'vhost.aliases': {
      const row = state.vhosts.find((h) => h.id === change.id);
      if (!row) return missing();
      const updated: StoredVhost =
        change.type === 'vhost.update'
          ? {
              ...row,
              sslEnabled: change.ssl_enabled,
              sslId: change.ssl_id === undefined ? row.sslId : change.ssl_id,
              sslOnly: change.ssl_only,
            }
          : { ...row, aliases: normaliseAliases(change.aliases) };
      const errors =
        change.type === 'vhost.aliases'
          ? hostErrors(state, undefined, updated.aliases, row.id)
          : {};
      if (Object.keys(errors).length === 0) {
        Object.assign(
          errors,
          sslErrors(state, updated, change.type === 'vhost.aliases' ? 'aliases' : 'ssl_id'),
        );
      }
      if (Object.keys(errors).length > 0) return invalid(errors);
      return {
        ok: true,
        state: { ...state, vhosts: state.vhosts.map((h) => (h.id === row.id ? updated : h)) },
        record: vhostRecord(updated),
      };
    }
    case 'vhost.delete': {
      if (!state.vhosts.some((h) => h.id === change.id)) return missing();
      const ftpUsers = state.ftpUsers.map((f) =>
        f.vhostId === change.id ? { ...f, vhostId: null } : f,
      );
      return {
        ok: true,
        state: { ...state, ftpUsers, vhosts: state.vhosts.filter((h) => h.id !== change.id) },
        record: null,
      };
    }
    case 'ftp_user.create': {
      const errors: Record<string, string> = {};
      const userError = ftpUserError(change.username);
      if (userError) errors.username = userError;
      else if (state.ftpUsers.some((f) => f.username === change.username)) {
        errors.username = M.ftpUserTaken;
      }
      const vhostId = change.vhost_id ?? null;
      if (vhostId !== null && !state.vhosts.some((h) => h.id === vhostId)) {
        errors.vhost_id = M.vhostMissing;
      }
      if (Object.keys(errors).length > 0) return invalid(errors);
      const [id, next] = withId(state);
      const row = { id, username: change.username, passwordHash: hash(change.password), vhostId };
      return {
        ok: true,
        state: { ...next, ftpUsers: [...next.ftpUsers, row] },
        record: ftpRecord(row),
      };
    }
    case 'ftp_user.password': {
      const row = state.ftpUsers.find((f) => f.id === change.id);
      if (!row) return missing();
      const updated = { ...row, passwordHash: hash(change.password) };
      return {
        ok: true,
        state: { ...state, ftpUsers: state.ftpUsers.map((f) => (f.id === row.id ? updated : f)) },
        record: ftpRecord(updated),
      };
    }
    case 'ftp_user.delete': {
      if (!state.ftpUsers.some((f) => f.id === change.id)) return missing();
      return {
        ok: true,
        state: { ...state, ftpUsers: state.ftpUsers.filter((f) => f.id !== change.id) },
        record: null,
      };
    }
    case 'redirect.create': {
      const from = normaliseHostName(change.redirect_from);
      const to = change.redirect_to.trim();
      const errors: Record<string, string> = {};
      if (!isHostName(from)) errors.redirect_from = M.hostName;
      else if (hostsInUse(state).has(from)) errors.redirect_from = M.hostNameTaken;
      const targetError = redirectTargetError(to);
      if (targetError) errors.redirect_to = targetError;
      else if (
        !errors.redirect_from &&
        redirectLoops(state.redirects.map(redirectRecord), from, to)
      ) {
        errors.redirect_to = M.redirectLoop;
      }
      if (Object.keys(errors).length > 0) return invalid(errors);
      const [id, next] = withId(state);
      const row = { id, from, to };
      return {
        ok: true,
        state: { ...next, redirects: [...next.redirects, row] },
        record: redirectRecord(row),
      };
    }
    case 'redirect.delete': {
      if (!state.redirects.some((r) => r.id === change.id)) return missing();
      return {
        ok: true,
        state: { ...state, redirects: state.redirects.filter((r) => r.id !== change.id) },
        record: null,
      };
    }
    case 'php_setting.set': {
      const errors = phpSettingErrors(change.key, change.value);
      if (Object.keys(errors).length > 0) return invalid(errors);
      const row = { key: change.key, value: change.value };
      const php = state.php.some((p) => p.key === row.key)
        ? state.php.map((p) => (p.key === row.key ? row : p))
        : [...state.php, row];
      return { ok: true, state: { ...state, php }, record: phpRecord(row) };
    }
    case 'php_setting.delete': {
      if (!state.php.some((p) => p.key === change.key)) return missing();
      return {
        ok: true,
        state: { ...state, php: state.php.filter((p) => p.key !== change.key) },
        record: null,
      };
    }
    case 'nginx.set': {
      const nginx = change.enable ? 'on' : 'off';
      return { ok: true, state: { ...state, nginx }, record: { status: nginx } };
    }
    case 'websites_user.password':
      return {
        ok: true,
        state: { ...state, websitesUserPasswordHash: hash(change.password) },
        record: null,
      };
  }
}
