/** The server editor's registration: CPU, memory and storage of /server/{iid}. */
import { SERVER_EDITOR } from '#shared/constants';
import { SERVER_MESSAGES } from '#shared/messages/servers';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { editorMachine, type EditorContext } from './editor.machine.ts';
import {
  selectEditorCost,
  selectEditorError,
  selectEditorSaving,
  selectEditorValues,
} from './editor.selectors.ts';

const { cpus, memoryGb, storageGb } = SERVER_EDITOR;
/** The server edited: 2 CPUs, 4 GB, 40 GB. */
const SERVER = { cpus: 2, mem: 4096, disk: 40 };

interface Projection {
  cpusOk: boolean;
  memOk: boolean;
  diskOk: boolean;
  errors: number;
}

const within = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

const set = (label: string, field: 'cpus' | 'memGb' | 'disk', value: number) =>
  sample(label, { type: 'server.field.changed', field, value });

export const serverEditorModel = defineMachine({
  name: 'server-editor',
  title: 'Server editor',
  description:
    'CPU, memory and storage of a server, each within its bounds (CPU 1 to 8, memory 1 to 16 GB, ' +
    'storage 8 to 1024 GB, and never less storage than the server has), with the monthly cost ' +
    '(8 per CPU, 15 per GB of memory, 0.5 per GB of storage) following every change. Save sends ' +
    'the values when they are within the bounds; otherwise the errors show by their fields. A ' +
    'refused save shows the server’s field errors and a modal notification.',
  machine: editorMachine,
  input: { server: SERVER },
  events: [
    set('set 4 CPUs', 'cpus', 4),
    set('set 8 GB of memory', 'memGb', 8),
    set('set 80 GB of storage', 'disk', 80),
    set('set 20 GB of storage (less than it has)', 'disk', 20),
    sample('press Save', { type: 'server.save.pressed' }),
    sample('the server is loaded again', { type: 'server.loaded', server: SERVER }),
    sample('the save is accepted', {
      type: 'xstate.done.actor.save',
      output: {
        iid: 5001,
        name: 'web-1',
        power: 'running',
        time_since_shutdown_issued: null,
        cpus: 4,
        mem: 8192,
        mem_gb: 8,
        disk: 80,
        managed: false,
        monthly_cost: 192,
        last_error: null,
      },
    }),
    sample('the save is refused', {
      type: 'xstate.error.actor.save',
      error: { message: SERVER_MESSAGES.storage, errors: { disk: SERVER_MESSAGES.storage } },
    }),
  ],
  project: ({ context }: { context: EditorContext }): Projection => ({
    cpusOk: within(context.cpus, cpus.min, cpus.max),
    memOk: within(context.memGb, memoryGb.min, memoryGb.max),
    diskOk: within(context.disk, storageGb.min, storageGb.max) && context.disk >= context.minDisk,
    errors: Object.keys(context.errors).length,
  }),
  limit: 500,
  // portal.md §8: most create and update calls for servers show their errors in modal
  // notifications. The spec does not say what an accepted save shows; a provider's portal says
  // the server was saved (and shows it as saved), so the app announces it.
  expect: {
    effects: ['notify in a modal', 'announce the save'],
    // The server's own values (2 CPUs, 4 GB, 40 GB), all within the bounds, no error shown.
    start: {
      to: 'editing',
      with: { cpusOk: true, memOk: true, diskOk: true, errors: 0 },
    },
    boundaries: [
      set('set 1 CPU (the least)', 'cpus', cpus.min),
      set('set 8 CPUs (the most)', 'cpus', cpus.max),
      set('set 0 CPUs', 'cpus', cpus.min - 1),
      set('set 9 CPUs', 'cpus', cpus.max + 1),
      set('set 1 GB (the least)', 'memGb', memoryGb.min),
      set('set 16 GB (the most)', 'memGb', memoryGb.max),
      set('set 0 GB', 'memGb', memoryGb.min - 1),
      set('set 17 GB', 'memGb', memoryGb.max + 1),
      set('set 1024 GB of storage (the most)', 'disk', storageGb.max),
      set('set 1025 GB of storage', 'disk', storageGb.max + 1),
    ],
    on: {
      editing: {
        'set 4 CPUs': { to: 'stays', with: { cpusOk: true } },
        'set 1 CPU (the least)': { to: 'stays', with: { cpusOk: true } },
        'set 8 CPUs (the most)': { to: 'stays', with: { cpusOk: true } },
        'set 0 CPUs': { to: 'stays', with: { cpusOk: false } },
        'set 9 CPUs': { to: 'stays', with: { cpusOk: false } },
        'set 8 GB of memory': { to: 'stays', with: { memOk: true } },
        'set 1 GB (the least)': { to: 'stays', with: { memOk: true } },
        'set 16 GB (the most)': { to: 'stays', with: { memOk: true } },
        'set 0 GB': { to: 'stays', with: { memOk: false } },
        'set 17 GB': { to: 'stays', with: { memOk: false } },
        'set 80 GB of storage': { to: 'stays', with: { diskOk: true } },
        'set 1024 GB of storage (the most)': { to: 'stays', with: { diskOk: true } },
        'set 1025 GB of storage': { to: 'stays', with: { diskOk: false } },
        'set 20 GB of storage (less than it has)': { to: 'stays', with: { diskOk: false } },
        'press Save': (before: Projection) =>
          before.cpusOk && before.memOk && before.diskOk ? 'saving' : 'stays',
        'the server is loaded again': {
          to: 'stays',
          with: { cpusOk: true, memOk: true, diskOk: true, errors: 0 },
        },
      },
      saving: {
        'the save is accepted': {
          to: 'editing',
          with: { errors: 0 },
          runs: { 'announce the save': true },
        },
        'the save is refused': {
          to: 'editing',
          with: { errors: 1 },
          runs: { 'notify in a modal': true },
        },
        'set 4 CPUs': 'ignored',
        'press Save': 'ignored',
      },
    },
  },
  states: {
    editing: (snapshot) => {
      expectThat(!selectEditorSaving(snapshot), 'Save is enabled');
      const values = selectEditorValues(snapshot);
      const cost = selectEditorCost(snapshot);
      expectThat(
        cost === values.cpus * 8 + values.memGb * 15 + values.disk * 0.5,
        'the cost is 8 per CPU, 15 per GB of memory, 0.5 per GB of storage',
      );
      if (values.cpus > cpus.max && snapshot.context.errors.cpus !== undefined) {
        expectThat(selectEditorError(snapshot, 'cpus') === SERVER_MESSAGES.cpus, 'the CPU error');
      }
    },
    saving: (snapshot) => {
      expectThat(selectEditorSaving(snapshot), 'Save is disabled while saving');
    },
  },
});
