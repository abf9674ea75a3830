/**
 * The account page's Passkeys part, declared from docs/session.md "Passkeys" and docs/api.md
 * "Passkeys": the list, adding (named first), renaming, removing after a confirmation, and the
 * last passkey removed only with that passkey's answer.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { PASSKEYS } from '#shared/session/constants';
import { PASSKEY_MESSAGES } from '#shared/session/passkey-messages';
import type { Passkey } from '#shared/session/passkeys';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { passkeysMachine } from './second-factor-passkeys.machine.ts';
import { selectPasskeysPart, type PasskeysSnapshot } from './second-factor-passkeys.selectors.ts';

const LAPTOP: Passkey = {
  id: 7,
  name: 'Laptop',
  created_at: '2026-11-02T10:00:00.000Z',
  last_used_at: null,
};
const PHONE: Passkey = {
  id: 8,
  name: 'Phone',
  created_at: '2026-11-03T10:00:00.000Z',
  last_used_at: '2026-11-04T10:00:00.000Z',
};
const REQUEST: PublicKeyCredentialRequestOptionsJSON = {
  challenge: 'Y2hhbGxlbmdl',
  rpId: 'localhost',
  allowCredentials: [{ id: 'Y3JlZA', type: 'public-key' }],
};
const ASSERTION: AuthenticationResponseJSON = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
};
const UNREACHABLE = 'Timed out when trying to contact server';
const NOT_ACCEPTED = {
  status: 400,
  title: PASSKEY_MESSAGES.notVerifiedTitle,
  message: PASSKEY_MESSAGES.notVerified,
};

interface Projection {
  shows: string;
  names: string[];
  target: string | null;
  error: string | null;
  busy: boolean;
  /** The name kept to send. */
  name: string;
  /** The passkey's answer kept for the removal. */
  proved: boolean;
}

function project(snapshot: PasskeysSnapshot): Projection {
  const part = selectPasskeysPart(snapshot);
  return {
    shows: part.shows,
    names: part.passkeys.map((p) => p.name),
    target: part.target?.name ?? null,
    error: part.error,
    busy: part.busy,
    name: snapshot.context.name,
    proved: snapshot.context.assertion !== null,
  };
}

/** A name step: a right name is sent, a wrong one says why and stays. */
const namingRows = (sending: string) => ({
  'type the name Work key': { to: sending, with: { busy: true, name: 'Work key', error: null } },
  'type a blank name': { to: 'stays', with: { error: PASSKEY_MESSAGES.nameRequired } },
  'type a name one too long': { to: 'stays', with: { error: PASSKEY_MESSAGES.nameTooLong } },
  'press Cancel': { to: 'list', with: { shows: 'list', error: null, target: null } },
});

