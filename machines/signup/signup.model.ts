/**
 * The signup wizard's registration. The wizard learns about its sections through their
 * snapshots (`xstate.snapshot.<id>` events); the samples carry real snapshots of the section
 * machines, made once by running them (or resolving a state) with the sample data.
 */
import { createMachine } from 'xstate';
import { ORDER_MESSAGES } from '#shared/signup/messages';
import { SIGNUP_CUSTOMER_FIELDS } from '#shared/schemas/person';
import { formMachine } from '../forms/form.machine.ts';
import {
  defineMachine,
  expectThat,
  sample,
  type Declaration,
  type EventSample,
  type Expectation,
} from '../registry/types.ts';
import { accountMachine } from './account.machine.ts';
import { activationMachine } from './activation.machine.ts';
import { addressMachine, EMPTY_ADDRESS_CONTEXT } from './address.machine.ts';
import { attributionMachine } from './attribution.machine.ts';
import { checkoutMachine } from './checkout.machine.ts';
import { installationMachine } from './installation.machine.ts';
import {
  accountSnapshot,
  paymentSnapshot,
  SAMPLE_PRE_SIGNUP,
  snapshotAfter,
} from './order-samples.ts';
import { paymentMachine } from './payment.machine.ts';
import { residentialDetailsMachine } from './residential-details.machine.ts';
import { SAMPLE_DETAILS, SAMPLE_OFFERINGS, sampleDays, sampleSlots } from './samples.ts';
import { servicesMachine, type ServicesInput } from './services.machine.ts';
import { signupMachine, type SignupInput, type SignupLink } from './signup.machine.ts';
import { FIRST_SECTION_MACHINES } from './wizard/actors.ts';
import {
  selectAccountValid,
  selectActors,
  selectCartChoices,
  selectCustomerValid,
  selectDisplayInline,
  selectPaymentValid,
  selectProgress,
  selectServicesValid,
  selectInstallationFeeWaived,
  selectOrderParts,
  selectOrderSectionsFailed,
  selectRevealed,
  selectServicesOrder,
  selectSignupLinkMessage,
  selectVoiceRequested,
  selectWholeFormValid,
  type RevealStage,
  type SignupSnapshot,
} from './signup.selectors.ts';

const days = sampleDays();

type Place = 'utopia' | 'yellowstone' | 'lehi' | 'southernUte';

function addressSnapshot(place: Place | null) {
  return addressMachine.resolveState({
    value: { suggestions: 'idle', dropdown: 'closed', check: place ? 'serviceable' : 'no address' },
    context: place
      ? {
          ...EMPTY_ADDRESS_CONTEXT,
          search: SAMPLE_DETAILS[place].formatted_address,
          details: SAMPLE_DETAILS[place],
          offering: SAMPLE_OFFERINGS[place],
        }
      : { ...EMPTY_ADDRESS_CONTEXT, search: '245 E Cen' },
  });
}

