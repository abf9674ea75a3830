/**
 * Messages built from the customer's own data (signup.md §2, §5, §8; portal.md §4; docs/billing.md
 * "Payment methods", docs/signup-wizard.md): each names what it is about, in the words the spec or
 * the design gives.
 */
import { describe, expect, it } from 'vitest';
import {
  actingAsMessage,
  deleteDisabledLabel,
  loggedInLabel,
  truncateDisplayAddress,
} from '../../src/shared/messages/portal.ts';
import { paymentAccountLabel } from '../../src/shared/billing/messages.ts';
import {
  ADDRESS_AVAILABILITY_CASES,
  addressAvailabilityMessage,
  sectionsRevealedAnnouncement,
  SIGNUP_WIZARD_MESSAGES,
  suggestionsAnnouncement,
} from '../../src/shared/messages.ts';
import { DISPLAY_ADDRESS_MAX_LENGTH } from '../../src/shared/signup/constants.ts';

describe('the portal names who is logged in', () => {
  it('the top bar shows the username with the text "logged in" (signup.md §2)', () => {
    const label = loggedInLabel('jdoe');
    expect(label).toContain('jdoe');
    expect(label).toContain('logged in');
  });

  it('the banner of an admin acting as a customer names both of them', () => {
    const banner = actingAsMessage('Acme Widgets', 'site-admin');
    expect(banner).toContain('Acme Widgets');
    expect(banner).toContain('site-admin');
    expect(banner.indexOf('Acme Widgets')).toBeLessThan(banner.indexOf('site-admin'));
  });
});

describe('a new database or vhost is locked (portal.md §4)', () => {
  it('its delete button reads "Delete (Disabled for Ns)"', () => {
    expect(deleteDisabledLabel(60)).toBe('Delete (Disabled for 60s)');
    expect(deleteDisabledLabel(7)).toBe('Delete (Disabled for 7s)');
  });
});

describe('a displayed address is cut to 20 characters plus "..." (signup.md §5)', () => {
  it('keeps an address of exactly 20 characters whole', () => {
    const address = '1234 Main Street Apt';
    expect(address).toHaveLength(DISPLAY_ADDRESS_MAX_LENGTH);
    expect(truncateDisplayAddress(address)).toBe(address);
  });

  it('cuts an address of 21 characters to its first 20 and "..."', () => {
    expect(truncateDisplayAddress('1234 Main Street Apt4')).toBe('1234 Main Street Apt...');
  });
});

describe('a payment account shows of itself (docs/billing.md)', () => {
  it('a bank account: "Bank account ending in 6789"', () => {
    expect(paymentAccountLabel({ method: 'ACH', last_four: '6789' })).toBe(
      'Bank account ending in 6789',
    );
  });

  it('a card by its brand: "Visa ending in 4242"', () => {
    expect(paymentAccountLabel({ method: 'CC', brand: 'visa', last_four: '4242' })).toBe(
      'Visa ending in 4242',
    );
    expect(paymentAccountLabel({ method: 'CC', brand: 'amex', last_four: '0005' })).toBe(
      'American Express ending in 0005',
    );
  });

  it('a card of no known brand: "Card ending in …" (signup.md §4)', () => {
    expect(paymentAccountLabel({ method: 'CC', brand: null, last_four: '1111' })).toBe(
      'Card ending in 1111',
    );
    expect(paymentAccountLabel({ method: 'CC', last_four: '1111' })).toBe('Card ending in 1111');
  });
});

describe('address availability messages end with how to reach sales (signup.md §8)', () => {
  const sales = {
    phone: '(801) 555-0100',
    chatUrl: 'https://example.com/chat',
    email: 'sales@example.com',
  };

  it('each case names the sales phone, chat and email', () => {
    for (const kind of ADDRESS_AVAILABILITY_CASES) {
      const message = addressAvailabilityMessage(kind, sales);
      expect(message, kind).toContain(sales.phone);
      expect(message, kind).toContain(sales.chatUrl);
      expect(message, kind).toContain(sales.email);
    }
  });

  it('each case says something of its own', () => {
    const messages = ADDRESS_AVAILABILITY_CASES.map((kind) =>
      addressAvailabilityMessage(kind, sales),
    );
    expect(new Set(messages).size).toBe(ADDRESS_AVAILABILITY_CASES.length);
    expect(addressAvailabilityMessage('business', sales)).toMatch(/business/);
    expect(addressAvailabilityMessage('in_service', sales)).toMatch(/another provider/);
  });
});

describe('what screen readers hear in the signup (docs/signup-wizard.md)', () => {
  it('one section revealed is named alone, in the singular', () => {
    const said = sectionsRevealedAnnouncement(['Contact information']);
    expect(said).toContain('Contact information');
    expect(said).not.toMatch(/sections/i);
  });

  it('several sections revealed are all named, apart, in page order', () => {
    const said = sectionsRevealedAnnouncement(['Speed', 'Router', 'Installation']);
    expect(said).toMatch(/sections/i);
    expect(said).toMatch(/Speed\W+Router\W+Installation/);
  });

  it('no suggestion says so with the wizard message', () => {
    expect(suggestionsAnnouncement(0)).toBe(SIGNUP_WIZARD_MESSAGES.noSuggestions);
  });

  it('one suggestion is counted in the singular, several by their number', () => {
    expect(suggestionsAnnouncement(1)).toMatch(/^1 address suggestion\b/);
    expect(suggestionsAnnouncement(1)).not.toMatch(/suggestions/);
    expect(suggestionsAnnouncement(3)).toMatch(/^3 address suggestions\b/);
    expect(suggestionsAnnouncement(3)).not.toBe(SIGNUP_WIZARD_MESSAGES.noSuggestions);
  });
});
