import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { WHITELISTED_ROUTING_NUMBERS } from '../../src/shared/constants.ts';
import { FIELD_MESSAGES } from '../../src/shared/messages.ts';
import {
  PAYMENT_MESSAGES,
  accountEndingIn,
  cardEndingIn,
} from '../../src/shared/signup/messages.ts';
import { truncateDisplayAddress } from '../../src/shared/messages/portal.ts';
import {
  AccountNumberSchema,
  AutoPaySchema,
  BankDetailsSchema,
  BillingAddressSchema,
  BillingFormSchema,
  RoutingNumberSchema,
  alternateBillingAddress,
  isAbaRoutingNumber,
  joinZip,
  lastFour,
  splitZip,
} from '../../src/shared/schemas/payment.ts';
import { errors } from '../support/schema-messages.ts';

const bank = {
  name: 'Jane Doe',
  routing: '021000021',
  account: '000123456789',
  account_type: 'CHECKING',
};

const address = {
  fname: 'Jane',
  mnami: 'Q',
  lname: 'Van Doe',
  cmp_name: '',
  line1: '123 N Main St',
  line2: '',
  city: 'Salt Lake City',
  state: 'UT',
  zip_code: '84101',
  zip_ext: '',
};

describe('routing numbers', () => {
  it.each(['011000015', '021000021', '121000358', '091000019'])(
    'accepts the real number %s',
    (n) => {
      expect(isAbaRoutingNumber(n)).toBe(true);
      expect(v.is(RoutingNumberSchema, n)).toBe(true);
    },
  );

  it('accepts the two whitelisted numbers although their checksum fails', () => {
    expect(WHITELISTED_ROUTING_NUMBERS).toHaveLength(2);
    for (const n of WHITELISTED_ROUTING_NUMBERS) {
      expect(isAbaRoutingNumber(n)).toBe(false);
      expect(v.is(RoutingNumberSchema, n)).toBe(true);
    }
  });

  it.each(['021000022', '02100002', '0210000211', '02100002a', ''])('refuses %j', (n) => {
    expect(errors(RoutingNumberSchema, n)).toEqual({ _: FIELD_MESSAGES.routingNumber });
  });

  it('catches every single-digit typo of a valid number', () => {
    const withCheck = (eight: string) => {
      for (let d = 0; d <= 9; d++) if (isAbaRoutingNumber(eight + d)) return eight + d;
      throw new Error('no check digit');
    };
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{8}$/),
        fc.nat(8),
        fc.integer({ min: 1, max: 9 }),
        (eight, position, delta) => {
          const valid = withCheck(eight);
          const typo =
            valid.slice(0, position) +
            ((Number(valid[position]) + delta) % 10) +
            valid.slice(position + 1);
          expect(isAbaRoutingNumber(typo)).toBe(false);
        },
      ),
    );
  });
});

describe('the bank form', () => {
  it('accepts a complete form and keeps only digits of the account number', () => {
    expect(v.parse(BankDetailsSchema, { ...bank, account: '0001-2345 6789' })).toEqual({
      ...bank,
      account: '000123456789',
    });
  });

  it('names each problem with the spec message', () => {
    expect(
      errors(BankDetailsSchema, {
        name: 'J0hn',
        routing: '123',
        account: '12',
        account_type: 'BROKERAGE',
      }),
    ).toEqual({
      name: 'Please enter the name on the bank account',
      routing: 'Please enter a valid routing number',
      account: 'Please enter a valid account number',
      account_type: 'Please select an account type',
    });
    expect(errors(BankDetailsSchema, { ...bank, name: '   ' })).toEqual({
      name: FIELD_MESSAGES.bankName,
    });
    expect(errors(BankDetailsSchema, { ...bank, account_type: undefined })).toEqual({
      account_type: FIELD_MESSAGES.accountType,
    });
  });

  it('takes 4 to 17 digits as an account number, not all zeros', () => {
    expect(v.is(AccountNumberSchema, '1234')).toBe(true);
    expect(v.is(AccountNumberSchema, '12345678901234567')).toBe(true);
    expect(v.is(AccountNumberSchema, '123')).toBe(false);
    expect(v.is(AccountNumberSchema, '123456789012345678')).toBe(false);
    expect(v.is(AccountNumberSchema, '0000000')).toBe(false);
    expect(v.is(AccountNumberSchema, '12345x')).toBe(false);
  });

  it('shows only the last four digits', () => {
    expect(lastFour('000123456789')).toBe('6789');
    expect(accountEndingIn(lastFour('0001-2345-6789'))).toBe('Account ending in 6789');
    expect(cardEndingIn('4242')).toBe('Card ending in 4242');
  });
});

