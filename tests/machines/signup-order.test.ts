/**
 * The signup's second half, machine by machine, with fake actors and fake timers: the username's
 * pause and answers, account setup following the customer details, the payment's card modal,
 * bank form and billing address, the checkout's agreement, key, answers and timers, and the
 * wizard that loads, reveals and hands over the order and opens pre-signup links.
 */
import { assign, createActor, fromPromise } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMERS } from '../../src/shared/constants.ts';
import { AGREEMENT_MESSAGES, USERNAME_MESSAGES } from '../../src/shared/messages/account.ts';
import { FIELD_MESSAGES, SIGNUP_ORDER_MESSAGES } from '../../src/shared/messages.ts';
import { ORDER_MESSAGES, SERVICEABILITY_MESSAGES } from '../../src/shared/signup/messages.ts';
import type { PasswordStrength } from '../../src/shared/password.ts';
import type { SessionUser } from '../../src/shared/session/types.ts';
import type {
  PreSignup,
  SignupOrderInput,
  UsernameCheckResponse,
} from '../../src/shared/signup/order.ts';
import type {
  ServiceabilityDetails,
  ServiceOffering,
} from '../../src/shared/signup/serviceability.ts';
import { passwordMachine } from '../../machines/forms/password.machine.ts';
import { accountMachine } from '../../machines/signup/account.machine.ts';
import {
  selectAccountActors,
  selectAccountSummary,
} from '../../machines/signup/account.selectors.ts';
import { addressMachine } from '../../machines/signup/address.machine.ts';
import { checkoutMachine } from '../../machines/signup/checkout.machine.ts';
import {
  selectCanPlace,
  selectCreating,
  selectOrderFailure,
  selectPlaceOrderEnabled,
  selectPlaceOrderHint,
} from '../../machines/signup/checkout.selectors.ts';
import {
  SAMPLE_BILLING_ADDRESS,
  SAMPLE_CARD,
  SAMPLE_HOLDER,
  SAMPLE_ORDER_PARTS,
  SAMPLE_PRE_SIGNUP,
  STRONG,
  STRONG_PASSWORD,
} from '../../machines/signup/order-samples.ts';
import { paymentMachine } from '../../machines/signup/payment.machine.ts';
import { cardFormMachine } from '../../machines/billing/card-form.machine.ts';
import { selectCardModal } from '../../machines/billing/card-form.selectors.ts';
import {
  selectCardForm,
  selectPaymentActors,
  selectPaymentView,
} from '../../machines/signup/payment.selectors.ts';
import { paymentSummary } from '../../machines/signup/payment.summary.ts';
import {
  SAMPLE_ADDRESS_DETAILS,
  SAMPLE_DETAILS,
  SAMPLE_MATCHES,
  SAMPLE_OFFERINGS,
  SAMPLE_SUGGESTIONS,
  sampleDays,
} from '../../machines/signup/samples.ts';
import { signupLinkMachine } from '../../machines/signup/signup-link.machine.ts';
import { signupMachine } from '../../machines/signup/signup.machine.ts';
import {
  selectActors,
  selectOrderSectionsFailed,
  selectRevealed,
  selectOpeningSignupLink,
  selectSignupLinkMessage,
  selectWholeFormValid,
} from '../../machines/signup/signup.selectors.ts';
import { usernameMachine } from '../../machines/signup/username.machine.ts';
import { selectUsernameView } from '../../machines/signup/username.selectors.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const settle = () => vi.advanceTimersByTimeAsync(0);
const freeUsername = () =>
  fromPromise<UsernameCheckResponse, { uid: string; name: string }>(async () => ({
    in_use: false,
    suggestions: [],
  }));

