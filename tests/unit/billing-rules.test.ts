/**
 * The portal's billing contract (docs/api.md "Billing", docs/billing.md "Money" and "Pages"): the
 * path ids the endpoints take, the PDF link, and the payment amount as the form reads what is typed
 * and the server checks what is sent.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  amountValue,
  invoicePdfPath,
  JsonNumberText,
  parseRecordId,
  PaymentAmountSchema,
  paymentAmountCents,
  paymentAmountError,
} from '../../src/shared/billing/schemas.ts';
import { DATABASE_ID_MAX } from '../../src/shared/constants.ts';
import { BILLING_MESSAGES } from '../../src/shared/billing/messages.ts';

describe('invoicePdfPath (docs/api.md "GET /billing/bills/{id}/pdf")', () => {
  it('points the Download PDF link of a bill or a payment at its pdf endpoint', () => {
    expect(invoicePdfPath('bills', 700001)).toBe('/billing/bills/700001/pdf');
    expect(invoicePdfPath('payments', 42)).toBe('/billing/payments/42/pdf');
  });
});

describe('parseRecordId (a path id that is not a positive whole number answers 404)', () => {
  it('reads a positive whole number written in digits', () => {
    expect(parseRecordId('700001')).toBe(700001);
    expect(parseRecordId('1')).toBe(1);
    expect(parseRecordId('9')).toBe(9);
  });

  it('accepts the largest id an integer column holds and refuses one more', () => {
    expect(parseRecordId(String(DATABASE_ID_MAX))).toBe(DATABASE_ID_MAX);
    expect(parseRecordId(String(DATABASE_ID_MAX + 1))).toBeNull();
    expect(parseRecordId('9999999999')).toBeNull();
    expect(parseRecordId('12345678901')).toBeNull();
  });

  it.each(['0', '01', '-1', '1.5', '1e3', '', ' 1', '1 ', 'a1', '1a', '0x1F'])(
    'refuses %j, which is not a positive whole number in plain digits',
    (text) => {
      expect(parseRecordId(text)).toBeNull();
    },
  );
});

describe('amountValue (the payment form accepts a "$" and thousands commas)', () => {
  it.each([
    ['25', 25],
    ['25.5', 25.5],
    ['25.', 25],
    ['.50', 0.5],
    ['$20.00', 20],
    ['$1,250.00', 1250],
    ['1,250', 1250],
    ['1,234,567.89', 1234567.89],
    ['  25.50  ', 25.5],
  ])('reads %j as %d', (text, value) => {
    expect(amountValue(text)).toBe(value);
  });

  it.each(['', 'abc', '-5', '+5', '1e3', '5e2', '0x10', '25$', '1,2500', '12abc', '$', '.'])(
    'finds no amount in %j',
    (text) => {
      expect(amountValue(text)).toBeNull();
    },
  );
});

/** What the server answers for `amount` sent as this JSON number text: its cents or its message. */
function serverReads(text: string): number | string {
  const result = v.safeParse(PaymentAmountSchema, new JsonNumberText(text));
  return result.success ? result.output : result.issues[0].message;
}

