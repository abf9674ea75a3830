import type { SnapshotFrom } from 'xstate';
import { ATTRIBUTION_OPTIONS } from '#shared/first-load-constants';
import type { attributionMachine } from './attribution.machine.ts';

export type AttributionSnapshot = SnapshotFrom<typeof attributionMachine>;

/** The attribution the order carries: the option's label, "Other: text", or null. */
export function selectAttributionValue(snapshot: AttributionSnapshot): string | null {
  const { choice, otherText } = snapshot.context;
  if (snapshot.matches('skipped') || choice === null) return null;
  const label = ATTRIBUTION_OPTIONS.find((option) => option.id === choice)?.label ?? null;
  if (choice !== 'other') return label;
  const text = otherText.trim();
  return text ? `${label}: ${text}` : label;
}

export interface AttributionView {
  choice: string | null;
  otherText: string;
  showSkip: boolean;
  showOtherText: boolean;
  skipped: boolean;
}

export function selectAttributionView(snapshot: AttributionSnapshot): AttributionView {
  return {
    choice: snapshot.context.choice,
    otherText: snapshot.context.otherText,
    showSkip: snapshot.matches('unanswered'),
    showOtherText: snapshot.matches('other'),
    skipped: snapshot.matches('skipped'),
  };
}
