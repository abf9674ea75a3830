/**
 * What runs on a managed server (docs/managed-hosting.md): the `HostAgent` keeps the server's
 * sites, databases, FTP users, redirects, PHP settings and nginx state, and accepts a change only
 * when the configuration it would render passes the product's rules and `nginx -t`. The product
 * talks to it over HTTP (client.ts); the stand-in agent (stand-in/) is the default.
 */
import type {
  ManagedListName,
  ManagedLists,
  NginxRecord,
  RenderedFile,
  SslCertInput,
  DatabaseInput,
  VhostInput,
  VhostUpdate,
  FtpUserInput,
  RedirectInput,
} from '#shared/managed/rules';

/** One change to a managed server, as the API asked for it (already read by its schema). */
export type ManagedChange =
  | ({ type: 'ssl_cert.create' } & SslCertInput)
  | { type: 'ssl_cert.delete'; id: number }
  | ({ type: 'database.create' } & DatabaseInput)
  | { type: 'database.password'; id: number; password: string }
  | { type: 'database.delete'; id: number }
  | ({ type: 'vhost.create' } & VhostInput)
  | ({ type: 'vhost.update'; id: number } & VhostUpdate)
  | { type: 'vhost.aliases'; id: number; aliases: string[] }
  | { type: 'vhost.delete'; id: number }
  | ({ type: 'ftp_user.create' } & FtpUserInput)
  | { type: 'ftp_user.password'; id: number; password: string }
  | { type: 'ftp_user.delete'; id: number }
  | ({ type: 'redirect.create' } & RedirectInput)
  | { type: 'redirect.delete'; id: number }
  | { type: 'php_setting.set'; key: string; value: string }
  | { type: 'php_setting.delete'; key: string }
  | { type: 'nginx.set'; enable: boolean }
  | { type: 'websites_user.password'; password: string };

/**
 * Why a change was refused: the API answers with this status and body. 503: the agent is busy
 * with other changes (more than its checks and queue hold); ask again after `retryAfter` seconds.
 */
export interface ChangeRefusal {
  ok: false;
  status: 404 | 409 | 422 | 503;
  msg: string;
  errors?: Record<string, string>;
  /** nginx's own message, when `nginx -t` refused the configuration. */
  detail?: string;
  /** Seconds to wait before asking again (503). */
  retryAfter?: number;
}

/**
 * A change made. `checked: false`: it changed the nginx configuration and no nginx checked it
 * (an agent without nginx, development only); the API says so with the answer.
 */
export type ChangeResult = { ok: true; record: unknown; checked?: false } | ChangeRefusal;

export interface HostAgent {
  list<K extends ManagedListName>(iid: number, list: K): Promise<ManagedLists[K]>;
  apply(iid: number, change: ManagedChange): Promise<ChangeResult>;
  nginx(iid: number): Promise<NginxRecord>;
  /** The nginx files the agent renders for the server, private keys left out. */
  configuration(iid: number): Promise<RenderedFile[]>;
}

/** The agent could not be reached or answered nonsense: the API answers 503. */
export class HostAgentUnavailable extends Error {
  constructor(cause: unknown) {
    super('host agent unavailable', { cause });
    this.name = 'HostAgentUnavailable';
  }
}