function buildSamples() {
  const customer = (valid: boolean) =>
    snapshotAfter(formMachine, { fields: SIGNUP_CUSTOMER_FIELDS }, [
      {
        type: 'form.filled',
        values: {
          fname: 'Dana',
          lname: 'Demo',
          email: valid ? 'dana@example.com' : 'dana@',
          phone: '(801) 555-0123',
          dob: '1985-04-12',
        },
      } as { type: string },
    ]);
  const services = (steps: 'speed' | 'router' | 'bundle') =>
    snapshotAfter(
      servicesMachine,
      { offering: SAMPLE_OFFERINGS.utopia, available: true },
      steps === 'bundle'
        ? [{ type: 'speed.chosen', speedId: 'speed_10000_sym' } as { type: string }]
        : [
            { type: 'speed.chosen', speedId: 'speed_1000_sym' } as { type: string },
            ...(steps === 'router'
              ? [{ type: 'router.chosen', wanted: false } as { type: string }]
              : []),
          ],
    );
  /** At a Yellowstone Fiber address: an owner answering the tribal question. */
  const tribal = (member: boolean) =>
    snapshotAfter(
      residentialDetailsMachine,
      {
        rules: SAMPLE_DETAILS.yellowstone.requirements,
        addressId: SAMPLE_DETAILS.yellowstone.address_id,
        providerId: 'yellowstone_fiber',
      },
      [
        { type: 'ownership.chosen', owner: true } as { type: string },
        { type: 'tribal.answered', member } as { type: string },
      ],
    );
  const residential = (valid: boolean) =>
    snapshotAfter(
      residentialDetailsMachine,
      {
        rules: SAMPLE_DETAILS.utopia.requirements,
        addressId: SAMPLE_DETAILS.utopia.address_id,
        providerId: 'utopia',
      },
      [{ type: 'ownership.chosen', owner: valid } as { type: string }],
    );
  const slots = sampleSlots();
  const installationInput = {
    options: SAMPLE_OFFERINGS.lehi.installation_options,
    needsOntInstall: true,
    addressId: SAMPLE_DETAILS.lehi.address_id,
    providerId: 'lehi_fiber',
    drop: {
      latitude: SAMPLE_DETAILS.lehi.drop_latitude,
      longitude: SAMPLE_DETAILS.lehi.drop_longitude,
    },
    earliest: days.tomorrow,
  } as const;
  const installation = (valid: boolean) =>
    installationMachine.resolveState({
      value: { scheduling: valid ? 'scheduled' : 'choosing type' },
      context: {
        ...installationInput,
        options: [...installationInput.options],
        installType: valid ? 'basic' : null,
        startDate: valid ? slots.startDate : null,
        times: valid ? slots.availableTimes : [],
        date: valid ? days.tomorrow : null,
        slot: valid ? slots.availableTimes[0] : null,
        notes: '',
        dropAccepted: false,
        error: null,
      },
    });
  const activation = (valid: boolean) =>
    snapshotAfter(
      activationMachine,
      { earliest: days.tomorrow, earlySignup: false },
      valid ? [{ type: 'activation.date.chosen', date: days.tomorrow } as { type: string }] : [],
    );
  const skipped = snapshotAfter(attributionMachine, undefined, [{ type: 'attribution.skipped' }]);

  const place = (key: Place, label: string) =>
    sample(label, { type: 'xstate.snapshot.address', snapshot: addressSnapshot(key) });
  return {
    addresses: [
      place('utopia', 'a UTOPIA Fiber address can be ordered'),
      place('yellowstone', 'a Yellowstone Fiber address can be ordered'),
      place('lehi', 'a Lehi Fiber address can be ordered'),
      place('southernUte', 'a Southern Ute address can be ordered'),
    ],
    typedAgain: sample('the visitor types another address', {
      type: 'xstate.snapshot.address',
      snapshot: addressSnapshot(null),
    }),
    customerValid: sample('customer details become valid', {
      type: 'xstate.snapshot.customer',
      snapshot: customer(true),
    }),
    customerInvalid: sample('customer details become invalid', {
      type: 'xstate.snapshot.customer',
      snapshot: customer(false),
    }),
    speedChosen: sample('a speed is chosen', {
      type: 'xstate.snapshot.services',
      snapshot: services('speed'),
    }),
    routerChosen: sample('the router choice is made', {
      type: 'xstate.snapshot.services',
      snapshot: services('router'),
    }),
    speedBundled: sample('10 Gbps is chosen: the router bundle waits for an answer', {
      type: 'xstate.snapshot.services',
      snapshot: services('bundle'),
    }),
    connectivity: {
      'utopia residential': [
        sample('the visitor owns the home', {
          type: 'xstate.snapshot.connectivity',
          snapshot: residential(true),
        }),
        sample('the visitor rents: the owner contact is still needed', {
          type: 'xstate.snapshot.connectivity',
          snapshot: residential(false),
        }),
      ],
      'strata residential': [
        sample('installation scheduled', {
          type: 'xstate.snapshot.connectivity',
          snapshot: installation(true),
        }),
        sample('installation not scheduled', {
          type: 'xstate.snapshot.connectivity',
          snapshot: installation(false),
        }),
      ],
      'bonfire residential': [
        sample('activation date chosen', {
          type: 'xstate.snapshot.connectivity',
          snapshot: activation(true),
        }),
        sample('activation date cleared', {
          type: 'xstate.snapshot.connectivity',
          snapshot: activation(false),
        }),
      ],
    },
    tribalMember: sample('an owner says they are a tribal member', {
      type: 'xstate.snapshot.connectivity',
      snapshot: tribal(true),
    }),
    notTribalMember: sample('an owner says they are not a tribal member', {
      type: 'xstate.snapshot.connectivity',
      snapshot: tribal(false),
    }),
    attributionSkipped: sample('attribution skipped', {
      type: 'xstate.snapshot.attribution',
      snapshot: skipped,
    }),
    voiceOn: sample('tick the voice box', { type: 'voice.toggled', checked: true }),
    voiceOff: sample('clear the voice box', { type: 'voice.toggled', checked: false }),
    sectionsLoaded: sample('the rest of the page loads', {
      type: 'xstate.done.actor.loadOrderSections',
    }),
    sectionsFailed: sample('the rest of the page fails to load', {
      type: 'xstate.error.actor.loadOrderSections',
      error: {},
    }),
    sectionsRetry: sample('press Try again', { type: 'sections.retry.pressed' }),
    paymentValid: sample('the payment becomes valid', {
      type: 'xstate.snapshot.payment',
      snapshot: paymentSnapshot(true),
    }),
    accountValid: sample('the account becomes valid', {
      type: 'xstate.snapshot.account',
      snapshot: accountSnapshot(true),
    }),
    placeOrder: sample('press Place order', { type: 'order.place.pressed' }),
    // The link's own machine (signup-link.model.ts) ends with what it prefills, or why not.
    linkOpened: sample('the signup link prefills', {
      type: 'xstate.done.actor.signupLink',
      output: { status: 'loaded', prefill: SAMPLE_PRE_SIGNUP, message: null } as SignupLink,
    }),
    linkUnknown: sample('the signup link is unknown', {
      type: 'xstate.done.actor.signupLink',
      output: {
        status: 'failed',
        prefill: null,
        message: ORDER_MESSAGES.preSignupNotFound,
      } as SignupLink,
    }),
  };
}

