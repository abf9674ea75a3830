/**
 * Installation fees show as waived for Southern Ute and for self-identifying tribal members
 * (signup.md §9), in the cart and on the speed cards: the standard installation fee sold with a
 * speed is an `installation` line of the catalogue, so the shared cart's waiver applies to it.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offeringCart, NO_CART_CHOICES } from '../../src/shared/cart/index.ts';
import { CART_MESSAGES } from '../../src/shared/signup/messages.ts';
import { serviceDate } from '../../src/shared/signup/dates.ts';
import { DEMO_ADDRESSES, type DemoAddressKey } from '../../src/shared/signup/demo-addresses.ts';
import {
  SERVICEABILITY_PATHS as PATHS,
  ServiceOfferingSchema,
  type ServiceOffering,
} from '../../src/shared/signup/serviceability.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function offering(key: DemoAddressKey): Promise<ServiceOffering> {
  const demo = DEMO_ADDRESSES[key];
  const response = await t
    .client()
    .get(`${PATHS.offering}?address_id=${demo.id}&service_class_id=${demo.service_class_id ?? 0}`);
  expect(response.status).toBe(200);
  return v.parse(ServiceOfferingSchema, await response.json());
}

function cartFor(body: ServiceOffering, tribal: boolean) {
  return offeringCart(
    body,
    { ...NO_CART_CHOICES, speed_id: 'speed_1000_sym', tribal_member: tribal },
    { today: serviceDate(t.clock.now()) },
  );
}

describe('installation fee waivers', () => {
  it('the standard installation sold with a speed is an installation fee', async () => {
    for (const key of [
      'utopiaOrderable',
      'yellowstoneOrderable',
      'southernUteOrderable',
    ] as const) {
      const speed = (await offering(key)).speed_options.find(
        (s) => s.speed_id === 'speed_1000_sym',
      );
      const fee = speed?.billing.fees.find((f) => f.description === 'Standard installation');
      expect(fee, key).toMatchObject({ item_type: 'installation', rate_type: 'fee' });
    }
  });

  it('waives it for everyone at a Southern Ute address', async () => {
    const cart = cartFor(await offering('southernUteOrderable'), false);
    const fee = cart.lines.find((l) => l.item.description === 'Standard installation');
    const waiver = cart.lines.find(
      (l) => l.item.description === CART_MESSAGES.installationFeeWaived,
    );
    expect(fee?.amount).toBe(100);
    expect(waiver).toMatchObject({ amount: -100, item: { related_item: fee?.item.name } });
    expect(cart.lines.indexOf(waiver!)).toBe(cart.lines.indexOf(fee!) + 1);
  });

  it('waives it for a tribal member where the offering says so, not for anyone else', async () => {
    const body = await offering('yellowstoneOrderable');
    expect(body.installation_fee_waived_for_tribal_members).toBe(true);
    const dueLater = (tribal: boolean) => cartFor(body, tribal).totals.due_later.total;
    expect(dueLater(false) - dueLater(true)).toBe(125);
    // UTOPIA Fiber waives nothing, tribal member or not.
    const utopia = await offering('utopiaOrderable');
    expect(cartFor(utopia, true).totals.due_later).toEqual(cartFor(utopia, false).totals.due_later);
  });
});
