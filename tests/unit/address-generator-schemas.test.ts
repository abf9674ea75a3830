/**
 * The shared rules behind the generated data and the serviceability API: address normalisation
 * for search, service-area dates, the connectivity-details rules with the spec's messages, and
 * the availability case of an address.
 */
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INSTALLATION_DAYS_AHEAD } from '../../src/shared/constants.ts';
import { CONNECTIVITY_MESSAGES, FIELD_MESSAGES } from '../../src/shared/messages.ts';
import {
  formatAddress,
  normalizeAddressPrefix,
  normalizeAddressText,
  PostalAddressSchema,
  streetMatchKey,
} from '../../src/shared/signup/address.ts';
import {
  activationDateError,
  CityAccountIdSchema,
  CityCustomerIdSchema,
  customerDetailsErrors,
  installChoiceErrors,
  OwnerContactSchema,
} from '../../src/shared/signup/connectivity-details.ts';
import { PhoneSchema } from '../../src/shared/signup/contact-fields.ts';
import {
  addDays,
  earliestScheduleDate,
  isIsoDate,
  serviceDate,
  serviceDateTime,
} from '../../src/shared/signup/dates.ts';
import {
  addressAvailabilityCase,
  AddressSuggestionsRequestSchema,
  IdSchema,
  InstallationSlotsQuerySchema,
} from '../../src/shared/signup/serviceability.ts';
import { ORDERABLE_ADDRESS } from '../support/address-availability.ts';

afterEach(() => {
  vi.useRealTimers();
});

function firstIssue(schema: v.GenericSchema, value: unknown) {
  const result = v.safeParse(schema, value);
  return result.success ? undefined : result.issues[0].message;
}

describe('address normalisation', () => {
  it('abbreviates street words, drops punctuation and case', () => {
    expect(normalizeAddressText('245 East Center Street, Orem, UT 84057')).toBe(
      '245 e center st orem ut 84057',
    );
    expect(normalizeAddressText('2890 S. Redwood Rd. Apartment #102')).toBe(
      '2890 s redwood rd apt 102',
    );
    expect(streetMatchKey('153 North 100 East', '84043-1234')).toBe('153 n 100 e|84043');
  });

  it('keeps the word being typed as it is unless it is a whole long word', () => {
    expect(normalizeAddressPrefix('245 E Cen')).toBe('245 e cen');
    expect(normalizeAddressPrefix('123 Av')).toBe('123 av');
    expect(normalizeAddressPrefix('123 North')).toBe('123 n');
    expect(normalizeAddressPrefix('123 Main Street')).toBe('123 main st');
    expect(normalizeAddressPrefix('123 Main ')).toBe('123 main ');
    expect(normalizeAddressPrefix('123 Main,')).toBe('123 main ');
    expect(normalizeAddressPrefix('  ')).toBe('');
  });

  it('formats one line with the unit after the street', () => {
    expect(
      formatAddress({
        line1: '2890 S Redwood Rd',
        line2: 'Apt 102',
        city: 'West Valley City',
        state: 'UT',
        zip_code: '84119',
      }),
    ).toBe('2890 S Redwood Rd Apt 102, West Valley City, UT 84119');
  });

  it('checks the address form with its messages, missing fields included', () => {
    const result = v.safeParse(PostalAddressSchema, { city: 'Salt Lake City', state: 'ut' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.issues ?? []).map((issue) => [v.getDotPath(issue), issue.message]),
    );
    expect(messages).toEqual({
      line1: FIELD_MESSAGES.address,
      state: FIELD_MESSAGES.state,
      zip_code: FIELD_MESSAGES.zip,
    });
    expect(firstIssue(AddressSuggestionsRequestSchema, {})).toBe(FIELD_MESSAGES.address);
  });
});

