import type { SnapshotFrom } from 'xstate';
import type { SecondFactorStatus, TotpSetup } from '#shared/session/second-factor';
import type { secondFactorSettingsMachine } from './second-factor-settings.machine.ts';

export type SecondFactorSettingsSnapshot = SnapshotFrom<typeof secondFactorSettingsMachine>;

/** What the Second factor section shows. */
export interface SecondFactorSection {
  /** `loading`, `failed`, the overview, or the step under way. */
  shows: 'loading' | 'failed' | 'overview' | 'scan' | 'turn off' | 'new codes' | 'codes';
  status: SecondFactorStatus | null;
  setup: TotpSetup | null;
  recoveryCodes: string[] | null;
  error: string | null;
  /** A call is under way: the buttons wait. */
  busy: boolean;
}

export function selectSecondFactorSection(
  snapshot: SecondFactorSettingsSnapshot,
): SecondFactorSection {
  const m = (state: Parameters<typeof snapshot.matches>[0]) => snapshot.matches(state);
  const shows: SecondFactorSection['shows'] = m('loading')
    ? 'loading'
    : m('loadFailed')
      ? 'failed'
      : m('scanning') || m('confirming')
        ? 'scan'
        : m('askingToTurnOff') || m('turningOff')
          ? 'turn off'
          : m('askingForNewCodes') || m('makingCodes')
            ? 'new codes'
            : m('showingCodes')
              ? 'codes'
              : 'overview';
  return {
    shows,
    status: snapshot.context.status,
    setup: shows === 'scan' ? snapshot.context.setup : null,
    recoveryCodes: shows === 'codes' ? snapshot.context.recoveryCodes : null,
    error: snapshot.context.error,
    busy:
      m('starting') || m('confirming') || m('turningOff') || m('makingCodes') || m('savingPolicy'),
  };
}
