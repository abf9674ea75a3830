/**
 * The activity log's shared rules (docs/activity.md): its actions and their words, the entry the
 * API answers, and the query of `GET /activity`, checked alike by the page and the server.
 */
import * as v from 'valibot';
import { ACTIVITY } from './constants.ts';
import { pageQuerySchema } from '../paging.ts';

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
  'mfa.passkey.add': 'Passkey added',
  'mfa.passkey.rename': 'Passkey renamed',
  'mfa.passkey.remove': 'Passkey removed',
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

/** The groups the action filter offers, each with the first words of the actions it takes. */
export const ACTIVITY_GROUPS = {
  sessions: { label: 'Logins and sessions', words: ['login', 'logout', 'session'] },
  passwords: { label: 'Passwords and recovery', words: ['password', 'recovery'] },
  mfa: { label: 'Second factor', words: ['mfa'] },
  support: { label: 'Support', words: ['proxy'] },
  account: { label: 'Account', words: ['account'] },
  people: { label: 'Contacts and users', words: ['contact', 'user'] },
  billing: { label: 'Billing and payments', words: ['billing', 'payment_method'] },
  notices: { label: 'Notices', words: ['notice'] },
  dns: { label: 'DNS', words: ['dns'] },
  servers: { label: 'Servers', words: ['server', 'plesk'] },
  managed: { label: 'Managed servers', words: ['managed'] },
} as const satisfies Record<string, { label: string; words: readonly string[] }>;

export type ActivityGroup = keyof typeof ACTIVITY_GROUPS;

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

/** An action filter: one action, or a group of ACTIVITY_GROUPS. */
export function isActivityActionFilter(value: string): boolean {
  return value in ACTIVITY_ACTION_WORDS || value in ACTIVITY_GROUPS;
}

/** The actions a filter matches: the action itself, or every action of the group. */
export function actionsOfFilter(filter: string): ActivityAction[] {
  if (filter in ACTIVITY_ACTION_WORDS) return [filter as ActivityAction];
  const group = ACTIVITY_GROUPS[filter as ActivityGroup] as
    { words: readonly string[] } | undefined;
  if (!group) return [];
  return ACTIVITY_ACTIONS.filter((action) => group.words.includes(action.split('.')[0]!));
}

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
          ACTIVITY.loginMaxLength,
          `login is at most ${ACTIVITY.loginMaxLength} characters`,
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