describe('request pieces', () => {
  it('reads ids from JSON numbers and query strings', () => {
    expect(v.parse(IdSchema, 12)).toBe(12);
    expect(v.parse(IdSchema, '12')).toBe(12);
    for (const bad of ['0', '-1', '1.5', 'x', 0, 1.5, '']) {
      expect(v.safeParse(IdSchema, bad).success, String(bad)).toBe(false);
    }
  });

  it('accepts only real dates for installation queries', () => {
    const base = { install_type: 'basic', provider_id: 'lehi_fiber', address_id: '12' };
    expect(
      v.safeParse(InstallationSlotsQuerySchema, { ...base, start_date: '2027-02-28' }).success,
    ).toBe(true);
    expect(
      v.safeParse(InstallationSlotsQuerySchema, { ...base, start_date: '2027-02-30' }).success,
    ).toBe(false);
  });
});

describe('service-area dates', () => {
  it('counts tomorrow in Mountain time, whatever the clock of the machine', () => {
    vi.useFakeTimers();
    // 05:30 UTC on 24 November is still 23 November in Denver.
    vi.setSystemTime(new Date('2026-11-24T05:30:00Z'));
    expect(serviceDate()).toBe('2026-11-23');
    expect(earliestScheduleDate()).toBe('2026-11-24');
    vi.setSystemTime(new Date('2026-11-24T07:30:00Z'));
    expect(earliestScheduleDate()).toBe('2026-11-25');
  });

  it('writes wall-clock times with the daylight-saving offset of the day', () => {
    expect(serviceDateTime('2027-07-01', '08:00')).toBe('2027-07-01T08:00:00-06:00');
    expect(serviceDateTime('2027-01-15', '13:00')).toBe('2027-01-15T13:00:00-07:00');
  });

  it('adds days across months and knows real dates', () => {
    expect(addDays('2027-02-27', 2)).toBe('2027-03-01');
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
  });
});

describe('connectivity details (utopia residential)', () => {
  const utopia = {
    owner_data_required: true,
    renters_allowed: true,
    tribal_question_required: false,
    city_account_required: false,
  };

  it('needs the owner choice where the provider needs owner data', () => {
    expect(customerDetailsErrors({ is_owner: null }, utopia)).toEqual({
      is_owner: CONNECTIVITY_MESSAGES.ownershipRequired,
    });
    expect(customerDetailsErrors({ is_owner: true }, utopia)).toEqual({});
    expect(customerDetailsErrors({}, { ...utopia, owner_data_required: false })).toEqual({});
  });

  it('lets only owners proceed where renters are not allowed', () => {
    expect(
      customerDetailsErrors({ is_owner: false }, { ...utopia, renters_allowed: false }),
    ).toEqual({ is_owner: CONNECTIVITY_MESSAGES.ownersOnly });
  });

  it("asks a renter for the owner's name, phone and email with the spec's messages", () => {
    expect(customerDetailsErrors({ is_owner: false }, utopia)).toEqual({
      owner_name: FIELD_MESSAGES.ownerName,
      owner_phone: FIELD_MESSAGES.phone,
      owner_email: FIELD_MESSAGES.email,
    });
    expect(
      customerDetailsErrors(
        {
          is_owner: false,
          owner_name: 'Olive Owner',
          owner_phone: '(801) 555-0101',
          owner_email: 'olive@example.com',
        },
        utopia,
      ),
    ).toEqual({});
    expect(firstIssue(OwnerContactSchema, {})).toBe(FIELD_MESSAGES.ownerName);
    expect(firstIssue(PhoneSchema, '801-555-0101')).toBe(FIELD_MESSAGES.phone);
  });

  it('needs the tribal answer where the provider demands it', () => {
    const rules = { ...utopia, tribal_question_required: true };
    expect(customerDetailsErrors({ is_owner: true }, rules)).toEqual({
      is_tribal: CONNECTIVITY_MESSAGES.tribalRequired,
    });
    expect(customerDetailsErrors({ is_owner: true, is_tribal: false }, rules)).toEqual({});
  });

  it('checks the city utility account fields for the city-account class', () => {
    const rules = { ...utopia, city_account_required: true };
    expect(customerDetailsErrors({ is_owner: true }, rules)).toEqual({
      city_customer_id: FIELD_MESSAGES.cityCustomerId,
      city_account_id: FIELD_MESSAGES.cityAccountId,
    });
    for (const good of ['12', '1234567890']) {
      expect(firstIssue(CityCustomerIdSchema, good), good).toBeUndefined();
    }
    for (const bad of ['1', '2123', '12345678901', '1a', '']) {
      expect(firstIssue(CityCustomerIdSchema, bad), bad).toBe(FIELD_MESSAGES.cityCustomerId);
    }
    expect(firstIssue(CityAccountIdSchema, '1'.repeat(30))).toBeUndefined();
    for (const bad of ['1'.repeat(31), 'A123', '']) {
      expect(firstIssue(CityAccountIdSchema, bad), bad).toBe(FIELD_MESSAGES.cityAccountId);
    }
  });
});

