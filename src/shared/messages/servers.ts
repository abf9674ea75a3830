/**
 * Messages of services and virtual servers (docs/servers.md). The spec's own ("Server not found",
 * "Not all products were fetched") stay in ERROR_MESSAGES (../messages.ts); these are ours.
 */
import { SERVER_EDITOR } from '../constants.ts';

const { cpus, memoryGb, storageGb } = SERVER_EDITOR;

export const SERVER_MESSAGES = {
  cpus: `CPU must be a whole number from ${cpus.min} to ${cpus.max}`,
  memory: `Memory must be a whole number of GB from ${memoryGb.min} to ${memoryGb.max}`,
  storage: `Storage must be a whole number of GB from ${storageGb.min} to ${storageGb.max}`,
  name: 'Name must be 1 to 63 letters, digits or dashes, starting with a letter',
  managed: 'Managed must be true or false',
  powerBusy: 'Another power action is still running on this server. Wait for it to finish.',
  alreadyRunning: 'The server is already running',
  alreadyStopped: 'The server is already stopped',
  deleteRunning: 'Stop the server before deleting it',
  hypervisorUnavailable: 'The hypervisor could not be reached. Please try again in a moment.',
  hypervisorRefused: 'The hypervisor refused the change',
  sortColumn: 'Unknown sort column',
  sortDirection: 'Sort direction must be true (ascending) or false (descending)',
  pleskNotManaged: 'Only a managed server carries a Plesk licence',
  pleskExists: 'This server already has a Plesk licence',
  pleskMissing: 'This server has no Plesk licence',
  powerTimedOut: 'The server did not reach the expected power state in time',
  powerFailed: 'The power action failed',
  taskNotFound: 'Provisioning task not found',
  taskFinished: 'This provisioning task is already complete',
  serviceNotFound: 'Service not found',
  saved: 'Server saved',
  created: 'Server created',
  deleted: 'Server deleted',
  forceStopConfirm:
    'Force stop pulls the plug: unsaved work on the server is lost. Force stop anyway?',
} as const;

export function storageCannotShrink(currentGb: number): string {
  return `Storage can only grow: it is ${currentGb} GB now`;
}

export function unknownPowerAction(action: string): string {
  return `Unknown power action "${action}": use start, stop or force_stop`;
}

/** "Stopped for 3 h 12 min" style: seconds since shutdown, as the server page shows them. */
export function secondsSinceShutdownLabel(seconds: number): string {
  return `${seconds} s since shutdown`;
}

export function monthlyCostLabel(dollars: string): string {
  return `${dollars} per month`;
}
