/** The theme machine's registration: path samples, projection, fakes and state checks. */
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { themeMachine } from './theme.machine.ts';
import { selectColorScheme, selectDarkModeOn } from './theme.selectors.ts';

export const themeModel = defineMachine({
  name: 'theme',
  title: 'Colour scheme',
  description:
    'Decides whether the pages are light or dark. A choice the visitor made with the Dark mode ' +
    'switch wins; without one the device setting applies, and without that the pages are light. ' +
    'The signup page is always light; when the visitor leaves it, the previous scheme comes back ' +
    'and the saved choice is unchanged.',
  machine: themeMachine,
  input: { saved: null, system: null },
  events: [
    sample('choose dark', { type: 'theme.chosen', scheme: 'dark' }),
    sample('choose light', { type: 'theme.chosen', scheme: 'light' }),
    sample('device turns dark', { type: 'system.changed', scheme: 'dark' }),
    sample('device turns light', { type: 'system.changed', scheme: null }),
    sample('open the signup page', { type: 'signup.entered' }),
    sample('leave the signup page', { type: 'signup.left' }),
  ],
  project: ({ context }) => ({ saved: context.saved, system: context.system }),
  limit: 200,
  fakes: { actions: { 'store preference': () => {} } },
  // signup.md §1: the saved choice wins, else the device's setting, else light; the signup page
  // is always light and leaving it brings the previous scheme back, the choice unchanged. A
  // choice is kept for the next visit; nothing else stores one.
  expect: {
    effects: ['store preference'],
    // A first visit: no choice saved, no device setting, light pages.
    start: { to: 'following preference', with: { saved: null, system: null } },
    on: {
      '*': {
        'device turns dark': { to: 'stays', with: { system: 'dark' } },
        'device turns light': { to: 'stays', with: { system: null } },
      },
      'following preference': {
        'choose dark': {
          to: 'following preference',
          with: { saved: 'dark' },
          runs: { 'store preference': { scheme: 'dark' } },
        },
        'choose light': {
          to: 'following preference',
          with: { saved: 'light' },
          runs: { 'store preference': { scheme: 'light' } },
        },
        'open the signup page': ({ saved }) => ({ to: 'forced light', with: { saved } }),
      },
      'forced light': {
        'leave the signup page': ({ saved }) => ({ to: 'following preference', with: { saved } }),
      },
    },
  },
  states: {
    'following preference': (snapshot) => {
      const { saved, system } = snapshot.context;
      const expected = saved ?? system ?? 'light';
      expectThat(
        selectColorScheme(snapshot) === expected,
        `the pages should be ${expected} (saved ${saved}, device ${system})`,
      );
      expectThat(
        selectDarkModeOn(snapshot) === (expected === 'dark'),
        'the Dark mode switch should show the scheme in use',
      );
    },
    'forced light': (snapshot) => {
      expectThat(selectColorScheme(snapshot) === 'light', 'the signup page should be light');
      expectThat(!selectDarkModeOn(snapshot), 'the Dark mode switch should be off');
    },
  },
});
