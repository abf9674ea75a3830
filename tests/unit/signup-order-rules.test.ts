/**
 * The signup order contract (signup.md §3 "Customer (signup)", "Connectivity order", "Payment",
 * "Agreement", "Metadata"; §7 POST /self_signup, GET /self_signup/usernames, GET
 * /self_signup/pre_signup/{signupHash}), held to the spec and to docs/api.md "Signup order": what
 * the server accepts, what it refuses, and under which field it says so.
 */
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ATTRIBUTION_MAX_LENGTH, NOTES_MAX_LENGTH } from '../../src/shared/signup/constants.ts';
import { FIELD_MESSAGES } from '../../src/shared/messages.ts';
import {
  AGREEMENT_MESSAGES,
  PASSWORD_MESSAGES,
  USERNAME_MESSAGES,
} from '../../src/shared/messages/account.ts';
import { PAYMENT_MESSAGES } from '../../src/shared/signup/messages.ts';
import {
  CAPTCHA_TOKEN_MAX_LENGTH,
  IDEMPOTENCY_KEY_HEADER,
  PreSignupSchema,
  SIGNUP_ORDER_PATHS,
  SignupOrderSchema,
  UsernameCheckQuerySchema,
  isIdempotencyKey,
  signupPasswordUserInputs,
  type SignupOrderInput,
} from '../../src/shared/signup/order.ts';
import { errors } from '../support/schema-messages.ts';
import {
  JANE_DOE_BANK,
  JANE_DOE_BILLING_ADDRESS,
  janeDoeCard,
} from '../support/payment-details.ts';

const customer = {
  fname: 'Jane',
  lname: 'Doe',
  email: 'jane.doe@example.com',
  phone: '(801) 555-0123',
  dob: '1985-06-15',
  uid: 'janedoe',
  password: 'correct horse battery',
  line1: '245 E Center St',
  line2: '',
  city: 'Orem',
  state: 'UT',
  zip_code: '84057',
};

const connectivity = {
  service_action_type: 'new',
  display_id: null,
  speed_id: 'speed_1000_sym',
  new_speed_id: null,
  external_adid: 42,
  external_soid: 'soid_1000',
  new_external_soid: null,
  early_signup: false,
  customer_details: null,
  drop_details: null,
  install_details: null,
  desired_activation_date: null,
} as const;

const router = {
  service_action_type: 'new',
  router_model: 'XWi 7',
  mesh_quantity: 1,
  mesh_type: 'mesh_lease',
} as const;

const card = janeDoeCard(`tok_${'a'.repeat(24)}`);

const bank = JANE_DOE_BANK;

const billingAddress = JANE_DOE_BILLING_ADDRESS;

const cardPayment = {
  account_type: 'CC',
  auto_pay: false,
  alternate_billing_address: false,
  billing_address: null,
  card_details: card,
} as const;

const bankPayment = {
  account_type: 'ACH',
  auto_pay: true,
  alternate_billing_address: false,
  billing_address: null,
  bank_details: bank,
} as const;

const order = {
  customer,
  order: {
    service_class_id: 17,
    service_action_type: 'new',
    connectivity,
    router,
    voice: { service_class_id: 1, service_action_type: 'none', contact: false },
  },
  attribution: 'Radio',
  payment: cardPayment,
  agreement: { time: '2026-05-04T16:30:00.000Z' },
  metadata: { signup_hash: null },
  recaptcha_token: 'altcha-payload',
} satisfies SignupOrderInput;

type Parts = Record<string, unknown>;

/** The order with some parts of one section replaced (undefined: left out). */
function withPart(section: keyof typeof order, part: Parts): Record<string, unknown> {
  const base = order[section] as Parts;
  const merged: Parts = { ...base, ...part };
  for (const [key, value] of Object.entries(part)) if (value === undefined) delete merged[key];
  return { ...order, [section]: merged };
}

function withConnectivity(part: Parts) {
  return withPart('order', { connectivity: { ...connectivity, ...part } });
}

function withoutKey<T extends Parts>(record: T, key: keyof T): Parts {
  const copy: Parts = { ...record };
  delete copy[key as string];
  return copy;
}

const parse = (input: unknown) => v.parse(SignupOrderSchema, input);
const orderErrors = (input: unknown) => errors(SignupOrderSchema, input);