let samples: ReturnType<typeof buildSamples> | undefined;

/** The samples that move the wizard on from where it is (keeps the graph to what people do). */
function eventsFor(snapshot: SignupSnapshot): readonly EventSample[] {
  samples ??= buildSamples();
  const s = samples;
  // A pre-signup link answers before anything else happens (the runner scripts its machine: signup-link.model.ts walks it).
  if (
    snapshot.matches('waiting for an address') &&
    snapshot.context.params.signupHash !== null &&
    snapshot.context.link.status === 'none'
  )
    return [s.linkOpened, s.linkUnknown];
  if (!snapshot.matches('ordering')) return s.addresses;
  // The rest of the page loads first (it is fetched as soon as an address can be ordered).
  if (snapshot.matches({ ordering: { 'order sections': 'loading' } }))
    return [s.sectionsLoaded, s.sectionsFailed];
  if (snapshot.matches({ ordering: { 'order sections': 'failed' } })) return [s.sectionsRetry];
  const form = (['utopia residential', 'strata residential', 'bonfire residential'] as const).find(
    (f) => snapshot.matches({ ordering: { connectivity: f } }),
  );
  const [connectivityValid, connectivityInvalid] = form ? s.connectivity[form] : [];
  const stage = (name: Exclude<RevealStage, 'address'>) =>
    snapshot.matches({ ordering: { reveal: name } });
  // At the Yellowstone Fiber address the owner answers the tribal question (and may change the
  // answer): the installation fee waiver follows it. That address's walk ends there.
  const yellowstone =
    snapshot.context.address.serviceable &&
    snapshot.context.address.details.provider.name === 'yellowstone_fiber';
  if (stage('customer details')) return [s.customerValid, s.typedAgain];
  if (stage('speed')) return [s.speedChosen];
  if (stage('router')) return [s.routerChosen];
  if (yellowstone) return [s.tribalMember, s.notTribalMember];
  if (stage('connectivity details')) return [connectivityValid];
  // Every section complete. At the UTOPIA Fiber address, one section at a time may become
  // incomplete again (the page keeps it shown), voice may be asked for and dropped, attribution
  // may be skipped, or the visitor may start over with another address. The other providers'
  // forms only need to reach this point.
  if (form !== 'utopia residential') return [];
  if (snapshot.matches({ ordering: { voice: 'requested' } })) return [s.voiceOff];
  const { customer, services, connectivity } = snapshot.context;
  const complete =
    customer.valid &&
    (services?.speedValid ?? false) &&
    (services?.routerValid ?? false) &&
    connectivity.valid;
  if (!complete || snapshot.context.attribution.skipped) return [];
  // The second half: the payment (Agree and Finish appears), the account, then Place order.
  const { account, payment } = snapshot.context;
  if (account?.valid) return [s.placeOrder];
  if (payment.valid) return [s.accountValid];
  return [
    s.customerInvalid,
    s.speedBundled,
    connectivityInvalid,
    s.voiceOn,
    s.attributionSkipped,
    s.typedAgain,
    s.paymentValid,
  ];
}

