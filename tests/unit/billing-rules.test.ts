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
  parseRecordId,
  PaymentAmountSchema,
  paymentAmountError,
} from '../../src/shared/billing.ts';
import { DATABASE_ID_MAX } from '../../src/shared/constants.ts';
import { BILLING_MESSAGES } from '../../src/shared/messages/portal.ts';

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

describe('the payment amount rule (portal.md §5; docs/api.md "POST /billing/payments")', () => {
  it('accepts an amount above $0.00 with at most two decimals, up to $10,000.00', () => {
    for (const amount of [0.01, 20, 12.5, 99.99, 10000]) {
      expect(v.safeParse(PaymentAmountSchema, amount).success).toBe(true);
    }
  });

  it('refuses nothing, a negative amount or a third decimal with the amount message', () => {
    for (const amount of [0, -5, 1.005, 0.001, Number.NaN]) {
      const result = v.safeParse(PaymentAmountSchema, amount);
      expect(result.success).toBe(false);
      expect(result.issues?.[0].message).toBe(BILLING_MESSAGES.amount);
    }
  });

  it('refuses one cent over $10,000.00 with the single payment limit', () => {
    const result = v.safeParse(PaymentAmountSchema, 10000.01);
    expect(result.success).toBe(false);
    expect(result.issues?.[0].message).toBe(BILLING_MESSAGES.amountTooLarge);
  });

  it('refuses amounts too large to count in cents with a message instead of failing', () => {
    // JSON reads 1e400 as Infinity; a typed run of digits can pass 2^53 cents.
    const refusals = [BILLING_MESSAGES.amount, BILLING_MESSAGES.amountTooLarge];
    for (const amount of [Number.POSITIVE_INFINITY, 1e300, 1e20]) {
      const result = v.safeParse(PaymentAmountSchema, amount);
      expect(result.success).toBe(false);
      expect(refusals).toContain(result.issues?.[0].message);
    }
    expect(refusals).toContain(paymentAmountError('99999999999999999999'));
  });

  it('gives the typed text the server message, or none when it passes', () => {
    expect(paymentAmountError('$1,250.00')).toBeNull();
    expect(paymentAmountError(' 25 ')).toBeNull();
    expect(paymentAmountError('$10,000.00')).toBeNull();
    expect(paymentAmountError('10,000.01')).toBe(BILLING_MESSAGES.amountTooLarge);
    expect(paymentAmountError('0')).toBe(BILLING_MESSAGES.amount);
    expect(paymentAmountError('1.005')).toBe(BILLING_MESSAGES.amount);
    expect(paymentAmountError('twenty')).toBe(BILLING_MESSAGES.amount);
    expect(paymentAmountError('')).toBe(BILLING_MESSAGES.amount);
    expect(paymentAmountError('-5')).toBe(BILLING_MESSAGES.amount);
  });
});