describe('username', () => {
  function start(answer: (uid: string) => Promise<{ in_use: boolean; suggestions: string[] }>) {
    const asked: { uid: string; name: string }[] = [];
    const actor = createActor(
      usernameMachine.provide({
        actors: {
          checkUsername: fromPromise(async ({ input }) => {
            asked.push(input);
            return answer(input.uid);
          }),
        },
      }),
      { input: { name: 'Dana Demo' } },
    ).start();
    return { actor, asked, view: () => selectUsernameView(actor.getSnapshot()) };
  }

  it('shows a broken rule only once typing pauses for 300 ms, and asks nothing', async () => {
    const { actor, asked, view } = start(async () => ({ in_use: false, suggestions: [] }));
    actor.send({ type: 'username.changed', value: 'Dana' });
    await vi.advanceTimersByTimeAsync(TIMERS.usernameCheckDebounceMs - 1);
    expect(view().message).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(view()).toMatchObject({ status: 'invalid', message: USERNAME_MESSAGES.firstCharacter });
    actor.send({ type: 'username.changed', value: 'da' });
    await vi.advanceTimersByTimeAsync(TIMERS.usernameCheckDebounceMs);
    expect(view().message).toBe(USERNAME_MESSAGES.tooShort);
    expect(asked).toEqual([]);
  });

  it('asks once typing pauses, with the name; a keystroke during the check drops its answer', async () => {
    let release: (value: { in_use: boolean; suggestions: string[] }) => void = () => {};
    const { actor, asked, view } = start(
      (uid) =>
        new Promise((resolve) => {
          if (uid === 'dana') release = resolve;
          else resolve({ in_use: false, suggestions: [] });
        }),
    );
    actor.send({ type: 'username.changed', value: 'd' });
    actor.send({ type: 'username.changed', value: 'dana' });
    await vi.advanceTimersByTimeAsync(TIMERS.usernameCheckDebounceMs);
    expect(asked).toEqual([{ uid: 'dana', name: 'Dana Demo' }]);
    expect(view().status).toBe('checking');
    actor.send({ type: 'username.changed', value: 'dana-demo' });
    release({ in_use: true, suggestions: ['x'] });
    await settle();
    expect(view().status).toBe('typing');
    await vi.advanceTimersByTimeAsync(TIMERS.usernameCheckDebounceMs);
    expect(view()).toMatchObject({ status: 'available', value: 'dana-demo' });
  });

  it('a taken username lists suggestions; choosing one checks it at once', async () => {
    const { actor, asked, view } = start(async (uid) =>
      uid === 'demo'
        ? { in_use: true, suggestions: ['danademo', 'demo1'] }
        : { in_use: false, suggestions: [] },
    );
    actor.send({ type: 'username.changed', value: 'demo' });
    await vi.advanceTimersByTimeAsync(TIMERS.usernameCheckDebounceMs);
    expect(view()).toMatchObject({
      status: 'taken',
      message: USERNAME_MESSAGES.taken,
      suggestions: ['danademo', 'demo1'],
    });
    actor.send({ type: 'username.suggestion.chosen', uid: 'not-listed' });
    expect(view().status).toBe('taken');
    actor.send({ type: 'username.suggestion.chosen', uid: 'demo1' });
    await settle();
    expect(view()).toMatchObject({ status: 'available', value: 'demo1', suggestions: [] });
    expect(asked.map((a) => a.uid)).toEqual(['demo', 'demo1']);
  });
});

describe('account setup', () => {
  const strongNow = fromPromise<
    PasswordStrength,
    { password: string; userInputs: readonly string[] }
  >(async () => STRONG);

  function start(customer: Record<string, unknown> = SAMPLE_HOLDER) {
    const account = createActor(
      accountMachine.provide({
        actors: {
          username: usernameMachine.provide({
            actors: {
              checkUsername: freeUsername(),
            },
          }),
          password: passwordMachine.provide({ actors: { checkStrength: strongNow } }),
        },
      }),
      { input: { customer } },
    ).start();
    const actors = () => selectAccountActors(account.getSnapshot());
    return { account, actors };
  }

  it('prefills the holder; the credentials appear once it is valid', async () => {
    const { account, actors } = start({ ...SAMPLE_HOLDER, dob: '' });
    expect(actors().holder!.getSnapshot().context.values).toMatchObject({
      fname: 'Dana',
      email: SAMPLE_HOLDER.email,
      dob: '',
    });
    expect(account.getSnapshot().matches('account holder')).toBe(true);
    actors().holder!.send({ type: 'form.filled', values: { dob: SAMPLE_HOLDER.dob } });
    expect(account.getSnapshot().matches('credentials')).toBe(true);
  });

  it('is valid with a free username and a strong confirmed password; the password counts the username as easy to guess', async () => {
    const { account, actors } = start();
    actors().username!.send({ type: 'username.changed', value: 'dana-demo' });
    await vi.advanceTimersByTimeAsync(TIMERS.usernameCheckDebounceMs);
    expect(actors().password!.getSnapshot().context.userInputs).toEqual([
      'dana-demo',
      'Dana',
      'Demo',
      SAMPLE_HOLDER.email,
    ]);
    actors().password!.send({ type: 'suggestion.used', password: STRONG_PASSWORD });
    await settle();
    expect(selectAccountSummary(account.getSnapshot())).toEqual({
      valid: true,
      customer: { ...SAMPLE_HOLDER, mname: '', uid: 'dana-demo', password: STRONG_PASSWORD },
    });
  });

  it('a holder field follows the customer details until the visitor changes it here', async () => {
    const { account, actors } = start();
    actors().holder!.send({ type: 'field.changed', field: 'lname', value: 'Demo-Smith' });
    await vi.advanceTimersByTimeAsync(TIMERS.inputValidationDelayMs);
    account.send({
      type: 'customer.details.changed',
      values: { ...SAMPLE_HOLDER, lname: 'Other', email: 'new@example.com' },
    });
    const values = actors().holder!.getSnapshot().context.values;
    expect(values.email).toBe('new@example.com');
    expect(values.lname).toBe('Demo-Smith');
    expect(actors().username!.getSnapshot().context.name).toBe('Dana Demo-Smith');
  });
});

