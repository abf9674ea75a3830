/**
 * Address look-up and serviceability queries: suggestions by prefix, a postal address by id, the
 * serviceable addresses matching a typed address, and the serviceability details of one.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { ProviderName } from '#shared/constants';
import { PROVIDERS } from '#shared/constants';
import {
  normalizeAddressPrefix,
  normalizeAddressText,
  unitKey,
  type PostalAddress,
} from '#shared/signup/address';
import {
  SUGGESTION_LIMIT,
  type AddressDetailsResponse,
  type AddressStatus,
  type AddressSuggestion,
  type ProviderRequirements,
  type ServiceabilityAddress,
  type ServiceabilityDetails,
  type ServiceableAddressMatch,
} from '#shared/signup/serviceability';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { addresses, serviceClasses } from '../../db/schema.ts';

/** Most serviceable addresses one search answers (a large building's units). */
export const MATCH_LIMIT = 50;

type AddressRecord = typeof addresses.$inferSelect;
type ServiceClassRecord = typeof serviceClasses.$inferSelect;

/** The smallest text greater than every text starting with `prefix` (keys are a-z, 0-9, space). */
function prefixUpperBound(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/**
 * Up to {@link SUGGESTION_LIMIT} addresses whose search key starts with what was typed: house
 * number first when the text starts with a digit, street first otherwise. A range scan of a
 * text_pattern_ops btree index, in index order, stops after the limit: its cost does not grow
 * with the number of matches.
 */
export async function suggestAddresses(db: Executor, search: string): Promise<AddressSuggestion[]> {
  const prefix = normalizeAddressPrefix(search);
  if (prefix.trim() === '') return [];
  const upper = prefixUpperBound(prefix);
  const column = /^\d/.test(prefix) ? sql.raw('search_key') : sql.raw('street_key');
  const result = await db.execute<{ addr_id: number; formatted: string }>(sql`
    select id as addr_id, formatted from addresses
    where ${column} ~>=~ ${prefix} and ${column} ~<~ ${upper}
    order by ${column} using ~<~
    limit ${SUGGESTION_LIMIT}`);
  return rowsOf<{ addr_id: number; formatted: string }>(result).map((row) => ({
    addr_id: Number(row.addr_id),
    formatted: row.formatted,
  }));
}

export async function findAddress(db: Executor, id: number): Promise<AddressRecord | undefined> {
  const [row] = await db.select().from(addresses).where(eq(addresses.id, id));
  return row;
}

/** A stored address's lines as the API writes them. */
export function postalLines(
  row: Pick<AddressRecord, 'line1' | 'line2' | 'city' | 'state' | 'zipCode'>,
) {
  return {
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    state: row.state,
    zip_code: row.zipCode,
  };
}

export function addressDetails(row: AddressRecord): AddressDetailsResponse {
  return { addr_id: row.id, address: postalLines(row), formatted: row.formatted };
}

/** The postal address with exactly this street line, unit and zip, if the look-up knows it. */
export async function findPostalAddress(
  db: Executor,
  address: PostalAddress,
): Promise<AddressRecord | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(
      and(
        eq(addresses.streetNorm, normalizeAddressText(address.line1)),
        eq(addresses.unitNorm, unitKey(address.line2)),
        eq(addresses.zipCode, address.zip_code.slice(0, 5)),
      ),
    )
    .limit(1);
  return row;
}

function providerOf(name: string) {
  const provider = name as ProviderName;
  return { name: provider, label: PROVIDERS[provider]?.label ?? name };
}

/**
 * Serviceable addresses for a typed address. The street line must match (normalised); a
 * pre-validated address (from a suggestion) must also match city and zip, a typed one city or
 * zip. Then: the exact unit if it is there (or the unitless address when none was typed); else
 * every unit at that street address, none of them matching the search exactly.
 */