describe('the Idempotency-Key of POST /self_signup (docs/api.md)', () => {
  it('is sent in the header "Idempotency-Key"', () => {
    expect(IDEMPOTENCY_KEY_HEADER).toBe('Idempotency-Key');
  });

  it('is 16 to 128 letters, digits, "-" or "_": a UUID fits', () => {
    expect(isIdempotencyKey(randomUUID())).toBe(true);
    expect(isIdempotencyKey('a'.repeat(16))).toBe(true);
    expect(isIdempotencyKey('Az09_-'.repeat(21) + 'xy')).toBe(true);
    expect(isIdempotencyKey('a'.repeat(15))).toBe(false);
    expect(isIdempotencyKey('a'.repeat(129))).toBe(false);
  });

  it.each([
    ['a space', `${'a'.repeat(16)} `],
    ['a leading symbol', `+${'a'.repeat(16)}`],
    ['a trailing symbol', `${'a'.repeat(16)}=`],
    ['a slash', `${'a'.repeat(8)}/${'a'.repeat(8)}`],
    ['a line break', `${'a'.repeat(16)}\n`],
  ])('refuses a key with %s', (_what, key) => {
    expect(isIdempotencyKey(key)).toBe(false);
  });

  it('is missing when the header is absent', () => {
    expect(isIdempotencyKey(null)).toBe(false);
    expect(isIdempotencyKey(undefined)).toBe(false);
    expect(isIdempotencyKey('')).toBe(false);
  });
});

describe('the signup calls (signup.md §7)', () => {
  it('go to /self_signup, /self_signup/usernames and /self_signup/pre_signup/{signupHash}', () => {
    expect(SIGNUP_ORDER_PATHS.order).toBe('/self_signup');
    expect(SIGNUP_ORDER_PATHS.usernames).toBe('/self_signup/usernames');
    expect(SIGNUP_ORDER_PATHS.preSignup('demo-utopia-1gbps')).toBe(
      '/self_signup/pre_signup/demo-utopia-1gbps',
    );
  });
});

describe('a whole signup order (POST /self_signup)', () => {
  it('is accepted as the page sends it', () => {
    expect(orderErrors(order)).toEqual({});
  });

  it('drops what the server must not read from the page, like a cart and its totals', () => {
    const parsed = parse({ ...order, cart: [{ rate: 0 }], totals: { due_today: 0 } });
    expect(parsed).not.toHaveProperty('cart');
    expect(parsed).not.toHaveProperty('totals');
  });

  it('needs every section, and names a missing one by its own message', () => {
    const missing = {
      customer: 'Send a JSON object',
      order: 'Send a JSON object',
      payment: PAYMENT_MESSAGES.paymentMethod,
      agreement: AGREEMENT_MESSAGES.tooltip,
    } as const;
    for (const [section, message] of Object.entries(missing)) {
      expect(orderErrors(withoutKey(order, section as keyof typeof missing))).toEqual({
        [section]: message,
      });
    }
  });

  it('is not agreed to without the time "I agree" was ticked (signup.md §8)', () => {
    expect(orderErrors({ ...order, agreement: {} })).toEqual({
      'agreement.time': AGREEMENT_MESSAGES.tooltip,
    });
    expect(orderErrors({ ...order, agreement: null })).toEqual({
      agreement: AGREEMENT_MESSAGES.tooltip,
    });
  });

  it('carries a solved captcha as recaptcha_token', () => {
    expect(orderErrors({ ...order, recaptcha_token: '' })).toEqual({
      recaptcha_token: 'The captcha was not solved',
    });
    expect(orderErrors(withoutKey(order, 'recaptcha_token'))).toEqual({
      recaptcha_token: 'The captcha was not solved',
    });
    expect(
      orderErrors({ ...order, recaptcha_token: 'x'.repeat(CAPTCHA_TOKEN_MAX_LENGTH) }),
    ).toEqual({});
    expect(
      Object.keys(
        orderErrors({ ...order, recaptcha_token: 'x'.repeat(CAPTCHA_TOKEN_MAX_LENGTH + 1) }),
      ),
    ).toEqual(['recaptcha_token']);
  });
});

