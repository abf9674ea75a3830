/**
 * The card provider's card checks: Luhn, brand detection, expiry, security code and the name on
 * the card. The provider's server checks every card with them, and its form page runs the very
 * same code in the browser: {@link cardRules} is self-contained (it refers to nothing outside its
 * body), so its source text is served inside the form's script (see form-page.ts).
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb';
export type CardField = 'number' | 'expiry' | 'cvc' | 'name';

export interface CardInput {
  number: string;
  /** MM/YY as typed (MMYY and MM / YY too). */
  expiry: string;
  cvc: string;
  name: string;
}

export interface CheckedCard {
  /** Digits only. */
  number: string;
  brand: CardBrand;
  last_four: string;
  exp_month: number;
  /** The century plus the two digits typed. */
  exp_year: number;
  fname: string;
  lname: string;
}

export type CardCheck =
  { ok: true; card: CheckedCard } | { ok: false; errors: Partial<Record<CardField, string>> };

/** Self-contained: must not refer to anything outside its own body. */
export function cardRules() {
  const BRANDS: {
    brand: CardBrand;
    label: string;
    pattern: RegExp;
    lengths: number[];
    cvcLength: number;
  }[] = [
    { brand: 'amex', label: 'American Express', pattern: /^3[47]/, lengths: [15], cvcLength: 4 },
    { brand: 'visa', label: 'Visa', pattern: /^4/, lengths: [13, 16, 19], cvcLength: 3 },
    {
      brand: 'mastercard',
      label: 'Mastercard',
      pattern: /^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/,
      lengths: [16],
      cvcLength: 3,
    },
    {
      brand: 'discover',
      label: 'Discover',
      pattern: /^(6011|64[4-9]|65|622(12[6-9]|1[3-9]\d|[2-8]\d\d|9[01]\d|92[0-5]))/,
      lengths: [16, 19],
      cvcLength: 3,
    },
    {
      brand: 'diners',
      label: 'Diners Club',
      pattern: /^(30[0-5]|3095|36|3[89])/,
      lengths: [14, 16, 19],
      cvcLength: 3,
    },
    {
      brand: 'jcb',
      label: 'JCB',
      pattern: /^35(2[89]|[3-8]\d)/,
      lengths: [16, 17, 18, 19],
      cvcLength: 3,
    },
  ];
  const MESSAGES = {
    number: 'Enter a valid card number',
    brand: 'This type of card is not accepted',
    expiry: 'Enter the expiry date as MM/YY',
    expired: 'This card has expired',
    cvc: (length: number) => `Enter the ${length}-digit security code`,
    name: 'Enter the name on the card, first and last',
  };
  /** Years ahead a card may expire at most. */
  const MAX_YEARS_AHEAD = 20;

  function digitsOf(value: string): string {
    return value.replace(/[\s-]/g, '');
  }

  /** The Luhn (mod 10) check of a string of digits. */
  function luhnValid(number: string): boolean {
    const digits = digitsOf(number);
    if (!/^\d{12,19}$/.test(digits)) return false;
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
      if (i % 2 === 1) {
        digit *= 2;
        if (digit > 9) digit -= 9;
      }
      sum += digit;
    }
    return sum % 10 === 0;
  }

  /** The brand of a card number, complete or still being typed; null when unknown. */
  function detectBrand(number: string): CardBrand | null {
    const digits = digitsOf(number);
    if (!/^\d+$/.test(digits)) return null;
    return BRANDS.find((entry) => entry.pattern.test(digits))?.brand ?? null;
  }

  function brandLabel(brand: CardBrand): string {
    return BRANDS.find((entry) => entry.brand === brand)?.label ?? brand;
  }

  function cvcLength(brand: CardBrand | null): number {
    return BRANDS.find((entry) => entry.brand === brand)?.cvcLength ?? 3;
  }

  /** Groups of four (American Express: 4-6-5), as the number is typed. */
  function formatCardNumber(number: string): string {
    const digits = number.replace(/\D/g, '').slice(0, 19);
    if (detectBrand(digits) === 'amex') {
      return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)]
        .filter(Boolean)
        .join(' ');
    }
    return (digits.match(/.{1,4}/g) ?? []).join(' ');
  }

  /** MM/YY (also MMYY, MM / YY) to month and full year; null when not a date. */
  function parseExpiry(expiry: string, century: number): { month: number; year: number } | null {
    const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2})\s*$/.exec(expiry);
    if (!match) return null;
    const month = Number(match[1]);
    if (month < 1 || month > 12) return null;
    return { month, year: century + Number(match[2]) };
  }

  /** Every check at once; the messages say what to fix. `now` decides what has expired. */
  function checkCard(input: CardInput, options: { now: Date; century: number }): CardCheck {
    const errors: Partial<Record<CardField, string>> = {};
    const digits = digitsOf(input.number);
    const brand = detectBrand(digits);
    const entry = BRANDS.find((candidate) => candidate.brand === brand);
    if (!luhnValid(digits)) errors.number = MESSAGES.number;
    else if (!entry) errors.number = MESSAGES.brand;
    else if (!entry.lengths.includes(digits.length)) errors.number = MESSAGES.number;

    const expiry = parseExpiry(input.expiry, options.century);
    const nowYear = options.now.getFullYear();
    const nowMonth = options.now.getMonth() + 1;
    if (!expiry || expiry.year > nowYear + MAX_YEARS_AHEAD) errors.expiry = MESSAGES.expiry;
    else if (expiry.year < nowYear || (expiry.year === nowYear && expiry.month < nowMonth)) {
      errors.expiry = MESSAGES.expired;
    }

    const length = cvcLength(brand);
    if (!new RegExp(`^\\d{${length}}$`).test(input.cvc.trim())) errors.cvc = MESSAGES.cvc(length);

    const words = input.name.trim().split(/\s+/).filter(Boolean);
    const nameOk =
      words.length >= 2 &&
      input.name.trim().length <= 100 &&
      words.every((word) => /^[\p{L}][\p{L}'.-]*$/u.test(word));
    if (!nameOk) errors.name = MESSAGES.name;

    if (Object.keys(errors).length > 0 || !brand || !expiry) return { ok: false, errors };
    return {
      ok: true,
      card: {
        number: digits,
        brand,
        last_four: digits.slice(-4),
        exp_month: expiry.month,
        exp_year: expiry.year,
        fname: words.slice(0, -1).join(' '),
        lname: words[words.length - 1],
      },
    };
  }

  return {
    luhnValid,
    detectBrand,
    brandLabel,
    cvcLength,
    formatCardNumber,
    parseExpiry,
    checkCard,
    brands: BRANDS.map((entry) => entry.brand),
  };
}

export type CardRules = ReturnType<typeof cardRules>;

export const CARD_RULES: CardRules = cardRules();
