/** The new server form's registration: New server on /services/servers. */
import { formatDollars } from '#shared/cart/money';
import { SERVER_EDITOR } from '#shared/servers/constants';
import { isHostLabel, normaliseHostName } from '#shared/host-names';
import {
  confirmCreate,
  monthlyCostLabel,
  SERVER_MESSAGES,
  serverSizeLabel,
  sizesOutOfBounds,
} from '#shared/servers/messages';
import type { ServerRecord } from '#shared/servers/rules';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { createServerMachine, type CreateContext } from './create.machine.ts';
import {
  selectCreateConfirmation,
  selectCreateCostText,
  selectCreateError,
  selectCreateSending,
  selectCreateStep,
  selectCreateValues,
  type CreateSnapshot,
} from './create.selectors.ts';

const { cpus, memoryGb, storageGb } = SERVER_EDITOR;

/** portal.md §9: 8 per CPU, 15 per GB of memory, 0.5 per GB of storage (US dollars a month). */
const costOf = (size: { cpus: number; memGb: number; disk: number }) =>
  size.cpus * 8 + size.memGb * 15 + size.disk * 0.5;

const within = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

/** A server's name is one host name label, as typed (blanks around it dropped, any case). */
const nameIsValid = (typed: string) => isHostLabel(normaliseHostName(typed));

const CREATED: ServerRecord = {
  iid: 5002,
  name: 'web-2',
  power: 'stopped',
  time_since_shutdown_issued: null,
  cpus: 1,
  mem: 1024,
  mem_gb: 1,
  disk: 10,
  managed: false,
  monthly_cost: 28,
  last_error: null,
};

interface Projection {
  /** The name as typed. */
  name: string;
  cpusOk: boolean;
  memOk: boolean;
  diskOk: boolean;
  /** How many field errors show. */
  errors: number;
  created: boolean;
}

const sizesOk = (p: Projection) => p.cpusOk && p.memOk && p.diskOk;
const invalidFields = (p: Projection) =>
  [nameIsValid(p.name), p.cpusOk, p.memOk, p.diskOk].filter((ok) => !ok).length;

const name = (label: string, value: string) =>
  sample(label, { type: 'server.name.changed', value });
const set = (label: string, field: 'cpus' | 'memGb' | 'disk', value: number) =>
  sample(label, { type: 'server.field.changed', field, value });

/** The cost line: the price for sizes within the bounds, the bounds otherwise. */
function expectCostLine(snapshot: CreateSnapshot) {
  const values = selectCreateValues(snapshot);
  const ok =
    within(values.cpus, cpus.min, cpus.max) &&
    within(values.memGb, memoryGb.min, memoryGb.max) &&
    within(values.disk, storageGb.min, storageGb.max);
  expectThat(
    selectCreateCostText(snapshot) ===
      (ok ? monthlyCostLabel(formatDollars(costOf(values))) : sizesOutOfBounds()),
    ok ? 'the monthly cost shows' : 'the bounds show instead of a price',
  );
}