describe('the customer of the order (signup.md §3 "Customer (signup)", §5)', () => {
  it('requires the details, the credentials and the service address, each missing one named by its spec message', () => {
    const required = {
      fname: FIELD_MESSAGES.firstName,
      lname: FIELD_MESSAGES.lastName,
      email: FIELD_MESSAGES.email,
      phone: FIELD_MESSAGES.phone,
      dob: FIELD_MESSAGES.dateOfBirth,
      uid: USERNAME_MESSAGES.firstCharacter,
      password: PASSWORD_MESSAGES.tooShort,
      line1: FIELD_MESSAGES.address,
      city: FIELD_MESSAGES.city,
      state: FIELD_MESSAGES.state,
      zip_code: FIELD_MESSAGES.zip,
    } as const;
    for (const [field, message] of Object.entries(required)) {
      const customerWithout = withoutKey(customer, field as keyof typeof required);
      expect(orderErrors({ ...order, customer: customerWithout })).toEqual({
        [`customer.${field}`]: message,
      });
    }
  });

  it('takes the middle initial and the name as optional, and the service address line 2', () => {
    const parsed = parse(withPart('customer', { line2: undefined }));
    expect(parsed.customer.mname).toBe('');
    expect(parsed.customer.name).toBe('');
    expect(parsed.customer.line2).toBe('');
    expect(parse(withPart('customer', { mname: 'Q' })).customer.mname).toBe('Q');
    expect(orderErrors(withPart('customer', { mname: 'QR' }))).toEqual({
      'customer.mname': FIELD_MESSAGES.middleInitial,
    });
  });

  it('names a broken field with its spec message', () => {
    expect(orderErrors(withPart('customer', { email: 'jane' }))).toEqual({
      'customer.email': FIELD_MESSAGES.email,
    });
    expect(orderErrors(withPart('customer', { zip_code: '8405' }))).toEqual({
      'customer.zip_code': FIELD_MESSAGES.zip,
    });
  });

  it('wants a valid username, naming the first broken rule', () => {
    expect(orderErrors(withPart('customer', { uid: '1jane' }))).toEqual({
      'customer.uid': USERNAME_MESSAGES.firstCharacter,
    });
    expect(orderErrors(withPart('customer', { uid: 'jane.doe' }))).toEqual({
      'customer.uid': USERNAME_MESSAGES.characters,
    });
  });

  it('wants a password of 12 to 127 characters', () => {
    expect(orderErrors(withPart('customer', { password: 'p'.repeat(12) }))).toEqual({});
    expect(orderErrors(withPart('customer', { password: 'p'.repeat(127) }))).toEqual({});
    expect(orderErrors(withPart('customer', { password: 'p'.repeat(11) }))).toEqual({
      'customer.password': PASSWORD_MESSAGES.tooShort,
    });
    expect(orderErrors(withPart('customer', { password: 'p'.repeat(128) }))).toEqual({
      'customer.password': PASSWORD_MESSAGES.tooLong,
    });
    expect(orderErrors(withPart('customer', { password: '' }))).toEqual({
      'customer.password': PASSWORD_MESSAGES.tooShort,
    });
    expect(orderErrors(withPart('customer', { password: 123456789012 }))).toEqual({
      'customer.password': PASSWORD_MESSAGES.tooShort,
    });
  });

  it('checks the password against its own words: uid, first and last name, email', () => {
    expect(signupPasswordUserInputs(customer)).toEqual([
      'janedoe',
      'Jane',
      'Doe',
      'jane.doe@example.com',
    ]);
    expect(signupPasswordUserInputs({ uid: 'jd', fname: '', lname: 'Doe', email: '' })).toEqual([
      'jd',
      'Doe',
    ]);
  });
});