describe('payment', () => {
  const cardForm = (answer: () => Promise<{ url: string }>) =>
    fromPromise<{ url: string }, { accountName: string }>(answer);

  function start(getCardFormUrl = cardForm(async () => ({ url: 'http://cards.test/form' }))) {
    const payment = createActor(
      paymentMachine.provide({
        actors: { cardForm: cardFormMachine.provide({ actors: { getCardFormUrl } }) },
      }),
      { input: { accountName: 'Dana Demo' } },
    ).start();
    const cardForm = () => selectCardForm(payment.getSnapshot());
    const view = () => ({
      ...selectPaymentView(payment.getSnapshot()),
      modal: selectCardModal(cardForm()?.getSnapshot()),
    });
    return { payment, view, cardForm, actors: () => selectPaymentActors(payment.getSnapshot()) };
  }

  it('card: the modal opens with the form; a card from it closes the modal; Change opens it again and closing keeps the card', async () => {
    const { payment, view, cardForm } = start();
    payment.send({ type: 'payment.method.chosen', method: 'CC' });
    expect(view().modal).toEqual({ open: true, status: 'loading' });
    await settle();
    expect(view().modal).toEqual({ open: true, status: 'ready', url: 'http://cards.test/form' });
    cardForm()!.send({ type: 'card.received', card: SAMPLE_CARD });
    expect(view()).toMatchObject({
      modalOpen: false,
      modal: { open: false },
      cardLastFour: '4242',
    });
    payment.send({ type: 'card.change.pressed' });
    await settle();
    expect(view().modal.open).toBe(true);
    cardForm()!.send({ type: 'card.modal.closed' });
    expect(view()).toMatchObject({ modal: { open: false }, cardLastFour: '4242', addCard: false });
  });

  it('card: a form that cannot be opened says why and tries again; closing without a card offers Add card', async () => {
    let calls = 0;
    const {
      payment,
      view,
      cardForm: modal,
    } = start(
      cardForm(async () => {
        calls += 1;
        throw new Error('Cards cannot be added from this address of the site.');
      }),
    );
    payment.send({ type: 'payment.method.chosen', method: 'CC' });
    await settle();
    expect(view().modal).toEqual({
      open: true,
      status: 'unavailable',
      message: 'Cards cannot be added from this address of the site.',
    });
    modal()!.send({ type: 'card.retry.pressed' });
    await settle();
    expect(calls).toBe(2);
    modal()!.send({ type: 'card.modal.closed' });
    expect(view()).toMatchObject({ modal: { open: false }, addCard: true, cardLastFour: null });
  });

  it('ACH closes the modal and shows the bank form; billing waits for the payment account, then must be chosen', async () => {
    const { payment, view, actors } = start();
    payment.send({ type: 'payment.method.chosen', method: 'CC' });
    payment.send({ type: 'payment.method.chosen', method: 'ACH' });
    expect(view()).toMatchObject({ method: 'ACH', modal: { open: false } });
    payment.send({ type: 'payment.autopay.chosen', automatic: false });
    expect(view().billingShown).toBe(false);
    actors().bank!.send({
      type: 'form.filled',
      values: { name: 'Dana Demo', routing: '123', account: '12', account_type: '' },
    });
    expect(actors().bank!.getSnapshot().context.errors).toEqual({
      name: undefined,
      routing: FIELD_MESSAGES.routingNumber,
      account: FIELD_MESSAGES.accountNumber,
      account_type: FIELD_MESSAGES.accountType,
    });
    actors().bank!.send({
      type: 'form.filled',
      values: { routing: '021000021', account: '0001234', account_type: 'SAVINGS' },
    });
    expect(view().billingShown).toBe(true);
    expect(paymentSummary(payment.getSnapshot().context).valid).toBe(false);
    payment.send({ type: 'billing.chosen', choice: 'service' });
    expect(paymentSummary(payment.getSnapshot().context)).toEqual({
      valid: true,
      payment: {
        account_type: 'ACH',
        auto_pay: false,
        alternate_billing_address: false,
        billing_address: null,
        bank_details: {
          name: 'Dana Demo',
          routing: '021000021',
          account: '0001234',
          account_type: 'SAVINGS',
        },
      },
    });
  });

  it('a new billing address follows the shared rules; a company needs no person’s name', async () => {
    const { payment, actors, cardForm } = start();
    payment.send({ type: 'payment.method.chosen', method: 'CC' });
    await settle();
    cardForm()!.send({ type: 'card.received', card: SAMPLE_CARD });
    payment.send({ type: 'payment.autopay.chosen', automatic: true });
    payment.send({ type: 'billing.chosen', choice: 'new' });
    const form = actors().billingAddress!;
    form.send({
      type: 'form.filled',
      values: { ...SAMPLE_BILLING_ADDRESS, fname: '', zip: '8410' },
    });
    expect(form.getSnapshot().context.errors).toMatchObject({
      fname: FIELD_MESSAGES.firstName,
      zip: FIELD_MESSAGES.zip,
    });
    form.send({ type: 'form.filled', values: { cmp_name: 'Demo Widgets LLC', zip: '84101-1234' } });
    const summary = paymentSummary(payment.getSnapshot().context);
    expect(summary.valid).toBe(true);
    expect(summary.payment).toMatchObject({
      account_type: 'CC',
      alternate_billing_address: true,
      card_details: { ...SAMPLE_CARD, internal_token: null },
      billing_address: { cmp_name: 'Demo Widgets LLC', zip_code: '84101', zip_ext: '1234' },
    });
  });
});

