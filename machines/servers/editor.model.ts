/** The server editor's registration: CPU, memory and storage of /server/{iid}. */
import { formatDollars } from '#shared/cart/money';
import { SERVER_EDITOR } from '#shared/servers/constants';
import {
  confirmResize,
  monthlyCostLabel,
  SERVER_MESSAGES,
  sizesOutOfBounds,
} from '#shared/servers/messages';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { editorMachine, type EditorContext } from './editor.machine.ts';
import {
  selectEditorCost,
  selectEditorCostText,
  selectEditorError,
  selectEditorSaved,
  selectEditorSaving,
  selectEditorValues,
  selectResizeConfirmation,
  type EditorSnapshot,
} from './editor.selectors.ts';

const { cpus, memoryGb, storageGb } = SERVER_EDITOR;

/** portal.md §9: 8 per CPU, 15 per GB of memory, 0.5 per GB of storage (US dollars a month). */
const costOf = (size: { cpus: number; memGb: number; disk: number }) =>
  size.cpus * 8 + size.memGb * 15 + size.disk * 0.5;

/** The server edited: 2 CPUs, 4 GB, 40 GB: $96.00 a month. */
const SERVER = { name: 'web', cpus: 2, mem: 4096, disk: 40 };

interface Projection {
  cpusOk: boolean;
  memOk: boolean;
  diskOk: boolean;
  errors: number;
  /** The values cost more a month than the server does now. */
  costlier: boolean;
  /** The values and what the server costs now: whether the next change costs more reads them. */
  values: string;
  nowCost: number;
  /** The values differ from the server's (the customer is changing them). */
  edited: boolean;
}

/** What the server costs now (the size it has until a save). */
const nowCostOf = ({ current }: { current: { cpus: number; mem: number; disk: number } }) =>
  costOf({ cpus: current.cpus, memGb: current.mem / 1024, disk: current.disk });

/** $96.00: 2 × 8 + 4 × 15 + 40 × 0.5. */
const SERVER_COST = nowCostOf({ current: SERVER });

const within = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

const set = (label: string, field: 'cpus' | 'memGb' | 'disk', value: number) =>
  sample(label, { type: 'server.field.changed', field, value });

const allOk = (p: Projection) => p.cpusOk && p.memOk && p.diskOk;

/** The cost line as the issue asks: the price only for sizes within the bounds. */
function expectCostLine(snapshot: EditorSnapshot) {
  const values = selectEditorValues(snapshot);
  const { minDisk } = snapshot.context;
  const ok =
    within(values.cpus, cpus.min, cpus.max) &&
    within(values.memGb, memoryGb.min, memoryGb.max) &&
    within(values.disk, Math.max(storageGb.min, minDisk), storageGb.max);
  if (ok) {
    expectThat(
      selectEditorCost(snapshot) === costOf(values),
      'the cost is 8 per CPU, 15 per GB of memory, 0.5 per GB of storage',
    );
    expectThat(
      selectEditorCostText(snapshot) === monthlyCostLabel(formatDollars(costOf(values))),
      'the price shows "$X.XX per month"',
    );
  } else {
    expectThat(selectEditorCost(snapshot) === null, 'no price for sizes out of their bounds');
    expectThat(
      selectEditorCostText(snapshot) === sizesOutOfBounds(Math.max(storageGb.min, minDisk)),
      'the bounds show instead of a price',
    );
  }
  if (values.cpus > cpus.max && snapshot.context.errors.cpus !== undefined) {
    expectThat(selectEditorError(snapshot, 'cpus') === SERVER_MESSAGES.cpus, 'the CPU error');
  }
}

