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

/** By the server's clock; `withdrawn`: a site admin withdrew it (it is shown to nobody since). */
export type NoticePeriod = 'upcoming' | 'current' | 'ended' | 'withdrawn';

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

/** GET /notices/published (site admins): a notice as the provider sees it. */
export interface PublishedNotice extends Notice {
  /** null: every customer. */
  cid: number | null;
  period: NoticePeriod;
  created_by: string;
  /** When it was withdrawn (its end, if it had started) and by whom; null if it was not. */
  withdrawn_at: string | null;
  withdrawn_by: string | null;
  /** Users who acknowledged it. */
  acknowledged: number;
  /** Users who ignored it (an ignorable notice) without acknowledging it. */
  ignored: number;
}

export interface PublishedNoticeList {
  notices: PublishedNotice[];
}