const input: SignupInput = {
  components: [],
  signupHash: null,
  displayInline: false,
  earliest: days.tomorrow,
};

const DESCRIPTION =
  'The one-page signup. Only the address box shows at first (a pre-signup link fills it in, ' +
  'with the customer details and the services it carries; an unknown link says so). Once an ' +
  'address can be ordered, the customer details appear; once they are valid, the speeds; once a ' +
  'speed is chosen, the router; once the router choice is complete, the connectivity details of ' +
  'the address’s provider (and the voice option where voice is offered); once every service is ' +
  'valid, the question of how the visitor heard about us and the account setup; with the ' +
  'customer details valid too, the order summary and payment; once the payment is valid too, ' +
  'Agree and Finish with Place order, which sends the order when services, customer details, ' +
  'account and payment are all valid. Sections never disappear again while the address stays; a ' +
  'new address starts every section after it afresh.';

function project(snapshot: SignupSnapshot) {
  const { context } = snapshot;
  return {
    address: context.address.serviceable ? context.address.details.provider.name : null,
    customer: context.customer.valid,
    speed: context.services?.speedValid ?? false,
    router: context.services?.routerValid ?? false,
    connectivity: context.connectivity.valid,
    sections: context.sectionsReady,
    account: context.account?.valid ?? false,
    payment: context.payment.valid,
    link: context.link.status,
    prefill: context.link.prefill !== null,
    /** The order summary's cart counts the visitor as a tribal member. */
    tribalMember: selectCartChoices(snapshot)?.tribal_member ?? false,
    /** Installation fees show as waived. */
    feeWaived: selectInstallationFeeWaived(snapshot),
  };
}

type Projection = ReturnType<typeof project>;

/** The connectivity form each provider uses (signup.md §3). */
const FORM_OF: Record<string, string> = {
  utopia: 'ordering.connectivity.utopia residential',
  yellowstone_fiber: 'ordering.connectivity.utopia residential',
  lehi_fiber: 'ordering.connectivity.strata residential',
  southern_ute: 'ordering.connectivity.bonfire residential',
};

