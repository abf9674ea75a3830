/**
 * The signup order (docs/api.md "Signup order"): POST /self_signup places it exactly once per
 * Idempotency-Key; GET /self_signup/usernames checks a username and suggests free ones (counted
 * per client address, LIMITS.usernameChecksPerAddress: a person typing never meets the limit);
 * GET /self_signup/pre_signup/{signupHash} gives a pre-signup link's prefill.
 */
import type { Hono } from 'hono';
import * as v from 'valibot';
import { ORDER_MESSAGES } from '#shared/signup/messages';
import {
  IDEMPOTENCY_KEY_HEADER,
  isIdempotencyKey,
  SIGNUP_HASH_PATTERN,
  SIGNUP_ORDER_PATHS,
  UsernameCheckQuerySchema,
  type UsernameCheckResponse,
} from '#shared/signup/order';
import { clientAddress } from '../../session/client-address.ts';
import { consume, LIMITS } from '../../session/rate-limit.ts';
import type { AppEnv } from '../../context.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { readJson, readQuery } from '../../http/validate.ts';
import { linkOrigin } from '../../mail/links.ts';
import { placeSignupOrder } from './place-order.ts';
import { findPreSignup } from './pre-signup.ts';
import { suggestUsernames, usernameInUse } from './usernames.ts';

export function registerSelfSignupRoutes(api: Hono<AppEnv>) {
  api.post(SIGNUP_ORDER_PATHS.order, async (c) => {
    const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
    if (!isIdempotencyKey(key)) {
      throw new ApiError(400, 'Bad request', ORDER_MESSAGES.idempotencyKeyRequired);
    }
    const body = await readJson(c, v.unknown());
    const answer = await placeSignupOrder(c.var.deps, {
      key,
      body,
      remoteIp: clientAddress(c),
      origin: linkOrigin(c.var.deps.config),
    });
    return c.json(answer.body as object, answer.status as 201, {
      'Cache-Control': 'no-store',
      ...(answer.replayed ? { 'Idempotent-Replayed': 'true' } : {}),
    });
  });

  api.get(SIGNUP_ORDER_PATHS.usernames, async (c) => {
    const { db } = c.var.deps.database;
    await consume(db, [[LIMITS.usernameChecksPerAddress, clientAddress(c)]]);
    const { uid, name } = readQuery(c, UsernameCheckQuerySchema);
    const inUse = await usernameInUse(db, uid);
    const answer: UsernameCheckResponse = {
      in_use: inUse,
      suggestions: inUse ? await suggestUsernames(db, uid, name) : [],
    };
    return c.json(answer, 200, { 'Cache-Control': 'no-store' });
  });

  api.get('/self_signup/pre_signup/:signupHash', async (c) => {
    const hash = c.req.param('signupHash');
    const found = SIGNUP_HASH_PATTERN.test(hash)
      ? await findPreSignup(c.var.deps.database.db, hash, c.var.deps.clock.now())
      : null;
    if (!found) throw notFound(ORDER_MESSAGES.preSignupNotFound);
    return c.json(found, 200, { 'Cache-Control': 'no-store' });
  });
}
