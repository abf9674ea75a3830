import { describe, expect, it } from 'vitest';
import { PASSWORD_GENERATOR, RATE_TERMS, SERVICE_CLASS } from '../../src/shared/constants.ts';
import { mainSiteSearchUrl, marketingUrl, productSlug } from '../../src/shared/marketing.ts';
import { recaptchaFailureMessage } from '../../src/shared/messages/account.ts';
import { truncateDisplayAddress } from '../../src/shared/messages/portal.ts';
import { notificationTypeFor } from '../../src/shared/notifications.ts';
import { hasAnyPermission, hasPermission } from '../../src/shared/permissions.ts';
import { US_STATES } from '../../src/shared/us-state-names.ts';
import { toRouterPath } from '../../src/web/router.tsx';

describe('business constants', () => {
  it('spell rate terms one to twelve', () => {
    expect(RATE_TERMS).toHaveLength(12);
    expect(RATE_TERMS[0]).toBe('one');
    expect(RATE_TERMS[11]).toBe('twelve');
  });
  it('have a 24-character symbol set', () => {
    expect(PASSWORD_GENERATOR.symbols).toHaveLength(24);
    expect(new Set(PASSWORD_GENERATOR.symbols).size).toBe(24);
    expect(PASSWORD_GENERATOR.rows * PASSWORD_GENERATOR.columns).toBe(PASSWORD_GENERATOR.wordCount);
  });
  it('hold the service class ids', () => {
    expect(SERVICE_CLASS.residentialConnectivity).toBe(17);
    expect(SERVICE_CLASS.connectivityProvisioningTask).toBe(14);
  });
  it('list every state and territory once', () => {
    const abbreviations = US_STATES.map((s) => s.abbreviation);
    expect(new Set(abbreviations).size).toBe(abbreviations.length);
    for (const code of ['UT', 'MT', 'CO', 'DC', 'PR', 'GU', 'VI', 'AS', 'MP'])
      expect(abbreviations).toContain(code);
    expect(abbreviations.every((a) => /^[A-Z]{2}$/.test(a))).toBe(true);
  });
});

describe('notification types', () => {
  it.each([
    [{ error: new Error('x') }, 'danger'],
    [{ status: 404 }, 'danger'],
    [{ status: 503 }, 'danger'],
    [{ status: 201 }, 'success'],
    [{ status: 302 }, 'info'],
    [{}, 'info'],
  ] as const)('%o is %s', (result, type) => {
    expect(notificationTypeFor(result)).toBe(type);
  });
});

describe('messages', () => {
  it('fill the captcha failure message with the contacts', () => {
    expect(recaptchaFailureMessage({ phone: '(801) 555-0100', email: 'help@x.example' })).toBe(
      "We're having difficulty processing your request. Please try again, or contact Customer Service at (801) 555-0100 or help@x.example",
    );
  });
  it('cut a displayed address to 20 characters plus "..."', () => {
    expect(truncateDisplayAddress('1234 North Canyon View Drive')).toBe('1234 North Canyon Vi...');
    expect(truncateDisplayAddress('12 Main St')).toBe('12 Main St');
  });
});

describe('marketing links', () => {
  it('replace {product} with the product slug on the main site', () => {
    expect(productSlug('Ridgeline Fiber')).toBe('ridgeline-fiber');
    expect(
      marketingUrl('https://www.x.example/', 'Ridgeline Fiber', '/{product}-fiber-bountiful'),
    ).toBe('https://www.x.example/ridgeline-fiber-fiber-bountiful');
    expect(mainSiteSearchUrl('https://www.x.example', 'a b&c')).toBe(
      'https://www.x.example/search?q=a%20b%26c',
    );
  });
});

describe('permissions (portal.md §6)', () => {
  const viewer = { payments: { has_view: true, has_manage: false } };
  it('admin manage passes everything', () => {
    expect(hasPermission({ admin: { has_view: true, has_manage: true } }, 'services.manage')).toBe(
      true,
    );
  });
  it('needs the category and the flag; manage implies view', () => {
    expect(hasPermission(viewer, 'payments.view')).toBe(true);
    expect(hasPermission(viewer, 'payments.manage')).toBe(false);
    expect(hasPermission(viewer, 'services.view')).toBe(false);
    expect(
      hasPermission({ services: { has_view: false, has_manage: true } }, 'services.view'),
    ).toBe(true);
    expect(hasPermission(undefined, 'account.view')).toBe(false);
  });
  it('passes several permissions when any holds', () => {
    expect(hasAnyPermission(viewer, ['services.view', 'payments.view'])).toBe(true);
    expect(hasAnyPermission(viewer, ['services.view', 'payments.manage'])).toBe(false);
  });
});

describe('route paths', () => {
  it.each([
    ['/', '/'],
    ['/login/', '/login'],
    ['/signup/{components?}', '/signup/{-$components}'],
    ['/invoice/{endpoint}/{id}', '/invoice/$endpoint/$id'],
    ['/servers/{server}/manage', '/servers/$server/manage'],
  ])('%s becomes %s', (input, output) => {
    expect(toRouterPath(input)).toBe(output);
  });
});