/** The sample addresses: their provider, and whether it offers voice (the sample offering's). */
const ADDRESSES = {
  'a UTOPIA Fiber address can be ordered': { place: 'utopia', provider: 'utopia', voice: true },
  'a Yellowstone Fiber address can be ordered': {
    place: 'yellowstone',
    provider: 'yellowstone_fiber',
    voice: false,
  },
  'a Lehi Fiber address can be ordered': { place: 'lehi', provider: 'lehi_fiber', voice: true },
  'a Southern Ute address can be ordered': {
    place: 'southernUte',
    provider: 'southern_ute',
    voice: false,
  },
} as const;

/**
 * What the specification says the wizard does (signup.md §2 "one page", §3 connectivity forms,
 * §9 "Installation fees are shown as waived for southern_ute and for self-identifying tribal
 * members"): sections appear in order and never disappear while the address stays; a new
 * address starts them afresh. `withLink`: the page was opened from a pre-signup link.
 */
function signupDeclaration(withLink: boolean): Declaration<Projection> {
  const servicesComplete = (p: Projection) => p.speed && p.router && p.connectivity;
  /** The later regions that must show once the page has what they wait for. */
  const laterSections = (p: Projection) => [
    ...(p.sections && servicesComplete(p) ? ['ordering.account.shown'] : []),
    ...(p.sections && servicesComplete(p) && p.customer ? ['ordering.payment.shown'] : []),
    ...(p.sections && servicesComplete(p) && p.customer && p.payment
      ? ['ordering.checkout.shown']
      : []),
  ];
  // A pre-signup link that asks for voice ticks the voice box once ordering starts at its address.
  const linkAsksForVoice = (place: Place) =>
    SAMPLE_PRE_SIGNUP.services.voice &&
    SAMPLE_PRE_SIGNUP.address.address_id === SAMPLE_DETAILS[place].address_id;
  const address: Record<string, Expectation<Projection>> = Object.fromEntries(
    Object.entries(ADDRESSES).map(([label, { place, provider, voice }]) => [
      label,
      (before: Projection) => ({
        to: [
          'ordering.reveal.customer details',
          FORM_OF[provider],
          !voice
            ? 'ordering.voice.not offered'
            : before.prefill && linkAsksForVoice(place)
              ? 'ordering.voice.requested'
              : 'ordering.voice.not requested',
          'ordering.order sections.loading',
          'ordering.account.waiting for the services',
          'ordering.payment.waiting for services and customer',
          'ordering.checkout.waiting for the payment',
        ],
        with: { address: provider, feeWaived: provider === 'southern_ute', prefill: false },
      }),
    ]),
  );
  const stays = 'stays' as const;
  const connectivityValid = [
    'the visitor owns the home',
    'installation scheduled',
    'activation date chosen',
    'an owner says they are a tribal member',
    'an owner says they are not a tribal member',
  ];
  const complete = (before: Projection) => ({
    to: ['ordering.reveal.services complete', ...laterSections({ ...before, connectivity: true })],
    with: { connectivity: true },
  });
  return {
    // signup.md §2 "Routes": the route's link is opened, once, while the address box waits.
    ...(withLink
      ? {
          inputs: {
            signupLink: (p: Projection) =>
              p.link === 'none'
                ? { signupHash: SAMPLE_PRE_SIGNUP.signup_hash }
                : 'not opened again: the link answered already',
          },
        }
      : {}),
    // Only the address box shows (signup.md §2): nothing chosen, valid or loaded. A pre-signup
    // link is opened meanwhile; until it answers nothing of it is known.
    start: {
      to: 'waiting for an address',
      with: {
        address: null,
        customer: false,
        speed: false,
        router: false,
        connectivity: false,
        sections: false,
        account: false,
        payment: false,
        link: 'none',
        prefill: false,
        tribalMember: false,
        feeWaived: false,
      },
    },
    on: {
      'waiting for an address': {
        ...address,
        ...(withLink
          ? {
              'the signup link prefills': { to: stays, with: { link: 'loaded', prefill: true } },
              'the signup link is unknown': {
                to: stays,
                with: { link: 'failed', prefill: false },
              },
            }
          : {}),
      },
      ordering: {
        'the visitor types another address': {
          to: 'waiting for an address',
          with: { address: null, customer: false, speed: false, router: false },
        },
      },
      'ordering.reveal.customer details': {
        'customer details become valid': { to: 'ordering.reveal.speed', with: { customer: true } },
      },
      'ordering.reveal.speed': { 'a speed is chosen': 'ordering.reveal.router' },
      'ordering.reveal.router': {
        'the router choice is made': 'ordering.reveal.connectivity details',
      },
      'ordering.reveal.connectivity details': Object.fromEntries(
        connectivityValid.map((label) => [label, complete]),
      ),
      // Sections never disappear again: a section becoming incomplete keeps the page as it is.
      'ordering.reveal.services complete': {
        'customer details become invalid': { to: stays, with: { customer: false } },
        '10 Gbps is chosen: the router bundle waits for an answer': {
          to: stays,
          with: { router: false },
        },
        'attribution skipped': stays,
      },
      'ordering.connectivity.utopia residential': {
        'the visitor owns the home': stays,
        'the visitor rents: the owner contact is still needed': {
          to: stays,
          with: { connectivity: false },
        },
        // The fee waiver follows the tribal answer (Yellowstone Fiber waives it for members).
        'an owner says they are a tribal member': {
          to: stays,
          with: { tribalMember: true, feeWaived: true },
        },
        'an owner says they are not a tribal member': {
          to: stays,
          with: { tribalMember: false, feeWaived: false },
        },
      },
      'ordering.connectivity.strata residential': { 'installation scheduled': stays },
      'ordering.connectivity.bonfire residential': { 'activation date chosen': stays },
      'ordering.voice.not requested': { 'tick the voice box': 'ordering.voice.requested' },
      'ordering.voice.requested': { 'clear the voice box': 'ordering.voice.not requested' },
      'ordering.order sections.loading': {
        'the rest of the page loads': (before) => ({
          to: ['ordering.order sections.ready', ...laterSections({ ...before, sections: true })],
        }),
        'the rest of the page fails to load': 'ordering.order sections.failed',
      },
      'ordering.order sections.failed': { 'press Try again': 'ordering.order sections.loading' },
      // Account setup follows later edits of the customer details.
      'ordering.account.shown': {
        'customer details become invalid': stays,
        'the account becomes valid': { to: stays, with: { account: true } },
      },
      'ordering.payment.shown': {
        'the payment becomes valid': (before) => ({
          to: laterSections({ ...before, payment: true }),
          with: { payment: true },
        }),
      },
      'ordering.checkout.shown': { 'press Place order': stays },
    },
  };
}

