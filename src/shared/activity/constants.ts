/** The activity log (docs/activity.md). */
export const ACTIVITY = {
  /** Entries a page shows when `limit` is not given, and the largest `limit` accepted. */
  pageSize: 25,
  pageSizeMax: 100,
  /** Days an entry is kept before the prune job removes it (ACTIVITY_RETENTION_DAYS overrides). */
  retentionDays: 400,
  /** The most entries one CSV export holds. */
  csvMax: 10_000,
  /** The longest `login` filter accepted (a bound on input). */
  loginMaxLength: 64,
} as const;
