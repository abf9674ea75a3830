/** What the web server switch shows, from its machine's snapshot. */
import type { SnapshotFrom } from 'xstate';
import { MANAGED_MESSAGES as M } from '#shared/managed/messages';
import type { nginxMachine } from './nginx.machine.ts';

export type NginxSnapshot = SnapshotFrom<typeof nginxMachine>;

/** Whether the switch shows "on" (while asking and turning off it still shows on). */
export const selectSwitchOn = (s: NginxSnapshot) =>
  s.matches('on') || s.matches('confirmingOff') || s.matches('turningOff');
export const selectSwitchBusy = (s: NginxSnapshot) =>
  s.matches('loading') || s.matches('turningOff') || s.matches('turningOn');
export const selectSwitchEnabled = (s: NginxSnapshot) => s.matches('on') || s.matches('off');
export const selectNginxFailed = (s: NginxSnapshot) =>
  s.matches('failed') ? s.context.error : null;
export const selectNginxOff = (s: NginxSnapshot) => s.matches('off');

export interface TurnOffQuestion {
  title: string;
  /** What stops, with the count of sites and redirects. */
  stops: string;
  /** Every site and redirect that stops, by name. */
  names: string[];
}

/** The confirmation asked before turning the web server off: what stops, by name. */
export function selectTurnOffQuestion(s: NginxSnapshot): TurnOffQuestion | null {
  if (!s.matches('confirmingOff')) return null;
  const { sites, redirects } = s.context.stops;
  const names = [...(sites ?? []), ...(redirects ?? [])];
  // A list the page could not load: every site stops, but they cannot all be named.
  if (sites === null || redirects === null) {
    return { title: M.nginxOffTitle, stops: M.nginxOffStopsUnknown, names };
  }
  return {
    title: M.nginxOffTitle,
    stops:
      names.length === 0 ? M.nginxOffStopsNothing : M.nginxOffStops(sites.length, redirects.length),
    names,
  };
}
