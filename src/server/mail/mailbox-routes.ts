/**
 * With demo data only (config.demo; never in production): the email outbox, so that a person
 * trying the product can follow links.
 */
import type { Hono } from 'hono';
import type { MailboxResponse } from '#shared/session/types';
import { settled } from '../background.ts';
import type { AppEnv } from '../context.ts';
import { latestMail } from './outbox.ts';

export function registerMailboxRoutes(api: Hono<AppEnv>) {
  api.get('/mailbox', async (c) => {
    // Recovery emails are queued just after their answer: show the ones asked for so far.
    await settled(c.var.deps.database);
    const rows = await latestMail(c.var.deps.database.db);
    return c.json({
      messages: rows.map((row) => ({
        id: row.id,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        created_at: row.createdAt.toISOString(),
      })),
    } satisfies MailboxResponse);
  });
}