describe('the payment amount rule (portal.md §5; docs/api.md "POST /billing/payments")', () => {
  it('accepts an amount above $0.00 with at most two decimals, up to $10,000.00, in exact cents', () => {
    expect(paymentAmountCents('0.01')).toEqual({ cents: 1 });
    expect(paymentAmountCents('20')).toEqual({ cents: 2000 });
    expect(paymentAmountCents('12.5')).toEqual({ cents: 1250 });
    expect(paymentAmountCents('12.50')).toEqual({ cents: 1250 });
    expect(paymentAmountCents('0.30')).toEqual({ cents: 30 });
    expect(paymentAmountCents('99.99')).toEqual({ cents: 9999 });
    expect(paymentAmountCents('10000')).toEqual({ cents: 1_000_000 });
    expect(paymentAmountCents('10000.00')).toEqual({ cents: 1_000_000 });
  });

  it('reads the decimals as written, never through a float: a third decimal is refused', () => {
    // Each of these was a payment of $1.00, $0.30 and $25.00 while a float tolerance decided.
    for (const text of ['1.000000001', '0.300000001', '25.0000000049', '1.005', '1.000']) {
      expect(paymentAmountCents(text), text).toEqual({ error: BILLING_MESSAGES.amount });
    }
  });

  it('refuses an exponent with its own message', () => {
    for (const text of ['1e2', '1E2', '1.5e0', '1e-2', '1E+2']) {
      expect(paymentAmountCents(text), text).toEqual({ error: BILLING_MESSAGES.amountExponent });
    }
  });

  it('refuses nothing, zero or a negative amount with the amount message', () => {
    for (const text of ['0', '0.00', '-0', '-5', '', '.', 'abc', '+5', '1.2.3']) {
      expect(paymentAmountCents(text), text).toEqual({ error: BILLING_MESSAGES.amount });
    }
  });

  it('refuses one cent over $10,000.00, and more than 10 digits before the point, with the limit', () => {
    expect(paymentAmountCents('10000.01')).toEqual({ error: BILLING_MESSAGES.amountTooLarge });
    expect(paymentAmountCents('9999999999.99')).toEqual({ error: BILLING_MESSAGES.amountTooLarge });
    expect(paymentAmountCents('12345678901.00')).toEqual({
      error: BILLING_MESSAGES.amountTooLarge,
    });
    expect(paymentAmountCents('9'.repeat(400))).toEqual({ error: BILLING_MESSAGES.amountTooLarge });
    // Leading zeros are no digits of the amount.
    expect(paymentAmountCents('000000000001.50')).toEqual({ cents: 150 });
  });

  it('the server schema takes a JSON number as its text, and nothing else', () => {
    expect(serverReads('1.50')).toBe(150);
    expect(serverReads('1.000000001')).toBe(BILLING_MESSAGES.amount);
    expect(serverReads('1e2')).toBe(BILLING_MESSAGES.amountExponent);
    // A JSON string, null or a float that lost its text is not an amount as sent.
    for (const input of ['1.50', null, 1.5]) {
      const result = v.safeParse(PaymentAmountSchema, input);
      expect(result.success).toBe(false);
      expect(result.issues?.[0].message).toBe(BILLING_MESSAGES.amount);
    }
  });

  it('the form and the server agree on every amount', () => {
    for (const text of [
      '1',
      '1.5',
      '1.50',
      '0.01',
      '10000',
      '10000.01',
      '0',
      '1.005',
      '1.000000001',
      '25.0000000049',
      '1e2',
      '12345678901.00',
    ]) {
      const server = serverReads(text);
      expect(paymentAmountError(text), text).toBe(typeof server === 'number' ? null : server);
    }
  });

  it('gives the typed text the server message, or none when it passes', () => {
    expect(paymentAmountError('$1,250.00')).toBeNull();
    expect(paymentAmountError(' 25 ')).toBeNull();
    expect(paymentAmountError('25.')).toBeNull();
    expect(paymentAmountError('.50')).toBeNull();
    expect(paymentAmountError('$10,000.00')).toBeNull();
    expect(paymentAmountError('10,000.01')).toBe(BILLING_MESSAGES.amountTooLarge);
    expect(paymentAmountError('99999999999999999999')).toBe(BILLING_MESSAGES.amountTooLarge);
    expect(paymentAmountError('0')).toBe(BILLING_MESSAGES.amount);
    expect(paymentAmountError('1.005')).toBe(BILLING_MESSAGES.amount);
    expect(paymentAmountError('1e3')).toBe(BILLING_MESSAGES.amountExponent);
    expect(paymentAmountError('twenty')).toBe(BILLING_MESSAGES.amount);
    expect(paymentAmountError('')).toBe(BILLING_MESSAGES.amount);
    expect(paymentAmountError('-5')).toBe(BILLING_MESSAGES.amount);
  });
});
