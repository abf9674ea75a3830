/**
 * What the signup order leans on: the captcha contract (signup.md §7, docs/api.md "Captcha"), the
 * request objects that name a missing field by its own message, query booleans, and the order's
 * messages of the router and the summary (signup.md §4, §9; docs/signup-wizard.md, docs/cart.md).
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ROUTER_COVERAGE } from '../../src/shared/signup/constants.ts';
import { FIELD_MESSAGES } from '../../src/shared/messages.ts';
import {
  billedSeparatelyBy,
  outOfStockMessage,
  recurringTotalLabel,
  routerAddsMonthly,
  routerCoverageMessage,
  upToValue,
} from '../../src/shared/signup/messages.ts';
import { PostalAddressSchema } from '../../src/shared/signup/address.ts';
import {
  CAPTCHA_CHALLENGE_PATH,
  CAPTCHA_CONFIG_PATH,
  CAPTCHA_TOKEN_FIELD,
} from '../../src/shared/signup/captcha.ts';
import { fieldsObject } from '../../src/shared/signup/schema-helpers.ts';
import {
  QueryBooleanSchema,
  addressAvailabilityCase,
} from '../../src/shared/signup/serviceability.ts';
import { errors } from '../support/schema-messages.ts';
import { ORDERABLE_ADDRESS } from '../support/address-availability.ts';

describe('the captcha contract (signup.md §7, docs/api.md "Captcha")', () => {
  it('sends the token as recaptcha_token whatever captcha is configured', () => {
    expect(CAPTCHA_TOKEN_FIELD).toBe('recaptcha_token');
  });

  it('serves its configuration at /captcha/config and altcha challenges at /captcha/challenge', () => {
    expect(CAPTCHA_CONFIG_PATH).toBe('/captcha/config');
    expect(CAPTCHA_CHALLENGE_PATH).toBe('/captcha/challenge');
  });
});

describe('a request object', () => {
  it('names each missing field with the spec message of that field (signup.md §5)', () => {
    expect(errors(PostalAddressSchema, {})).toEqual({
      line1: FIELD_MESSAGES.address,
      city: FIELD_MESSAGES.city,
      state: FIELD_MESSAGES.state,
      zip_code: FIELD_MESSAGES.zip,
    });
  });

  it.each([null, 'x', 42, true])('asks for a JSON object when sent %j', (input) => {
    expect(errors(PostalAddressSchema, input)).toEqual({ _: 'Send a JSON object' });
  });

  it('asks for a JSON object when a missing field has no message of its own', () => {
    const schema = fieldsObject({ name: v.string('Enter your name'), extra: v.unknown() });
    expect(errors(schema, { name: 'Jane' })).toEqual({ extra: 'Send a JSON object' });
    expect(errors(schema, { extra: 1 })).toEqual({ name: 'Enter your name' });
  });
});

describe('a boolean in a query string', () => {
  it.each([
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
    [true, true],
    [false, false],
  ])('reads %j as %s', (input, expected) => {
    expect(v.parse(QueryBooleanSchema, input)).toBe(expected);
  });

  it.each(['yes', 'TRUE', '', 'on'])('refuses %j', (input) => {
    expect(errors(QueryBooleanSchema, input)).toEqual({ _: 'Must be true or false' });
  });
});

describe('the router messages (signup.md §4, §9)', () => {
  it('give the XWi router’s coverage: 250 devices, 2,500 sq ft, mesh recommended above', () => {
    const text = routerCoverageMessage(ROUTER_COVERAGE);
    expect(text).toBe(
      'The XWi router covers up to 250 devices and 2,500 sq ft. For homes larger than 2,500 sq ft we recommend mesh extenders.',
    );
    expect(
      routerCoverageMessage({
        devices: 1000,
        squareFeet: 3000,
        meshRecommendedAboveSquareFeet: 4000,
      }),
    ).toBe(
      'The XWi router covers up to 1,000 devices and 3,000 sq ft. For homes larger than 4,000 sq ft we recommend mesh extenders.',
    );
  });

  it('give the router’s monthly price on top of the speed (docs/signup-wizard.md)', () => {
    expect(routerAddsMonthly('$10.00')).toBe('Adds $10.00/mo to your plan.');
  });

  it('disable an out-of-stock choice with the sales phone and chat to call or chat', () => {
    const text = outOfStockMessage('Mesh extenders', {
      phone: '(801) 555-0100',
      email: 'sales@x.example',
      chatUrl: 'https://chat.x.example',
    });
    expect(text.startsWith('Mesh extenders is out of stock')).toBe(true);
    expect(text).toContain('call us at (801) 555-0100');
    expect(text).toContain('chat with us at https://chat.x.example');
  });
});

describe('the order summary (signup.md §3 "Cart line", docs/cart.md)', () => {
  it('labels yearly stretches by the year', () => {
    expect(recurringTotalLabel({ rate_period: 'yearly', from_period: 1, rate_term: null })).toBe(
      'Yearly',
    );
    expect(recurringTotalLabel({ rate_period: 'yearly', from_period: 2, rate_term: null })).toBe(
      'Yearly from year two',
    );
  });

  it('labels monthly stretches: for month one, for months one to three, from month four', () => {
    expect(recurringTotalLabel({ rate_period: 'monthly', from_period: 1, rate_term: 'one' })).toBe(
      'Monthly for month one',
    );
    expect(
      recurringTotalLabel({ rate_period: 'monthly', from_period: 1, rate_term: 'three' }),
    ).toBe('Monthly for months one to three');
    expect(recurringTotalLabel({ rate_period: 'monthly', from_period: 4, rate_term: null })).toBe(
      'Monthly from month four',
    );
  });

  it('reads "billed separately by" the provider for lines of other providers', () => {
    expect(billedSeparatelyBy('UTOPIA Fiber')).toBe('billed separately by UTOPIA Fiber');
  });

  it('reads "Up to $rate_max value" for a variable rate at its maximum', () => {
    expect(upToValue('$15.00')).toBe('Up to $15.00 value');
  });
});

describe('the availability of an address (signup.md §8)', () => {
  const orderable = ORDERABLE_ADDRESS;

  it('gives no message for an orderable or early-signup address', () => {
    expect(addressAvailabilityCase(orderable)).toBeNull();
    expect(addressAvailabilityCase({ ...orderable, orderable: false, early_signup: true })).toBe(
      null,
    );
  });

  it('names the case: disabled, business, already in service, not available', () => {
    expect(addressAvailabilityCase({ ...orderable, disabled: true })).toBe('disabled');
    expect(addressAvailabilityCase({ ...orderable, is_business: true })).toBe('business');
    expect(addressAvailabilityCase({ ...orderable, in_service: true })).toBe('in_service');
    expect(addressAvailabilityCase({ ...orderable, orderable: false })).toBe('unavailable');
  });

  it('gives the first case in the order disabled, business, in service', () => {
    const all = { disabled: true, is_business: true, in_service: true, orderable: false };
    expect(addressAvailabilityCase({ ...orderable, ...all })).toBe('disabled');
    expect(addressAvailabilityCase({ ...orderable, ...all, disabled: false })).toBe('business');
    expect(
      addressAvailabilityCase({ ...orderable, ...all, disabled: false, is_business: false }),
    ).toBe('in_service');
  });
});
