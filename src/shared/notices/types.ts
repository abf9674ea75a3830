/** Bodies of the notices API (docs/api.md "Notices", docs/people.md). */

export interface Notice {
  id: number;
  title: string;
  /** The Markdown as written. */
  content: string;
  /** The Markdown rendered and sanitised by the server: safe to show as HTML. */
  content_html: string;
  ignorable: boolean;
  /** ISO timestamps. */
  starts_at: string;
  ends_at: string;
}

/** GET /notices: the current notices this user has neither acknowledged nor ignored. */
export interface NoticeList {
  notices: Notice[];
}

export type NoticePeriod = 'upcoming' | 'current' | 'ended';

/** GET /notices/all: every notice for this user (a site admin: every notice), with its state. */
export interface NoticeWithState extends Notice {
  /** null: every customer. */
  cid: number | null;
  period: NoticePeriod;
  acknowledged_at: string | null;
  dismissed_at: string | null;
}

export interface NoticeStateList {
  notices: NoticeWithState[];
}

/** POST /notices/preview: the Markdown as the server renders it. */
export interface NoticePreview {
  content_html: string;
}
