import type { SnapshotFrom } from 'xstate';
import {
  selectPasswordWindow,
  type PasswordPromptActor,
  type PasswordWindow,
} from './password-prompt.selectors.ts';
import type { ReauthReason, tokensMachine } from './tokens.machine.ts';

export type TokensSnapshot = SnapshotFrom<typeof tokensMachine>;

export interface PasswordPrompt extends Omit<PasswordWindow, 'closed'> {
  /** 'fresh token': the refresh-password modal; 'verify identity': the Verify Identity modal. */
  reason: ReauthReason;
}

/** The password window (the child `passwordPrompt`) while one is open, else null. */
export function selectPasswordPromptActor(snapshot: TokensSnapshot): PasswordPromptActor | null {
  if (!snapshot.matches('askingForPassword')) return null;
  return (snapshot.children.passwordPrompt as PasswordPromptActor | undefined) ?? null;
}

/** Which window asks for the password. */
export function selectPasswordReason(snapshot: TokensSnapshot): ReauthReason {
  return snapshot.context.reason;
}

/**
 * The password window to show, or null when none is open: the coordinator's reason with what
 * the window itself shows now (a view follows the window's own actor to see it change).
 */
export function selectPasswordPrompt(snapshot: TokensSnapshot): PasswordPrompt | null {
  const prompt = selectPasswordPromptActor(snapshot);
  if (!prompt) return null;
  const { username, error, checking, secondFactor } = selectPasswordWindow(prompt.getSnapshot());
  return { reason: selectPasswordReason(snapshot), username, error, checking, secondFactor };
}

export function selectRefreshing(snapshot: TokensSnapshot): boolean {
  return snapshot.matches('refreshing');
}
