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
import { renderPublicPage, renderSignupFirstScreen } from '../../src/web/prerender.tsx';

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

describe("the other public pages' prerendered first screens (issue 34)", () => {
  // Each page's heading as the spec names it (portal.md §2).
  const HEADINGS = {
    login: 'Log in',
    'username-recovery': 'Username recovery',
    'password-recovery': 'Password recovery',
    'password-update': 'Set a new password',
    'password-generator': 'Password generator',
    'not-found': 'Page not found',
  } as const;

  it.each(Object.entries(HEADINGS) as [keyof typeof HEADINGS, string][])(
    '%s: its heading in the shell, logged out, inert until the app takes over, the same each time',
    async (page, heading) => {
      const markup = await renderPublicPage(page);
      expect(markup).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      expect(markup).toContain('<main');
      expect(markup).toContain(PRERENDER_STAND_INS.productName);
      // Logged out, nothing of a visitor, no script and no part left to reveal.
      expect(markup).not.toMatch(/Log out|role="alert"|<script|<template|stand-in-link-id/);
      for (const input of markup.match(/<input[^>]*>/g) ?? [])
        expect(input).toContain('readonly=""');
      expect(markup).not.toContain('type="submit"');
      for (const button of markup.match(/<button[^>]*>/g) ?? [])
        expect(button).toContain('aria-disabled="true"');
      expect(await renderPublicPage(page)).toBe(markup);
    },
  );
});
