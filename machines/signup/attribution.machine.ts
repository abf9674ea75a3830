/**
 * "How did you hear about us?" (signup.md §4): eight options, a Skip button while none is chosen,
 * and a free-text box for Other, sent as "Other: text". Answering is optional.
 */
import { assign, setup } from 'xstate';
import { ATTRIBUTION_OPTIONS, type AttributionId } from '#shared/first-load-constants';

export interface AttributionContext {
  choice: AttributionId | null;
  otherText: string;
}

export type AttributionEvent =
  | { type: 'attribution.chosen'; id: AttributionId }
  | { type: 'attribution.other.typed'; text: string }
  | { type: 'attribution.skipped' };

function isOption(id: unknown): id is AttributionId {
  return ATTRIBUTION_OPTIONS.some((option) => option.id === id);
}

/** Choosing an answer while the question shows (a skipped question takes none). */
const choose = [
  { guard: 'Other is chosen', target: 'other', actions: 'remember choice' },
  { guard: 'a listed option is chosen', target: 'answered', actions: 'remember choice' },
] as const;

export const attributionMachine = setup({
  types: {
    context: {} as AttributionContext,
    events: {} as AttributionEvent,
  },
  actions: {
    'remember choice': assign({
      choice: ({ event }) => (event.type === 'attribution.chosen' ? event.id : null),
    }),
    'remember other text': assign({
      otherText: ({ event }) => (event.type === 'attribution.other.typed' ? event.text : ''),
    }),
  },
  guards: {
    'Other is chosen': ({ event }) => event.type === 'attribution.chosen' && event.id === 'other',
    'a listed option is chosen': ({ event }) =>
      event.type === 'attribution.chosen' && isOption(event.id),
  },
}).createMachine({
  id: 'signupAttribution',
  description:
    'How the visitor heard about us. Optional: Skip hides the question; Other asks for a few words.',
  context: { choice: null, otherText: '' },
  initial: 'unanswered',
  states: {
    unanswered: {
      description: 'Nothing chosen yet: the eight options and a Skip button show.',
      on: { 'attribution.chosen': choose, 'attribution.skipped': 'skipped' },
    },
    answered: {
      description: 'One of the listed options is chosen; it is sent with the order.',
      on: { 'attribution.chosen': choose },
    },
    other: {
      description: 'Other is chosen: a text box asks where; it is sent as "Other: text".',
      on: {
        'attribution.chosen': choose,
        'attribution.other.typed': { actions: 'remember other text' },
      },
    },
    skipped: {
      description:
        'The visitor skipped the question: it is hidden, nothing is sent and no choice is taken.',
    },
  },
});
