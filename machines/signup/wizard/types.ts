/**
 * The wizard's types: its route parameters and input, the summary it keeps of each section, its
 * context and the events it handles (signup.machine.ts composes the machine from them).
 */
import type { SnapshotFrom } from 'xstate';
import type { CustomerDetails } from '#shared/signup/connectivity-details';
import type { FormValues } from '../../forms/form.machine.ts';
import type { FormSnapshot } from '../../forms/form.selectors.ts';
import type { accountMachine } from '../account.machine.ts';
import type { AccountSummary } from '../account.summary.ts';
import type { ActivationSnapshot } from '../activation.selectors.ts';
import type { AddressOutcome, AddressSnapshot } from '../address.selectors.ts';
import type { AttributionSnapshot } from '../attribution.selectors.ts';
import type {
  DropDetails,
  InstallDetails,
  InstallationSnapshot,
} from '../installation.selectors.ts';
import type { paymentMachine } from '../payment.machine.ts';
import type { SignupLink } from '../signup-link.machine.ts';
import type { PaymentSummary } from '../payment.summary.ts';
import type { ResidentialDetailsSnapshot } from '../residential-details.selectors.ts';
import type { ServicesSnapshot, ServicesSummary } from '../services.selectors.ts';

/** The wizard's route parameters (signup.md §2 "Routes"). */
export interface SignupParams {
  /** The `components` comma list (path or query): the parts of the order the visitor came for. */
  components: readonly string[];
  /** A pre-signup link's hash: the second half prefills the wizard from it. */
  signupHash: string | null;
  /** `displayInline=true`: the page is embedded and draws no header of its own. */
  displayInline: boolean;
}

export interface SignupInput extends SignupParams {
  /** The earliest install or activation day (tomorrow in the service area), `YYYY-MM-DD`. */
  earliest: string;
}

/** The `components` entry that asks for the voice contact up front. */
export const VOICE_COMPONENT = 'voice';

export interface CustomerSummary {
  valid: boolean;
  values: FormValues;
}

/** The provider-specific part of the connectivity order. */
export interface ConnectivitySummary {
  valid: boolean;
  customer_details: CustomerDetails | null;
  drop_details: DropDetails | null;
  install_details: InstallDetails | null;
  desired_activation_date: string | null;
}

export interface AttributionSummary {
  value: string | null;
  skipped: boolean;
}

export interface SignupContext {
  params: SignupParams;
  earliest: string;
  address: AddressOutcome;
  customer: CustomerSummary;
  services: ServicesSummary | null;
  connectivity: ConnectivitySummary;
  voice: boolean;
  attribution: AttributionSummary;
  /** The second half's code (account, payment, checkout) has loaded. */
  sectionsReady: boolean;
  account: AccountSummary | null;
  payment: PaymentSummary;
  link: SignupLink;
}

export type SignupEvent =
  | { type: 'voice.toggled'; checked: boolean }
  /** Place order was pressed. */
  | { type: 'order.place.pressed' }
  /** Try loading the second half's code again. */
  | { type: 'sections.retry.pressed' }
  /** Internal: ordering started with a pre-signup link to apply. */
  | { type: 'signup.link.loaded' }
  /** The customer form's snapshots (its invoke follows them; the account region does too). */
  | { type: 'xstate.snapshot.customer'; snapshot: FormSnapshot }
  /** The other sections' snapshots, which the wizard follows. */
  | { type: 'xstate.snapshot.address'; snapshot: AddressSnapshot }
  | { type: 'xstate.snapshot.services'; snapshot: ServicesSnapshot }
  | {
      type: 'xstate.snapshot.connectivity';
      snapshot: ResidentialDetailsSnapshot | InstallationSnapshot | ActivationSnapshot;
    }
  | { type: 'xstate.snapshot.attribution'; snapshot: AttributionSnapshot }
  | { type: 'xstate.snapshot.account'; snapshot: SnapshotFrom<typeof accountMachine> }
  | { type: 'xstate.snapshot.payment'; snapshot: SnapshotFrom<typeof paymentMachine> }
  /** The pre-signup link machine's end: what the link prefills, or why it could not be opened. */
  | { type: 'xstate.done.actor.signupLink'; output: SignupLink };

export type { SignupLink };
