/**
 * Pre-signup links (GET /self_signup/pre_signup/{signupHash}): a sales tool calls
 * {@link createPreSignup} to prepare a signup for someone; the link
 * `/control/signup/?signupHash=<hash>` opens the wizard prefilled with the address, the customer
 * and the chosen services. The demo seed step makes a few fixed links (docs/api.md "Demo
 * pre-signup links").
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DEMO_ADDRESSES } from '#shared/signup/demo-addresses';
import type { PreSignup } from '#shared/signup/order';
import type { Executor } from '../../db/client.ts';
import { addresses, preSignups } from '../../db/schema.ts';
import type { SeedStep } from '../../db/seed-step.ts';
import { postalLines } from '../serviceability/addresses.ts';

export interface NewPreSignup {
  addressId: number;
  customer: PreSignup['customer'];
  services: PreSignup['services'];
  createdBy: string;
  /** Fixed hash (the demo links); otherwise a random one is made. */
  hash?: string;
  expiresAt?: Date | null;
  reusable?: boolean;
}

/** A new random link secret: 24 URL-safe characters (144 bits). */
export function newSignupHash(): string {
  return randomBytes(18).toString('base64url');
}

/** Stores a pre-signup and returns its hash. An existing hash is overwritten. */
export async function createPreSignup(db: Executor, input: NewPreSignup): Promise<string> {
  const hash = input.hash ?? newSignupHash();
  const values = {
    hash,
    addressId: input.addressId,
    customer: input.customer,
    services: input.services,
    createdBy: input.createdBy,
    expiresAt: input.expiresAt ?? null,
    reusable: input.reusable ?? false,
    orderId: null,
  };
  await db
    .insert(preSignups)
    .values(values)
    .onConflictDoUpdate({ target: preSignups.hash, set: values });
  return hash;
}

/** The prefill of a link, or null when it is unknown, expired or already used. */
export async function findPreSignup(
  db: Executor,
  hash: string,
  now: Date,
): Promise<PreSignup | null> {
  const [row] = await db
    .select({ pre: preSignups, address: addresses })
    .from(preSignups)
    .innerJoin(addresses, eq(addresses.id, preSignups.addressId))
    .where(eq(preSignups.hash, hash));
  if (!row) return null;
  const { pre, address } = row;
  if (pre.expiresAt && pre.expiresAt <= now) return null;
  if (pre.orderId !== null && !pre.reusable) return null;
  if (address.serviceClassId === null) return null;
  return {
    signup_hash: pre.hash,
    address: {
      address_id: address.id,
      service_class_id: address.serviceClassId,
      ...postalLines(address),
      formatted_address: address.formatted,
    },
    customer: pre.customer as PreSignup['customer'],
    services: pre.services as PreSignup['services'],
  };
}

/** Records the order placed with a link (inside the order's transaction). */
export async function markPreSignupUsed(db: Executor, hash: string, orderId: number) {
  await db.update(preSignups).set({ orderId }).where(eq(preSignups.hash, hash));
}

/** The demo links the seed makes outside production (docs/api.md "Demo pre-signup links"). */
export const DEMO_PRE_SIGNUPS = [
  {
    hash: 'demo-utopia-1gbps',
    address: DEMO_ADDRESSES.utopiaOrderable,
    customer: { fname: 'Pat', lname: 'Example', email: 'pat@example.com', phone: '(801) 555-0142' },
    services: { speed_id: 'speed_1000_sym', router: true, mesh_quantity: 1, voice: false },
  },
  {
    hash: 'demo-lehi-install',
    address: DEMO_ADDRESSES.lehiOntInstall,
    customer: { fname: 'Lee', lname: 'Sample', email: 'lee@example.com', phone: '(801) 555-0143' },
    services: { speed_id: 'speed_1000_sym', router: false, mesh_quantity: 0, voice: true },
  },
  {
    hash: 'demo-southern-ute',
    address: DEMO_ADDRESSES.southernUteOrderable,
    customer: { fname: 'Sam', lname: 'Tester', email: 'sam@example.com', phone: '(970) 555-0144' },
    services: { speed_id: 'speed_250_sym', router: true, mesh_quantity: 0, voice: false },
  },
] as const;

export const PRE_SIGNUP_SEED_STEPS: SeedStep[] = [
  {
    name: 'demo-pre-signups',
    version: 1,
    demoOnly: true,
    async run({ db }) {
      for (const demo of DEMO_PRE_SIGNUPS) {
        await createPreSignup(db, {
          hash: demo.hash,
          addressId: demo.address.id,
          customer: { ...demo.customer },
          services: { ...demo.services },
          createdBy: 'seed',
          reusable: true,
        });
      }
    },
  },
];
