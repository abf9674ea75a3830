/**
 * A server's page machine with its real children (the servers list, the power, the editor) and
 * fake calls: what the page passes between them, which the children's own path tests and the
 * page's (inert children) cannot see. portal.md §4: after start and stop the server is fetched
 * again; §8 "Server not found"; docs/servers.md: the editor shows the server read again, and a
 * delete names this page's server and, once done, leaves the page.
 */
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { editorMachine } from '../../machines/servers/editor.machine.ts';
import { selectEditorValues } from '../../machines/servers/editor.selectors.ts';
import {
  listMachine,
  type ListAnswer,
  type ListInput,
} from '../../machines/servers/list.machine.ts';
import { selectDeleteConfirmation } from '../../machines/servers/list.selectors.ts';
import { powerMachine, type PowerEvent } from '../../machines/servers/power.machine.ts';
import { serverPageWith } from '../../machines/servers/server-page.machine.ts';
import {
  selectPageEditor,
  selectPageList,
  selectPagePower,
  selectPageServer,
  selectPageServerDeleted,
  selectPageServerNotFound,
} from '../../machines/servers/server-page.selectors.ts';
import type { PowerStatus, ServerRecord } from '../../src/shared/servers/rules.ts';

const SERVER: ServerRecord = {
  iid: 5001,
  name: 'web-1',
  power: 'running',
  time_since_shutdown_issued: null,
  cpus: 2,
  mem: 4096,
  mem_gb: 4,
  disk: 40,
  managed: false,
  monthly_cost: 96,
  last_error: null,
};
const OTHER: ServerRecord = { ...SERVER, iid: 5002, name: 'mail-1' };
const MANAGER = { services: { has_view: true, has_manage: true } };
const status = (power: PowerStatus['power']): PowerStatus => ({
  power,
  time_since_shutdown_issued: power === 'stopped' ? 0 : null,
  last_error: null,
});

/** The page over a fake server: each read of the list answers the next of `reads`. */
function page(reads: ServerRecord[][], iid = SERVER.iid) {
  const calls = { loads: 0, removed: [] as number[], saved: [] as unknown[], sent: [] as string[] };
  const machine = serverPageWith({
    list: listMachine.provide({
      actors: {
        load: fromPromise<ListAnswer, ListInput>(async () => {
          const servers = reads[Math.min(calls.loads, reads.length - 1)];
          calls.loads += 1;
          return { servers, count: servers.length };
        }),
        remove: fromPromise<unknown, { iid: number }>(async ({ input }) => {
          calls.removed.push(input.iid);
          return {};
        }),
      },
    }),
    power: powerMachine.provide({
      actors: {
        load: fromPromise(async () => status('running')),
        send: fromPromise(async ({ input }) => {
          calls.sent.push(input.action);
          return status('stopping');
        }),
        // The hypervisor has stopped the server by the first poll.
        poll: fromCallback<PowerEvent, { iid: number }>(({ sendBack }) => {
          const timer = setTimeout(() =>
            sendBack({ type: 'power.polled', status: status('stopped') }),
          );
          return () => clearTimeout(timer);
        }),
      },
    }),
    editor: editorMachine.provide({
      actors: {
        save: fromPromise(async ({ input }) => {
          calls.saved.push(input);
          return { ...SERVER, ...input, mem_gb: input.mem / 1024 };
        }),
      },
    }),
  });
  const actor = createActor(machine, { input: { iid, perms: MANAGER } }).start();
  return { actor, calls };
}

describe('a server’s page and its children', () => {
  it('shows the listed server with its editor, and the editor the server read again', async () => {
    const resized = { ...SERVER, cpus: 4, mem: 8192, mem_gb: 8 };
    const { actor, calls } = page([[OTHER, SERVER], [resized]]);
    await waitFor(actor, (s) => selectPageServer(s) !== null);
    const editor = selectPageEditor(actor.getSnapshot())!;
    expect(selectEditorValues(editor.getSnapshot())).toEqual({ cpus: 2, memGb: 4, disk: 40 });

    // Stop, done (portal.md §4): the server is fetched again, and the editor shows it.
    const power = selectPagePower(actor.getSnapshot())!;
    await waitFor(power, (s) => s.matches('running'));
    power.send({ type: 'server.stop.pressed' });
    await waitFor(actor, (s) => selectPageServer(s)?.cpus === 4);
    expect(calls.sent).toEqual(['stop']);
    expect(calls.loads).toBe(2);
    expect(selectEditorValues(selectPageEditor(actor.getSnapshot())!.getSnapshot())).toEqual({
      cpus: 4,
      memGb: 8,
      disk: 40,
    });
  });

  it('reads the server again once a size is saved', async () => {
    const { actor, calls } = page([[SERVER]]);
    await waitFor(actor, (s) => selectPageServer(s) !== null);
    const editor = selectPageEditor(actor.getSnapshot())!;
    // A smaller size costs less: it is saved without a question.
    editor.send({ type: 'server.field.changed', field: 'cpus', value: 1 });
    editor.send({ type: 'server.save.pressed' });
    await waitFor(actor, () => calls.loads === 2);
    expect(calls.saved).toEqual([{ cpus: 1, mem: 4096, disk: 40 }]);
  });

  it('says "Server not found" without an editor when the list does not have the server', async () => {
    const { actor } = page([[OTHER]]);
    await waitFor(actor, (s) => selectPageServerNotFound(s));
    expect(selectPageEditor(actor.getSnapshot())).toBeUndefined();
    expect(selectPageServer(actor.getSnapshot())).toBeNull();
  });

  it('deletes this page’s server after the question, and is done', async () => {
    const { actor, calls } = page([[OTHER, SERVER]]);
    await waitFor(actor, (s) => selectPageServer(s) !== null);
    actor.send({ type: 'server.delete.pressed' });
    const list = selectPageList(actor.getSnapshot())!;
    expect(selectDeleteConfirmation(list.getSnapshot())?.question).toContain('web-1');
    expect(calls.removed).toEqual([]);
    actor.send({ type: 'server.delete.confirmed' });
    await waitFor(actor, (s) => selectPageServerDeleted(s));
    expect(calls.removed).toEqual([SERVER.iid]);
  });
});