export const serverEditorModel = defineMachine({
  name: 'server-editor',
  title: 'Server editor',
  description:
    'CPU, memory and storage of a server, each within its bounds (CPU 1 to 8, memory 1 to 16 GB, ' +
    'storage 8 to 1024 GB, and never less storage than the server has), with the monthly cost ' +
    '(8 per CPU, 15 per GB of memory, 0.5 per GB of storage) following every change; while a ' +
    'value is out of its bounds the bounds show instead of a price. Save sends the values when ' +
    'they are within the bounds; otherwise the errors show by their fields. A size that costs ' +
    'more than the server does now is sent only once the customer confirms the new monthly ' +
    'cost. A save that went through says "Server saved" until the next change. The server ' +
    'fetched again shows in the inputs, unless the customer is changing them. A refused save ' +
    'shows the server’s field errors and a modal notification.',
  machine: editorMachine,
  input: { server: SERVER },
  events: [
    set('set 20 GB of storage (less than it has)', 'disk', 20),
    sample('press Save', { type: 'server.save.pressed' }),
    sample('confirm the new cost', { type: 'server.resize.confirmed' }),
    sample('keep the old size', { type: 'server.resize.cancelled' }),
    sample('the server is loaded again', { type: 'server.loaded', server: SERVER }),
    sample('the save is accepted', {
      type: 'xstate.done.actor.save',
      output: {
        iid: 5001,
        name: 'web',
        power: 'running',
        time_since_shutdown_issued: null,
        cpus: 8,
        mem: 16_384,
        mem_gb: 16,
        disk: 1024,
        managed: false,
        monthly_cost: 816,
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
    costlier: costOf(context) > nowCostOf(context),
    // A value out of its bounds counts as "out": the next one typed replaces it.
    values: [
      within(context.cpus, cpus.min, cpus.max) ? context.cpus : 'out',
      within(context.memGb, memoryGb.min, memoryGb.max) ? context.memGb : 'out',
      within(context.disk, Math.max(storageGb.min, context.minDisk), storageGb.max)
        ? context.disk
        : 'out',
    ].join('/'),
    nowCost: nowCostOf(context),
    edited:
      context.cpus !== context.current.cpus ||
      context.memGb * 1024 !== context.current.mem ||
      context.disk !== context.current.disk,
  }),
  limit: 3000,
  // portal.md §8: most create and update calls for servers show their errors in modal
  // notifications. The spec does not say what an accepted save shows; the issue "The portal as a
  // customer finds it" asks that a save be confirmed to the user, that a costlier size ask
  // first naming the new monthly cost, and that no price show for sizes out of their bounds
  // ("$3.50 per month" for 0 CPU, 0 GB, 7 GB). After a save the app fetches the server again.
  expect: {
    effects: ['notify in a modal', 'announce the save'],
    // The server's own values (2 CPUs, 4 GB, 40 GB), all within the bounds, no error shown.
    start: {
      to: 'ready.editing',
      with: {
        cpusOk: true,
        memOk: true,
        diskOk: true,
        errors: 0,
        costlier: false,
        values: '2/4/40',
        nowCost: SERVER_COST,
        edited: false,
      },
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
      set('set 7 GB of storage', 'disk', storageGb.min - 1),
      set('set 40 GB of storage (what it has)', 'disk', SERVER.disk),
      set('set 1024 GB of storage (the most)', 'disk', storageGb.max),
      set('set 1025 GB of storage', 'disk', storageGb.max + 1),
    ],
    on: {
      ready: {
        'set 1 CPU (the least)': { to: 'ready.editing', with: { cpusOk: true } },
        'set 8 CPUs (the most)': { to: 'ready.editing', with: { cpusOk: true } },
        'set 0 CPUs': { to: 'ready.editing', with: { cpusOk: false } },
        'set 9 CPUs': { to: 'ready.editing', with: { cpusOk: false } },
        'set 1 GB (the least)': { to: 'ready.editing', with: { memOk: true } },
        'set 16 GB (the most)': { to: 'ready.editing', with: { memOk: true } },
        'set 0 GB': { to: 'ready.editing', with: { memOk: false } },
        'set 17 GB': { to: 'ready.editing', with: { memOk: false } },
        'set 7 GB of storage': { to: 'ready.editing', with: { diskOk: false } },
        'set 40 GB of storage (what it has)': (before: Projection) => ({
          to: 'ready.editing',
          // 40 GB is what the server has, unless a save grew it (to 1024 GB).
          with: { diskOk: before.nowCost === SERVER_COST },
        }),
        'set 1024 GB of storage (the most)': { to: 'ready.editing', with: { diskOk: true } },
        'set 1025 GB of storage': { to: 'ready.editing', with: { diskOk: false } },
        'set 20 GB of storage (less than it has)': { to: 'ready.editing', with: { diskOk: false } },
        'press Save': (before: Projection) =>
          !allOk(before) ? 'ready.editing' : before.costlier ? 'confirming' : 'saving',
        // The server (2 CPUs, 4 GB, 40 GB) fetched again shows, unless the values are being
        // changed: they stay as typed, and the server's size counts for the cost.
        'the server is loaded again': (before: Projection) =>
          before.edited
            ? { to: 'stays', with: { values: before.values, nowCost: SERVER_COST } }
            : {
                to: 'stays',
                with: {
                  cpusOk: true,
                  memOk: true,
                  diskOk: true,
                  errors: 0,
                  costlier: false,
                  values: '2/4/40',
                  nowCost: SERVER_COST,
                  edited: false,
                },
              },
        'confirm the new cost': 'ignored',
        'keep the old size': 'ignored',
      },
      confirming: {
        'confirm the new cost': 'saving',
        'keep the old size': 'ready.editing',
        'set 8 CPUs (the most)': 'ignored',
        'press Save': 'ignored',
        'the server is loaded again': 'ignored',
      },
      saving: {
        'the save is accepted': {
          to: 'ready.saved',
          with: { errors: 0, costlier: false },
          runs: { 'announce the save': true },
        },
        'the save is refused': {
          to: 'ready.editing',
          with: { errors: 1 },
          runs: { 'notify in a modal': true },
        },
        'set 8 CPUs (the most)': 'ignored',
        'press Save': 'ignored',
        'confirm the new cost': 'ignored',
      },
    },
  },
  states: {
    'ready.editing': (snapshot) => {
      expectThat(!selectEditorSaving(snapshot), 'Save is enabled');
      expectThat(!selectEditorSaved(snapshot), '"Server saved" does not show while editing');
      expectThat(selectResizeConfirmation(snapshot) === null, 'no question is asked');
      expectCostLine(snapshot);
    },
    'ready.saved': (snapshot) => {
      expectThat(!selectEditorSaving(snapshot), 'Save is enabled');
      expectThat(selectEditorSaved(snapshot), '"Server saved" shows');
      expectCostLine(snapshot);
    },
    confirming: (snapshot) => {
      const values = selectEditorValues(snapshot);
      const now = nowCostOf(snapshot.context);
      expectThat(costOf(values) > now, 'only a costlier size asks');
      expectThat(
        selectResizeConfirmation(snapshot) ===
          confirmResize(SERVER.name, formatDollars(costOf(values)), formatDollars(now)),
        'the question names the new monthly cost, and the one it replaces',
      );
      expectThat(!selectEditorSaving(snapshot), 'nothing is sent yet');
    },
    saving: (snapshot) => {
      expectThat(selectEditorSaving(snapshot), 'Save is disabled while saving');
      expectThat(!selectEditorSaved(snapshot), '"Server saved" does not show while saving');
    },
  },
});
