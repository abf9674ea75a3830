/**
 * Delivering one outbox row, as the `mail.deliver` job (src/server/jobs): at most once, retried
 * until sent or too old.
 *
 * A delivery first claims the row for its lease (MAIL_LEASE_SECONDS) in one atomic update that
 * only a row neither sent, given up nor held by another delivery passes; then it sends the
 * message with the Message-ID written with the row, and records `sent_at` and the SMTP server's
 * answer. A delivery that finds the row sent or given up sends nothing; one that finds it held
 * fails, so that the job comes back after its backoff. An instance killed in the middle of a send
 * holds the row until its claim runs out; the SMTP server discards a message whose sender went
 * away before its answer, and the next delivery sends it. The only window for a second copy is
 * between the server's "250" and the `sent_at` update, and that copy carries the same
 * Message-ID. SMTP timeouts are a third of the lease, so a send ends before its claim does.
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { AppDeps } from '../context.ts';
import { emailOutbox } from '../db/schema.ts';

const transports = new Map<string, Transporter>();

/** nodemailer is loaded with the first email sent: an idle server does not hold it. */
async function transportFor(url: string, leaseSeconds: number): Promise<Transporter> {
  const key = `${leaseSeconds} ${url}`;
  let transport = transports.get(key);
  if (!transport) {
    const { createTransport } = await import('nodemailer');
    const timeout = Math.floor((leaseSeconds * 1000) / 3);
    transport = createTransport({
      url,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
    transports.set(key, transport);
  }
  return transport;
}

/** What the SMTP server answered (its reply line), else why nothing was answered. */
export function smtpAnswer(error: unknown): string {
  if (error && typeof error === 'object') {
    const { response, message } = error as { response?: unknown; message?: unknown };
    if (typeof response === 'string' && response) return response;
    if (typeof message === 'string' && message) return message;
  }
  return String(error);
}

export class MailNotDelivered extends Error {
  override name = 'MailNotDelivered';
}

/** Nobody holds the row: never claimed, or its claim ran out. */
const unclaimed = () =>
  or(isNull(emailOutbox.claimedUntil), lt(emailOutbox.claimedUntil, sql`now()`));
const undecided = () => and(isNull(emailOutbox.sentAt), isNull(emailOutbox.failedAt));

export type DeliveryOutcome = 'sent' | 'already done' | 'given up' | 'no smtp';

/**
 * Delivers outbox row `id`. Resolves when it was sent, was already decided, or is given up;
 * throws {@link MailNotDelivered} (with the SMTP answer) when it should be tried again.
 */
export async function deliverOutboxRow(deps: AppDeps, id: number): Promise<DeliveryOutcome> {
  const { smtpUrl, jobs } = deps.config;
  // Without SMTP_URL the outbox is where mail stays.
  if (!smtpUrl) return 'no smtp';
  const { db } = deps.database;
  if ((await giveUpOldMail(deps, id)) > 0) return 'given up';
  const [row] = await db
    .update(emailOutbox)
    .set({
      claimedUntil: sql`now() + make_interval(secs => ${jobs.mail.leaseSeconds})`,
      attempts: sql`${emailOutbox.attempts} + 1`,
      lastAttemptAt: sql`now()`,
    })
    .where(and(eq(emailOutbox.id, id), undecided(), unclaimed()))
    .returning();
  if (!row) {
    const [current] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    if (!current || current.sentAt || current.failedAt) return 'already done';
    throw new MailNotDelivered(`another delivery holds email ${id}`);
  }
  let response: string;
  try {
    const info = (await (
      await transportFor(smtpUrl, jobs.mail.leaseSeconds)
    ).sendMail({
      from: row.from,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      ...(row.messageId ? { messageId: row.messageId } : {}),
    })) as { response?: string };
    response = info.response ?? '';
  } catch (error) {
    const answer = smtpAnswer(error);
    await db
      .update(emailOutbox)
      .set({ error: answer, claimedUntil: null })
      .where(eq(emailOutbox.id, id));
    throw new MailNotDelivered(answer);
  }
  await db
    .update(emailOutbox)
    .set({ sentAt: sql`now()`, response, error: null, claimedUntil: null })
    .where(eq(emailOutbox.id, id));
  return 'sent';
}

/**
 * Gives up every email (or email `id`) older than MAIL_MAX_AGE_HOURS that is neither sent nor
 * held by a delivery: `failed_at` is set, `error` keeps the last SMTP answer. Resolves with how
 * many were given up. Run by each delivery and by the runner's maintenance pass.
 */
export async function giveUpOldMail(
  deps: Pick<AppDeps, 'config' | 'database'>,
  id?: number,
): Promise<number> {
  if (!deps.config.smtpUrl) return 0;
  const hours = deps.config.jobs.mail.maxAgeHours;
  const given = await deps.database.db
    .update(emailOutbox)
    .set({
      failedAt: sql`now()`,
      error: sql`coalesce(${emailOutbox.error}, ${`not sent within ${hours} hours`})`,
    })
    .where(
      and(
        id === undefined ? undefined : eq(emailOutbox.id, id),
        undecided(),
        unclaimed(),
        lt(emailOutbox.createdAt, sql`now() - make_interval(hours => ${hours})`),
      ),
    )
    .returning({ id: emailOutbox.id });
  return given.length;
}

/** Marks email `id` given up (its job ran out of retries), unless it was sent meanwhile. */
export async function markMailFailed(
  deps: Pick<AppDeps, 'database'>,
  id: number,
  why: string,
): Promise<void> {
  await deps.database.db
    .update(emailOutbox)
    .set({
      failedAt: sql`now()`,
      claimedUntil: null,
      error: sql`coalesce(${emailOutbox.error}, ${why})`,
    })
    .where(and(eq(emailOutbox.id, id), undecided()));
}