/** Every section as its machine; the second half's, which the app loads later, loaded at once. */
const SECTION_MACHINES = {
  ...FIRST_SECTION_MACHINES,
  account: accountMachine,
  payment: paymentMachine,
  checkout: checkoutMachine,
};

/**
 * Sections that ignore what they are sent (the prefill's events must not move the walk, which
 * moves the wizard with its own samples), shaped like the real ones.
 */
const inertServices = createMachine({
  id: 'inertServices',
  context: ({ input }: { input: ServicesInput }) => ({
    ...input,
    speedId: null,
    meshQuantity: null,
    existing: null,
  }),
});
const inertForm = createMachine({
  id: 'inertForm',
  context: { values: {}, valid: false, pending: [] as string[] },
});

/**
 * The progress indicator above the sections (docs/signup-wizard.md): the page's sections in
 * order, each done once it is valid (signup.md §2 "Progressive reveal": a section valid reveals
 * the next), the address once it was found orderable; nothing is done before an address.
 */
function expectProgress(snapshot: SignupSnapshot) {
  const ordering = snapshot.matches('ordering');
  const { customer, services, connectivity, account, payment } = snapshot.context;
  const speed = ordering && services?.speedValid === true;
  const router = speed && services?.routerValid === true;
  const expected = [
    ['address', 'Address', ordering],
    ['customer', 'Your details', ordering && customer.valid],
    ['speed', 'Speed', speed],
    ['router', 'Router', router],
    ['connectivity', 'Installation details', ordering && connectivity.valid],
    ['account', 'Account', ordering && account?.valid === true],
    ['payment', 'Payment', ordering && payment.valid],
  ] as const;
  const shown = selectProgress(snapshot);
  expectThat(
    shown.length === expected.length &&
      expected.every(
        ([key, label, done], i) =>
          shown[i].key === key && shown[i].label === label && shown[i].done === done,
      ),
    `the progress shows ${expected.map(([, label, done]) => `${label}${done ? ' ✓' : ''}`).join(', ')}`,
  );
  expectThat(selectCustomerValid(snapshot) === (ordering && customer.valid), 'customer validity');
  expectThat(selectAccountValid(snapshot) === (account?.valid === true), 'account validity');
  expectThat(selectPaymentValid(snapshot) === payment.valid, 'payment validity');
  expectThat(
    selectServicesValid(snapshot) === (router && connectivity.valid),
    'the services are valid once the speed, the router and the installation details are',
  );
  expectThat(
    selectDisplayInline(snapshot) === input.displayInline,
    'the page draws its own header unless the link asks to be shown inline',
  );
}

