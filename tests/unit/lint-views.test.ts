import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });
// The first lint loads the config and the TypeScript parser: seconds on a busy machine.
const LINT_TIMEOUT_MS = 60_000;

async function errorsOf(rule: string, file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

describe(
  'views only render: they read selectors, never a snapshot',
  { timeout: LINT_TIMEOUT_MS },
  () => {
    it.each([
      [
        'src/web/features/signup/sections/X.tsx',
        'export const x = (s: { context: { speedId: string } }) => s.context.speedId;',
        '.context',
      ],
      [
        'src/web/features/recovery/X.tsx',
        "export const x = (s: { children: Record<string, unknown> }) => s.children['form'];",
        '.children',
      ],
      [
        'src/web/shell/X.tsx',
        "export const x = (s: Record<string, unknown>) => s['context'];",
        '.context',
      ],
    ])('flags %s reading a snapshot: %s', async (file, code, expected) => {
      const errors = await errorsOf('project/views-render', file, code);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(expected);
    });

    it.each([
      ['src/web/app/x.ts', 'export const x = (s: { context: number }) => s.context;'],
      ['machines/signup/x.selectors.ts', 'export const x = (s: { context: number }) => s.context;'],
      [
        'src/web/features/x.tsx',
        "import { selectRouterView } from '#machines/signup/services.selectors';\nexport const x = selectRouterView;",
      ],
    ])('lets %s be: %s', async (file, code) => {
      expect(await errorsOf('project/views-render', file, code)).toEqual([]);
    });
  },
);

describe('state names are typed', { timeout: LINT_TIMEOUT_MS }, () => {
  it('flags a state value cast to never in snapshot.matches', async () => {
    const code =
      "declare const s: { matches(v: unknown): boolean };\nexport const x = s.matches({ check: 'x' } as never);";
    for (const file of ['machines/signup/x.selectors.ts', 'src/web/features/x.tsx']) {
      const errors = await errorsOf('project/typed-states', file, code);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain('name the states with a type');
    }
  });

  it('lets a typed state value be', async () => {
    const code =
      "declare const s: { matches(v: { check: 'x' }): boolean };\nexport const x = s.matches({ check: 'x' });";
    expect(await errorsOf('project/typed-states', 'machines/signup/x.ts', code)).toEqual([]);
  });
});

describe('machines read their events with assertEvent', { timeout: LINT_TIMEOUT_MS }, () => {
  it.each([
    'export const a = ({ event }: { event: unknown }) => (event as { output?: string }).output;',
    'export const a = ({ event }: { event: unknown }) => (<{ error?: unknown }>event).error;',
  ])('flags a cast of the event in a machine: %s', async (code) => {
    for (const file of ['machines/session/x.machine.ts', 'machines/signup/address.machine.ts']) {
      const errors = await errorsOf('project/typed-events', file, code);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain('assertEvent');
    }
  });

  it('lets assertEvent be', async () => {
    const code =
      "import { assertEvent } from 'xstate';\ntype E = { type: 'xstate.done.actor.load'; output: string } | { type: 'retry' };\nexport const a = ({ event }: { event: E }) => {\n  assertEvent(event, 'xstate.done.actor.load');\n  return event.output;\n};";
    expect(await errorsOf('project/typed-events', 'machines/session/x.machine.ts', code)).toEqual(
      [],
    );
  });
});
