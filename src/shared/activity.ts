/**
 * The activity log's shared rules (docs/activity.md): its actions and their words, the entry the
 * API answers, and the query of `GET /activity`, checked alike by the page and the server.
 */
import * as v from 'valibot';
import { ACTIVITY } from './constants.ts';
import { pageQuerySchema } from './paging.ts';

/** Every action an entry may name, with the words the page shows for it. */
export const ACTIVITY_ACTION_WORDS = {
  login: 'Login',
  logout: 'Logout',
  'session.confirm': 'Password confirmed',
  'password.change': 'Password changed',
  'recovery.request': 'Recovery requested',
  'password.recover': 'Password set by recovery link',
  'mfa.totp.start': 'Authenticator app setup started',
  'mfa.totp.on': 'Authenticator app turned on',
  'mfa.totp.off': 'Authenticator app turned off',
  'mfa.recovery_codes': 'Recovery codes made again',
  'mfa.policy': 'Second factor rule changed',
  'mfa.reset': 'Second factor reset by support',
  'proxy.start': 'Site admin started acting as the account',
  'account.update': 'Account details changed',
  'account.email_preferences': 'Email preferences changed',
  'contact.create': 'Contact added',
  'contact.update': 'Contact changed',
  'contact.delete': 'Contact removed',
  'user.create': 'User added',
  'user.update': 'User rights changed',
  'user.delete': 'User removed',
  'billing.payment': 'Payment',
  'billing.address': 'Billing address changed',
  'payment_method.create': 'Payment method added',
  'payment_method.update': 'Payment method changed',
  'payment_method.delete': 'Payment method removed',
  'notice.ack': 'Notice acknowledged',
  'notice.dismiss': 'Notice dismissed',
  'dns.zone.create': 'DNS zone created',
  'dns.zone.update': 'DNS zone changed',
  'dns.zone.delete': 'DNS zone deleted',
  'dns.record.create': 'DNS record added',
  'dns.record.update': 'DNS record changed',
  'dns.record.delete': 'DNS record deleted',
  'dns.alias.create': 'DNS alias added',
  'dns.alias.delete': 'DNS alias removed',
  'dns.import': 'DNS zone file imported',
  'server.create': 'Server created',
  'server.update': 'Server changed',
  'server.delete': 'Server deleted',
  'server.power': 'Server power',
  'plesk.create': 'Plesk licence added',
  'plesk.delete': 'Plesk licence removed',
  'managed.change': 'Managed server changed',
} as const;

export type ActivityAction = keyof typeof ACTIVITY_ACTION_WORDS;

export const ACTIVITY_ACTIONS = Object.keys(ACTIVITY_ACTION_WORDS) as ActivityAction[];

/** The groups the action filter offers: an action's first word (`dns` for `dns.record.update`). */
export const ACTIVITY_ACTION_GROUPS = {
  login: 'Logins and sessions',
  logout: 'Logins and sessions',
  session: 'Logins and sessions',
  password: 'Passwords and recovery',
  recovery: 'Passwords and recovery',
  mfa: 'Second factor',
  proxy: 'Support',
  account: 'Account',
  contact: 'Contacts and users',
  user: 'Contacts and users',
  billing: 'Billing and payments',
  payment_method: 'Billing and payments',
  notice: 'Notices',
  dns: 'DNS',
  server: 'Servers',
  plesk: 'Servers',
  managed: 'Managed servers',
} as const satisfies Record<string, string>;

export type ActivityOutcome = 'ok' | 'refused' | 'failed';

export const ACTIVITY_OUTCOME_WORDS: Record<ActivityOutcome, string> = {
  ok: 'Done',
  refused: 'Refused',
  failed: 'Failed',
};

/** One entry as `GET /activity` answers it. */
export interface ActivityEntry {
  id: number;
  at: string;
  login: string;
  acting_admin: string | null;
  address: string;
  action: ActivityAction;
  summary: string;
  outcome: ActivityOutcome;
  reason: string | null;
}

export interface ActivityPage {
  entries: ActivityEntry[];
  total: number;
  limit: number;
  offset: number;
}

const dateMessage = 'must be a date (YYYY-MM-DD)';

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

const dateField = (name: string) =>
  v.optional(v.pipe(v.string(), v.check(isCalendarDate, `${name} ${dateMessage}`)));

/** An action filter: one action, or a group (an action's first word). */
export function isActivityActionFilter(value: string): boolean {
  return value in ACTIVITY_ACTION_WORDS || value in ACTIVITY_ACTION_GROUPS;
}

export const ACTIVITY_LOGIN_MAX_LENGTH = 64;

/**
 * `GET /activity`'s query: paging (25 by default), and optional filters: `login` (a username),
 * `action` (an action or group), `from` and `to` (dates, both included, UTC), `format=csv`.
 */
export const ActivityQuerySchema = v.pipe(
  v.object({
    ...pageQuerySchema({ size: ACTIVITY.pageSize, max: ACTIVITY.pageSizeMax }).entries,
    login: v.optional(
      v.pipe(
        v.string(),
        v.minLength(1, 'login must not be empty'),
        v.maxLength(
          ACTIVITY_LOGIN_MAX_LENGTH,
          `login is at most ${ACTIVITY_LOGIN_MAX_LENGTH} characters`,
        ),
      ),
    ),
    action: v.optional(
      v.pipe(
        v.string(),
        v.check(isActivityActionFilter, 'action is not one of the activity log’s actions'),
      ),
    ),
    from: dateField('from'),
    to: dateField('to'),
    format: v.optional(v.picklist(['json', 'csv'], 'format must be json or csv')),
  }),
  v.forward(
    v.check((q) => !q.from || !q.to || q.from <= q.to, 'from must not be after to'),
    ['from'],
  ),
);

export type ActivityQuery = v.InferOutput<typeof ActivityQuerySchema>;