const STATE_CHECKS: Record<string, (snapshot: SignupSnapshot) => void> = {
  'waiting for an address': (snapshot) => {
    expectProgress(snapshot);
    const revealed = selectRevealed(snapshot);
    expectThat(!revealed.customer && !revealed.speed, 'only the address box shows');
    expectThat(selectActors(snapshot).customer === undefined, 'no section runs yet');
    const { link } = snapshot.context;
    expectThat(
      (selectSignupLinkMessage(snapshot) !== null) === (link.status === 'failed'),
      'an unknown link says so, nothing else does',
    );
  },
  'ordering.order sections.loading': (snapshot) => {
    expectThat(!selectRevealed(snapshot).account, 'nothing of the second half shows yet');
    expectThat(!selectOrderSectionsFailed(snapshot), 'no failure shows while loading');
  },
  'ordering.order sections.ready': (snapshot) => {
    expectThat(snapshot.context.sectionsReady, 'the sections can appear');
  },
  'ordering.order sections.failed': (snapshot) => {
    expectThat(selectOrderSectionsFailed(snapshot), 'the failure and Try again show');
  },
  'ordering.account.waiting for the services': (snapshot) => {
    expectThat(!selectRevealed(snapshot).account, 'no account setup yet');
    expectThat(selectActors(snapshot).account === undefined, 'no account actor yet');
  },
  'ordering.account.shown': (snapshot) => {
    expectThat(selectRevealed(snapshot).account, 'account setup shows');
    expectThat(selectActors(snapshot).account !== undefined, 'the account actor runs');
  },
  'ordering.payment.waiting for services and customer': (snapshot) => {
    expectThat(!selectRevealed(snapshot).payment, 'no order summary or payment yet');
  },
  'ordering.payment.shown': (snapshot) => {
    expectThat(selectRevealed(snapshot).payment, 'the order summary and payment show');
    expectThat(selectCartChoices(snapshot) !== null, 'the summary has a cart to show');
  },
  'ordering.checkout.waiting for the payment': (snapshot) => {
    expectThat(!selectRevealed(snapshot).checkout, 'Agree and Finish waits for the payment');
  },
  'ordering.checkout.shown': (snapshot) => {
    expectThat(selectRevealed(snapshot).checkout, 'Agree and Finish shows');
    expectThat(
      !selectWholeFormValid(snapshot) || selectOrderParts(snapshot) !== null,
      'a valid form has a whole order to send',
    );
  },
  'ordering.reveal.customer details': (snapshot) => {
    expectProgress(snapshot);
    const revealed = selectRevealed(snapshot);
    expectThat(revealed.customer && !revealed.speed, 'the customer details show, not the speeds');
  },
  'ordering.reveal.speed': (snapshot) => {
    expectProgress(snapshot);
    const revealed = selectRevealed(snapshot);
    expectThat(revealed.speed && !revealed.router, 'the speeds show, not the router');
  },
  'ordering.reveal.router': (snapshot) => {
    expectProgress(snapshot);
    const revealed = selectRevealed(snapshot);
    expectThat(revealed.router && revealed.connectivity === null, 'the router shows');
  },
  'ordering.reveal.connectivity details': (snapshot) => {
    expectProgress(snapshot);
    const revealed = selectRevealed(snapshot);
    expectThat(revealed.connectivity !== null, 'the connectivity section shows');
    expectThat(!revealed.attribution, 'attribution waits for valid services');
  },
  'ordering.reveal.services complete': (snapshot) => {
    expectProgress(snapshot);
    const revealed = selectRevealed(snapshot);
    expectThat(
      revealed.attribution === !snapshot.context.attribution.skipped,
      'attribution shows until skipped',
    );
  },
  'ordering.connectivity.utopia residential': (snapshot) => {
    expectThat(selectActors(snapshot).residential !== undefined, 'the utopia residential form');
  },
  'ordering.connectivity.strata residential': (snapshot) => {
    expectThat(selectActors(snapshot).installation !== undefined, 'the strata residential form');
  },
  'ordering.connectivity.bonfire residential': (snapshot) => {
    expectThat(selectActors(snapshot).activation !== undefined, 'the bonfire residential form');
  },
  'ordering.voice.not offered': (snapshot) => {
    expectThat(!selectRevealed(snapshot).voice, 'no voice section');
  },
  'ordering.voice.not requested': (snapshot) => {
    expectThat(!selectVoiceRequested(snapshot), 'the box is clear');
    const order = selectServicesOrder(snapshot);
    expectThat(!order || order.voice.service_action_type === 'none', 'voice action none');
  },
  'ordering.voice.requested': (snapshot) => {
    expectThat(selectVoiceRequested(snapshot) && snapshot.context.voice, 'the box is ticked');
    expectThat(
      selectServicesOrder(snapshot)?.voice.service_action_type === 'new',
      'the order asks for voice contact (voice action new)',
    );
  },
};

