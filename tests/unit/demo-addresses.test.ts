/**
 * The demo addresses, one for each case the signup must handle, are the product's own design:
 * docs/api.md "Demo addresses" lists each with its fixed id, key, address and case. The list in
 * the code is held to that table, read from the document itself.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_ADDRESSES, type DemoAddressKind } from '../../src/shared/signup/demo-addresses.ts';

interface Row {
  id: number;
  key: string;
  address: string;
  case: string;
}

function documentedRows(): Row[] {
  const api = readFileSync(path.resolve(import.meta.dirname, '../../docs/api.md'), 'utf8');
  const section = api.split('### Demo addresses')[1]?.split('\n### ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => /^\|\s*\d+\s*\|/.test(line))
    .map((line) => {
      const [id, key, address, text] = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      return { id: Number(id), key: key!.replaceAll('`', ''), address: address!, case: text! };
    });
}

/** The kind of each documented case, in the table's words. */
const KIND_OF_CASE: ReadonlyArray<readonly [RegExp, DemoAddressKind]> = [
  [/^early signup|early signup: no activation date/, 'early_signup'],
  [/^in service through another provider/, 'in_service'],
  [/^business$/, 'business'],
  [/^disabled/, 'disabled'],
  [/^not currently available/, 'unavailable'],
  [/^building without unit/, 'building'],
  [/zero matches/, 'outside'],
];

function kindOf(text: string): DemoAddressKind {
  return KIND_OF_CASE.find(([pattern]) => pattern.test(text))?.[1] ?? 'orderable';
}

const rows = documentedRows();
const demos = Object.entries(DEMO_ADDRESSES);

describe('the demo addresses', () => {
  it('are the documented ones, under their keys, with their ids in order from 1', () => {
    expect(rows.length).toBeGreaterThan(0);
    expect(demos.map(([key, demo]) => [demo.id, key])).toEqual(
      rows.map((row) => [row.id, row.key]),
    );
    expect(rows.map((row) => row.id)).toEqual(rows.map((_, index) => index + 1));
  });

  it('are each at the documented address, written as the suggestions write it', () => {
    for (const row of rows) {
      const demo = DEMO_ADDRESSES[row.key as keyof typeof DEMO_ADDRESSES];
      const street = [demo.line1, demo.line2].filter(Boolean).join(' ');
      expect(`${street}, ${demo.city}, ${demo.state} ${demo.zip_code}`, row.key).toBe(row.address);
      expect(demo.formatted, row.key).toBe(row.address);
    }
  });

  it('each demonstrate the documented case', () => {
    for (const row of rows) {
      const demo = DEMO_ADDRESSES[row.key as keyof typeof DEMO_ADDRESSES];
      expect(demo.kind, `${row.key}: ${row.case}`).toBe(kindOf(row.case));
      expect(demo.needs_ont_install, `${row.key}: ${row.case}`).toBe(
        row.case.includes('needs an ONT install'),
      );
      expect(demo.provider === null, `${row.key}: ${row.case}`).toBe(
        demo.kind === 'outside' || demo.kind === 'building',
      );
    }
  });

  it('are each found by typing their search text, which the suggestion begins with', () => {
    for (const [key, demo] of demos) {
      expect(demo.search.length, key).toBeGreaterThan(0);
      expect(demo.formatted.startsWith(demo.search), key).toBe(true);
    }
  });
});
