/**
 * The browser build leaves the machines' descriptions out (vite.config.ts
 * `machineDescriptionsOut`): they document the charts, the app never reads them. Everything else
 * of a machine module stays, at the same positions.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync, type Plugin } from 'vite';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { describe, expect, it } from 'vitest';
import { zoneCountdownMachine } from '#machines/dns/zone-countdown.machine';
import { routeGateMachine } from '#machines/session/route-gate.machine';
import { installationMachine } from '#machines/signup/installation.machine';
import { signupMachine } from '#machines/signup/signup.machine';
import { machineDescriptionsOut } from '../../vite.config.ts';

const root = path.resolve(import.meta.dirname, '../..');

function transform(code: string, id: string): string {
  const hook = machineDescriptionsOut().transform as Exclude<
    Plugin['transform'],
    ((...args: never[]) => unknown) | undefined
  >;
  expect(hook.filter?.id).toBeInstanceOf(RegExp);
  expect((hook.filter!.id as RegExp).test(id)).toBe(true);
  const result = (hook.handler as (code: string, id: string) => { code: string } | null)(code, id);
  return result?.code ?? code;
}

/** The names of every property written in a module, in order. */
function keysOf(code: string, file: string): string[] {
  const keys: string[] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const current = node as { type?: string; key?: { name?: string; value?: unknown } };
    if (current.type === 'Property' && current.key)
      keys.push(String(current.key.name ?? current.key.value));
    Object.values(current).forEach(visit);
  };
  visit(parseSync(file, code, { lang: 'ts' }).program);
  return keys;
}

/** Every description of a machine: its states' and its transitions'. */
function descriptionsOf(machine: AnyStateMachine): string[] {
  const found: string[] = [];
  const visit = (node: AnyStateNode) => {
    if (node.description) found.push(node.description);
    for (const transitions of node.transitions.values())
      for (const transition of transitions)
        if (transition.description) found.push(transition.description);
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  return found;
}

describe('the browser build leaves machine descriptions out', () => {
  it.each([
    ['machines/session/route-gate.machine.ts', routeGateMachine],
    ['machines/signup/installation.machine.ts', installationMachine],
    // Its own description is a template with a constant in it.
    ['machines/dns/zone-countdown.machine.ts', zoneCountdownMachine],
  ])('%s keeps none of its descriptions, and every position', (file, machine) => {
    const code = readFileSync(path.join(root, file), 'utf8');
    const descriptions = descriptionsOf(machine as AnyStateMachine);
    expect(descriptions.length).toBeGreaterThan(2);
    const out = transform(code, path.join(root, file));
    for (const description of descriptions) expect(out).not.toContain(description.slice(0, 40));
    expect(out.length).toBe(code.length);
    expect(out.split('\n').length).toBe(code.split('\n').length);
    expect(parseSync(file, out, { lang: 'ts' }).errors).toEqual([]);
    // Every other property (states, events, guards, actions…) stays.
    const keys = keysOf(code, file);
    expect(keysOf(out, file)).toEqual(keys.filter((key) => key !== 'description'));
    expect(keys.filter((key) => key === 'description').length).toBeGreaterThanOrEqual(
      descriptions.length,
    );
  });

  it('takes the descriptions of the wizard’s regions, states of their own modules', () => {
    const regions = ['reveal', 'connectivity', 'voice', 'order-sections', 'account'];
    const descriptions = descriptionsOf(signupMachine);
    let checked = 0;
    for (const region of regions) {
      const file = path.join(root, `machines/signup/wizard/regions/${region}.ts`);
      const code = readFileSync(file, 'utf8');
      const out = transform(code, file);
      for (const description of descriptions) {
        if (!code.includes(description.slice(0, 40))) continue;
        expect(out).not.toContain(description.slice(0, 40));
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(3);
  });

  it('keeps a description that is data, not a machine’s', () => {
    const code = [
      "import { setup } from 'xstate';",
      "export const FIELDS = [{ name: 'phone', label: 'Phone', description: 'We call it once.' }];",
      'export const LINE = { type: "fee", description: "Installation fee" };',
      'export const m = setup({}).createMachine({',
      "  description: 'The machine.',",
      "  initial: 'a',",
      "  states: { a: { description: 'Only a description.' }, b: { type: 'final', description: 'Done.' } },",
      '});',
    ].join('\n');
    const out = transform(code, '/app/machines/example/example.machine.ts');
    expect(out).toContain("description: 'We call it once.'");
    expect(out).toContain('description: "Installation fee"');
    expect(out).not.toContain('The machine.');
    expect(out).not.toContain('Only a description.');
    expect(out).not.toContain('Done.');
    expect(out).toContain("b: { type: 'final',");
    expect(parseSync('example.ts', out, { lang: 'ts' }).errors).toEqual([]);
  });
});
