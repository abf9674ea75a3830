/**
 * The Admin "Jobs" page's contract (docs/api.md "Jobs", docs/operations.md "Jobs page"): what
 * `GET /admin/jobs` answers and `POST /admin/jobs/{kind}/dead/{id}/retry` does, and the page's
 * words.
 */

/** A run of a job that failed: the last failures of a kind, newest first. */
export interface JobFailure {
  id: string;
  /** The run's error (the job's last one). */
  error: string;
  /** When it failed (ISO time). */
  at: string;
  /** `retry`: it will run again; `failed`: out of retries (it went to the dead jobs). */
  state: 'retry' | 'failed';
  /** Runs so far, this one included. */
  attempts: number;
}

/** A job out of retries, kept in its kind's dead-letter queue until retried or archived. */
export interface DeadJob {
  id: string;
  /** What the job carried (e.g. `{ "outboxId": 42 }`). */
  data: unknown;
  /** Its last run's error, when known. */
  error: string | null;
  /** When it ran out of retries (ISO time). */
  died_at: string;
}

export interface JobKindState {
  kind: string;
  /** Waiting to run: new, or failed and waiting for a retry. */
  queued: number;
  /** Being run now (held by an instance's lease). */
  running: number;
  /** Out of retries (until archived). */
  failed: number;
  /** Dead jobs not retried. */
  dead: number;
  /** Seconds since the oldest waiting job was queued; null when none waits. */
  oldest_waiting_seconds: number | null;
  last_failures: JobFailure[];
  dead_jobs: DeadJob[];
}

/** How far a long run has come (the billing pass: customers done of total). */
export interface JobProgress {
  kind: string;
  /** Which run (the billing pass: its billing date). */
  key: string;
  done: number;
  total: number;
  started_at: string;
  updated_at: string;
}

export interface AdminJobsResponse {
  kinds: JobKindState[];
  /** Long work not finished, oldest first. */
  progress: JobProgress[];
}

/** `POST /admin/jobs/{kind}/dead/{id}/retry`: the dead job whose data was queued again. */
export interface RetriedJob {
  kind: string;
  dead_id: string;
}

/** A dead job as the page names it: its kind, the start of its id and what it carried. */
export function jobLabel(kind: string, id: string, data: unknown): string {
  const carried =
    data && typeof data === 'object'
      ? Object.entries(data as Record<string, unknown>)
          .map(([key, value]) => `${key} ${String(value)}`)
          .join(', ')
      : '';
  return `${kind} ${id.slice(0, 8)}${carried ? ` (${carried})` : ''}`;
}

export const ADMIN_JOBS_MESSAGES = {
  title: 'Jobs',
  navLink: 'Jobs',
  intro: 'Background work of every instance: what waits, runs, failed and ran out of retries.',
  loading: 'Loading jobs…',
  loadFailed: 'The jobs could not be loaded.',
  refresh: 'Refresh',
  tryAgain: 'Try again',
  empty: 'No job kinds are registered.',
  progressHeading: 'Long work in progress',
  noProgress: 'No long work is running.',
  progressLabel: (kind: string, key: string) => `${kind} ${key}`,
  progressText: (done: number, total: number) =>
    `${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} customers done`,
  counts: { queued: 'Queued', running: 'Running', failed: 'Failed', dead: 'Dead' },
  oldestWaiting: 'Oldest waiting',
  noneWaiting: 'none',
  seconds: (s: number) => `${Math.round(s).toLocaleString('en-US')} s`,
  lastFailures: 'Last failures',
  noFailures: 'No failures.',
  deadJobs: 'Dead jobs',
  noDeadJobs: 'No dead jobs.',
  columns: { job: 'Job', error: 'Error', when: 'When', attempts: 'Runs', actions: 'Actions' },
  retry: 'Retry',
  retryLabel: (label: string) => `Retry ${label}`,
  confirmTitle: 'Retry this job?',
  confirm: (label: string) =>
    `Retry the dead job ${label}? Its data is queued again once on its kind; this is recorded in the audit log.`,
  confirmButton: 'Retry job',
  cancel: 'Cancel',
  retried: (label: string) => `Job ${label} queued again.`,
  // The server's refusals.
  noKind: (kind: string) => `There is no job kind ${kind}.`,
  noDeadJob: (kind: string, id: string) => `There is no dead job ${id} of kind ${kind}.`,
  alreadyRetried: 'This dead job was already retried.',
  beingHandled: 'This dead job is being handled right now; try again in a moment.',
} as const;
