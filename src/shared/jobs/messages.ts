/**
 * The Admin "Jobs" page's words (docs/operations.md "Jobs page") and the server's refusals of
 * `POST /admin/jobs/{kind}/dead/{id}/retry`.
 */

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
  givenUpMail: 'Emails given up',
  noGivenUpMail: 'No email was given up.',
  mailColumns: {
    to: 'To',
    subject: 'Subject',
    queued: 'Written',
    givenUp: 'Given up',
    attempts: 'Attempts',
    error: 'Last answer',
  },
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