describe('the connectivity order (signup.md §3 "Connectivity order")', () => {
  it('orders residential connectivity (service class 17) only', () => {
    expect(orderErrors(withPart('order', { service_class_id: 2 }))).toEqual({
      'order.service_class_id': 'Only residential connectivity can be ordered here',
    });
  });

  it('knows the actions none, new and alter', () => {
    for (const action of ['none', 'new', 'alter']) {
      expect(orderErrors(withPart('order', { service_action_type: action }))).toEqual({});
    }
    expect(orderErrors(withPart('order', { service_action_type: 'cancel' }))).toEqual({
      'order.service_action_type': 'Unknown action',
    });
    expect(orderErrors(withConnectivity({ service_action_type: 'remove' }))).toEqual({
      'order.connectivity.service_action_type': 'Unknown action',
    });
  });

  it('names the serviceable address by its id, as a number or its digits', () => {
    expect(parse(withConnectivity({ external_adid: '42' })).order.connectivity.external_adid).toBe(
      42,
    );
    expect(Object.keys(orderErrors(withConnectivity({ external_adid: 0 })))).toEqual([
      'order.connectivity.external_adid',
    ]);
    expect(Object.keys(orderErrors(withConnectivity({ external_adid: undefined })))).toEqual([
      'order.connectivity.external_adid',
    ]);
  });

  it('says whether the address is an early-signup prospect', () => {
    expect(Object.keys(orderErrors(withConnectivity({ early_signup: 'no' })))).toEqual([
      'order.connectivity.early_signup',
    ]);
  });

  it('takes the provider forms as null when the address has none', () => {
    const parsed = parse(
      withConnectivity({
        customer_details: undefined,
        drop_details: undefined,
        install_details: undefined,
        desired_activation_date: undefined,
        new_speed_id: undefined,
        new_external_soid: undefined,
      }),
    ).order.connectivity;
    expect(parsed.customer_details).toBeNull();
    expect(parsed.drop_details).toBeNull();
    expect(parsed.install_details).toBeNull();
    expect(parsed.desired_activation_date).toBeNull();
    expect(parsed.new_speed_id).toBeNull();
    expect(parsed.new_external_soid).toBeNull();
  });

  describe('customer_details (utopia residential)', () => {
    it('answers ownership and tribal questions yes, no or not asked; owner data optional', () => {
      const parsed = parse(
        withConnectivity({ customer_details: { is_owner: true, is_tribal: null } }),
      ).order.connectivity.customer_details;
      expect(parsed).toEqual({
        is_owner: true,
        is_tribal: null,
        owner_name: '',
        owner_phone: '',
        owner_email: '',
        city_customer_id: '',
        city_account_id: '',
      });
    });

    it('refuses an ownership answer that is not yes, no or null', () => {
      expect(
        Object.keys(
          orderErrors(withConnectivity({ customer_details: { is_owner: 'yes', is_tribal: null } })),
        ),
      ).toEqual(['order.connectivity.customer_details.is_owner']);
      expect(
        Object.keys(orderErrors(withConnectivity({ customer_details: { is_owner: true } }))),
      ).toEqual(['order.connectivity.customer_details.is_tribal']);
    });
  });

  describe('drop_details (strata residential)', () => {
    const drop = {
      accepted: true,
      latitude: 40.39,
      longitude: -111.85,
      needs_ont_install: true,
    };
    const dropErrors = (part: Parts) =>
      Object.keys(orderErrors(withConnectivity({ drop_details: { ...drop, ...part } })));

    it('places the fiber attach point on the globe: latitude ±90, longitude ±180', () => {
      for (const latitude of [-90, 0, 90]) expect(dropErrors({ latitude })).toEqual([]);
      for (const longitude of [-180, 0, 180]) expect(dropErrors({ longitude })).toEqual([]);
      for (const latitude of [-90.5, 90.5])
        expect(dropErrors({ latitude })).toEqual(['order.connectivity.drop_details.latitude']);
      for (const longitude of [-180.5, 180.5])
        expect(dropErrors({ longitude })).toEqual(['order.connectivity.drop_details.longitude']);
    });

    it('takes optional notes up to the notes limit', () => {
      expect(
        parse(withConnectivity({ drop_details: drop })).order.connectivity.drop_details?.notes,
      ).toBe('');
      expect(dropErrors({ notes: 'n'.repeat(NOTES_MAX_LENGTH) })).toEqual([]);
      expect(dropErrors({ notes: 'n'.repeat(NOTES_MAX_LENGTH + 1) })).toEqual([
        'order.connectivity.drop_details.notes',
      ]);
    });

    it('says whether the attach point was accepted and an ONT install is needed', () => {
      expect(dropErrors({ accepted: undefined })).toEqual([
        'order.connectivity.drop_details.accepted',
      ]);
      expect(dropErrors({ needs_ont_install: 'yes' })).toEqual([
        'order.connectivity.drop_details.needs_ont_install',
      ]);
    });
  });

  describe('install_details (strata residential)', () => {
    const install = {
      date: '2026-05-05',
      display_time: '8:00 AM - 10:00 AM',
      duration: 120,
      end_datetime: '2026-05-05T10:00:00-06:00',
      external_install_id: 'slot-1',
      installation_type: 'basic',
      start_datetime: '2026-05-05T08:00:00-06:00',
      time: '08:00',
    };
    const installErrors = (part: Parts) =>
      Object.keys(orderErrors(withConnectivity({ install_details: { ...install, ...part } })));

    it('is of installation type basic or advanced, or none chosen yet', () => {
      expect(installErrors({})).toEqual([]);
      expect(installErrors({ installation_type: 'advanced' })).toEqual([]);
      expect(installErrors({ installation_type: null })).toEqual([]);
      expect(installErrors({ installation_type: 'premium' })).toEqual([
        'order.connectivity.install_details.installation_type',
      ]);
    });

    it('takes optional notes', () => {
      expect(
        parse(withConnectivity({ install_details: install })).order.connectivity.install_details
          ?.notes,
      ).toBe('');
    });
  });

  describe('the router line', () => {
    const routerErrors = (part: Parts) =>
      Object.keys(orderErrors(withPart('order', { router: { ...router, ...part } })));

    it('orders a whole, non-negative number of mesh extenders', () => {
      expect(routerErrors({ mesh_quantity: 0, mesh_type: 'mesh_none' })).toEqual([]);
      expect(routerErrors({ mesh_quantity: -1 })).toEqual(['order.router.mesh_quantity']);
      expect(routerErrors({ mesh_quantity: 1.5 })).toEqual(['order.router.mesh_quantity']);
    });

    it('has the mesh type mesh_none, mesh_lease or mesh_purchase', () => {
      expect(routerErrors({ mesh_type: 'mesh_purchase' })).toEqual([]);
      expect(routerErrors({ mesh_type: 'mesh_rent' })).toEqual(['order.router.mesh_type']);
    });

    it('is new for the XWi router and none for the visitor’s own', () => {
      expect(routerErrors({ service_action_type: 'none', router_model: null })).toEqual([]);
      expect(routerErrors({ service_action_type: 'buy' })).toEqual([
        'order.router.service_action_type',
      ]);
    });
  });

  describe('voice, static IP and subnet', () => {
    it('are not ordered when left out', () => {
      const parsed = parse(withPart('order', { voice: undefined })).order;
      expect(parsed.voice).toEqual({
        service_class_id: 1,
        service_action_type: 'none',
        contact: false,
      });
      expect(parsed.static_ip).toEqual({ service_class_id: 17, service_action_type: 'none' });
      expect(parsed.subnet).toEqual({ service_class_id: 17, service_action_type: 'none' });
    });

    it('a voice contact request is in the voice class (1) unless the page says otherwise', () => {
      const parsed = parse(
        withPart('order', { voice: { service_action_type: 'new', contact: true } }),
      ).order;
      expect(parsed.voice).toEqual({
        service_class_id: 1,
        service_action_type: 'new',
        contact: true,
      });
      expect(
        Object.keys(
          orderErrors(withPart('order', { voice: { service_action_type: 'new', contact: 'yes' } })),
        ),
      ).toEqual(['order.voice.contact']);
    });

    it('an add-on names its service class and action', () => {
      const staticIp = { service_class_id: 17, service_action_type: 'new' };
      expect(parse(withPart('order', { static_ip: staticIp })).order.static_ip).toEqual(staticIp);
      expect(
        Object.keys(orderErrors(withPart('order', { subnet: { service_action_type: 'new' } }))),
      ).toEqual(['order.subnet.service_class_id']);
    });
  });
});

