// @ts-check
/**
 * What `npm start` does for the server's idle memory beyond what it loads (docs/operations.md,
 * "Performance"): V8 sizes its young generation by what the start allocates, and an idle server
 * collects nothing, so it holds whatever the start left.
 *
 * - The young generation keeps its first size (two halves of 1 MiB) instead of growing to two
 *   halves of 16 MiB while the modules load and the database opens. Set by start-built.mjs before
 *   it loads the server: a second start on an existing database had grown it to 24 to 32 MiB
 *   before the server's own code ran.
 * - Once the server is ready (start.ts), one full collection gives back what the start no longer
 *   needs: PGlite's module file as read (9 MiB), the migrations, the parse trees. V8 collects
 *   them only once requests have allocated enough; until then they are resident.
 *
 * Plain JavaScript: start-built.mjs runs it with plain `node`, before the server is built.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

/** V8 flags of the server process, set before the start allocates. */
export const SERVER_V8_FLAGS = ['--semi-space-growth-factor=1'];

export function holdYoungGeneration() {
  for (const flag of SERVER_V8_FLAGS) v8.setFlagsFromString(flag);
}

/**
 * A full collection now. `gc` is V8's own, which `--expose-gc` gives to the contexts made after
 * it is set (the process's own context was made before): a new context hands it over.
 */
export function collectStartupGarbage() {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  if (typeof gc === 'function') gc();
}
