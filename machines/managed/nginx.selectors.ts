/** What the web server switch shows, from its machine's snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { nginxMachine } from './nginx.machine.ts';

export type NginxSnapshot = SnapshotFrom<typeof nginxMachine>;

/** Whether the switch shows "on" (while turning off it still shows on). */
export const selectSwitchOn = (s: NginxSnapshot) => s.matches('on') || s.matches('turningOff');
export const selectSwitchBusy = (s: NginxSnapshot) =>
  s.matches('loading') || s.matches('turningOff') || s.matches('turningOn');
export const selectSwitchEnabled = (s: NginxSnapshot) => s.matches('on') || s.matches('off');
export const selectNginxFailed = (s: NginxSnapshot) =>
  s.matches('failed') ? s.context.error : null;
export const selectNginxOff = (s: NginxSnapshot) => s.matches('off');