export const passkeysModel = defineMachine({
  name: 'second-factor-passkeys',
  title: 'Passkeys on the account page',
  description:
    'The Passkeys part of the account page’s Second factor section: the login’s passkeys with ' +
    'when each was added and last used. Add a passkey asks for a name, then the browser asks ' +
    'for the passkey and the server stores it. Each passkey can be renamed, or removed after a ' +
    'confirmation that names it; nothing is sent before Remove. Removing the last passkey ' +
    'asks for that passkey once more. A refusal says why; what changed is announced and the ' +
    'list loads again.',
  machine: passkeysMachine,
  events: [
    sample('the list arrives', {
      type: 'xstate.done.actor.load',
      output: { passkeys: [LAPTOP, PHONE] },
    }),
    sample('the list cannot load', {
      type: 'xstate.error.actor.load',
      error: { status: 0, message: UNREACHABLE },
    }),
    sample('press Try again', { type: 'retry.pressed' }),
    sample('press Add a passkey', { type: 'add.pressed' }),
    sample('press Rename on Laptop', { type: 'rename.pressed', id: LAPTOP.id }),
    sample('press Remove on Laptop', { type: 'remove.pressed', id: LAPTOP.id }),
    sample('press Remove on a passkey not listed', { type: 'remove.pressed', id: 999 }),
    sample('type the name Work key', { type: 'name.submitted', name: ' Work key ' }),
    sample('type a blank name', { type: 'name.submitted', name: '   ' }),
    sample('type a name one too long', {
      type: 'name.submitted',
      name: 'k'.repeat(PASSKEYS.nameMaxLength + 1),
    }),
    sample('press Cancel', { type: 'cancel.pressed' }),
    sample('press Remove to confirm', { type: 'confirm.pressed' }),
    sample('the passkey is stored', { type: 'xstate.done.actor.register', output: {} }),
    sample('the new passkey is refused', {
      type: 'xstate.error.actor.register',
      error: NOT_ACCEPTED,
    }),
    sample('the name is saved', { type: 'xstate.done.actor.rename', output: {} }),
    sample('the name is refused', {
      type: 'xstate.error.actor.rename',
      error: { status: 404, message: PASSKEY_MESSAGES.notFound },
    }),
    sample('the passkey is removed', { type: 'xstate.done.actor.remove', output: {} }),
    sample('the removal is refused', {
      type: 'xstate.error.actor.remove',
      error: { status: 404, message: PASSKEY_MESSAGES.notFound },
    }),
    sample('the server asks for the passkey itself', {
      type: 'xstate.error.actor.remove',
      error: {
        status: 422,
        title: 'Validation failed',
        message: PASSKEY_MESSAGES.lastFactorProof,
        body: { methods: ['passkey'], webauthn: REQUEST },
      },
    }),
    sample('the browser answers with the passkey', {
      type: 'xstate.done.actor.getAssertion',
      output: ASSERTION,
    }),
    sample('the passkey is not used', {
      type: 'xstate.error.actor.getAssertion',
      error: new Error('The operation either timed out or was not allowed.'),
    }),
  ],
  project,
  limit: 1000,
  fakes: { actions: { announce: () => {} } },
  expect: {
    effects: ['announce'],
    start: { to: 'loading', with: { shows: 'loading', error: null, busy: false } },
    // The name typed (trimmed) is what is sent, for the passkey picked; the removal carries the
    // passkey's answer once the server asked for it (docs/api.md "Passkeys").
    inputs: {
      register: () => ({ name: 'Work key' }),
      rename: () => ({ id: LAPTOP.id, name: 'Work key' }),
      remove: ({ proved }: Projection) => ({
        id: LAPTOP.id,
        webauthn: proved ? ASSERTION : null,
      }),
      getAssertion: () => REQUEST,
    },
    on: {
      loading: {
        'the list arrives': { to: 'list', with: { shows: 'list', names: ['Laptop', 'Phone'] } },
        'the list cannot load': { to: 'failed', with: { shows: 'failed', error: UNREACHABLE } },
      },
      failed: { 'press Try again': { to: 'loading', with: { shows: 'loading', error: null } } },
      list: {
        'press Add a passkey': { to: 'naming', with: { shows: 'name new', error: null } },
        'press Rename on Laptop': { to: 'renaming', with: { shows: 'rename', target: 'Laptop' } },
        'press Remove on Laptop': {
          to: 'confirmingRemoval',
          with: { shows: 'confirm removal', target: 'Laptop', busy: false },
        },
        'press Remove on a passkey not listed': 'ignored',
      },
      naming: namingRows('registering'),
      registering: {
        'the passkey is stored': {
          to: 'loading',
          with: { shows: 'loading', busy: false },
          runs: { announce: { message: PASSKEY_MESSAGES.registered } },
        },
        'the new passkey is refused': {
          to: 'naming',
          with: { shows: 'name new', error: PASSKEY_MESSAGES.notVerified, busy: false },
        },
      },
      renaming: namingRows('savingName'),
      savingName: {
        'the name is saved': {
          to: 'loading',
          with: { shows: 'loading', target: null },
          runs: { announce: { message: PASSKEY_MESSAGES.renamed } },
        },
        'the name is refused': {
          to: 'renaming',
          with: { error: PASSKEY_MESSAGES.notFound, busy: false },
        },
      },
      confirmingRemoval: {
        'press Remove to confirm': { to: 'removing', with: { busy: true } },
        'press Cancel': { to: 'list', with: { shows: 'list', target: null } },
      },
      removing: {
        'the passkey is removed': {
          to: 'loading',
          with: { shows: 'loading', target: null, proved: false },
          runs: { announce: { message: PASSKEY_MESSAGES.removed } },
        },
        'the removal is refused': {
          to: 'list',
          with: { shows: 'list', error: PASSKEY_MESSAGES.notFound, target: null },
        },
        'the server asks for the passkey itself': {
          to: 'provingLastFactor',
          with: { shows: 'confirm removal', busy: true, error: null },
        },
      },
      provingLastFactor: {
        'the browser answers with the passkey': {
          to: 'removing',
          with: { busy: true, proved: true },
        },
        'the passkey is not used': {
          to: 'list',
          with: { shows: 'list', error: PASSKEY_MESSAGES.passkeyCancelled, target: null },
        },
      },
    },
  },
  states: {
    loading: (s: PasskeysSnapshot) =>
      expectThat(selectPasskeysPart(s).shows === 'loading', 'it should say it is loading'),
    failed: (s: PasskeysSnapshot) =>
      expectThat(selectPasskeysPart(s).error !== null, 'the failure should say why'),
    naming: (s: PasskeysSnapshot) =>
      expectThat(selectPasskeysPart(s).shows === 'name new', 'the name should be asked for'),
    registering: (s: PasskeysSnapshot) =>
      expectThat(selectPasskeysPart(s).busy, 'adding should show it is under way'),
    renaming: (s: PasskeysSnapshot) =>
      expectThat(
        selectPasskeysPart(s).shows === 'rename' && selectPasskeysPart(s).target !== null,
        'the new name of the passkey picked should be asked for',
      ),
    savingName: (s: PasskeysSnapshot) =>
      expectThat(selectPasskeysPart(s).busy, 'saving should show it is under way'),
    removing: (s: PasskeysSnapshot) =>
      expectThat(selectPasskeysPart(s).busy, 'removing should show it is under way'),
    provingLastFactor: (s: PasskeysSnapshot) =>
      expectThat(selectPasskeysPart(s).busy, 'the passkey prompt should show it is under way'),
    list: (s: PasskeysSnapshot) =>
      expectThat(selectPasskeysPart(s).shows === 'list', 'the list should show'),
    confirmingRemoval: (s: PasskeysSnapshot) =>
      expectThat(
        selectPasskeysPart(s).target !== null && !selectPasskeysPart(s).busy,
        'the confirmation should name the passkey and nothing be sent yet',
      ),
  },
});