export async function searchServiceable(
  db: Executor,
  query: PostalAddress & { pre_validated: boolean },
): Promise<ServiceableAddressMatch[]> {
  const zip = query.zip_code.slice(0, 5);
  const place = query.pre_validated
    ? sql`${addresses.zipCode} = ${zip} and lower(${addresses.city}) = lower(${query.city})`
    : sql`(${addresses.zipCode} = ${zip} or lower(${addresses.city}) = lower(${query.city}))`;
  const rows = await db
    .select({ address: addresses, provider: serviceClasses.provider })
    .from(addresses)
    .innerJoin(serviceClasses, eq(serviceClasses.id, addresses.serviceClassId))
    .where(
      and(
        eq(addresses.streetNorm, normalizeAddressText(query.line1)),
        eq(addresses.state, query.state),
        isNotNull(addresses.status),
        place,
      ),
    )
    .orderBy(addresses.unitNorm, addresses.id)
    .limit(MATCH_LIMIT);
  const unit = unitKey(query.line2);
  const exact = rows.filter((row) => row.address.unitNorm === unit);
  const chosen = exact.length > 0 ? exact : rows;
  return chosen.map(({ address, provider }) => ({
    address_id: address.id,
    service_class_id: address.serviceClassId as number,
    provider: providerOf(provider),
    ...postalLines(address),
    formatted_address: address.formatted,
    matches_search_address: exact.length > 0,
  }));
}

/** Flags of signup.md §3 "Address details" from the stored status. */
export function statusFlags(status: AddressStatus) {
  return {
    early_signup: status === 'early_signup',
    in_service: status === 'in_service',
    is_business: status === 'business',
    orderable: status === 'orderable',
    disabled: status === 'disabled',
    available: status === 'orderable' || status === 'early_signup',
  };
}

export function serviceabilityAddress(row: AddressRecord): ServiceabilityAddress {
  return {
    address_id: row.id,
    ...postalLines(row),
    formatted_address: row.formatted,
    drop_latitude: row.dropLatitude,
    drop_longitude: row.dropLongitude,
    needs_ont_install: row.needsOntInstall,
    ...statusFlags(row.status as AddressStatus),
  };
}

export function requirementsOf(serviceClass: ServiceClassRecord): ProviderRequirements {
  return {
    owner_data_required: serviceClass.ownerDataRequired,
    renters_allowed: serviceClass.rentersAllowed,
    tribal_question_required: serviceClass.tribalQuestionRequired,
    city_account_required: serviceClass.cityAccountRequired,
    installation_scheduling: serviceClass.installationScheduling,
    activation_date: serviceClass.activationDate,
    installation_fee_waived: serviceClass.installationFeeWaived,
    installation_fee_waived_for_tribal_members: serviceClass.installationFeeWaivedForTribalMembers,
  };
}

export interface ServiceableRecord {
  address: AddressRecord;
  serviceClass: ServiceClassRecord;
}

/** A serviceable address of this class, or undefined (unknown id, other class, not served). */
export async function findServiceable(
  db: Executor,
  addressId: number,
  serviceClassId?: number,
): Promise<ServiceableRecord | undefined> {
  const [row] = await db
    .select({ address: addresses, serviceClass: serviceClasses })
    .from(addresses)
    .innerJoin(serviceClasses, eq(serviceClasses.id, addresses.serviceClassId))
    .where(
      and(
        eq(addresses.id, addressId),
        isNotNull(addresses.status),
        serviceClassId === undefined ? undefined : eq(addresses.serviceClassId, serviceClassId),
      ),
    );
  return row;
}

export function serviceabilityDetails({
  address,
  serviceClass,
}: ServiceableRecord): ServiceabilityDetails {
  const provider = providerOf(serviceClass.provider);
  return {
    ...serviceabilityAddress(address),
    service_class_id: serviceClass.id,
    service_class_name: serviceClass.name,
    provider,
    form: PROVIDERS[provider.name].form,
    requirements: requirementsOf(serviceClass),
  };
}