const PREFILL_WALK = 'signup-prefilled walks a pre-signup link';

export const signupModel = defineMachine({
  name: 'signup',
  title: 'Signup wizard',
  description: DESCRIPTION,
  machine: signupMachine,
  input,
  events: eventsFor as never,
  project,
  limit: 3000,
  fakes: { actors: SECTION_MACHINES },
  states: STATE_CHECKS,
  expect: signupDeclaration(false),
  unreachable: [
    {
      transition: 'waiting for an address › signupLink done → (stays)',
      reason: `this walk has no link; ${PREFILL_WALK}`,
    },
    {
      transition: 'ordering › signup.link.loaded → (stays)',
      reason: PREFILL_WALK,
    },
  ],
});

export const signupPrefilledModel = defineMachine({
  name: 'signup-prefilled',
  title: 'Signup wizard (from a pre-signup link)',
  description:
    `${DESCRIPTION} This walk starts from a pre-signup link: it is opened first, then its ` +
    'address is checked and, once it can be ordered, the customer details and the services are ' +
    'filled in from the link (an unknown link leaves a normal empty wizard).',
  machine: signupMachine,
  input: { ...input, signupHash: SAMPLE_PRE_SIGNUP.signup_hash },
  events: eventsFor as never,
  project,
  limit: 3000,
  // The services and customer details ignore the prefill here: the walk moves them itself.
  fakes: {
    actors: { ...SECTION_MACHINES, customerForm: inertForm, services: inertServices } as never,
  },
  states: STATE_CHECKS,
  expect: signupDeclaration(true),
});
