/**
 * The attribution question in the browser ("How did you hear about us?"), at a UTOPIA Fiber
 * address once the services are complete: the eight options as radios, Skip while none is chosen
 * (skipping hides the question), and a text box for Other.
 */
import type { AnyMachineSnapshot } from 'xstate';
import {
  selectAttributionView,
  type AttributionSnapshot,
} from '../../../machines/signup/attribution.selectors.ts';
import { ATTRIBUTION_OPTIONS } from '../../../src/shared/constants.ts';
import type { BrowserMapping, StateCheckContext } from '../paths/runner.ts';
import { SIGNUP_PATH, walkToServicesComplete } from './wizard.ts';

const attribution = (snapshot: AnyMachineSnapshot) => snapshot as unknown as AttributionSnapshot;

const section = ({ page }: Pick<StateCheckContext, 'page'>) =>
  page.getByTestId('signup-attribution');
const skip = (context: Pick<StateCheckContext, 'page'>) =>
  section(context).getByRole('button', { name: 'Skip' });
const otherText = (context: Pick<StateCheckContext, 'page'>) =>
  section(context).getByRole('textbox', { name: 'Where did you hear about us?' });

/** The question shows with the predicted answer checked (or none), and the other radios not. */
async function expectQuestion(context: StateCheckContext) {
  const { expect, step } = context;
  const view = selectAttributionView(attribution(step.snapshot));
  await expect(
    section(context).getByRole('heading', { name: 'How did you hear about us?' }),
  ).toBeVisible();
  for (const option of ATTRIBUTION_OPTIONS) {
    const radio = section(context).getByRole('radio', { name: option.label, exact: true });
    if (option.id === view.choice) await expect(radio).toBeChecked();
    else await expect(radio).not.toBeChecked();
  }
  if (view.showSkip) await expect(skip(context)).toBeEnabled();
  else await expect(skip(context)).toHaveCount(0);
  if (view.showOtherText) await expect(otherText(context)).toHaveValue(view.otherText);
  else await expect(otherText(context)).toHaveCount(0);
}

export const attributionMapping: BrowserMapping = {
  machine: 'signup-attribution',
  async start({ page, visit }) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await visit(SIGNUP_PATH);
    await walkToServicesComplete(page);
  },
  events: {
    'attribution.chosen': async (context, event) => {
      const { id } = event as { id?: string };
      const label = ATTRIBUTION_OPTIONS.find((option) => option.id === id)?.label ?? '';
      // After Skip the question is hidden (signup.md §2 item 7): the person finds no option to
      // choose, and the states that follow check that the question stays hidden.
      if ((await section(context).count()) === 0) return;
      await section(context).getByRole('radio', { name: label, exact: true }).check();
    },
    'attribution.other.typed': async (context, event) => {
      await otherText(context).fill((event as { text?: string }).text ?? '');
    },
    'attribution.skipped': async (context) => {
      await skip(context).click();
    },
  },
  notCaused: {
    'attribution.chosen': ({ event }) =>
      ATTRIBUTION_OPTIONS.some((option) => option.id === (event as { id?: string }).id)
        ? undefined
        : 'a person chooses only among the answers offered',
  },
  states: {
    unanswered: expectQuestion,
    answered: expectQuestion,
    other: expectQuestion,
    skipped: async ({ page, expect }) => {
      await expect(page.getByTestId('signup-attribution')).toHaveCount(0);
      // The next section is still there: skipping hides only the question.
      await expect(page.getByTestId('signup-account')).toBeVisible();
    },
  },
};
