/** The Admin "Jobs" page (GET /admin/jobs): per kind, the last failures and dead jobs listed. */
export const ADMIN_JOBS_LISTED = { failures: 5, dead: 50 } as const;
