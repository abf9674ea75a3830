/**
 * The shell around notices and notifications: the public shell's marketing links and search
 * (signup.md §2 "Public marketing links only navigate away", "{product}" links, the search that
 * "goes to the main site with the query"), the prerendered first screen the server fills with its
 * configuration (src/shared/prerender.ts), and the portal's route table (portal.md §2).
 */
import { describe, expect, it } from 'vitest';
import { mainSiteSearchUrl, marketingUrl, productSlug } from '../../src/shared/marketing.ts';
import {
  fillPrerendered,
  phoneDigits,
  PRERENDER_STAND_INS,
  unfilledStandIns,
} from '../../src/shared/prerender.ts';
import type { PublicConfig } from '../../src/shared/public-config.ts';
import { routeByName, type RouteName } from '../../src/shared/routes.ts';

describe('marketing links', () => {
  it('slug a product name to lowercase words joined by one dash', () => {
    expect(productSlug('Ridgeline Fiber')).toBe('ridgeline-fiber');
    expect(productSlug('Ridgeline Fiber & Internet')).toBe('ridgeline-fiber-internet');
    expect(productSlug('Fiber 2 Home')).toBe('fiber-2-home');
  });

  it('leave no dash at either end of the slug', () => {
    expect(productSlug('(Ridgeline Fiber)')).toBe('ridgeline-fiber');
    expect(productSlug('  Ridgeline!')).toBe('ridgeline');
  });

  it('join the main site and the path with one slash, however many the site ends with', () => {
    for (const site of [
      'https://www.x.example',
      'https://www.x.example/',
      'https://www.x.example//',
    ]) {
      expect(marketingUrl(site, 'Ridgeline Fiber', '/{product}-business-fiber')).toBe(
        'https://www.x.example/ridgeline-fiber-business-fiber',
      );
      expect(marketingUrl(site, 'Ridgeline Fiber', '/utopia')).toBe('https://www.x.example/utopia');
      expect(mainSiteSearchUrl(site, 'fiber speeds')).toBe(
        'https://www.x.example/search?q=fiber%20speeds',
      );
    }
  });
});

describe('the prerendered first screen', () => {
  const config: PublicConfig = {
    ...PRERENDER_STAND_INS,
    productName: 'Fiber 2000',
    mainSiteUrl: 'https://canyon.example:8443/',
    contactPhone: '(435) 555-0100',
    salesPhone: '(435) 555-0123',
    contactEmail: 'help2@canyon.example',
    salesEmail: 'sales@canyon.example',
    chatUrl: 'https://canyon.example/chat',
    version: '1.2.3',
  };

  it('changes nothing but the stand-ins, even when the configuration holds digits', () => {
    const markup = `<main><h1>${PRERENDER_STAND_INS.productName}</h1><p>Call 10 to 5.</p></main>`;
    expect(fillPrerendered(markup, config)).toBe(
      '<main><h1>Fiber 2000</h1><p>Call 10 to 5.</p></main>',
    );
  });

  it('fills a phone number where it is shown and in its tel: link', () => {
    const sales = PRERENDER_STAND_INS.salesPhone;
    const markup = `<a href="tel:${phoneDigits(sales)}">${sales}</a>`;
    expect(fillPrerendered(markup, config)).toBe('<a href="tel:4355550123">(435) 555-0123</a>');
  });

  it('names every stand-in still in the markup, a phone number in either form', () => {
    const { productName, contactEmail, contactPhone, salesPhone } = PRERENDER_STAND_INS;
    expect(unfilledStandIns('<p>nothing here</p>')).toEqual([]);
    expect(unfilledStandIns(`<b>${productName}</b> ${contactEmail}`)).toEqual([
      productName,
      contactEmail,
    ]);
    expect(unfilledStandIns(`<a href="tel:${phoneDigits(salesPhone)}">call</a>`)).toEqual([
      phoneDigits(salesPhone),
    ]);
    expect(unfilledStandIns(`<span>${contactPhone}</span>`)).toEqual([contactPhone]);
  });
});

describe('routeByName', () => {
  it('finds a route of the table', () => {
    expect(routeByName('invoice').path).toBe('/invoice/{endpoint}/{id}');
  });

  it('refuses a name the table does not have, naming it', () => {
    expect(() => routeByName('nowhere' as RouteName)).toThrow('Unknown route nowhere');
  });
});
