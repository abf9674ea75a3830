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
        'src/web/features/session/recovery/X.tsx',
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

describe(
  'views chain no actors, cast no loaded data and decide no permission',
  { timeout: LINT_TIMEOUT_MS },
  () => {
    const view = 'src/web/features/billing/X.tsx';
    it.each([
      [
        'waitFor from xstate',
        "import { waitFor } from 'xstate';\ndeclare const a: Parameters<typeof waitFor>[0];\nexport const x = () => waitFor(a, () => true);",
        "xstate's waitFor",
      ],
      [
        'waitFor through a namespace import',
        "import * as x from 'xstate';\ndeclare const a: Parameters<typeof x.waitFor>[0];\nexport const y = () => x.waitFor(a, () => true);",
        "xstate's waitFor",
      ],
      [
        'toPromise from xstate (waiting for an actor to end)',
        "import { toPromise } from 'xstate';\ndeclare const a: Parameters<typeof toPromise>[0];\nexport const x = () => toPromise(a);",
        "xstate's waitFor, toPromise",
      ],
      [
        'an unchecked selectData<T> cast',
        "import { useSelector } from '@xstate/react';\nimport { selectData } from '#machines/session/loader.selectors';\ndeclare const loader: Parameters<typeof useSelector>[0];\nexport const useX = () => useSelector(loader, (s) => selectData<{ due: number }>(s as never));",
        'selectData<T>',
      ],
      [
        'selectData<T> passed on uncalled',
        "import { selectData } from '#machines/session/loader.selectors';\nexport const select = selectData<{ due: number }>;",
        'selectData<T>',
      ],
      [
        'a permission checked in a view',
        "import { hasPermission } from '#shared/permissions';\ndeclare const perms: Parameters<typeof hasPermission>[0];\nexport const canManage = hasPermission(perms, 'payments.manage');",
        'a selector in machines/ says it',
      ],
      [
        "a useEffect forwarding one actor's data to another",
        "import { useEffect } from 'react';\ndeclare const editor: { send(e: unknown): void };\nexport function useX(server: unknown) {\n  useEffect(() => editor.send({ type: 'server.loaded', server }), [server]);\n}",
        'a useEffect that sends to an actor',
      ],
      [
        'a useEffect sending to each actor of a list',
        "import { useEffect } from 'react';\ndeclare const loaders: { send(e: unknown): void }[];\nexport function useX(n: number) {\n  useEffect(() => {\n    loaders.forEach((loader) => loader.send({ type: 'reload.requested', n }));\n  }, [n]);\n}",
        'a useEffect that sends to an actor',
      ],
      [
        'a useLayoutEffect sending under a condition',
        "import { useLayoutEffect } from 'react';\ndeclare const form: { send(e: unknown): void };\nexport function useX(open: boolean) {\n  useLayoutEffect(() => {\n    if (open) form.send({ type: 'form.cleared' });\n  }, [open]);\n}",
        'a useLayoutEffect that sends to an actor',
      ],
    ])('flags %s', async (_what, code, expected) => {
      const errors = await errorsOf('project/views-render', view, code);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(expected);
    });

    it.each([
      [
        'a typed page selector',
        "import { useSelector } from '@xstate/react';\nimport { selectInvoice } from '#machines/billing/invoice.loader';\ndeclare const loader: Parameters<typeof useSelector>[0];\nexport const useX = () => useSelector(loader, selectInvoice as never);",
      ],
      [
        'selectData with its type read from the loader',
        "import { selectData } from '#machines/session/loader.selectors';\nexport const select = (s: Parameters<typeof selectData>[0]) => selectData(s);",
      ],
      [
        'a permission read from a selector',
        "import { useSelector } from '@xstate/react';\nimport { selectCanManagePayments } from '#machines/billing/access.selectors';\ndeclare const session: Parameters<typeof useSelector>[0];\nexport const useX = () => useSelector(session, selectCanManagePayments as never);",
      ],
      [
        'other things from xstate',
        "import { fromPromise } from 'xstate';\nexport const load = fromPromise(async () => 1);",
      ],
      [
        'an effect that only moves focus, and a listener that sends a page event later',
        "import { useEffect } from 'react';\ndeclare const form: { send(e: unknown): void };\nexport function useX(box: HTMLElement | null) {\n  useEffect(() => {\n    box?.focus();\n    const onKey = () => form.send({ type: 'key.pressed' });\n    window.addEventListener('keydown', onKey);\n    return () => window.removeEventListener('keydown', onKey);\n  }, [box]);\n}",
      ],
      [
        'a send in an event handler',
        "declare const form: { send(e: unknown): void };\nexport const onClick = () => form.send({ type: 'submit.pressed' });",
      ],
    ])('lets %s be', async (_what, code) => {
      expect(await errorsOf('project/views-render', view, code)).toEqual([]);
    });

    it('lets a file listed for one pattern use that one only', async () => {
      const allowing = new ESLint({
        cwd: root,
        overrideConfig: {
          rules: { 'project/views-render': ['error', { allow: ['effectSend'] }] },
        },
      });
      const code =
        "import { useEffect } from 'react';\nimport { hasPermission } from '#shared/permissions';\ndeclare const theme: { send(e: unknown): void };\nexport function useX() {\n  useEffect(() => theme.send({ type: 'signup.entered' }), []);\n  return hasPermission(undefined, 'payments.manage');\n}";
      const [result] = await allowing.lintText(code, { filePath: path.join(root, view) });
      const errors = result.messages.filter((m) => m.ruleId === 'project/views-render');
      expect(errors.map((m) => m.message)).toEqual([
        expect.stringContaining('a selector in machines/ says it'),
      ]);
    });

    it.each([
      [
        'src/web/router.tsx',
        "import { waitFor } from 'xstate';\ndeclare const a: Parameters<typeof waitFor>[0];\nexport const x = () => waitFor(a, () => true);",
        "xstate's waitFor",
      ],
      [
        'src/web/features/signup/SignupLayout.tsx',
        "import { useEffect } from 'react';\ndeclare const theme: { send(e: unknown): void };\nexport function useX() {\n  useEffect(() => theme.send({ type: 'signup.entered' }), []);\n}",
        'a useEffect that sends to an actor',
      ],
    ])('allows %s no pattern any more', async (file, code, expected) => {
      const errors = await errorsOf('project/views-render', file, code);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(expected);
    });

    it('leaves machines/ alone: a selector there may ask for a permission', async () => {
      const code =
        "import { hasPermission } from '#shared/permissions';\ndeclare const perms: Parameters<typeof hasPermission>[0];\nexport const canManage = hasPermission(perms, 'payments.manage');";
      expect(
        await errorsOf('project/views-render', 'machines/billing/x.selectors.ts', code),
      ).toEqual([]);
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
