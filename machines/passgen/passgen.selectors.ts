import type { SnapshotFrom } from 'xstate';
import { PASSWORD_GENERATOR } from '#shared/constants';
import type { passgenMachine } from './passgen.machine.ts';

export type PassgenSnapshot = SnapshotFrom<typeof passgenMachine>;

export interface WordCell {
  index: number;
  word: string;
  chosen: boolean;
}

/** The words as rows of the 5 by 3 grid. */
export function selectWordRows(snapshot: PassgenSnapshot): WordCell[][] {
  const { words, chosen } = snapshot.context;
  const rows: WordCell[][] = [];
  for (let row = 0; row < PASSWORD_GENERATOR.rows; row += 1) {
    const cells: WordCell[] = [];
    for (let column = 0; column < PASSWORD_GENERATOR.columns; column += 1) {
      const index = row * PASSWORD_GENERATOR.columns + column;
      if (index < words.length)
        cells.push({ index, word: words[index], chosen: chosen.includes(index) });
    }
    if (cells.length > 0) rows.push(cells);
  }
  return rows;
}

export function selectChosenCount(snapshot: PassgenSnapshot): number {
  return snapshot.context.chosen.length;
}

export function selectCanGenerate(snapshot: PassgenSnapshot): boolean {
  return (
    (snapshot.matches('choosing') || snapshot.matches('generated')) &&
    snapshot.context.chosen.length >= PASSWORD_GENERATOR.minimumChosen
  );
}

export function selectLoadingWords(snapshot: PassgenSnapshot): boolean {
  return snapshot.matches('loading');
}

export function selectWordsFailed(snapshot: PassgenSnapshot): boolean {
  return snapshot.matches('failed');
}

export function selectGenerating(snapshot: PassgenSnapshot): boolean {
  return snapshot.matches('generating');
}

/** The last generated password (kept while the user changes the words). */
export function selectResult(snapshot: PassgenSnapshot): string | null {
  return snapshot.context.result;
}

export function selectCopyState(
  snapshot: PassgenSnapshot,
): 'idle' | 'copying' | 'copied' | 'failed' {
  if (snapshot.matches({ generated: 'copying' })) return 'copying';
  if (snapshot.matches({ generated: 'copied' })) return 'copied';
  if (snapshot.matches({ generated: 'copyFailed' })) return 'failed';
  return 'idle';
}

export function selectPassgenError(snapshot: PassgenSnapshot): string | null {
  return snapshot.context.error;
}

/** Copy works on a freshly generated password (not while the words are being changed). */
export function selectCanCopy(snapshot: PassgenSnapshot): boolean {
  return snapshot.matches('generated');
}
