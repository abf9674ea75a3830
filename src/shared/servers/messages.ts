/**
 * Messages of services and virtual servers (docs/servers.md). The spec's own ("Server not found",
 * "Not all products were fetched") stay in ERROR_MESSAGES (../messages.ts); these are ours.
 */
import { SERVER_EDITOR } from './constants.ts';
import { formatElapsed } from '../elapsed.ts';

const { cpus, memoryGb, storageGb } = SERVER_EDITOR;

export const SERVER_MESSAGES = {
  cpus: `CPU must be a whole number from ${cpus.min} to ${cpus.max}`,
  memory: `Memory must be a whole number of GB from ${memoryGb.min} to ${memoryGb.max}`,
  storage: `Storage must be a whole number of GB from ${storageGb.min} to ${storageGb.max}`,
  name: 'Name must be 1 to 63 letters, digits or dashes, with no dash at either end',
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
  forceStopConfirm:
    'Force stop pulls the plug: unsaved work on the server is lost. Force stop anyway?',
  /** Why a user who may only view servers (services view) finds no control to change one. */
  readOnly:
    'You can view this server but not change it: starting, stopping, resizing and deleting servers take the Services permission at manage level.',
} as const;

export function storageCannotShrink(currentGb: number): string {
  return `Storage can only grow: it is ${currentGb} GB now`;
}

export function unknownPowerAction(action: string): string {
  return `Unknown power action "${action}": use start, stop or force_stop`;
}

/** Seconds since shutdown as the server page shows them: "3 h 5 min since shutdown". */
export function secondsSinceShutdownLabel(seconds: number): string {
  return `${formatElapsed(seconds)} since shutdown`;
}

export function monthlyCostLabel(dollars: string): string {
  return `${dollars} per month`;
}

/** What shows instead of a price while a size is out of its bounds (the least storage given). */
export function sizesOutOfBounds(leastStorageGb: number = storageGb.min): string {
  return (
    `No price until the sizes are within their bounds: CPU ${cpus.min} to ${cpus.max}, ` +
    `memory ${memoryGb.min} to ${memoryGb.max} GB, storage ${leastStorageGb} to ${storageGb.max} GB`
  );
}

/** The size of a server in words: "2 CPU, 4 GB memory, 40 GB storage". */
export function serverSizeLabel(size: { cpus: number; memGb: number; disk: number }): string {
  return `${size.cpus} CPU, ${size.memGb} GB memory, ${size.disk} GB storage`;
}

/** New server's confirmation: the name, the size and the monthly cost ("$86.00 per month"). */
export function confirmCreate(name: string, size: string, monthlyCost: string): string {
  return (
    `Create the server ${name} (${size})? It is billed from today at ` +
    `${monthlyCostLabel(monthlyCost)} until it is deleted.`
  );
}

/** Delete server's confirmation: what is lost, and that it is for good. */
export function confirmDelete(name: string, storageGbNow: number): string {
  return (
    `Delete the server ${name}? Its ${storageGbNow} GB of storage and all the data on it are ` +
    'erased. This cannot be undone.'
  );
}

/** A resize that costs more: the new monthly cost and the one it replaces. */
export function confirmResize(name: string, monthlyCost: string, nowCost: string): string {
  return (
    `The server ${name} will cost ${monthlyCostLabel(monthlyCost)} instead of ${nowCost}, ` +
    'from the next bill. Save the new size?'
  );
}

export function serverCreated(name: string): string {
  return `Server ${name} created`;
}

export function serverDeleted(name: string): string {
  return `Server ${name} deleted`;
}
