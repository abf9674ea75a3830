import { Anchor, createTheme, type CSSVariablesResolver } from '@mantine/core';

export const mantineTheme = createTheme({
  primaryColor: 'brand',
  colors: {
    brand: [
      '#e6f1fb',
      '#cce0f5',
      '#99c1eb',
      '#66a2e1',
      // Index 4 is the link colour on dark backgrounds: light enough for 4.5:1 contrast.
      '#74abe6',
      '#0b5cad',
      '#094d91',
      '#073e75',
      '#052f59',
      '#03203d',
    ],
  },
  primaryShade: { light: 6, dark: 6 },
  // Visitors who ask their system for less motion get modals, menus and popovers without
  // transitions (and the signup scrolls to revealed sections without smooth scrolling).
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  components: {
    // Links inside text must not rely on colour alone.
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
  },
});

/**
 * Mantine's default error red and dimmed grey fall short of 4.5:1 contrast on light backgrounds
 * (and the dimmed grey on dark ones): darker or lighter shades everywhere, so that every page
 * passes without per-component overrides.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Red light and subtle buttons (Delete, Remove) under the pointer: Mantine's red text on its
    // red 2 hover is 3.75:1; red 9 on red 0 is 5.1:1.
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
    '--mantine-color-red-light-hover': 'var(--mantine-color-red-0)',
  },
  dark: {
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-4)',
  },
});
