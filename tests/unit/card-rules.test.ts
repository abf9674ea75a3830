import vm from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARD_RULES, cardRules } from '../../src/server/billing/card-provider/card-rules.ts';
import { formScript } from '../../src/server/billing/card-provider/form-page.ts';
import { CARD_EXPIRY_CENTURY } from '../../src/shared/constants.ts';
import { CARD_BRANDS, CARD_BRAND_LABELS } from '../../src/shared/schemas/card-token.ts';

const { luhnValid, detectBrand, checkCard, formatCardNumber, parseExpiry } = CARD_RULES;
const now = new Date('2026-11-23T12:00:00Z');
const options = { now, century: CARD_EXPIRY_CENTURY };
const valid = { number: '4242 4242 4242 4242', expiry: '12/29', cvc: '123', name: 'Jane Q Doe' };

/** Appends the Luhn check digit to a string of digits. */
function withCheckDigit(body: string): string {
  for (let digit = 0; digit <= 9; digit++) {
    if (luhnValid(body + digit)) return body + digit;
  }
  throw new Error('unreachable');
}

describe('Luhn check', () => {
  it.each([
    ['4242424242424242', true],
    ['4242424242424241', false],
    ['378282246310005', true],
    ['5555 5555 5555 4444', true],
    ['6011-1111-1111-1117', true],
    ['0000000000000000', true],
    ['1234', false],
    ['4242abcd42424242', false],
  ])('%s is %s', (number, expected) => {
    expect(luhnValid(number)).toBe(expected);
  });

  it('catches every single-digit typo', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{15}$/),
        fc.nat(15),
        fc.integer({ min: 1, max: 9 }),
        (body, position, delta) => {
          const number = withCheckDigit(body);
          const changed = (Number(number[position]) + delta) % 10;
          const typo = number.slice(0, position) + changed + number.slice(position + 1);
          expect(luhnValid(number)).toBe(true);
          expect(luhnValid(typo)).toBe(false);
        },
      ),
    );
  });
});

describe('brand detection', () => {
  it.each([
    ['4111111111111111', 'visa'],
    ['5105105105105100', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['341', 'amex'],
    ['6011000990139424', 'discover'],
    ['6500000000000002', 'discover'],
    ['36227206271667', 'diners'],
    ['3566002020360505', 'jcb'],
    ['9999999999999995', null],
    ['', null],
  ])('%s is %s', (number, brand) => {
    expect(detectBrand(number)).toBe(brand);
  });

  it('knows exactly the brands the page accepts in card messages', () => {
    expect([...CARD_RULES.brands].sort()).toEqual([...CARD_BRANDS].sort());
    for (const brand of CARD_BRANDS)
      expect(CARD_RULES.brandLabel(brand)).toBe(CARD_BRAND_LABELS[brand]);
  });

  it('formats as typed: groups of four, American Express 4-6-5', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('3782 822463 10005')).toBe('3782 822463 10005');
    expect(formatCardNumber('37828224631000599')).toBe('3782 822463 10005');
    expect(formatCardNumber('42a4-2')).toBe('4242');
  });
});

describe('the whole card', () => {
  it('gives the token fields: names split, year is the century plus two digits, last four', () => {
    expect(checkCard(valid, options)).toEqual({
      ok: true,
      card: {
        number: '4242424242424242',
        brand: 'visa',
        last_four: '4242',
        exp_month: 12,
        exp_year: 2029,
        fname: 'Jane Q',
        lname: 'Doe',
      },
    });
    expect(parseExpiry('0731', CARD_EXPIRY_CENTURY)).toEqual({ month: 7, year: 2031 });
    expect(parseExpiry('7/31', CARD_EXPIRY_CENTURY)).toEqual({ month: 7, year: 2031 });
    expect(parseExpiry('13/31', CARD_EXPIRY_CENTURY)).toBeNull();
  });

  it('names each problem', () => {
    const result = checkCard(
      { number: '4242424242424241', expiry: '10/26', cvc: '12', name: 'Prince' },
      options,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        number: 'Enter a valid card number',
        expiry: 'This card has expired',
        cvc: 'Enter the 3-digit security code',
        name: 'Enter the name on the card, first and last',
      },
    });
  });

  it('accepts this month, wants four digits of security code for American Express', () => {
    expect(checkCard({ ...valid, expiry: '11/26' }, options).ok).toBe(true);
    const amex = { ...valid, number: '378282246310005', cvc: '123' };
    expect(checkCard(amex, options)).toMatchObject({
      ok: false,
      errors: { cvc: 'Enter the 4-digit security code' },
    });
    expect(checkCard({ ...amex, cvc: '1234' }, options).ok).toBe(true);
  });

  it('refuses unknown brands, wrong lengths and expiry dates too far ahead', () => {
    expect(
      checkCard({ ...valid, number: withCheckDigit('999999999999999') }, options),
    ).toMatchObject({
      errors: { number: 'This type of card is not accepted' },
    });
    expect(
      checkCard({ ...valid, number: withCheckDigit('42424242424242') }, options),
    ).toMatchObject({
      errors: { number: 'Enter a valid card number' },
    });
    expect(checkCard({ ...valid, expiry: '12/99' }, options)).toMatchObject({
      errors: { expiry: 'Enter the expiry date as MM/YY' },
    });
  });
});

describe('the rules served to the browser', () => {
  it('run on their own, outside this module', () => {
    const rules = vm.runInNewContext(
      `var __name = function (t) { return t; }; (${cardRules.toString()})()`,
      {},
    ) as typeof CARD_RULES;
    expect(rules.luhnValid('4242424242424242')).toBe(true);
    expect(rules.detectBrand('378282246310005')).toBe('amex');
    expect(rules.checkCard(valid, options).ok).toBe(true);
  });

  it('the form script compiles and starts against a page', () => {
    const listeners: string[] = [];
    const element = () => ({
      addEventListener: (type: string) => listeners.push(type),
      setAttribute: () => undefined,
      dataset: {},
    });
    const document = {
      body: {
        dataset: { parentOrigin: 'http://localhost:3000', messageType: 'x', century: '2000' },
      },
      getElementById: element,
    };
    vm.runInNewContext(formScript(), { document, window: {} });
    expect(listeners).toEqual(['input', 'input', 'submit']);
  });
});
