// @vitest-environment jsdom
/**
 * The managed server view shows what a change's answer warned of (docs/managed-hosting.md
 * "Without nginx"): a create, update or delete answered with `checked: false` and the message shows
 * it above the list where the change's result shows, the item is listed without those fields, and
 * the next change's answer decides again. A plain answer shows no warning.
 */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MANAGED_MESSAGES as M } from '../../src/shared/managed/messages.ts';
import { managedItemsMachine, type ManagedUpdate } from '../../machines/managed/items.machine.ts';
import {
  selectCreateForm,
  selectOpenChange,
  selectRows,
  selectWarning,
} from '../../machines/managed/items.selectors.ts';
import { ItemsList } from '../../src/web/features/managed/ItemsList.tsx';
import { stubBrowserForMantine } from '../support/jsdom-mantine.ts';

beforeAll(() => {
  stubBrowserForMantine();
});
afterEach(cleanup);

const UNCHECKED = { checked: false, warning: M.configurationNotChecked };

/** A vhosts list whose answers say, or not, that the configuration was not checked. */
function vhostsList(answers: { unchecked: boolean }) {
  return createActor(
    managedItemsMachine.provide({
      actors: {
        load: fromPromise<Record<string, unknown>[]>(async () => [
          { vhost_id: 5, domain: 'a.example.com', aliases: [] },
        ]),
        create: fromPromise<Record<string, unknown>, Record<string, unknown>>(
          async ({ input }) => ({
            vhost_id: 6,
            ...input,
            ...(answers.unchecked ? UNCHECKED : {}),
          }),
        ),
        update: fromPromise<Record<string, unknown>, ManagedUpdate>(async ({ input }) => ({
          vhost_id: Number(input.id),
          domain: 'a.example.com',
          ...input.values,
          ...(answers.unchecked ? UNCHECKED : {}),
        })),
        remove: fromPromise<unknown, { id: string }>(async () =>
          answers.unchecked ? UNCHECKED : undefined,
        ),
      },
    }),
    { input: { list: 'vhosts' } },
  ).start();
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

function show(list: ReturnType<typeof vhostsList>) {
  render(
    <MantineProvider>
      <ItemsList
        actor={list}
        label="Vhosts"
        columns={[{ title: 'Domain', value: (item) => String(item.domain) }]}
      />
    </MantineProvider>,
  );
}

describe('a change whose configuration was not checked', () => {
  it('shows the warning where the list shows the change, and lists the item without it', async () => {
    const answers = { unchecked: true };
    const list = vhostsList(answers);
    show(list);
    await settle();
    expect(screen.queryByText(M.configurationNotChecked)).toBeNull();

    // A vhost added through the list's form.
    const create = selectCreateForm(list.getSnapshot());
    act(() => {
      create?.send({ type: 'form.filled', values: { domain: 'b.example.com' } });
      create?.send({ type: 'submit.pressed' });
    });
    await settle();
    expect(screen.getByRole('status').textContent).toBe(M.configurationNotChecked);
    const added = selectRows(list.getSnapshot()).find((row) => row.id === '6');
    expect(added?.item).toMatchObject({ vhost_id: 6, domain: 'b.example.com' });
    expect(added?.item).not.toHaveProperty('warning');
    expect(added?.item).not.toHaveProperty('checked');

    // A change answered plainly (nginx checked it) clears the warning.
    answers.unchecked = false;
    act(() => list.send({ type: 'item.edit.pressed', id: '5', edit: 'aliases' }));
    const change = selectOpenChange(list.getSnapshot())?.form;
    act(() => {
      change?.send({ type: 'form.filled', values: { aliases: 'w.example.com' } });
      change?.send({ type: 'submit.pressed' });
    });
    await settle();
    expect(selectOpenChange(list.getSnapshot())).toBeNull();
    expect(screen.queryByText(M.configurationNotChecked)).toBeNull();

    // A delete answered with the warning shows it too.
    answers.unchecked = true;
    act(() => list.send({ type: 'item.delete.pressed', id: '6' }));
    act(() => list.send({ type: 'item.delete.confirmed' }));
    await settle();
    expect(selectWarning(list.getSnapshot())).toBe(M.configurationNotChecked);
    expect(selectRows(list.getSnapshot()).map((row) => row.id)).toEqual(['5']);
    expect(screen.getByRole('status').textContent).toBe(M.configurationNotChecked);
  });
});
