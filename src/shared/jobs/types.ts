/**
 * The Admin "Jobs" page's contract (docs/api.md "Jobs", docs/operations.md "Jobs page"): what
 * `GET /admin/jobs` answers and `POST /admin/jobs/{kind}/dead/{id}/retry` does. Its words are in
 * `messages.ts`.
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

/**
 * An email the outbox gave up (too old, or its delivery out of retries): whom it was for, what,
 * and the mail server's last answer.
 */
export interface GivenUpMail {
  /** The outbox row's id (a dead `mail.deliver` job carries it as `outboxId`). */
  id: number;
  to: string;
  subject: string;
  /** When it was written to the outbox (ISO time). */
  queued_at: string;
  /** When it was given up (ISO time). */
  given_up_at: string;
  /** Delivery attempts started. */
  attempts: number;
  /** The last SMTP answer, or why nothing was answered. */
  error: string | null;
}

export interface AdminJobsResponse {
  kinds: JobKindState[];
  /** Long work not finished, oldest first. */
  progress: JobProgress[];
  /** The newest emails given up, newest first. */
  given_up_mail: GivenUpMail[];
}

/** `POST /admin/jobs/{kind}/dead/{id}/retry`: the dead job whose data was queued again. */
export interface RetriedJob {
  kind: string;
  dead_id: string;
}
