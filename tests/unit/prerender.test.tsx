/**
 * The signup page's first screen as the build prerenders it (signup.md §2, issue 10): the real
 * page chrome, heading, progress and address step, filled by the server with its configuration.
 */
import { describe, expect, it } from 'vitest';
import {
  fillPrerendered,
  phoneDigits,
  PRERENDER_STAND_INS,
  unfilledStandIns,
} from '../../src/shared/prerender.ts';
import type { PublicConfig } from '../../src/shared/public-config.ts';
import { renderSignupFirstScreen } from '../../src/web/prerender.tsx';

const CONFIG: PublicConfig = {
  ...PRERENDER_STAND_INS,
  productName: 'Canyon <Fiber> & "Co"',
  mainSiteUrl: 'https://canyon.example/',
  salesPhone: '(435) 555-0123',
  contactPhone: '(435) 555-0100',
  contactEmail: 'help@canyon.example',
  salesEmail: 'sales@canyon.example',
  chatUrl: 'https://canyon.example/chat',
};

describe('the prerendered signup first screen', () => {
  const markup = renderSignupFirstScreen();

  it('is the signup layout with its heading, progress and the address step, styled by Mantine', () => {
    expect(markup).toContain('data-testid="signup-layout"');
    expect(markup).toMatch(
      /<h1[^>]*class="[^"]*mantine-Title-root[^"]*"[^>]*>Get fiber at your address<\/h1>/,
    );
    expect(markup).toContain(
      'Check your address, choose your speed and equipment, and sign up in minutes.',
    );
    expect(markup).toContain('data-testid="signup-progress"');
    expect(markup).toContain('data-testid="signup-address"');
    expect(markup).toContain('Your service address');
    expect(markup).toContain('placeholder="123 N Main St, City"');
    // Mantine's CSS variables are in the markup: the first paint needs no script.
    expect(markup).toContain('<style data-mantine-styles="true">');
  });

  it('keeps its fields read-only until the app replaces them', () => {
    const inputs = markup.match(/<input[^>]*>/g) ?? [];
    expect(inputs.length).toBeGreaterThan(0);
    for (const input of inputs) expect(input).toContain('readonly=""');
  });

  it('shows the configuration only through stand-ins, which the server fills in, escaped', () => {
    expect(markup).toContain(PRERENDER_STAND_INS.productName);
    const filled = fillPrerendered(markup, CONFIG);
    expect(unfilledStandIns(filled)).toEqual([]);
    expect(filled).toContain('Canyon &lt;Fiber&gt; &amp; &quot;Co&quot;');
    expect(filled).not.toContain('Canyon <Fiber>');
    expect(filled).toContain(`href="tel:${phoneDigits(CONFIG.salesPhone)}"`);
    expect(filled).toContain('(435) 555-0123');
    expect(filled).toContain('href="https://canyon.example/"');
  });

  it('holds nothing of a visitor: the same markup on every render, no session, no alert', () => {
    expect(renderSignupFirstScreen()).toBe(markup);
    expect(markup).not.toMatch(/role="alert"|signup-link-unknown|Log out|username/i);
  });
});
