/** The attribution question's registration: path samples, projection and state checks. */
import type { AttributionId } from '#shared/constants';
import { defineMachine, expectThat, sample } from '../registry/types.ts';
import { attributionMachine } from './attribution.machine.ts';
import { selectAttributionValue, selectAttributionView } from './attribution.selectors.ts';

/** Choosing while the question shows. */
const choosing = {
  'choose Search engine': { to: 'answered', with: { choice: 'search_engine' } },
  'choose Other': { to: 'other', with: { choice: 'other' } },
} as const;

export const attributionModel = defineMachine({
  name: 'signup-attribution',
  title: 'Signup: how did you hear about us',
  description:
    'The optional last question of the services: how the visitor heard about us. Eight answers ' +
    'are offered; while none is chosen a Skip button shows, and skipping hides the question. ' +
    'Choosing Other asks for a few words, sent as "Other: text".',
  machine: attributionMachine,
  events: [
    sample('choose Search engine', { type: 'attribution.chosen', id: 'search_engine' }),
    sample('choose Other', { type: 'attribution.chosen', id: 'other' }),
    sample('type where', { type: 'attribution.other.typed', text: ' A billboard on I-15 ' }),
    // An id the page never sends (an older page's answer, say): the machine checks it all the same.
    sample('choose an answer not offered', {
      type: 'attribution.chosen',
      id: 'carrier_pigeon' as AttributionId,
    }),
    sample('press Skip', { type: 'attribution.skipped' }),
  ],
  project: ({ context }) => ({ choice: context.choice, other: context.otherText !== '' }),
  limit: 100,
  // How the visitor heard about us: a choice, "Other" with where, or skipped. A skipped question
  // is hidden (signup.md §2 item 7), so it takes no choice.
  expect: {
    // Only the eight answers offered can be chosen (ATTRIBUTION_OPTIONS).
    // The question shows with nothing chosen and no text (Skip shows while none is chosen).
    start: { to: 'unanswered', with: { choice: null, other: false } },
    on: {
      '*': { 'choose an answer not offered': 'ignored' },
      unanswered: { ...choosing, 'press Skip': 'skipped' },
      answered: choosing,
      other: { ...choosing, 'type where': { to: 'other', with: { other: true } } },
      skipped: { 'choose Search engine': 'ignored', 'choose Other': 'ignored' },
    },
  },
  states: {
    unanswered: (snapshot) => {
      const view = selectAttributionView(snapshot);
      expectThat(view.showSkip, 'Skip shows while nothing is chosen');
      expectThat(selectAttributionValue(snapshot) === null, 'nothing is sent');
    },
    answered: (snapshot) => {
      expectThat(
        !selectAttributionView(snapshot).showSkip,
        'Skip is gone once an answer is chosen',
      );
      expectThat(selectAttributionValue(snapshot) === 'Search engine', 'the label is sent');
    },
    other: (snapshot) => {
      expectThat(selectAttributionView(snapshot).showOtherText, 'the text box shows for Other');
      const value = selectAttributionValue(snapshot);
      expectThat(
        snapshot.context.otherText ? value === 'Other: A billboard on I-15' : value === 'Other',
        `Other is sent as "Other: text", without the spaces around the text (got ${value})`,
      );
    },
    skipped: (snapshot) => {
      expectThat(selectAttributionView(snapshot).skipped, 'the question is hidden');
      expectThat(selectAttributionValue(snapshot) === null, 'nothing is sent');
    },
  },
});
