/** What the Admin "Jobs" page shows, from its machine's snapshot. */
import type { SnapshotFrom } from 'xstate';
import { type DeadJob, type GivenUpMail, type JobFailure } from '#shared/jobs/types';
import { ADMIN_JOBS_MESSAGES as M, jobLabel } from '#shared/jobs/messages';
import { labelOf, type jobsMachine } from './jobs.machine.ts';

type Snapshot = SnapshotFrom<typeof jobsMachine>;

export interface DeadJobRow {
  job: DeadJob;
  /** "mail.deliver 1a2b3c4d (outboxId 42)". */
  label: string;
  /** Retry is offered (nothing else is being asked or sent). */
  canRetry: boolean;
}

export interface JobKindRow {
  kind: string;
  counts: { queued: number; running: number; failed: number; dead: number };
  /** "600 s", or "none". */
  oldestWaiting: string;
  failures: JobFailure[];
  dead: DeadJobRow[];
}

export interface ProgressRow {
  /** "billing.pass 2026-12-01". */
  label: string;
  done: number;
  total: number;
  /** 0 to 100. */
  percent: number;
  /** "2,500 of 10,000 customers done". */
  text: string;
  /** What a screen reader names the bar: "billing.pass 2026-12-01, 2,500 of 10,000 customers done". */
  name: string;
}

export const selectLoading = (s: Snapshot) => s.matches('loading');
export const selectLoadFailed = (s: Snapshot) => s.matches('failed');
/** The tables are shown (loaded, whatever is being read again, asked or sent). */
export const selectListed = (s: Snapshot) => !s.matches('loading') && !s.matches('failed');
/** Refresh is working: the jobs are being read again. */
export const selectRefreshing = (s: Snapshot) => s.matches('refreshing');
export const selectError = (s: Snapshot) => s.context.error;
export const selectDone = (s: Snapshot) => s.context.done;
/** Loaded, and no job kind is registered. */
export const selectEmpty = (s: Snapshot) => selectListed(s) && s.context.page.kinds.length === 0;

export function selectKinds(s: Snapshot): JobKindRow[] {
  const free = s.matches('listing');
  return s.context.page.kinds.map((k) => ({
    kind: k.kind,
    counts: { queued: k.queued, running: k.running, failed: k.failed, dead: k.dead },
    oldestWaiting:
      k.oldest_waiting_seconds === null ? M.noneWaiting : M.seconds(k.oldest_waiting_seconds),
    failures: k.last_failures,
    dead: k.dead_jobs.map((job) => ({
      job,
      label: jobLabel(k.kind, job.id, job.data),
      canRetry: free,
    })),
  }));
}

export function selectProgress(s: Snapshot): ProgressRow[] {
  return s.context.page.progress.map((p) => {
    const label = M.progressLabel(p.kind, p.key);
    const text = M.progressText(p.done, p.total);
    return {
      label,
      done: p.done,
      total: p.total,
      percent: p.total === 0 ? 0 : Math.min(100, (p.done / p.total) * 100),
      text,
      name: `${label}, ${text}`,
    };
  });
}

/** The emails given up, newest first: whom for, what, and the mail server's last answer. */
export function selectGivenUpMail(s: Snapshot): GivenUpMail[] {
  return s.context.page.given_up_mail;
}

export interface ConfirmationView {
  title: string;
  /** Names the dead job and says what will happen. */
  message: string;
  confirm: string;
  /** Confirmed: being sent. */
  sending: boolean;
}

/** The question asked before a retry is sent. */
export function selectConfirmation(s: Snapshot): ConfirmationView | null {
  if (!s.matches('confirming') && !s.matches('retrying')) return null;
  return {
    title: M.confirmTitle,
    message: M.confirm(labelOf(s.context.page, s.context.selected)),
    confirm: M.confirmButton,
    sending: s.matches('retrying'),
  };
}
