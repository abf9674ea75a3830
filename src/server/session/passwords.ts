/**
 * Password hashing: argon2id with OWASP's recommended parameters (19 MiB of memory, 2 passes,
 * 1 lane). A login for an unknown username verifies against a dummy hash made with the same
 * parameters, so that it costs the same time as a wrong password for a real user.
 *
 * Each verification is published on a diagnostics channel (`PASSWORD_VERIFY_CHANNEL`, Node's
 * `node:diagnostics_channel`) with the parameters of the hash it verified against and nothing
 * secret: instrumentation can count them, and the tests check that an unknown username costs one
 * verification like a real user's, without timing anything.
 */
import { channel } from 'node:diagnostics_channel';
import os from 'node:os';
import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2';
import pLimit from 'p-limit';

/** OWASP Password Storage Cheat Sheet, argon2id, first option. */
export const HASH_PARAMETERS = {
  algorithm: 'argon2id',
  memoryCostKiB: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

const ARGON2ID = 2 as Algorithm;

const OPTIONS: Options = {
  algorithm: ARGON2ID,
  memoryCost: HASH_PARAMETERS.memoryCostKiB,
  timeCost: HASH_PARAMETERS.timeCost,
  parallelism: HASH_PARAMETERS.parallelism,
};

/**
 * New hashes made at once: one fewer than the cores, at least one. Each takes 19 MiB and a core
 * for a few milliseconds in libuv's pool (four threads); four at once on two cores took the
 * event loop's core and thrashed the cache (measured: 9 to 12 ms of CPU per hash instead of 6, and
 * fewer hashes per second, docs/operations.md "Performance"). The rest wait their turn.
 */
const hashing = pLimit(Math.max(1, os.availableParallelism() - 1));

export function hashPassword(password: string): Promise<string> {
  return hashing(() => hash(password, OPTIONS));
}

export const PASSWORD_VERIFY_CHANNEL = 'fiber-portal.password.verify';

/** What a verification publishes: the hash's algorithm, version and costs (`argon2id$v=19$m=…`). */
export interface PasswordVerification {
  parameters: string;
}

const verifications = channel(PASSWORD_VERIFY_CHANNEL);

/** False for a wrong password and for a stored value that is not a valid hash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  if (verifications.hasSubscribers) {
    const published: PasswordVerification = {
      parameters: storedHash.split('$').slice(1, 4).join('$'),
    };
    verifications.publish(published);
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** Made when the server starts, so that even the first unknown username costs a normal check. */
const dummyHash: Promise<string> = hashPassword('a dummy password that no one has');

/** Spends the time of a real verification and fails: for usernames that do not exist. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(await dummyHash, password);
  return false;
}

/** True when a stored hash was made with other parameters than today's (rehash at next login). */
export function needsRehash(storedHash: string): boolean {
  try {
    const parsed = parseOptions(storedHash);
    return (
      parsed.algorithm !== ARGON2ID ||
      parsed.memoryCost !== HASH_PARAMETERS.memoryCostKiB ||
      parsed.timeCost !== HASH_PARAMETERS.timeCost ||
      parsed.parallelism !== HASH_PARAMETERS.parallelism
    );
  } catch {
    return true;
  }
}
