/**
 * The server editor (portal.md §2 "Server editor", §3 placeholder, §5 bounds, §9 costs;
 * docs/servers.md "Editor"): CPU, memory (GB) and storage (GB) inputs within the bounds, the
 * monthly cost recomputed as they change (a selector over `serverMonthlyCost`; the bounds instead
 * while a value is out of them), save with field errors. A size that costs more than the server
 * does now asks first, naming the new monthly cost. A save that went through says so until the
 * next change. The server fetched again shows in the inputs, unless the customer is changing
 * them: then they stay as typed (the server's size still counts for the cost and the storage).
 * Without a server it shows the placeholder (1 CPU, 1024 MB, 10 GB). Storage never goes below
 * what the server has. A refused save notifies in a modal (portal.md §8).
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import {
  memGb,
  PLACEHOLDER_SERVER,
  serverMonthlyCost,
  type ServerRecord,
  type ServerSize,
} from '#shared/servers/rules';
import { followsNothing } from '../follow.ts';
import { sizeErrors, sizeOf, type SizeErrors, type SizeField } from './sizes.ts';

export type EditorField = SizeField;

/** The server edited: its size, and its name for the confirmation. */
export type EditedServer = ServerSize & { name?: string };

export interface EditorInput {
  /** The server being edited; null shows the placeholder. */
  server: EditedServer | null;
}

export interface EditorContext {
  cpus: number;
  memGb: number;
  disk: number;
  /** The storage the server has: the least the editor accepts. */
  minDisk: number;
  /** The size the server has now (what it costs until the save). */
  current: ServerSize;
  name: string;
  errors: SizeErrors;
}

export type EditorEvent =
  | { type: 'server.field.changed'; field: EditorField; value: number }
  | { type: 'server.save.pressed' }
  | { type: 'server.resize.confirmed' }
  | { type: 'server.resize.cancelled' }
  | { type: 'server.loaded'; server: EditedServer }
  | { type: 'xstate.done.actor.save'; output: ServerRecord }
  | { type: 'xstate.error.actor.save'; error: unknown };

function fromServer(server: EditedServer | null): Omit<EditorContext, 'errors'> {
  const size = server ?? PLACEHOLDER_SERVER;
  return {
    cpus: size.cpus,
    memGb: memGb(size.mem),
    disk: size.disk,
    minDisk: server?.disk ?? 0,
    current: { cpus: size.cpus, mem: size.mem, disk: size.disk },
    name: server?.name ?? '',
  };
}

/** Field errors of the editor's values: the shared bounds, and storage never below the server's. */
export function editorErrors(values: Omit<EditorContext, 'errors'>): EditorContext['errors'] {
  return sizeErrors(values, values.minDisk);
}

const FIELD_OF: Record<string, EditorField> = { cpus: 'cpus', mem: 'memGb', disk: 'disk' };

/** The errors shown, each kept only while its rule still finds one (the words may change). */
function shownErrors(shown: EditorContext['errors'], now: EditorContext['errors']) {
  const errors: EditorContext['errors'] = {};
  for (const field of Object.keys(shown) as EditorField[]) {
    if (now[field]) errors[field] = now[field];
  }
  return errors;
}

export const editorMachine = setup({
  types: {
    context: {} as EditorContext,
    events: {} as EditorEvent,
    input: {} as EditorInput,
  },
  actors: {
    /** PUT /servers/{iid} with cpus, mem (GB × 1024), disk; provided by the app. */
    save: fromPromise<ServerRecord, ServerSize>(async () => {
      throw new Error('save is provided by the app');
    }),
    /** Sends `server.loaded` each time the server is fetched again; provided by the app. */
    follow: followsNothing,
  },
  actions: {
    'store the value': assign(({ context, event }) => {
      assertEvent(event, 'server.field.changed');
      const next = { ...context, [event.field]: event.value };
      return { [event.field]: event.value, errors: editorErrors(next) };
    }),
    'store the server': assign(({ event }) => {
      assertEvent(event, ['server.loaded', 'xstate.done.actor.save']);
      const server = event.type === 'server.loaded' ? event.server : event.output;
      return { ...fromServer(server), errors: {} };
    }),
    /** The server fetched again while its values are being changed: they stay as typed. */
    'note the server': assign(({ context, event }) => {
      assertEvent(event, 'server.loaded');
      const { minDisk, current, name } = fromServer(event.server);
      const next = { ...context, minDisk, current, name };
      return { minDisk, current, name, errors: shownErrors(context.errors, editorErrors(next)) };
    }),
    'store the field errors': assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.save');
      const given = (event.error as { errors?: Record<string, string> } | null)?.errors ?? {};
      const errors: EditorContext['errors'] = {};
      for (const [key, message] of Object.entries(given)) {
        if (FIELD_OF[key]) errors[FIELD_OF[key]] = message;
      }
      return { errors };
    }),
    'show the errors': assign(({ context }) => ({ errors: editorErrors(context) })),
    /** The app shows the refusal in a modal notification (portal.md §8). */
    'notify in a modal': () => {},
    /** The app fetches the server again. */
    'announce the save': () => {},
  },
  guards: {
    'a size is out of its bounds': ({ context }) => Object.keys(editorErrors(context)).length > 0,
    'the new size costs more': ({ context }) =>
      serverMonthlyCost(sizeOf(context)) > serverMonthlyCost(context.current),
    'the values are the server’s': ({ context }) => {
      const size = sizeOf(context);
      return (
        size.cpus === context.current.cpus &&
        size.mem === context.current.mem &&
        size.disk === context.current.disk
      );
    },
  },
}).createMachine({
  id: 'serverEditor',
  description: 'CPU, memory and storage within the bounds, the monthly cost, and saving.',
  context: ({ input }) => ({ ...fromServer(input.server), errors: {} }),
  invoke: { id: 'follow', src: 'follow' },
  initial: 'ready',
  states: {
    ready: {
      description: 'The inputs; the cost follows every change; errors show by their fields.',
      initial: 'editing',
      on: {
        'server.field.changed': { target: '.editing', actions: 'store the value' },
        'server.loaded': [
          { guard: 'the values are the server’s', actions: 'store the server' },
          { actions: 'note the server' },
        ],
        'server.save.pressed': [
          { guard: 'a size is out of its bounds', target: '.editing', actions: 'show the errors' },
          { guard: 'the new size costs more', target: 'confirming' },
          { target: 'saving' },
        ],
      },
      states: {
        editing: { description: 'Values being changed, or as the server has them.' },
        saved: { description: '"Server saved" shows until the next change.' },
      },
    },
    confirming: {
      description: 'The new size costs more: the customer confirms the new monthly cost or not.',
      on: {
        'server.resize.confirmed': 'saving',
        'server.resize.cancelled': 'ready.editing',
      },
    },
    saving: {
      description: 'PUT /servers/{iid}; the inputs and Save are disabled.',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => sizeOf(context),
        onDone: { target: 'ready.saved', actions: ['store the server', 'announce the save'] },
        onError: {
          target: 'ready.editing',
          actions: ['store the field errors', 'notify in a modal'],
        },
      },
    },
  },
});

export type EditorActor = ActorRefFrom<typeof editorMachine>;
