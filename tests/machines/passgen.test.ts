import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PASSWORD_GENERATOR } from '../../src/shared/constants.ts';
import { generatePassphrase, randomParts } from '../../machines/passgen/generate.ts';
import { passgenMachine } from '../../machines/passgen/passgen.machine.ts';
import {
  selectCanGenerate,
  selectCopyState,
  selectResult,
  selectWordRows,
} from '../../machines/passgen/passgen.selectors.ts';

const WORDS = Array.from({ length: 15 }, (_, i) => `word${String.fromCharCode(97 + i)}`);

function start(options: { failWords?: boolean; failCopy?: boolean } = {}) {
  const copied: string[] = [];
  const actor = createActor(
    passgenMachine.provide({
      actors: {
        fetchWords: fromPromise(async () => {
          if (options.failWords) throw new Error('Timed out when trying to contact server');
          return WORDS;
        }),
        // Fixed randomness: always the first character and the first position.
        generatePassword: fromPromise(async ({ input }) =>
          generatePassphrase(input.words, () => 0),
        ),
        copyToClipboard: fromPromise(async ({ input }) => {
          if (options.failCopy) throw new Error('denied');
          copied.push(input.text);
        }),
      },
    }),
  ).start();
  return { actor, copied };
}

describe('password generator machine', () => {
  it('shows 15 words in a 5 by 3 grid and keeps Generate disabled until 3 are chosen', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('choosing'));
    const rows = selectWordRows(actor.getSnapshot());
    expect(rows).toHaveLength(PASSWORD_GENERATOR.rows);
    expect(rows.every((row) => row.length === PASSWORD_GENERATOR.columns)).toBe(true);
    actor.send({ type: 'word.toggled', index: 4 });
    actor.send({ type: 'word.toggled', index: 0 });
    expect(selectCanGenerate(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'generate.pressed' });
    expect(actor.getSnapshot().matches('choosing')).toBe(true);
    actor.send({ type: 'word.toggled', index: 9 });
    expect(selectCanGenerate(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'word.toggled', index: 9 });
    expect(selectCanGenerate(actor.getSnapshot())).toBe(false);
  });

  it('generates from the chosen words in the order picked, and copies the result', async () => {
    const { actor, copied } = start();
    await waitFor(actor, (s) => s.matches('choosing'));
    for (const index of [2, 0, 1]) actor.send({ type: 'word.toggled', index });
    actor.send({ type: 'generate.pressed' });
    await waitFor(actor, (s) => s.matches('generated'));
    // randomInt always 0: only digits are drawn, so the parts take the fallback shape 0, 0, !, 0,
    // each put in front of the rest.
    expect(selectResult(actor.getSnapshot())).toBe('0!00wordcwordawordb');
    actor.send({ type: 'copy.pressed' });
    await waitFor(actor, (s) => s.matches({ generated: 'copied' }));
    expect(copied).toEqual(['0!00wordcwordawordb']);
    expect(selectCopyState(actor.getSnapshot())).toBe('copied');
  });

  it('reports a refused clipboard and a failed word fetch with a retry', async () => {
    const failing = start({ failCopy: true });
    await waitFor(failing.actor, (s) => s.matches('choosing'));
    for (const index of [0, 1, 2]) failing.actor.send({ type: 'word.toggled', index });
    failing.actor.send({ type: 'generate.pressed' });
    await waitFor(failing.actor, (s) => s.matches('generated'));
    failing.actor.send({ type: 'copy.pressed' });
    await waitFor(failing.actor, (s) => s.matches({ generated: 'copyFailed' }));
    const offline = start({ failWords: true });
    await waitFor(offline.actor, (s) => s.matches('failed'));
    expect(offline.actor.getSnapshot().context.error).toBe(
      'Timed out when trying to contact server',
    );
  });

  it('random parts: always 4, at least 2 digits and 1 symbol from the 24-character set', () => {
    expect(PASSWORD_GENERATOR.symbols).toHaveLength(24);
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 200, maxLength: 200 }), (draws) => {
        let i = 0;
        const parts = randomParts((below) => draws[i++ % draws.length] % below);
        const digits = parts.filter((p) => /\d/.test(p)).length;
        const symbols = parts.filter((p) => PASSWORD_GENERATOR.symbols.includes(p)).length;
        return (
          parts.length === PASSWORD_GENERATOR.extraParts &&
          digits + symbols === 4 &&
          digits >= PASSWORD_GENERATOR.minimumDigits &&
          symbols >= PASSWORD_GENERATOR.minimumSymbols
        );
      }),
    );
  });

  it('keeps every chosen word, in order, in the result', () => {
    const result = generatePassphrase(['alpha', 'bravo', 'charlie'], (below) => below - 1);
    expect(result.replace(/[^a-z]/g, '')).toBe('alphabravocharlie');
    expect(result).toHaveLength('alphabravocharlie'.length + 4);
  });
});
