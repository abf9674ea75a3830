/**
 * Installation slots with real capacity. The weekly windows of a provider become concrete slots
 * for the dates someone asks about (created once, then reused), only within the booking horizon
 * (INSTALLATION_DAYS_AHEAD days from tomorrow, src/shared/constants.ts): a look-up beyond it
 * answers no slots and writes nothing, so no caller can grow the table. A slot is offered while it
 * has room, and {@link bookInstallationSlot} takes the room with one conditional update, so two
 * visitors racing for the last place cannot both get it.
 */
import { and, asc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { ProviderName } from '#shared/constants';
import { CONNECTIVITY_MESSAGES } from '#shared/messages';
import { SERVICEABILITY_MESSAGES } from '#shared/signup/messages';
import {
  addDays,
  earliestScheduleDate,
  lastInstallationDate,
  serviceDateTime,
  weekday,
} from '#shared/signup/dates';
import {
  type InstallType,
  type InstallationSlotsResponse,
  type InstallationTime,
} from '#shared/signup/serviceability';
import type { Executor } from '../../db/client.ts';
import { installationBookings, installationSlots, installationWindows } from '../../db/schema.ts';
import { ApiError, notFound, validationFailed } from '../../http/errors.ts';

type SlotRecord = typeof installationSlots.$inferSelect;

export function slotId(provider: string, installType: string, date: string, time: string) {
  return `${provider}:${installType}:${date}:${time}`;
}

function addMinutes(time: string, minutes: number): { date: number; time: string } {
  const [hours, mins] = time.split(':').map(Number);
  const total = hours * 60 + mins + minutes;
  const days = Math.floor(total / 1440);
  const rest = total - days * 1440;
  return {
    date: days,
    time: `${String(Math.floor(rest / 60)).padStart(2, '0')}:${String(rest % 60).padStart(2, '0')}`,
  };
}

/** "8:00 AM". */
function clock(time: string): string {
  const [hours, minutes] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

export function installationTime(slot: SlotRecord): InstallationTime {
  const end = addMinutes(slot.startTime, slot.duration);
  const endDate = addDays(slot.date, end.date);
  return {
    date: slot.date,
    time: slot.startTime,
    displayTime: `${clock(slot.startTime)} - ${clock(end.time)}`,
    resourceId: slot.id,
    startDateTime: serviceDateTime(slot.date, slot.startTime),
    endDateTime: serviceDateTime(endDate, end.time),
    duration: slot.duration,
  };
}

/** Creates the slots of these dates from the provider's windows, where missing. */
export async function ensureSlots(
  db: Executor,
  provider: ProviderName,
  installType: InstallType,
  from: string,
  to: string,
): Promise<void> {
  const windows = await db
    .select()
    .from(installationWindows)
    .where(
      and(
        eq(installationWindows.provider, provider),
        eq(installationWindows.installType, installType),
      ),
    );
  if (windows.length === 0) return;
  const wanted: (typeof installationSlots.$inferInsert)[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const day = weekday(date);
    for (const window of windows) {
      if (window.weekday !== day) continue;
      const end = addMinutes(window.startTime, window.duration);
      wanted.push({
        id: slotId(provider, installType, date, window.startTime),
        provider,
        installType,
        date,
        startTime: window.startTime,
        duration: window.duration,
        startsAt: new Date(serviceDateTime(date, window.startTime)),
        endsAt: new Date(serviceDateTime(addDays(date, end.date), end.time)),
        capacity: window.capacity,
      });
    }
  }
  if (wanted.length === 0) return;
  const existing = await db
    .select({ id: installationSlots.id })
    .from(installationSlots)
    .where(
      inArray(
        installationSlots.id,
        wanted.map((slot) => slot.id),
      ),
    );
  const have = new Set(existing.map((row) => row.id));
  const missing = wanted.filter((slot) => !have.has(slot.id));
  if (missing.length > 0) await db.insert(installationSlots).values(missing).onConflictDoNothing();
}

/** The last date of the booking horizon: no slot exists or is booked after it. */
const lastScheduleDate = lastInstallationDate;

/**
 * Slots with room from `startDate` (tomorrow at the earliest) to the end of the booking horizon.
 * A start beyond the horizon answers no slots (and creates none).
 */
export async function availableSlots(
  db: Executor,
  provider: ProviderName,
  installType: InstallType,
  requestedStart: string | undefined,
  now: Date,
): Promise<InstallationSlotsResponse> {
  const earliest = earliestScheduleDate(now);
  const endDate = lastScheduleDate(now);
  const startDate = requestedStart && requestedStart > earliest ? requestedStart : earliest;
  if (startDate > endDate) return { startDate, availableTimes: [] };
  await ensureSlots(db, provider, installType, startDate, endDate);
  const slots = await db
    .select()
    .from(installationSlots)
    .where(
      and(
        eq(installationSlots.provider, provider),
        eq(installationSlots.installType, installType),
        gte(installationSlots.date, startDate),
        lte(installationSlots.date, endDate),
        lt(installationSlots.booked, installationSlots.capacity),
      ),
    )
    .orderBy(asc(installationSlots.startsAt));
  return { startDate, availableTimes: slots.map(installationTime) };
}

export interface BookSlotInput {
  /** The resourceId the page got (install_details.external_install_id). */
  slotId: string;
  addressId: number;
  /** When given, the slot must belong to this provider and installation type. */
  provider?: ProviderName;
  installType?: InstallType;
  /** What the booking is for (an order id, say). */
  reference?: string;
  /** The input field that named the slot, for the 422 of a slot beyond the booking horizon. */
  field?: string;
  notes?: string;
}

export interface SlotBooking {
  bookingId: number;
  slot: InstallationTime;
}

/**
 * Books one place in a slot, inside the caller's transaction (the order placement). Refuses with
 * 404 when the slot does not exist (or is of another provider or type), and with 409 when it is
 * full or no longer bookable (before tomorrow), and with 422 when it lies beyond the booking horizon
 * (a slot made before the horizon was enforced): the caller's transaction then rolls back whole.
 * Safe under concurrency: the conditional update re-checks the room on the locked row.
 */
export async function bookInstallationSlot(
  tx: Executor,
  input: BookSlotInput,
  now: Date,
): Promise<SlotBooking> {
  const [slot] = await tx
    .update(installationSlots)
    .set({ booked: sql`${installationSlots.booked} + 1` })
    .where(
      and(
        eq(installationSlots.id, input.slotId),
        lt(installationSlots.booked, installationSlots.capacity),
        gte(installationSlots.date, earliestScheduleDate(now)),
        lte(installationSlots.date, lastScheduleDate(now)),
        input.provider ? eq(installationSlots.provider, input.provider) : undefined,
        input.installType ? eq(installationSlots.installType, input.installType) : undefined,
      ),
    )
    .returning();
  if (!slot) {
    const [existing] = await tx
      .select()
      .from(installationSlots)
      .where(eq(installationSlots.id, input.slotId));
    const matches =
      existing &&
      (!input.provider || existing.provider === input.provider) &&
      (!input.installType || existing.installType === input.installType);
    if (!matches) throw notFound(SERVICEABILITY_MESSAGES.slotUnknown);
    if (existing.date > lastScheduleDate(now)) {
      const msg = CONNECTIVITY_MESSAGES.installationBeyondHorizon;
      throw validationFailed({ [input.field ?? 'slot_id']: msg }, msg);
    }
    throw new ApiError(
      409,
      SERVICEABILITY_MESSAGES.slotTakenTitle,
      SERVICEABILITY_MESSAGES.slotTaken,
    );
  }
  const [booking] = await tx
    .insert(installationBookings)
    .values({
      slotId: slot.id,
      addressId: input.addressId,
      reference: input.reference ?? '',
      notes: input.notes ?? '',
    })
    .returning({ id: installationBookings.id });
  return { bookingId: booking.id, slot: installationTime(slot) };
}

/** Gives a booked place back (a cancelled order). False when there was no such booking. */
export async function releaseSlot(tx: Executor, bookingId: number): Promise<boolean> {
  const [booking] = await tx
    .delete(installationBookings)
    .where(eq(installationBookings.id, bookingId))
    .returning({ slotId: installationBookings.slotId });
  if (!booking) return false;
  await tx
    .update(installationSlots)
    .set({ booked: sql`greatest(${installationSlots.booked} - 1, 0)` })
    .where(eq(installationSlots.id, booking.slotId));
  return true;
}
