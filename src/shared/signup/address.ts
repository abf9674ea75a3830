/**
 * Postal addresses: the address form's rules (signup.md §5, with its messages), the one-line
 * format, and the normalisation that address search and matching use on both sides.
 */
import * as v from 'valibot';
import { ADDRESS_LINE_MAX_LENGTH, CITY_MAX_LENGTH } from '../first-load-constants.ts';
import { FIELD_MESSAGES } from '../messages.ts';
import { US_STATE_ABBREVIATIONS } from '../us-states.ts';
import { fieldsObject } from './schema-helpers.ts';

const STATE_CODES = new Set<string>(US_STATE_ABBREVIATIONS);

/** Street line: required. */
export const Line1Schema = v.pipe(
  v.string(FIELD_MESSAGES.address),
  v.trim(),
  v.minLength(1, FIELD_MESSAGES.address),
  v.maxLength(ADDRESS_LINE_MAX_LENGTH, FIELD_MESSAGES.address),
);

/** Line 2 (apartment, unit): optional, empty when absent. */
export const Line2Schema = v.optional(
  v.pipe(
    v.string(FIELD_MESSAGES.address),
    v.trim(),
    v.maxLength(ADDRESS_LINE_MAX_LENGTH, FIELD_MESSAGES.address),
  ),
  '',
);

/** City: letters, spaces and hyphens. */
export const CitySchema = v.pipe(
  v.string(FIELD_MESSAGES.city),
  v.trim(),
  v.regex(/^[A-Za-z]+(?:[ -]+[A-Za-z]+)*$/, FIELD_MESSAGES.city),
  v.maxLength(CITY_MAX_LENGTH, FIELD_MESSAGES.city),
);

/** State: two capital letters of a US state, district, territory or military code. */
export const StateSchema = v.pipe(
  v.string(FIELD_MESSAGES.state),
  v.trim(),
  v.regex(/^[A-Z]{2}$/, FIELD_MESSAGES.state),
  v.check((code) => STATE_CODES.has(code), FIELD_MESSAGES.state),
);

/** Zip: 5 digits, optionally a hyphen and 4 more. */
export const ZipCodeSchema = v.pipe(
  v.string(FIELD_MESSAGES.zip),
  v.trim(),
  v.regex(/^\d{5}(?:-\d{4})?$/, FIELD_MESSAGES.zip),
);

/** The address form: line1, line2, city, state, zip_code. */
export const PostalAddressSchema = fieldsObject({
  line1: Line1Schema,
  line2: Line2Schema,
  city: CitySchema,
  state: StateSchema,
  zip_code: ZipCodeSchema,
});
export type PostalAddressInput = v.InferInput<typeof PostalAddressSchema>;
export type PostalAddress = v.InferOutput<typeof PostalAddressSchema>;

/** "123 N Main St Apt 4, Orem, UT 84057". */
export function formatAddress(address: PostalAddress): string {
  const street = address.line2 ? `${address.line1} ${address.line2}` : address.line1;
  return `${street}, ${address.city}, ${address.state} ${address.zip_code}`;
}

/**
 * Words people type in full that addresses carry abbreviated (USPS street suffixes, directions,
 * unit designators). Search keys hold the abbreviation, so "123 North Main Street" finds
 * "123 N Main St".
 */
export const ADDRESS_ABBREVIATIONS: Readonly<Record<string, string>> = {
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  northeast: 'ne',
  northwest: 'nw',
  southeast: 'se',
  southwest: 'sw',
  street: 'st',
  avenue: 'ave',
  av: 'ave',
  boulevard: 'blvd',
  drive: 'dr',
  road: 'rd',
  lane: 'ln',
  court: 'ct',
  circle: 'cir',
  place: 'pl',
  parkway: 'pkwy',
  highway: 'hwy',
  terrace: 'ter',
  trail: 'trl',
  way: 'way',
  cove: 'cv',
  apartment: 'apt',
  unit: 'unit',
  suite: 'ste',
  building: 'bldg',
};

/** Lower case, punctuation (and "#") as spaces, one space between words. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter(Boolean);
}

/** The search key of a whole address or a finished phrase: every word normalised. */
export function normalizeAddressText(text: string): string {
  return words(text)
    .map((word) => ADDRESS_ABBREVIATIONS[word] ?? word)
    .join(' ');
}

/**
 * The search key of what someone is still typing. Finished words are normalised; the last word is
 * kept as typed when it is short ("av" may become "Avalon"); a full word of four letters or more
 * is abbreviated ("street"). A trailing space or comma means the last word is done.
 */
export function normalizeAddressPrefix(text: string): string {
  const list = words(text);
  const finished = /[\s,.]$/.test(text);
  return list
    .map((word, index) =>
      index < list.length - 1 || finished || word.length >= 4
        ? (ADDRESS_ABBREVIATIONS[word] ?? word)
        : word,
    )
    .join(' ')
    .concat(finished && list.length > 0 ? ' ' : '');
}

/** The key two spellings of one street address share: line 1 normalised plus the 5-digit zip. */
export function streetMatchKey(line1: string, zipCode: string): string {
  return `${normalizeAddressText(line1)}|${zipCode.slice(0, 5)}`;
}

/** Line 2 normalised ("Apartment 4" and "apt #4" agree). */
export function unitKey(line2: string): string {
  return normalizeAddressText(line2);
}
