/**
 * The server editor (portal.md §2 "Server editor", §3 placeholder, §5 bounds, §9 costs;
 * docs/servers.md "Editor"): CPU, memory (GB) and storage (GB) inputs within the bounds, the
 * monthly cost recomputed as they change (a selector over `serverMonthlyCost`), save with field
 * errors. Without a server it shows the placeholder (1 CPU, 1024 MB, 10 GB). Storage never goes
 * below what the server has. A refused save notifies in a modal (portal.md §8).
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { storageCannotShrink } from '#shared/messages/servers';
import {
  memGb,
  memMb,
  PLACEHOLDER_SERVER,
  serverSizeErrors,
  type ServerRecord,
  type ServerSize,
} from '#shared/servers';

export type EditorField = 'cpus' | 'memGb' | 'disk';

export interface EditorInput {
  /** The server being edited; null shows the placeholder. */
  server: ServerSize | null;
}

export interface EditorContext {
  cpus: number;
  memGb: number;
  disk: number;
  /** The storage the server has: the least the editor accepts. */
  minDisk: number;
  errors: Partial<Record<EditorField, string>>;
}

export type EditorEvent =
  | { type: 'server.field.changed'; field: EditorField; value: number }
  | { type: 'server.save.pressed' }
  | { type: 'server.loaded'; server: ServerSize }
  | { type: 'xstate.done.actor.save'; output: ServerRecord }
  | { type: 'xstate.error.actor.save'; error: unknown };

function fromServer(server: ServerSize | null) {
  const size = server ?? PLACEHOLDER_SERVER;
  return { cpus: size.cpus, memGb: memGb(size.mem), disk: size.disk, minDisk: server?.disk ?? 0 };
}

/** Field errors of the editor's values: the shared bounds, and storage never below the server's. */
export function editorErrors(values: Omit<EditorContext, 'errors'>): EditorContext['errors'] {
  const errors = serverSizeErrors({
    cpus: values.cpus,
    mem: memMb(values.memGb),
    disk: values.disk,
  });
  const result: EditorContext['errors'] = {};
  if (errors.cpus) result.cpus = errors.cpus;
  if (errors.mem) result.memGb = errors.mem;
  if (errors.disk) result.disk = errors.disk;
  else if (values.disk < values.minDisk) result.disk = storageCannotShrink(values.minDisk);
  return result;
}

const FIELD_OF: Record<string, EditorField> = { cpus: 'cpus', mem: 'memGb', disk: 'disk' };

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
    /** The app says the server was saved, and fetches it again. */
    'announce the save': () => {},
  },
  guards: {
    'the values are within the bounds': ({ context }) =>
      Object.keys(editorErrors(context)).length === 0,
  },
}).createMachine({
  id: 'serverEditor',
  description: 'CPU, memory and storage within the bounds, the monthly cost, and saving.',
  context: ({ input }) => ({ ...fromServer(input.server), errors: {} }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The inputs; the cost follows every change; errors show by their fields.',
      on: {
        'server.field.changed': { actions: 'store the value' },
        'server.loaded': { actions: 'store the server' },
        'server.save.pressed': [
          { guard: 'the values are within the bounds', target: 'saving' },
          { actions: 'show the errors' },
        ],
      },
    },
    saving: {
      description: 'PUT /servers/{iid}; the inputs and Save are disabled.',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({
          cpus: context.cpus,
          mem: memMb(context.memGb),
          disk: context.disk,
        }),
        onDone: { target: 'editing', actions: ['store the server', 'announce the save'] },
        onError: { target: 'editing', actions: ['store the field errors', 'notify in a modal'] },
      },
    },
  },
});

export type EditorActor = ActorRefFrom<typeof editorMachine>;
