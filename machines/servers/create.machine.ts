/**
 * New server (portal.md §3 "Server", §5 bounds, §7 `POST /servers/`, §8, §9 costs;
 * docs/servers.md "New server"): a form with the name (one host name label, `serverNameError`),
 * CPU, memory (GB) and storage (GB) within the editor's bounds, starting from the placeholder
 * size, and the monthly cost as the values change. Create asks for a confirmation naming the
 * server and its monthly cost; nothing is sent before Confirm. A refusal shows the server's field
 * errors and a modal notification, and the form stays. The machine ends with the server created,
 * or with none when the form is closed.
 */
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { normaliseHostName } from '#shared/host-names';
import {
  memGb,
  PLACEHOLDER_SERVER,
  serverNameError,
  type ServerCreate,
  type ServerRecord,
} from '#shared/servers/rules';
import { sizeErrors, sizeOf, type SizeField } from './sizes.ts';

export type CreateField = 'name' | SizeField;

export interface CreateContext {
  name: string;
  cpus: number;
  memGb: number;
  disk: number;
  errors: Partial<Record<CreateField, string>>;
  /** The server the API answered, once created. */
  created: ServerRecord | null;
}

export interface CreateOutput {
  /** The server created; null when the form was closed without one. */
  server: ServerRecord | null;
}

export type CreateEvent =
  | { type: 'server.name.changed'; value: string }
  | { type: 'server.field.changed'; field: SizeField; value: number }
  | { type: 'server.create.pressed' }
  | { type: 'server.create.confirmed' }
  | { type: 'server.create.cancelled' }
  | { type: 'server.form.closed' }
  | { type: 'xstate.done.actor.create'; output: ServerRecord }
  | { type: 'xstate.error.actor.create'; error: unknown };

/** Field errors of the form: the name's rule, then the size's bounds. */
export function createErrors(values: Omit<CreateContext, 'errors' | 'created'>) {
  const errors: CreateContext['errors'] = { ...sizeErrors(values) };
  const name = serverNameError(values.name);
  if (name) errors.name = name;
  return errors;
}

/** What POST /servers/ is sent: the name as it is kept (lowercase), the size in MB. */
export function createRequest(context: Omit<CreateContext, 'errors' | 'created'>): ServerCreate {
  return { name: normaliseHostName(context.name), ...sizeOf(context), managed: false };
}

const FIELD_OF: Record<string, CreateField> = {
  name: 'name',
  cpus: 'cpus',
  mem: 'memGb',
  disk: 'disk',
};

export const createServerMachine = setup({
  types: {
    context: {} as CreateContext,
    events: {} as CreateEvent,
    output: {} as CreateOutput,
  },
  actors: {
    /** POST /servers/ with the name, cpus, mem (GB × 1024), disk; provided by the app. */
    create: fromPromise<ServerRecord, ServerCreate>(async () => {
      throw new Error('create is provided by the app');
    }),
  },
  actions: {
    'store the name': assign(({ context, event }) => {
      assertEvent(event, 'server.name.changed');
      return { name: event.value, errors: withField(context, 'name', event.value) };
    }),
    'store the value': assign(({ context, event }) => {
      assertEvent(event, 'server.field.changed');
      return { [event.field]: event.value, errors: withField(context, event.field, event.value) };
    }),
    'show the errors': assign(({ context }) => ({ errors: createErrors(context) })),
    'store the server': assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.create');
      return { created: event.output };
    }),
    'store the field errors': assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.create');
      const given = (event.error as { errors?: Record<string, string> } | null)?.errors ?? {};
      const errors: CreateContext['errors'] = {};
      for (const [key, message] of Object.entries(given)) {
        if (FIELD_OF[key]) errors[FIELD_OF[key]] = message;
      }
      return { errors };
    }),
    /** The app shows the refusal in a modal notification (portal.md §8). */
    'notify in a modal': () => {},
  },
  guards: {
    'the form has an error': ({ context }) => Object.keys(createErrors(context)).length > 0,
  },
}).createMachine({
  id: 'createServer',
  description: 'The new server form: name, size and cost, a confirmation, then the server.',
  context: {
    name: '',
    cpus: PLACEHOLDER_SERVER.cpus,
    memGb: memGb(PLACEHOLDER_SERVER.mem),
    disk: PLACEHOLDER_SERVER.disk,
    errors: {},
    created: null,
  },
  initial: 'editing',
  output: ({ context }) => ({ server: context.created }),
  states: {
    editing: {
      description:
        'The form: name, CPU, memory and storage; the monthly cost (or the bounds) follows every change.',
      on: {
        'server.name.changed': { actions: 'store the name' },
        'server.field.changed': { actions: 'store the value' },
        'server.create.pressed': [
          { guard: 'the form has an error', actions: 'show the errors' },
          { target: 'confirming' },
        ],
        'server.form.closed': 'closed',
      },
    },
    confirming: {
      description:
        'Nothing is sent yet: the name, the size and the monthly cost, with Confirm and Back.',
      on: {
        'server.create.confirmed': 'creating',
        'server.create.cancelled': 'editing',
        'server.form.closed': 'closed',
      },
    },
    creating: {
      description: 'POST /servers/: the form waits for the answer.',
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context }) => createRequest(context),
        onDone: { target: 'created', actions: 'store the server' },
        onError: { target: 'editing', actions: ['store the field errors', 'notify in a modal'] },
      },
    },
    created: {
      type: 'final',
      description: 'The server exists (stopped) and is billed from today.',
    },
    closed: {
      type: 'final',
      description: 'Closed without creating anything.',
    },
  },
});

/** The form's errors after one field changed: that field's by its rule, the others as shown. */
function withField(
  context: CreateContext,
  field: CreateField,
  value: string | number,
): CreateContext['errors'] {
  const all = createErrors({ ...context, [field]: value });
  const errors: CreateContext['errors'] = { ...context.errors };
  if (all[field]) errors[field] = all[field];
  else delete errors[field];
  return errors;
}

export type CreateServerActor = ActorRefFrom<typeof createServerMachine>;