describe('the payment of the order (signup.md §3 "Payment")', () => {
  it('by card carries the card the provider form posted, and no bank account', () => {
    const parsed = parse(order).payment;
    expect(parsed.account_type).toBe('CC');
    expect(parsed.card_details).toEqual({ ...card, internal_token: null });
    expect(parsed.bank_details).toBeNull();
    expect(Object.keys(orderErrors(withPart('payment', { card_details: undefined })))).toEqual([
      'payment.card_details',
    ]);
    expect(
      orderErrors(withPart('payment', { card_details: { ...card, token: 'tok_short' } })),
    ).toEqual({ 'payment.card_details.token': 'Not a card token' });
  });

  it('by bank account (ACH) carries the bank form, and no card', () => {
    const parsed = parse({ ...order, payment: bankPayment }).payment;
    expect(parsed.account_type).toBe('ACH');
    expect(parsed.bank_details).toEqual(bank);
    expect(parsed.card_details).toBeNull();
    expect(
      orderErrors({
        ...order,
        payment: { ...bankPayment, bank_details: { ...bank, routing: '1' } },
      }),
    ).toEqual({ 'payment.bank_details.routing': FIELD_MESSAGES.routingNumber });
    expect(
      Object.keys(orderErrors({ ...order, payment: { ...bankPayment, bank_details: undefined } })),
    ).toEqual(['payment.bank_details']);
  });

  it('must be by card or bank account', () => {
    for (const account_type of [undefined, 'BTC', 'cc'])
      expect(orderErrors(withPart('payment', { account_type }))).toEqual({
        'payment.account_type': PAYMENT_MESSAGES.paymentMethod,
      });
  });

  it('chooses automatic monthly billing or manual payment', () => {
    expect(Object.keys(orderErrors(withPart('payment', { auto_pay: undefined })))).toEqual([
      'payment.auto_pay',
    ]);
    expect(orderErrors(withPart('payment', { auto_pay: null }))).toEqual({
      'payment.auto_pay': PAYMENT_MESSAGES.autoPay,
    });
    expect(orderErrors({ ...order, payment: { ...bankPayment, auto_pay: 'yes' } })).toEqual({
      'payment.auto_pay': PAYMENT_MESSAGES.autoPay,
    });
  });

  it('chooses the service address or a new billing address', () => {
    expect(
      Object.keys(orderErrors(withPart('payment', { alternate_billing_address: undefined }))),
    ).toEqual(['payment.alternate_billing_address']);
    expect(orderErrors(withPart('payment', { alternate_billing_address: 'new' }))).toEqual({
      'payment.alternate_billing_address': PAYMENT_MESSAGES.billingAddressChoice,
    });
  });

  it('needs a billing address when the bill goes to a new address', () => {
    expect(
      orderErrors(withPart('payment', { alternate_billing_address: true, billing_address: null })),
    ).toEqual({ 'payment.billing_address': FIELD_MESSAGES.address });
    expect(
      orderErrors(
        withPart('payment', { alternate_billing_address: true, billing_address: undefined }),
      ),
    ).toEqual({ 'payment.billing_address': FIELD_MESSAGES.address });
    expect(
      orderErrors({
        ...order,
        payment: { ...bankPayment, alternate_billing_address: true, billing_address: null },
      }),
    ).toEqual({ 'payment.billing_address': FIELD_MESSAGES.address });
  });

  it('takes a valid new billing address, and checks it field by field', () => {
    const alternate = { alternate_billing_address: true, billing_address: billingAddress };
    expect(parse(withPart('payment', alternate)).payment.billing_address).toEqual(billingAddress);
    expect(
      orderErrors(
        withPart('payment', {
          alternate_billing_address: true,
          billing_address: { ...billingAddress, zip_code: '8460' },
        }),
      ),
    ).toEqual({ 'payment.billing_address.zip_code': FIELD_MESSAGES.zip });
  });

  it('needs no billing address when the bill goes to the service address', () => {
    expect(orderErrors(withPart('payment', { billing_address: undefined }))).toEqual({});
    expect(parse(withPart('payment', { billing_address: undefined })).payment.billing_address).toBe(
      null,
    );
  });
});

