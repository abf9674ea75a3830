import type { SnapshotFrom } from 'xstate';
import { installChoiceErrors, type FieldErrorMap } from '#shared/signup/connectivity-details';
import type { InstallationOption, InstallationTime } from '#shared/signup/serviceability';
import type { installationMachine } from './installation.machine.ts';

export type InstallationSnapshot = SnapshotFrom<typeof installationMachine>;

/** install_details of the connectivity order (signup.md §3 "Lehi-style installation"). */
export interface InstallDetails {
  date: string | null;
  display_time: string | null;
  duration: number | null;
  end_datetime: string | null;
  external_install_id: string | null;
  installation_type: InstallationOption['installation_type'] | null;
  notes: string;
  start_datetime: string | null;
  time: string | null;
}

/** drop_details of the connectivity order. */
export interface DropDetails {
  accepted: boolean;
  latitude: number;
  longitude: number;
  notes: string;
  needs_ont_install: boolean;
}

export function selectInstallDetails(snapshot: InstallationSnapshot): InstallDetails | null {
  const { needsOntInstall, installType, date, slot, notes } = snapshot.context;
  if (!needsOntInstall) return null;
  return {
    date,
    display_time: slot?.displayTime ?? null,
    duration: slot?.duration ?? null,
    end_datetime: slot?.endDateTime ?? null,
    external_install_id: slot?.resourceId ?? null,
    installation_type: installType,
    notes,
    start_datetime: slot?.startDateTime ?? null,
    time: slot?.time ?? null,
  };
}

export function selectDropDetails(snapshot: InstallationSnapshot): DropDetails {
  const { drop, notes, dropAccepted, needsOntInstall } = snapshot.context;
  return {
    accepted: dropAccepted,
    latitude: drop.latitude,
    longitude: drop.longitude,
    notes,
    needs_ont_install: needsOntInstall,
  };
}

export function selectInstallationErrors(snapshot: InstallationSnapshot): FieldErrorMap {
  const { needsOntInstall, installType, date, slot } = snapshot.context;
  return installChoiceErrors(
    {
      installation_type: installType,
      date: date ?? '',
      external_install_id: slot?.resourceId ?? '',
    },
    needsOntInstall,
  );
}

export function selectInstallationValid(snapshot: InstallationSnapshot): boolean {
  return Object.keys(selectInstallationErrors(snapshot)).length === 0;
}

export interface InstallationView {
  needed: boolean;
  options: readonly InstallationOption[];
  installType: string | null;
  loadingTimes: boolean;
  timesFailed: boolean;
  error: string | null;
  /** The date picker is enabled: a type is chosen and no query is running. */
  dateEnabled: boolean;
  /** The earliest day offered: tomorrow, or the first day with times when later. */
  minDate: string;
  /** Days that have at least one free time. */
  availableDates: string[];
  date: string | null;
  /** The time select is enabled: a date is chosen. */
  timeEnabled: boolean;
  timesOfDate: InstallationTime[];
  resourceId: string | null;
  notes: string;
  dropAccepted: boolean;
  drop: { latitude: number; longitude: number };
}

export function selectInstallationView(snapshot: InstallationSnapshot): InstallationView {
  const c = snapshot.context;
  const loadingTimes = snapshot.matches({ scheduling: 'loading times' });
  const availableDates = [...new Set(c.times.map((time) => time.date))].sort();
  const minDate = c.startDate && c.startDate > c.earliest ? c.startDate : c.earliest;
  return {
    needed: c.needsOntInstall,
    options: c.options,
    installType: c.installType,
    loadingTimes,
    timesFailed: snapshot.matches({ scheduling: 'times failed' }),
    error: c.error,
    dateEnabled: c.installType !== null && !loadingTimes && availableDates.length > 0,
    minDate,
    availableDates,
    date: c.date,
    timeEnabled: c.date !== null,
    timesOfDate: c.date ? c.times.filter((time) => time.date === c.date) : [],
    resourceId: c.slot?.resourceId ?? null,
    notes: c.notes,
    dropAccepted: c.dropAccepted,
    drop: c.drop,
  };
}
