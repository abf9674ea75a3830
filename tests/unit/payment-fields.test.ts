/**
 * The payment fields, field by field, at their limits: the card form's query (docs/api.md
 * "GET /billing/payment_account_url"), the bank and billing forms (signup.md §5 "Bank form",
 * "Billing name", "Address form"), the card message of the provider's form (docs/api.md "The card
 * form and its message", signup.md §4 "Payment") and the username (signup.md §5, §9).
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CARD_EXPIRY_CENTURY, NAME_MAX_LENGTH } from '../../src/shared/constants.ts';
import { FIELD_MESSAGES } from '../../src/shared/messages.ts';
import { USERNAME_MESSAGES } from '../../src/shared/messages/account.ts';
import { PAYMENT_MESSAGES } from '../../src/shared/signup/messages.ts';
import {
  CARD_BRANDS,
  CARD_BRAND_LABELS,
  CARD_TOKEN_MESSAGE_TYPE,
  CardDetailsSchema,
  readCardTokenMessage,
} from '../../src/shared/schemas/card-token.ts';
import {
  AccountNumberSchema,
  BillingAddressSchema,
  BillingFormSchema,
  BillingZipCodeSchema,
  CompanyNameSchema,
  MiddleInitialSchema,
  PaymentAccountUrlQuerySchema,
  RoutingNumberSchema,
  ZipExtensionSchema,
  isAbaRoutingNumber,
  lastFour,
  splitZip,
} from '../../src/shared/schemas/payment.ts';
import { UsernameSchema, usernameError } from '../../src/shared/schemas/username.ts';
import { errors } from '../support/schema-messages.ts';
import { annLeeCard } from '../support/payment-details.ts';

const person = {
  fname: 'Jane',
  mnami: 'Q',
  lname: 'Doe',
  cmp_name: '',
  line1: '123 N Main St',
  line2: '',
  city: 'Provo',
  state: 'UT',
  zip_code: '84601',
  zip_ext: '',
};

describe('the card form query (GET /billing/payment_account_url)', () => {
  it('takes an optional account name of at most 100 characters and refuses one more', () => {
    expect(NAME_MAX_LENGTH).toBe(100);
    expect(v.parse(PaymentAccountUrlQuerySchema, {})).toEqual({ account_name: '' });
    expect(v.parse(PaymentAccountUrlQuerySchema, { account_name: 'a'.repeat(100) })).toEqual({
      account_name: 'a'.repeat(100),
    });
    expect(errors(PaymentAccountUrlQuerySchema, { account_name: 'a'.repeat(101) })).toEqual({
      account_name: 'The name is too long',
    });
  });

  it('ignores spaces around the account name, also when counting its length', () => {
    expect(v.parse(PaymentAccountUrlQuerySchema, { account_name: '  Ann Lee ' })).toEqual({
      account_name: 'Ann Lee',
    });
    expect(v.is(PaymentAccountUrlQuerySchema, { account_name: ` ${'a'.repeat(100)} ` })).toBe(true);
  });
});

describe('the bank form fields (signup.md §5 "Bank form")', () => {
  it('accepts a routing number typed with spaces around it', () => {
    expect(v.parse(RoutingNumberSchema, ' 021000021 ')).toBe('021000021');
  });

  it('accepts a routing number whose weighted digit sum is a multiple of 10, not its neighbour', () => {
    // 3·0 + 7·2 + 1·1 + 3·0 + 7·0 + 1·0 + 3·0 + 7·2 + 1·1 = 30
    expect(isAbaRoutingNumber('021000021')).toBe(true);
    expect(isAbaRoutingNumber('021000020')).toBe(false);
  });

  it('takes an account number of 4 to 17 digits typed with spaces and hyphens', () => {
    expect(v.parse(AccountNumberSchema, '1234 5678-9012')).toBe('123456789012');
    expect(v.parse(AccountNumberSchema, '1-2-3-4')).toBe('1234');
    expect(errors(AccountNumberSchema, '1-2-3')).toEqual({ _: FIELD_MESSAGES.accountNumber });
    expect(errors(AccountNumberSchema, '0000 0000')).toEqual({ _: FIELD_MESSAGES.accountNumber });
    expect(errors(AccountNumberSchema, 'abcd')).toEqual({ _: FIELD_MESSAGES.accountNumber });
  });

  it('shows only the last four digits, whatever the number ends with', () => {
    expect(lastFour('000123456789 ')).toBe('6789');
    expect(lastFour('0001-2345-6789-')).toBe('6789');
  });
});

describe('the middle initial (signup.md §5 "Billing name")', () => {
  it('is optional: absent or empty is no initial', () => {
    expect(v.parse(MiddleInitialSchema, undefined)).toBe('');
    expect(v.parse(MiddleInitialSchema, '')).toBe('');
    expect(v.parse(MiddleInitialSchema, '  ')).toBe('');
  });

  it('is a single letter, spaces around it ignored', () => {
    expect(v.parse(MiddleInitialSchema, 'q')).toBe('q');
    expect(v.parse(MiddleInitialSchema, ' Q ')).toBe('Q');
  });

  it.each(['QR', 'Q.', '1', '.Q', '-'])('refuses %j with the initial message', (initial) => {
    expect(errors(MiddleInitialSchema, initial)).toEqual({ _: FIELD_MESSAGES.middleInitial });
  });
});

describe('the company name (signup.md §5 "Billing name")', () => {
  it.each(['Acme', '3M', 'A & B Supply', "O'Neil Bros.", 'Smith/Jones, Inc.', 'X-Ray Co'])(
    'accepts %j',
    (name) => {
      expect(v.parse(CompanyNameSchema, name)).toBe(name);
    },
  );

  it('ignores spaces around the name', () => {
    expect(v.parse(CompanyNameSchema, '\tAcme Inc ')).toBe('Acme Inc');
  });

  it.each(['', '&&&', '...', '@Acme', 'Acme!', 'Acme*Co'])('refuses %j', (name) => {
    expect(errors(CompanyNameSchema, name)).toEqual({ _: FIELD_MESSAGES.companyName });
  });

  it('is at most 100 characters', () => {
    expect(v.is(CompanyNameSchema, 'A'.repeat(100))).toBe(true);
    expect(errors(CompanyNameSchema, 'A'.repeat(101))).toEqual({ _: FIELD_MESSAGES.companyName });
  });
});

describe('the billing zip (signup.md §5: 5 digits, optionally plus 4)', () => {
  it('is exactly 5 digits, spaces around ignored', () => {
    expect(v.parse(BillingZipCodeSchema, '84101')).toBe('84101');
    expect(v.parse(BillingZipCodeSchema, ' 84101 ')).toBe('84101');
    for (const zip of ['8410', '841012', 'x84101', '8', 'abcde', ''])
      expect(errors(BillingZipCodeSchema, zip)).toEqual({ _: FIELD_MESSAGES.zip });
  });

  it('takes an extension of exactly 4 digits, or none', () => {
    expect(v.parse(ZipExtensionSchema, undefined)).toBe('');
    expect(v.parse(ZipExtensionSchema, '')).toBe('');
    expect(v.parse(ZipExtensionSchema, '1234')).toBe('1234');
    expect(v.parse(ZipExtensionSchema, ' 1234 ')).toBe('1234');
    for (const ext of ['123', '12345', 'x1234', '1', 'abcd'])
      expect(errors(ZipExtensionSchema, ext)).toEqual({ _: FIELD_MESSAGES.zip });
  });

  it('is not split from six digits or from text around it', () => {
    expect(splitZip('984101')).toBeNull();
    expect(splitZip('zip 84101')).toBeNull();
    expect(splitZip('84101-12345')).toBeNull();
  });
});

describe('the billing address (signup.md §3 billing_address, §5 "Billing name")', () => {
  it('of a company needs no person names, and keeps the company name without its spaces', () => {
    const { fname: _f, mnami: _m, lname: _l, ...lines } = person;
    expect(v.parse(BillingAddressSchema, { ...lines, cmp_name: ' Acme Inc ' })).toEqual({
      ...lines,
      fname: '',
      mnami: '',
      lname: '',
      cmp_name: 'Acme Inc',
    });
  });

  it('of a company skips the middle initial check too', () => {
    expect(v.is(BillingAddressSchema, { ...person, cmp_name: 'Acme', mnami: 'QRS' })).toBe(true);
  });

  it('of a person names the missing names at their own fields', () => {
    const { fname: _f, mnami: _m, lname: _l, ...lines } = person;
    expect(errors(BillingAddressSchema, lines)).toEqual({
      fname: FIELD_MESSAGES.firstName,
      lname: FIELD_MESSAGES.lastName,
    });
    expect(errors(BillingAddressSchema, { ...person, mnami: 'QR' })).toEqual({
      mnami: FIELD_MESSAGES.middleInitial,
    });
  });

  it('of a person takes an absent company name as none', () => {
    const { cmp_name: _c, ...named } = person;
    expect(v.parse(BillingAddressSchema, named)).toEqual(person);
  });

  it('refuses an invalid company name at its field', () => {
    expect(errors(BillingAddressSchema, { ...person, cmp_name: 'Acme!' })).toEqual({
      cmp_name: FIELD_MESSAGES.companyName,
    });
  });

  it('checks the address lines: street, city, state and zip', () => {
    expect(
      errors(BillingAddressSchema, {
        ...person,
        line1: '',
        city: '',
        state: '',
        zip_code: '',
        zip_ext: 'x',
      }),
    ).toEqual({
      line1: FIELD_MESSAGES.address,
      city: FIELD_MESSAGES.city,
      state: FIELD_MESSAGES.state,
      zip_code: FIELD_MESSAGES.zip,
      zip_ext: FIELD_MESSAGES.zip,
    });
  });
});

describe('the billing choice form', () => {
  it('keeps the choice it was given, and the new address with it', () => {
    expect(v.parse(BillingFormSchema, { choice: 'service' })).toEqual({ choice: 'service' });
    expect(v.parse(BillingFormSchema, { choice: 'new', address: person })).toEqual({
      choice: 'new',
      address: person,
    });
  });

  it('wants an address with a new one', () => {
    expect(v.is(BillingFormSchema, { choice: 'new' })).toBe(false);
    expect(errors(BillingFormSchema, { choice: 'other' })).toEqual({
      choice: PAYMENT_MESSAGES.billingAddressChoice,
    });
  });
});

describe('the card message of the provider form (docs/api.md "The card form and its message")', () => {
  const card = annLeeCard(`tok_${'a'.repeat(16)}`);
  const tokenError = (token: string) => errors(CardDetailsSchema, { ...card, token });

  it('has the type "card-provider:token"', () => {
    expect(CARD_TOKEN_MESSAGE_TYPE).toBe('card-provider:token');
  });

  it('is read only when the card form frame is open', () => {
    const origins = ['https://cards.example.com'];
    const event = {
      origin: origins[0],
      source: undefined,
      data: { type: CARD_TOKEN_MESSAGE_TYPE, card },
    };
    expect(readCardTokenMessage(event, origins, undefined)).toBeNull();
  });

  it('carries a token of "tok_" and 16 to 64 letters, digits, "-" or "_"', () => {
    expect(v.parse(CardDetailsSchema, card).token).toBe(card.token);
    expect(tokenError(`tok_${'A1_-'.repeat(16)}`)).toEqual({});
    for (const token of [
      `tok_${'a'.repeat(15)}`,
      `tok_${'a'.repeat(65)}`,
      `xtok_${'a'.repeat(16)}`,
      `tok_${'a'.repeat(16)}!`,
      `tok_${'a'.repeat(15)}!`,
      `card_${'a'.repeat(16)}`,
    ])
      expect(tokenError(token)).toEqual({ token: 'Not a card token' });
  });

  it('names the card holder: 1 to 100 characters, blank refused, spaces around dropped', () => {
    expect(v.parse(CardDetailsSchema, { ...card, fname: ' Ann ' }).fname).toBe('Ann');
    expect(v.is(CardDetailsSchema, { ...card, lname: 'L'.repeat(100) })).toBe(true);
    expect(Object.keys(errors(CardDetailsSchema, { ...card, lname: 'L'.repeat(101) }))).toEqual([
      'lname',
    ]);
    expect(Object.keys(errors(CardDetailsSchema, { ...card, fname: '   ' }))).toEqual(['fname']);
  });

  it('gives the expiry year as 2000 plus its two digits (signup.md §9)', () => {
    expect(CARD_EXPIRY_CENTURY).toBe(2000);
    expect(v.is(CardDetailsSchema, { ...card, exp_year: 2000 })).toBe(true);
    expect(v.is(CardDetailsSchema, { ...card, exp_year: 2099 })).toBe(true);
    expect(Object.keys(errors(CardDetailsSchema, { ...card, exp_year: 2100 }))).toEqual([
      'exp_year',
    ]);
    expect(Object.keys(errors(CardDetailsSchema, { ...card, exp_year: 1999 }))).toEqual([
      'exp_year',
    ]);
  });

  it('gives the expiry month from 1 to 12', () => {
    expect(v.is(CardDetailsSchema, { ...card, exp_month: 1 })).toBe(true);
    expect(v.is(CardDetailsSchema, { ...card, exp_month: 12 })).toBe(true);
    expect(v.is(CardDetailsSchema, { ...card, exp_month: 0 })).toBe(false);
    expect(v.is(CardDetailsSchema, { ...card, exp_month: 13 })).toBe(false);
  });

  it('shows exactly four digits of the card number', () => {
    expect(v.parse(CardDetailsSchema, { ...card, last_four: '0123' }).last_four).toBe('0123');
    for (const last_four of ['44444', 'x4444', '4', 'abcd', '444'])
      expect(Object.keys(errors(CardDetailsSchema, { ...card, last_four }))).toEqual(['last_four']);
  });

  it('names each brand the page accepts by its usual name', () => {
    expect(CARD_BRANDS.map((brand) => CARD_BRAND_LABELS[brand])).toEqual([
      'Visa',
      'Mastercard',
      'American Express',
      'Discover',
      'Diners Club',
      'JCB',
    ]);
  });
});

describe('the username (signup.md §5: a lowercase letter first, then a-z 0-9 - _, 3 to 48)', () => {
  it.each(['abc', 'a1-_', 'jane_doe-2', `a${'b'.repeat(47)}`])('accepts %j', (uid) => {
    expect(usernameError(uid)).toBeUndefined();
    expect(v.parse(UsernameSchema, uid)).toBe(uid);
  });

  it.each(['1abc', '_abc', '-abc', 'Abc', ''])('must begin with a lowercase letter: %j', (uid) => {
    expect(usernameError(uid)).toBe(USERNAME_MESSAGES.firstCharacter);
  });

  it('is 3 to 48 characters', () => {
    expect(usernameError('ab')).toBe(USERNAME_MESSAGES.tooShort);
    expect(usernameError(`a${'b'.repeat(48)}`)).toBe(USERNAME_MESSAGES.tooLong);
  });

  it.each(['a!c', 'abc!', 'aBc', 'ab c', 'ab.c', 'jane.doe'])(
    'holds only lowercase letters, digits, dashes and underscores: %j',
    (uid) => {
      expect(usernameError(uid)).toBe(USERNAME_MESSAGES.characters);
    },
  );
});