describe('the agreement (signup.md §4: ticking "I agree" records the current time)', () => {
  it('holds an ISO timestamp with its time zone', () => {
    expect(orderErrors({ ...order, agreement: { time: new Date().toISOString() } })).toEqual({});
    expect(orderErrors({ ...order, agreement: { time: '2026-05-04T10:30:00-06:00' } })).toEqual({});
  });

  it.each([['yesterday'], ['2026-05-04'], [1746370200000], [undefined]])(
    'refuses %j as the time',
    (time) => {
      expect(orderErrors({ ...order, agreement: { time } })).toEqual({
        'agreement.time': 'Must be a timestamp',
      });
    },
  );
});

describe('the metadata: the pre-signup link the wizard was opened with', () => {
  const hashErrors = (signup_hash: unknown) => orderErrors({ ...order, metadata: { signup_hash } });

  it('is none when left out', () => {
    expect(parse(withoutKey(order, 'metadata')).metadata).toEqual({ signup_hash: null });
    expect(parse({ ...order, metadata: {} }).metadata).toEqual({ signup_hash: null });
  });

  it('is 8 to 128 letters, digits, "-" or "_"', () => {
    expect(hashErrors('demo-utopia-1gbps')).toEqual({});
    expect(hashErrors('a'.repeat(8))).toEqual({});
    expect(hashErrors('A_z-9'.repeat(25) + 'abc')).toEqual({});
    for (const hash of [
      'a'.repeat(7),
      'a'.repeat(129),
      `${'a'.repeat(8)}!`,
      `/${'a'.repeat(8)}`,
      'abc def ghi',
    ])
      expect(hashErrors(hash)).toEqual({ 'metadata.signup_hash': 'Not a signup link' });
  });
});