export const createServerModel = defineMachine({
  name: 'create-server',
  title: 'New server',
  description:
    'The new server form. It starts with no name and the smallest usual size (1 CPU, 1 GB of ' +
    'memory, 10 GB of storage). The name is one host name label: letters, digits and dashes, ' +
    'no dash at either end, at most 63 characters (kept in lowercase). CPU, memory and storage ' +
    'stay within the editor’s bounds, and the monthly cost (8 per CPU, 15 per GB of memory, 0.5 ' +
    'per GB of storage) follows every change; while a value is out of its bounds the bounds ' +
    'show instead of a price. Create asks first, naming the server, its size and its cost in ' +
    'dollars per month: nothing is sent before Confirm. A refusal shows the server’s field ' +
    'errors and a modal notification, and the form stays open. Closing the form creates nothing.',
  machine: createServerMachine,
  events: [
    name('type the name web-2', 'web-2'),
    name('type Web-2 in capitals', ' Web-2 '),
    name('type a name with a space', 'web 2'),
    name('clear the name', ''),
    set('set 4 CPUs', 'cpus', 4),
    set('set 8 GB of memory', 'memGb', 8),
    set('set 40 GB of storage', 'disk', 40),
    sample('press Create', { type: 'server.create.pressed' }),
    sample('confirm', { type: 'server.create.confirmed' }),
    sample('go back to the form', { type: 'server.create.cancelled' }),
    sample('close the form', { type: 'server.form.closed' }),
    sample('the server is created', { type: 'xstate.done.actor.create', output: CREATED }),
    sample('the create is refused', {
      type: 'xstate.error.actor.create',
      error: { message: SERVER_MESSAGES.name, errors: { name: SERVER_MESSAGES.name } },
    }),
  ],
  project: ({ context }: { context: CreateContext }): Projection => ({
    name: context.name,
    cpusOk: within(context.cpus, cpus.min, cpus.max),
    memOk: within(context.memGb, memoryGb.min, memoryGb.max),
    diskOk: within(context.disk, storageGb.min, storageGb.max),
    errors: Object.keys(context.errors).length,
    created: context.created !== null,
  }),
  limit: 3000,
  // The issue "The portal as a customer finds it": New server created a billable server on one
  // click, named server-105. Now a form with the name and size, the cost shown live, and a
  // confirmation naming the cost before anything is sent. portal.md §8: create errors show in
  // modal notifications.
  expect: {
    effects: ['notify in a modal'],
    start: {
      to: 'editing',
      with: { name: '', cpusOk: true, memOk: true, diskOk: true, errors: 0, created: false },
    },
    boundaries: [
      name('type a name ending with a dash', 'web-'),
      name('type a 63-character name', `w${'a'.repeat(62)}`),
      name('type a 64-character name', `w${'a'.repeat(63)}`),
      set('set 1 CPU (the least)', 'cpus', cpus.min),
      set('set 0 CPUs', 'cpus', cpus.min - 1),
      set('set 9 CPUs', 'cpus', cpus.max + 1),
      set('set 16 GB (the most)', 'memGb', memoryGb.max),
      set('set 17 GB', 'memGb', memoryGb.max + 1),
      set('set 8 GB of storage (the least)', 'disk', storageGb.min),
      set('set 7 GB of storage', 'disk', storageGb.min - 1),
      set('set 1025 GB of storage', 'disk', storageGb.max + 1),
    ],
    inputs: {
      // The name as it is kept (blanks dropped, lowercase); never managed from this form.
      create: (p) => ({ name: normaliseHostName(p.name), managed: false }),
    },
    on: {
      editing: {
        'type the name web-2': { to: 'stays', with: { name: 'web-2' } },
        'type Web-2 in capitals': { to: 'stays', with: { name: ' Web-2 ' } },
        'type a name with a space': { to: 'stays', with: { name: 'web 2' } },
        'type a name ending with a dash': { to: 'stays', with: { name: 'web-' } },
        'type a 63-character name': 'stays',
        'type a 64-character name': 'stays',
        'clear the name': { to: 'stays', with: { name: '' } },
        'set 4 CPUs': { to: 'stays', with: { cpusOk: true } },
        'set 1 CPU (the least)': { to: 'stays', with: { cpusOk: true } },
        'set 0 CPUs': { to: 'stays', with: { cpusOk: false } },
        'set 9 CPUs': { to: 'stays', with: { cpusOk: false } },
        'set 8 GB of memory': { to: 'stays', with: { memOk: true } },
        'set 16 GB (the most)': { to: 'stays', with: { memOk: true } },
        'set 17 GB': { to: 'stays', with: { memOk: false } },
        'set 40 GB of storage': { to: 'stays', with: { diskOk: true } },
        'set 8 GB of storage (the least)': { to: 'stays', with: { diskOk: true } },
        'set 7 GB of storage': { to: 'stays', with: { diskOk: false } },
        'set 1025 GB of storage': { to: 'stays', with: { diskOk: false } },
        // Nothing is sent on Create: the question first, or the errors by their fields.
        'press Create': (before: Projection) =>
          nameIsValid(before.name) && sizesOk(before)
            ? 'confirming'
            : { to: 'stays', with: { errors: invalidFields(before) } },
        'close the form': { to: 'closed', with: { created: false } },
        confirm: 'ignored',
        'go back to the form': 'ignored',
      },
      confirming: {
        confirm: 'creating',
        'go back to the form': 'editing',
        'close the form': { to: 'closed', with: { created: false } },
        'type the name web-2': 'ignored',
        'set 4 CPUs': 'ignored',
        'press Create': 'ignored',
      },
      creating: {
        'the server is created': { to: 'created', with: { created: true } },
        'the create is refused': {
          to: 'editing',
          with: { errors: 1, created: false },
          runs: { 'notify in a modal': true },
        },
        'close the form': 'ignored',
        confirm: 'ignored',
        'type the name web-2': 'ignored',
      },
    },
  },
  states: {
    editing: (snapshot) => {
      expectThat(selectCreateStep(snapshot) === 'form', 'the form shows');
      expectThat(selectCreateConfirmation(snapshot) === null, 'no question is asked');
      expectCostLine(snapshot);
      const error = selectCreateError(snapshot, 'name');
      expectThat(
        error === null || error === SERVER_MESSAGES.name,
        'a name error is the name rule’s message',
      );
    },
    confirming: (snapshot) => {
      const values = selectCreateValues(snapshot);
      expectThat(selectCreateStep(snapshot) === 'confirm', 'the confirmation shows');
      expectThat(!selectCreateSending(snapshot), 'nothing is sent yet');
      expectThat(
        selectCreateConfirmation(snapshot) ===
          confirmCreate(
            normaliseHostName(values.name),
            serverSizeLabel(values),
            formatDollars(costOf(values)),
          ),
        'the question names the server, its size and "$X.XX per month"',
      );
    },
    creating: (snapshot) => {
      expectThat(selectCreateStep(snapshot) === 'confirm', 'the confirmation stays');
      expectThat(selectCreateSending(snapshot), 'Confirm is under way');
    },
    created: (snapshot) => {
      expectThat(snapshot.output?.server?.iid === CREATED.iid, 'the form ends with the server');
    },
    closed: (snapshot) => {
      expectThat(snapshot.output?.server === null, 'the form ends with no server');
    },
  },
});