describe('checkout', () => {
  const user: SessionUser = {
    username: 'dana-demo',
    cid: 1,
    perms: {} as SessionUser['perms'],
    site_admin: false,
    primary_admin: true,
    proxy: null,
  };

  function start(
    answers: (body: SignupOrderInput, key: string) => Promise<unknown>,
    logIn: () => Promise<SessionUser> = async () => user,
  ) {
    const sent: { key: string; body: SignupOrderInput }[] = [];
    const done: string[] = [];
    let keys = 0;
    const checkout = createActor(
      checkoutMachine.provide({
        actors: {
          placeOrder: fromPromise(async ({ input }) => {
            sent.push(input);
            return (await answers(input.body, input.key)) as never;
          }),
          logIn: fromPromise(async () => logIn()),
        },
        actions: {
          'make an idempotency key': assign(() => ({ key: `key-${++keys}-0000000000000` })),
          'tell the session': (_, params) => done.push(`session: ${params.user.username}`),
          'show the success message': () => done.push('success message'),
          'show that the automatic login failed': () => done.push('login failed message'),
          'go to the login page': () => done.push('login page'),
        },
      }),
    ).start();
    const ready = (token = 'captcha-1') => {
      // The machine stamps the agreement with the time it was ticked.
      vi.setSystemTime(new Date('2026-05-04T16:20:00.000Z'));
      checkout.send({ type: 'agreement.changed', checked: true });
      checkout.send({ type: 'captcha.changed', token });
    };
    const place = () => checkout.send({ type: 'order.ready', order: SAMPLE_ORDER_PARTS });
    return { checkout, sent, done, ready, place };
  }

  it('ticking "I agree" records the time it was ticked; clearing it forgets it', () => {
    const { checkout } = start(async () => ({}));
    vi.setSystemTime(new Date('2026-05-04T16:20:00.000Z'));
    checkout.send({ type: 'agreement.changed', checked: true });
    expect(checkout.getSnapshot().context.agreedAt).toBe('2026-05-04T16:20:00.000Z');
    checkout.send({ type: 'agreement.changed', checked: false });
    expect(checkout.getSnapshot().context.agreedAt).toBeNull();
  });

  it('enables Place order only with the whole form valid, "I agree" ticked and the captcha solved; the hint says what is missing', () => {
    const { checkout } = start(async () => ({}));
    const button = (formValid: boolean) => ({
      enabled: selectPlaceOrderEnabled(checkout.getSnapshot(), formValid),
      hint: selectPlaceOrderHint(checkout.getSnapshot(), formValid),
    });
    // signup.md §4 "Agreement": until "I agree" is ticked, the hint asks for it first.
    expect(button(true)).toEqual({ enabled: false, hint: AGREEMENT_MESSAGES.hint });
    checkout.send({ type: 'agreement.changed', checked: true });
    expect(button(false)).toEqual({
      enabled: false,
      hint: SIGNUP_ORDER_MESSAGES.completeFormFirst,
    });
    expect(button(true)).toEqual({ enabled: false, hint: SIGNUP_ORDER_MESSAGES.captchaFirst });
    checkout.send({ type: 'captcha.changed', token: 'captcha-1' });
    expect(button(true)).toEqual({ enabled: true, hint: null });
    expect(button(false).enabled).toBe(false);
    checkout.send({ type: 'order.ready', order: SAMPLE_ORDER_PARTS });
    expect(button(true).enabled).toBe(false);
  });

  it('places nothing without the agreement and a captcha token', async () => {
    const { checkout, sent, place } = start(async () => ({}));
    place();
    checkout.send({ type: 'captcha.changed', token: 'captcha-1' });
    place();
    expect(selectCanPlace(checkout.getSnapshot())).toBe(false);
    await settle();
    expect(sent).toEqual([]);
  });

  it('sends the agreement time and the captcha token; the same body keeps its key, a new token gets a new one', async () => {
    const refusals = [
      { status: 422, message: USERNAME_MESSAGES.taken, fieldErrors: { 'customer.uid': 'x' } },
      {
        status: 403,
        message: 'captcha',
        title: SERVICEABILITY_MESSAGES.captchaFailedTitle,
      },
    ];
    const { checkout, sent, ready, place } = start(async () => {
      throw refusals.shift() ?? { status: 422, message: 'again' };
    });
    ready();
    place();
    expect(selectCreating(checkout.getSnapshot())).toBe(true);
    await settle();
    expect(selectOrderFailure(checkout.getSnapshot())?.message).toBe(USERNAME_MESSAGES.taken);
    expect(selectCanPlace(checkout.getSnapshot())).toBe(true);
    place();
    await settle();
    // The captcha was refused: a new one is needed before Place order works again.
    expect(selectCanPlace(checkout.getSnapshot())).toBe(false);
    expect(checkout.getSnapshot().context.captchaRound).toBe(1);
    checkout.send({ type: 'captcha.changed', token: 'captcha-2' });
    place();
    await settle();
    expect(sent.map((s) => s.key)).toEqual([
      'key-1-0000000000000',
      'key-1-0000000000000',
      'key-2-0000000000000',
    ]);
    expect(sent[0].body).toMatchObject({
      ...SAMPLE_ORDER_PARTS,
      agreement: { time: '2026-05-04T16:20:00.000Z' },
      recaptcha_token: 'captcha-1',
    });
    expect(sent[2].body.recaptcha_token).toBe('captcha-2');
  });

  it('once placed: logs in after exactly 4 s, tells the session and shows the success; the creating flag clears 30 s after the answer', async () => {
    const { checkout, done, ready, place } = start(async () => ({ status: 201 }));
    ready();
    place();
    await settle();
    await vi.advanceTimersByTimeAsync(TIMERS.signupAutoLoginDelayMs - 1);
    expect(done).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toEqual(['session: dana-demo', 'success message']);
    expect(selectCreating(checkout.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(TIMERS.submitLockMs - TIMERS.signupAutoLoginDelayMs - 1);
    expect(selectCreating(checkout.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(selectCreating(checkout.getSnapshot())).toBe(false);
  });

  it('an answer below 400 (none at all) still logs in; a refused login says so and goes to login', async () => {
    const { done, ready, place } = start(
      async () => {
        throw { status: 0, message: 'Timed out when trying to contact server' };
      },
      async () => {
        throw { status: 401, message: 'no' };
      },
    );
    ready();
    place();
    await settle();
    await vi.advanceTimersByTimeAsync(TIMERS.signupAutoLoginDelayMs);
    expect(done).toEqual(['login failed message', 'login page']);
  });
});

describe('the wizard’s second half', () => {
  const link = (answer: () => Promise<PreSignup>) =>
    fromPromise<PreSignup, { signupHash: string }>(answer);

  function start({
    signupHash = null as string | null,
    preSignup = link(async () => SAMPLE_PRE_SIGNUP),
    loadOrderSections = fromPromise(async () => {}),
  } = {}) {
    const placed: SignupOrderInput[] = [];
    const address = addressMachine.provide({
      actors: {
        suggestAddresses: fromPromise(async () => SAMPLE_SUGGESTIONS),
        getAddressDetails: fromPromise(async () => SAMPLE_ADDRESS_DETAILS),
        searchServiceableAddresses: fromPromise(async () => [...SAMPLE_MATCHES.one]),
        getServiceability: fromPromise(
          async (): Promise<ServiceabilityDetails> => SAMPLE_DETAILS.utopia,
        ),
        getOffering: fromPromise(async (): Promise<ServiceOffering> => SAMPLE_OFFERINGS.utopia),
      },
    });
    const wizard = createActor(
      signupMachine.provide({
        actors: {
          addressLookup: address,
          signupLink: signupLinkMachine.provide({ actors: { getPreSignup: preSignup } }),
          loadOrderSections,
          account: accountMachine.provide({
            actors: {
              username: usernameMachine.provide({
                actors: {
                  checkUsername: freeUsername(),
                },
              }),
              password: passwordMachine.provide({
                actors: { checkStrength: fromPromise(async () => STRONG) },
              }),
            },
          }),
          payment: paymentMachine,
          checkout: checkoutMachine.provide({
            actors: {
              placeOrder: fromPromise(async ({ input }) => {
                placed.push(input.body);
                return new Promise<never>(() => {});
              }),
            },
          }),
        },
      }),
      {
        input: {
          components: [],
          signupHash,
          displayInline: false,
          earliest: sampleDays().tomorrow,
        },
      },
    ).start();
    const snap = () => wizard.getSnapshot();
    const actors = () => selectActors(snap());
    return { wizard, snap, actors, placed };
  }

  async function completeFirstHalf(w: ReturnType<typeof start>) {
    w.actors().address!.send({ type: 'address.typed', value: '245 E' });
    await vi.advanceTimersByTimeAsync(TIMERS.addressSuggestionDebounceMs);
    w.actors().address!.send({ type: 'suggestion.chosen', addrId: 1 });
    await settle();
    w.actors().customer!.send({ type: 'form.filled', values: SAMPLE_HOLDER });
    w.actors().services!.send({ type: 'speed.chosen', speedId: 'speed_1000_sym' });
    w.actors().services!.send({ type: 'router.chosen', wanted: false });
    w.actors().residential!.send({ type: 'ownership.chosen', owner: true });
    await settle();
  }

  it('reveals account and payment once every service is valid, Agree and Finish once the payment is, and hands the whole order over', async () => {
    const w = start();
    await completeFirstHalf(w);
    expect(selectRevealed(w.snap())).toMatchObject({
      account: true,
      payment: true,
      checkout: false,
    });
    const account = selectAccountActors(w.actors().account!.getSnapshot());
    account.username!.send({ type: 'username.changed', value: 'dana-demo' });
    await vi.advanceTimersByTimeAsync(TIMERS.usernameCheckDebounceMs);
    account.password!.send({ type: 'suggestion.used', password: STRONG_PASSWORD });
    await settle();
    const payment = w.actors().payment!;
    payment.send({ type: 'payment.method.chosen', method: 'ACH' });
    selectPaymentActors(payment.getSnapshot()).bank!.send({
      type: 'form.filled',
      values: {
        name: 'Dana Demo',
        routing: '021000021',
        account: '0001234',
        account_type: 'CHECKING',
      },
    });
    payment.send({ type: 'payment.autopay.chosen', automatic: true });
    payment.send({ type: 'billing.chosen', choice: 'service' });
    expect(selectRevealed(w.snap()).checkout).toBe(true);
    expect(selectWholeFormValid(w.snap())).toBe(true);

    const checkout = w.actors().checkout!;
    // The machine stamps the agreement with the time it was ticked.
    vi.setSystemTime(new Date('2026-05-04T16:20:00.000Z'));
    checkout.send({ type: 'agreement.changed', checked: true });
    checkout.send({ type: 'captcha.changed', token: 'captcha-1' });
    w.wizard.send({ type: 'order.place.pressed' });
    await settle();
    expect(w.placed).toHaveLength(1);
    expect(w.placed[0]).toMatchObject({
      customer: {
        ...SAMPLE_HOLDER,
        uid: 'dana-demo',
        password: STRONG_PASSWORD,
        line1: SAMPLE_DETAILS.utopia.line1,
        city: SAMPLE_DETAILS.utopia.city,
        zip_code: SAMPLE_DETAILS.utopia.zip_code,
      },
      order: {
        service_class_id: 17,
        connectivity: { speed_id: 'speed_1000_sym', customer_details: { is_owner: true } },
        router: { service_action_type: 'none' },
      },
      payment: { account_type: 'ACH', auto_pay: true, alternate_billing_address: false },
      agreement: { time: '2026-05-04T16:20:00.000Z' },
      metadata: { signup_hash: null },
      recaptcha_token: 'captcha-1',
    });
  });

  it('keeps the second half hidden when its code cannot load, and tries again', async () => {
    let attempts = 0;
    const w = start({
      loadOrderSections: fromPromise(async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('offline');
      }),
    });
    await completeFirstHalf(w);
    expect(selectOrderSectionsFailed(w.snap())).toBe(true);
    expect(selectRevealed(w.snap())).toMatchObject({ account: false, payment: false });
    w.wizard.send({ type: 'sections.retry.pressed' });
    await settle();
    expect(selectOrderSectionsFailed(w.snap())).toBe(false);
    expect(selectRevealed(w.snap())).toMatchObject({ account: true, payment: true });
  });

  it('a pre-signup link checks its address and fills in the customer details and the services', async () => {
    const w = start({ signupHash: SAMPLE_PRE_SIGNUP.signup_hash });
    await settle();
    expect(w.snap().matches('ordering')).toBe(true);
    expect(w.actors().address!.getSnapshot().context.search).toBe(
      SAMPLE_PRE_SIGNUP.address.formatted_address,
    );
    expect(w.actors().customer!.getSnapshot().context.values).toMatchObject(
      SAMPLE_PRE_SIGNUP.customer,
    );
    expect(w.actors().services!.getSnapshot().context).toMatchObject({
      speedId: 'speed_1000_sym',
      meshQuantity: 1,
    });
    expect(w.snap().context.voice).toBe(true);
    // Once the date of birth is given, every service section is already answered.
    w.actors().customer!.send({ type: 'form.filled', values: { dob: SAMPLE_HOLDER.dob } });
    expect(selectRevealed(w.snap()).connectivity).toBe('utopia residential');
  });

  it('a pre-signup link is opened until it answers; an address chosen first stops it, and its late answer changes nothing', async () => {
    let answer: (link: PreSignup) => void = () => {};
    const w = start({
      signupHash: SAMPLE_PRE_SIGNUP.signup_hash,
      preSignup: link(() => new Promise<PreSignup>((resolve) => (answer = resolve))),
    });
    await settle();
    expect(selectOpeningSignupLink(w.snap())).toBe(true);
    w.actors().address!.send({ type: 'address.typed', value: '245 E' });
    await vi.advanceTimersByTimeAsync(TIMERS.addressSuggestionDebounceMs);
    w.actors().address!.send({ type: 'suggestion.chosen', addrId: 1 });
    await settle();
    expect(w.snap().matches('ordering')).toBe(true);
    expect(selectOpeningSignupLink(w.snap())).toBe(false);
    answer(SAMPLE_PRE_SIGNUP);
    await settle();
    expect(w.snap().context.link.status).toBe('none');
    expect(w.actors().customer!.getSnapshot().context.values).not.toMatchObject({
      email: SAMPLE_PRE_SIGNUP.customer.email,
    });
  });

  it('an unknown pre-signup link says so and leaves the normal empty wizard', async () => {
    const w = start({
      signupHash: 'no-such-signup-link',
      preSignup: link(async () => {
        throw new Error(ORDER_MESSAGES.preSignupNotFound);
      }),
    });
    await settle();
    expect(selectSignupLinkMessage(w.snap())).toBe(ORDER_MESSAGES.preSignupNotFound);
    expect(w.snap().matches('waiting for an address')).toBe(true);
    expect(w.actors().address!.getSnapshot().context.search).toBe('');
  });
});
