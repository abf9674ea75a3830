/**
 * The Admin "Jobs" page (GET /admin/jobs): per kind, the last failures and dead jobs listed; the
 * newest emails given up.
 */
export const ADMIN_JOBS_LISTED = { failures: 5, dead: 50, givenUpMail: 20 } as const;
