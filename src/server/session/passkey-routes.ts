/**
 * Passkeys' endpoints (docs/api.md "Passkeys", docs/session.md "Passkeys"): a login registers,
 * lists, renames and removes its own passkeys. Registering and removing need a fresh access token
 * (src/server/session/endpoints.ts); removing the login's last passkey also needs the factor
 * itself, an assertion of that passkey. None of these can be used while a site admin acts as the
 * customer. Every id is looked up among the caller's own passkeys (404 otherwise).
 */
import type { Context, Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import { ACTIVITY_WORDS } from '#shared/activity/messages';
import { PASSKEY_MESSAGES } from '#shared/session/passkey-messages';
import type { PasskeyList, PasskeyRegistered } from '#shared/session/passkeys';
import {
  PasskeyRegisterSchema,
  PasskeyRemoveSchema,
  PasskeyRenameSchema,
} from '#shared/session/passkey-schemas';
import type { MessageResponse } from '#shared/session/types';
import { recordActivity, recordingDeps } from '../activity/record.ts';
import { audit } from './audit.ts';
import { requireSession, type Session } from './session.ts';
import {
  authenticationOptions,
  passkeyOf,
  passkeysOf,
  provePasskey,
  registerPasskey,
  registrationOptions,
} from './webauthn.ts';
import type { AppEnv } from '../context.ts';
import { passkeys } from '../db/schema.ts';
import { ApiError, forbidden, notFound } from '../http/errors.ts';
import { readJson } from '../http/validate.ts';

const M = PASSKEY_MESSAGES;

/** The login's passkeys are its own: not changed while a site admin acts as the customer. */
async function ownLogin(c: Context<AppEnv>): Promise<Session> {
  const session = await requireSession(c);
  if (session.proxy) {
    throw forbidden(
      'A second factor is changed by its own login, not while acting as a customer.',
      'Not while acting as a customer',
    );
  }
  return session;
}

/** The passkey `:id` of the login, or 404 (another login's passkey is not found either). */
async function ownPasskey(c: Context<AppEnv>, uid: number) {
  const raw = c.req.param('id') ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw notFound(M.notFound);
  const [row] = await c.var.deps.database.db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.uid, uid)));
  if (!row) throw notFound(M.notFound);
  return row;
}

export function registerPasskeyRoutes(api: Hono<AppEnv>) {
  api.get('/auth/mfa/webauthn', async (c) => {
    const { user } = await requireSession(c);
    const rows = await passkeysOf(c.var.deps.database.db, user.uid);
    return c.json({ passkeys: rows.map(passkeyOf) } satisfies PasskeyList);
  });

  api.post('/auth/mfa/webauthn/register/options', async (c) => {
    const { user } = await ownLogin(c);
    return c.json(await registrationOptions(c.var.deps, user));
  });

  api.post('/auth/mfa/webauthn/register/verify', async (c) => {
    const { user } = await ownLogin(c);
    const body = await readJson(c, PasskeyRegisterSchema);
    // Recorded in the transaction that stores the passkey.
    const recorded = recordingDeps(c, {
      entry: (_tx, _before, added) => ({
        action: 'mfa.passkey.add',
        summary: ACTIVITY_WORDS.passkeyAdded((added as { name: string }).name),
      }),
    });
    const row = await registerPasskey(recorded, user, body.name, body.response);
    await audit(c, {
      event: 'passkey_added',
      actor: user.username,
      username: user.username,
      cid: user.cid,
      status: 200,
      detail: { passkey: row.id, name: row.name },
    });
    return c.json({ msg: M.registered, passkey: passkeyOf(row) } satisfies PasskeyRegistered);
  });

  api.post('/auth/mfa/webauthn/authenticate/options', async (c) => {
    const { user } = await ownLogin(c);
    return c.json(await authenticationOptions(c.var.deps, user));
  });

  api.patch('/auth/mfa/webauthn/:id', async (c) => {
    const { user } = await ownLogin(c);
    const body = await readJson(c, PasskeyRenameSchema);
    const row = await ownPasskey(c, user.uid);
    await c.var.deps.database.db.transaction(async (tx) => {
      await tx
        .update(passkeys)
        .set({ name: body.name })
        .where(and(eq(passkeys.id, row.id), eq(passkeys.uid, user.uid)));
      await recordActivity(tx, c, {
        action: 'mfa.passkey.rename',
        summary: ACTIVITY_WORDS.passkeyRenamed(row.name, body.name),
      });
    });
    return c.json({ msg: M.renamed } satisfies MessageResponse);
  });

  api.delete('/auth/mfa/webauthn/:id', async (c) => {
    const { user } = await ownLogin(c);
    const body = await readJson(c, PasskeyRemoveSchema);
    const { deps } = c.var;
    const { db } = deps.database;
    const row = await ownPasskey(c, user.uid);
    const others = (await passkeysOf(db, user.uid)).filter((other) => other.id !== row.id);
    if (others.length === 0) {
      // The last passkey: removed only with the factor itself, this passkey's assertion, whether
      // or not the app stays on (as turning the app off takes its code whatever passkeys remain;
      // left out, like that code: 422, with the request to answer).
      if (!body.webauthn) {
        throw new ApiError(422, 'Validation failed', M.lastFactorProof, {
          errors: { webauthn: M.lastFactorProof },
          methods: ['passkey'],
          webauthn: await authenticationOptions(deps, user),
        });
      }
      await provePasskey(c, user, body.webauthn);
    }
    await db.transaction(async (tx) => {
      await tx.delete(passkeys).where(and(eq(passkeys.id, row.id), eq(passkeys.uid, user.uid)));
      await recordActivity(tx, c, {
        action: 'mfa.passkey.remove',
        summary: ACTIVITY_WORDS.passkeyRemoved(row.name),
      });
    });
    await audit(c, {
      event: 'passkey_removed',
      actor: user.username,
      username: user.username,
      cid: user.cid,
      status: 200,
      detail: { passkey: row.id, name: row.name },
    });
    return c.json({ msg: M.removed } satisfies MessageResponse);
  });
}
