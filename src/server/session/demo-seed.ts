/**
 * Demo logins, with demo data only (config.ts `decideDemo`: never in production, outside it on
 * loopback or with DEMO=1; the seed skips demo steps otherwise). Every one uses
 * the password DEMO_PASSWORD (default `ridgeline-demo`). Running the step again updates the logins
 * instead of duplicating them.
 */
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { users } from '../db/schema.ts';
import type { SeedStep } from '../db/seed-step.ts';
import {
  ALL_PERMISSIONS,
  createCustomerAccount,
  permissionColumns,
  type NewCustomerAccount,
  type PermissionGrant,
} from './accounts.ts';
import { hashPassword } from './passwords.ts';

interface DemoLogin {
  username: string;
  summary: string;
  account: Omit<NewCustomerAccount, 'user'> & {
    permissions: PermissionGrant;
    siteAdmin?: boolean;
    primaryAdmin?: boolean;
  };
}

export function demoLogins(): DemoLogin[] {
  return [
    {
      username: 'admin',
      summary: 'site admin: finds customers and acts as them',
      account: {
        kind: 'internal',
        contact: {
          firstName: 'Site',
          lastName: 'Administrator',
          phone: '(801) 555-0100',
          email: 'admin@ridgeline.example',
        },
        permissions: { account: 'manage' },
        siteAdmin: true,
        primaryAdmin: false,
      },
    },
    {
      username: 'demo',
      summary: 'every permission (a residential customer with billing)',
      account: {
        contact: {
          firstName: 'Dana',
          middleInitial: 'R',
          lastName: 'Demo',
          dob: '1985-04-12',
          phone: '(801) 555-0142',
          email: 'demo@ridgeline.example',
        },
        serviceAddress: {
          line1: '1200 Fiber Way',
          line2: 'Apt 4',
          city: 'Orem',
          state: 'UT',
          zipCode: '84057',
        },
        permissions: ALL_PERMISSIONS,
        primaryAdmin: true,
      },
    },
    {
      username: 'viewer',
      summary: 'view-only: sees everything, changes nothing',
      account: {
        contact: {
          firstName: 'Victor',
          lastName: 'Viewer',
          dob: '1979-09-30',
          phone: '(801) 555-0177',
          email: 'viewer@ridgeline.example',
        },
        serviceAddress: { line1: '45 Canyon Road', city: 'Lehi', state: 'UT', zipCode: '84043' },
        billing: { automatic: true },
        permissions: {
          account: 'view',
          contacts: 'view',
          invoices: 'view',
          payments: 'view',
          services: 'view',
        },
        primaryAdmin: false,
      },
    },
    {
      username: 'nobilling',
      summary: 'no payments view: billing and payment methods are turned away',
      account: {
        contact: {
          firstName: 'Nora',
          lastName: 'Nobill',
          dob: '1992-01-20',
          phone: '(801) 555-0188',
          email: 'nobilling@ridgeline.example',
        },
        serviceAddress: {
          line1: '890 Main Street',
          city: 'Bountiful',
          state: 'UT',
          zipCode: '84010',
        },
        permissions: {
          account: 'manage',
          contacts: 'manage',
          services: 'manage',
          invoices: 'view',
        },
        primaryAdmin: false,
      },
    },
  ];
}

export const demoLoginsStep: SeedStep = {
  name: 'demo-logins',
  version: 1,
  demoOnly: true,
  async run({ db, config }) {
    // One hash for all four keeps the seed quick; they are demo logins with one shared password.
    const passwordHash = await hashPassword(config.demoPassword);
    await db.transaction(async (tx) => {
      for (const login of demoLogins()) {
        const { permissions, siteAdmin, primaryAdmin, ...account } = login.account;
        const [existing] = await tx
          .select({ uid: users.uid })
          .from(users)
          .where(eq(users.username, login.username));
        if (existing) {
          await tx
            .update(users)
            .set({
              passwordHash,
              siteAdmin: siteAdmin ?? false,
              primaryAdmin: primaryAdmin ?? true,
              ...permissionColumns(permissions),
            })
            .where(eq(users.uid, existing.uid));
          continue;
        }
        await createCustomerAccount(tx, {
          ...account,
          user: { username: login.username, passwordHash, permissions, siteAdmin, primaryAdmin },
        });
      }
    });
  },
};

export const AUTH_SEED_STEPS: SeedStep[] = [demoLoginsStep];

/** What `npm start` prints when it serves demo data. */
export function demoLoginLines(
  config: Pick<Config, 'demoPassword'>,
  /** Logins other seed steps add (the billing's past-due customers). */
  more: readonly { username: string; summary: string }[] = [],
): string[] {
  const logins = [...demoLogins(), ...more];
  const width = Math.max(...logins.map((l) => l.username.length));
  return [
    `Demo logins (password "${config.demoPassword}", from DEMO_PASSWORD):`,
    ...logins.map((l) => `  ${l.username.padEnd(width)}  ${l.summary}`),
  ];
}