describe('installation and activation dates', () => {
  it('needs type, date and time only when an ONT install is needed', () => {
    expect(installChoiceErrors({}, false)).toEqual({});
    expect(installChoiceErrors({ installation_type: '' }, true)).toEqual({
      installation_type: CONNECTIVITY_MESSAGES.installationType,
      date: CONNECTIVITY_MESSAGES.installationDate,
      time: CONNECTIVITY_MESSAGES.installationTime,
    });
    const tomorrow = earliestScheduleDate();
    expect(
      installChoiceErrors(
        { installation_type: 'advanced', date: tomorrow, external_install_id: 'slot' },
        true,
      ),
    ).toEqual({});
    expect(
      installChoiceErrors(
        { installation_type: 'basic', date: serviceDate(), external_install_id: 'slot' },
        true,
      ),
    ).toEqual({ date: CONNECTIVITY_MESSAGES.dateFromTomorrow });
  });

  it('needs an activation date from tomorrow unless the address is an early signup', () => {
    expect(activationDateError('', false)).toBe(CONNECTIVITY_MESSAGES.activationDate);
    expect(activationDateError(null, true)).toBeUndefined();
    expect(activationDateError(serviceDate(), false)).toBe(CONNECTIVITY_MESSAGES.dateFromTomorrow);
    expect(activationDateError(serviceDate(), true)).toBe(CONNECTIVITY_MESSAGES.dateFromTomorrow);
    expect(activationDateError(earliestScheduleDate(), false)).toBeUndefined();
    expect(activationDateError('2027-13-01', false)).toBe(CONNECTIVITY_MESSAGES.activationDate);
  });

  it('judges dates as of a given instant (the server’s clock) when one is passed', () => {
    // Noon in Denver on 4 March 2031: tomorrow is the 5th, the horizon ends three weeks on.
    const at = new Date('2031-03-04T19:00:00Z');
    expect(activationDateError('2031-03-04', false, at)).toBe(
      CONNECTIVITY_MESSAGES.dateFromTomorrow,
    );
    expect(activationDateError('2031-03-05', false, at)).toBeUndefined();
    const choice = { installation_type: 'basic' as const, external_install_id: 'slot' };
    expect(installChoiceErrors({ ...choice, date: '2031-03-05' }, true, at)).toEqual({});
    expect(
      installChoiceErrors(
        { ...choice, date: addDays('2031-03-05', INSTALLATION_DAYS_AHEAD - 1) },
        true,
        at,
      ),
    ).toEqual({});
    expect(
      installChoiceErrors(
        { ...choice, date: addDays('2031-03-05', INSTALLATION_DAYS_AHEAD) },
        true,
        at,
      ),
    ).toEqual({
      date: CONNECTIVITY_MESSAGES.installationBeyondHorizon,
    });
  });
});

describe('addressAvailabilityCase', () => {
  const orderable = ORDERABLE_ADDRESS;

  it('gives no message for orderable and early-signup addresses', () => {
    expect(addressAvailabilityCase(orderable)).toBeNull();
    expect(
      addressAvailabilityCase({ ...orderable, orderable: false, early_signup: true }),
    ).toBeNull();
  });

  it('names the case in the order disabled, business, in service, unavailable', () => {
    expect(addressAvailabilityCase({ ...orderable, disabled: true, is_business: true })).toBe(
      'disabled',
    );
    expect(addressAvailabilityCase({ ...orderable, is_business: true, in_service: true })).toBe(
      'business',
    );
    expect(addressAvailabilityCase({ ...orderable, in_service: true })).toBe('in_service');
    expect(addressAvailabilityCase({ ...orderable, orderable: false })).toBe('unavailable');
  });
});
