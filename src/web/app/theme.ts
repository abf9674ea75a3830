import { Anchor, createTheme } from '@mantine/core';

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
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  components: {
    // Links inside text must not rely on colour alone.
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
  },
});
