import type { SnapshotFrom } from 'xstate';
import type { Passkey } from '#shared/session/passkeys';
import type { passkeysMachine } from './second-factor-passkeys.machine.ts';

export type PasskeysSnapshot = SnapshotFrom<typeof passkeysMachine>;

/** What the Passkeys part shows. */
export interface PasskeysPart {
  /** `loading`, `failed`, the list, or the step under way. */
  shows: 'loading' | 'failed' | 'list' | 'name new' | 'rename' | 'confirm removal';
  passkeys: Passkey[];
  /** The passkey being renamed or removed. */
  target: Passkey | null;
  error: string | null;
  /** A call (or the browser's prompt) is under way: the buttons wait. */
  busy: boolean;
}

export function selectPasskeysPart(snapshot: PasskeysSnapshot): PasskeysPart {
  const m = (state: Parameters<typeof snapshot.matches>[0]) => snapshot.matches(state);
  const shows: PasskeysPart['shows'] = m('loading')
    ? 'loading'
    : m('failed')
      ? 'failed'
      : m('naming') || m('registering')
        ? 'name new'
        : m('renaming') || m('savingName')
          ? 'rename'
          : m('confirmingRemoval') || m('removing') || m('provingLastFactor')
            ? 'confirm removal'
            : 'list';
  return {
    shows,
    passkeys: snapshot.context.passkeys ?? [],
    target: snapshot.context.target,
    error: snapshot.context.error,
    busy: m('registering') || m('savingName') || m('removing') || m('provingLastFactor'),
  };
}
