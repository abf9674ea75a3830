/** The notices' business constants (docs/people.md "Notices"). */

export const NOTICE_TITLE_MAX_LENGTH = 200;
/** Markdown source of one notice. */
export const NOTICE_CONTENT_MAX_LENGTH = 20_000;