describe('the billing address', () => {
  it('accepts a person with an optional middle initial', () => {
    expect(v.parse(BillingAddressSchema, address)).toEqual(address);
    expect(v.is(BillingAddressSchema, { ...address, mnami: '' })).toBe(true);
    const { mnami: _m, cmp_name: _c, line2: _l, zip_ext: _z, ...minimal } = address;
    expect(v.parse(BillingAddressSchema, minimal)).toEqual(
      address.mnami ? { ...address, mnami: '' } : address,
    );
  });

  it('names each field problem with the spec message', () => {
    expect(
      errors(BillingAddressSchema, {
        ...address,
        fname: 'J4ne',
        mnami: 'QR',
        lname: '',
        line1: ' ',
        city: 'Salt Lake City 9',
        state: 'XX',
        zip_code: '8410',
        zip_ext: '12',
      }),
    ).toEqual({
      fname: FIELD_MESSAGES.firstName,
      mnami: FIELD_MESSAGES.middleInitial,
      lname: FIELD_MESSAGES.lastName,
      line1: FIELD_MESSAGES.address,
      city: FIELD_MESSAGES.city,
      state: FIELD_MESSAGES.state,
      zip_code: FIELD_MESSAGES.zip,
      zip_ext: FIELD_MESSAGES.zip,
    });
    expect(FIELD_MESSAGES.middleInitial).toBe('Please enter a valid initial');
  });

  it('skips the name checks for a company, but checks the company name', () => {
    const company = { ...address, fname: '', mnami: '', lname: '', cmp_name: 'Acme & Sons, Inc.' };
    expect(v.is(BillingAddressSchema, company)).toBe(true);
    expect(errors(BillingAddressSchema, { ...company, cmp_name: '***' })).toEqual({
      cmp_name: FIELD_MESSAGES.companyName,
    });
    expect(errors(BillingAddressSchema, { ...company, cmp_name: '   ' })).toEqual({
      fname: FIELD_MESSAGES.firstName,
      lname: FIELD_MESSAGES.lastName,
    });
  });

  it('knows every state and territory of the list, and nothing else', () => {
    for (const state of ['UT', 'MT', 'CO', 'DC', 'PR', 'GU']) {
      expect(v.is(BillingAddressSchema, { ...address, state })).toBe(true);
    }
    for (const state of ['ut', 'ZZ', 'Utah', '']) {
      expect(errors(BillingAddressSchema, { ...address, state })).toEqual({
        state: FIELD_MESSAGES.state,
      });
    }
  });

  it('splits and joins a zip with its extension', () => {
    expect(splitZip('84101-1234')).toEqual({ zip_code: '84101', zip_ext: '1234' });
    expect(splitZip(' 84101 ')).toEqual({ zip_code: '84101', zip_ext: '' });
    expect(splitZip('84101-12')).toBeNull();
    expect(joinZip({ zip_code: '84101', zip_ext: '1234' })).toBe('84101-1234');
    expect(joinZip({ zip_code: '84101' })).toBe('84101');
  });

  it('cuts a displayed address to 20 characters and "..."', () => {
    expect(truncateDisplayAddress('123 N Main St, Salt Lake City')).toBe('123 N Main St, Salt ...');
  });
});

describe('the billing choice', () => {
  it('is mandatory: the service address or a new, valid one', () => {
    expect(v.is(BillingFormSchema, { choice: 'service' })).toBe(true);
    expect(v.is(BillingFormSchema, { choice: 'new', address })).toBe(true);
    expect(errors(BillingFormSchema, {})).toEqual({
      choice: PAYMENT_MESSAGES.billingAddressChoice,
    });
    expect(
      errors(BillingFormSchema, { choice: 'new', address: { ...address, zip_code: '' } }),
    ).toEqual({
      'address.zip_code': FIELD_MESSAGES.zip,
    });
    expect(alternateBillingAddress('new')).toBe(true);
    expect(alternateBillingAddress('service')).toBe(false);
  });

  it('automatic or manual payment must be chosen', () => {
    expect(v.is(AutoPaySchema, true)).toBe(true);
    expect(errors(AutoPaySchema, undefined)).toEqual({ _: PAYMENT_MESSAGES.autoPay });
  });
});
