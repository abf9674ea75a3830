/**
 * The password generator's result (signup.md §2, §5): the chosen words with 4 random parts, each a
 * digit or a symbol of the 24-character set, at least 2 digits and at least 1 symbol, placed at
 * random between and around the words. `randomInt(n)` answers 0 <= i < n; the app passes a
 * cryptographic one, tests a fixed one.
 */
import { PASSWORD_GENERATOR } from '#shared/constants';

export type RandomInt = (below: number) => number;

const DIGITS = '0123456789';
const PART_CHARACTERS = DIGITS + PASSWORD_GENERATOR.symbols;

function isDigit(character: string) {
  return DIGITS.includes(character);
}

/** 4 parts meeting the digit and symbol minimums (redrawn until they do). */
export function randomParts(randomInt: RandomInt): string[] {
  for (let attempt = 0; attempt < 1000; attempt += 1) {
    const parts = Array.from(
      { length: PASSWORD_GENERATOR.extraParts },
      () => PART_CHARACTERS[randomInt(PART_CHARACTERS.length)],
    );
    const digits = parts.filter(isDigit).length;
    const symbols = parts.length - digits;
    if (digits >= PASSWORD_GENERATOR.minimumDigits && symbols >= PASSWORD_GENERATOR.minimumSymbols)
      return parts;
  }
  // A random source this unlucky is broken; fall back to a fixed shape drawn from it.
  return [
    DIGITS[randomInt(DIGITS.length)],
    DIGITS[randomInt(DIGITS.length)],
    PASSWORD_GENERATOR.symbols[randomInt(PASSWORD_GENERATOR.symbols.length)],
    PART_CHARACTERS[randomInt(PART_CHARACTERS.length)],
  ];
}

export function generatePassphrase(words: readonly string[], randomInt: RandomInt): string {
  const tokens = [...words];
  for (const part of randomParts(randomInt)) tokens.splice(randomInt(tokens.length + 1), 0, part);
  return tokens.join('');
}

/** A uniform cryptographic integer below `below` (rejection sampling, no modulo bias). */
export function cryptoRandomInt(below: number): number {
  const limit = Math.floor(0x1_0000_0000 / below) * below;
  const buffer = new Uint32Array(1);
  for (;;) {
    globalThis.crypto.getRandomValues(buffer);
    if (buffer[0] < limit) return buffer[0] % below;
  }
}