describe('the attribution (signup.md §3: an option, "Other: text", or skipped)', () => {
  it('is null when skipped', () => {
    expect(parse(withoutKey(order, 'attribution')).attribution).toBeNull();
    expect(parse({ ...order, attribution: null }).attribution).toBeNull();
  });

  it('keeps the text without the spaces around it, up to the attribution limit', () => {
    expect(parse({ ...order, attribution: ' Other: a flyer ' }).attribution).toBe('Other: a flyer');
    const longest = 'x'.repeat(ATTRIBUTION_MAX_LENGTH);
    expect(parse({ ...order, attribution: ` ${longest} ` }).attribution).toBe(longest);
    expect(Object.keys(orderErrors({ ...order, attribution: `${longest}x` }))).toEqual([
      'attribution',
    ]);
  });
});

describe('the username check (GET /self_signup/usernames?uid=&name=)', () => {
  it('refuses an invalid uid with the first broken rule', () => {
    expect(errors(UsernameCheckQuerySchema, { uid: 'Jane' })).toEqual({
      uid: USERNAME_MESSAGES.firstCharacter,
    });
    expect(errors(UsernameCheckQuerySchema, { uid: 'ja' })).toEqual({
      uid: USERNAME_MESSAGES.tooShort,
    });
  });

  it('takes the visitor’s name as optional, without the spaces around it', () => {
    expect(v.parse(UsernameCheckQuerySchema, { uid: 'jane' })).toEqual({ uid: 'jane', name: '' });
    expect(v.parse(UsernameCheckQuerySchema, { uid: 'jane', name: '  Jane Doe ' })).toEqual({
      uid: 'jane',
      name: 'Jane Doe',
    });
  });
});

describe('a pre-signup link (GET /self_signup/pre_signup/{signupHash})', () => {
  const preSignup = {
    signup_hash: 'demo-utopia-1gbps',
    address: {
      address_id: 42,
      service_class_id: 17,
      line1: '245 E Center St',
      line2: '',
      city: 'Orem',
      state: 'UT',
      zip_code: '84057',
      formatted_address: '245 E Center St, Orem, UT 84057',
    },
    customer: { fname: 'Jane', lname: 'Doe', email: 'jane@example.com', phone: '(801) 555-0123' },
    services: { speed_id: 'speed_1000_sym', router: true, mesh_quantity: 1, voice: false },
  };

  it('prefills the address, the customer and the services', () => {
    expect(v.parse(PreSignupSchema, preSignup)).toEqual(preSignup);
  });

  it.each([
    ['address', 'formatted_address'],
    ['address', 'address_id'],
    ['customer', 'phone'],
    ['services', 'voice'],
    ['services', 'router'],
  ] as const)('is refused without %s.%s', (part, field) => {
    const broken = { ...preSignup, [part]: withoutKey(preSignup[part], field as never) };
    expect(Object.keys(errors(PreSignupSchema, broken))).toEqual([`${part}.${field}`]);
  });

  it('is refused with a malformed hash', () => {
    expect(errors(PreSignupSchema, { ...preSignup, signup_hash: 'short' })).toEqual({
      signup_hash: 'Not a signup link',
    });
  });
});
