/**
 * The signup machines' sample offerings stand for the demo addresses the browser walks: what they
 * say a provider offers must be what the seeded catalogue offers at that address, or the
 * generated paths predict sections the real page never shows.
 */
import { describe, expect, it } from 'vitest';
import { MACHINES } from '../../machines/registry.ts';
import type { ResidentialDetailsInput } from '../../machines/signup/residential-details.machine.ts';
import { residentialDetailsMachine } from '../../machines/signup/residential-details.machine.ts';
import { SAMPLE_OFFERINGS } from '../../machines/signup/samples.ts';
import { servicesMachine, type ServicesInput } from '../../machines/signup/services.machine.ts';
import type { ServiceOffering } from '../../src/shared/signup/serviceability.ts';
import { DEMO_ADDRESSES } from '../../src/shared/signup/demo-addresses.ts';
import {
  CATALOGUE,
  SERVICE_CLASSES,
} from '../../src/server/signup/serviceability/catalogue-data.ts';

describe('signup sample offerings', () => {
  for (const [place, offering] of Object.entries(SAMPLE_OFFERINGS)) {
    it(`${place}: voice is offered as the catalogue offers it`, () => {
      const catalogue = CATALOGUE.find((c) => c.provider === offering.provider.name);
      expect(catalogue, `no catalogue for ${offering.provider.name}`).toBeDefined();
      expect(offering.voice.available).toBe(catalogue?.voice.available);
    });
  }
});

describe('signup residential walks', () => {
  const walks = MACHINES.filter((entry) => entry.machine === residentialDetailsMachine);

  it('there are walks of the residential section', () => {
    expect(walks.length).toBeGreaterThan(0);
  });

  for (const entry of walks) {
    it(`${entry.name}: asks what a seeded provider asks, at one of its demo addresses`, () => {
      const { rules, addressId, providerId } = entry.input as ResidentialDetailsInput;
      const demo = Object.values(DEMO_ADDRESSES).find((address) => address.id === addressId);
      expect(demo?.provider, `demo address ${addressId}`).toBe(providerId);
      const serviceClass = SERVICE_CLASSES.find((c) => c.id === demo?.service_class_id);
      expect(rules).toEqual({
        owner_data_required: serviceClass?.ownerDataRequired,
        renters_allowed: serviceClass?.rentersAllowed,
        tribal_question_required: serviceClass?.tribalQuestionRequired,
        city_account_required: serviceClass?.cityAccountRequired,
      });
    });
  }
});

describe('signup services walks', () => {
  const walks = MACHINES.filter((entry) => entry.machine === servicesMachine);

  it('there are walks of the services section', () => {
    expect(walks.length).toBeGreaterThan(0);
  });

  // The browser walks each at its provider's demo address: the speeds it samples, the routers in
  // stock for them and the mesh extenders must be what the seeded catalogue offers there.
  for (const entry of walks) {
    it(`${entry.name}: offers speeds and stock of a seeded provider`, () => {
      const offering = (entry.input as ServicesInput).offering as ServiceOffering;
      const catalogue = CATALOGUE.find((c) => c.provider === offering.provider.name);
      expect(catalogue, `no catalogue for ${offering.provider.name}`).toBeDefined();
      const stock = (model: string | undefined) => catalogue?.stock[model ?? ''] ?? [0, 0];
      const seededSpeeds = catalogue?.speeds.map((s) => s.speedId) ?? [];
      for (const speed of offering.speed_options)
        expect(seededSpeeds, 'a speed the provider offers').toContain(speed.speed_id);
      expect(offering.router_options.map((r) => [r.speed_id, r.router_available])).toEqual(
        offering.speed_options.map((speed) => {
          const router = catalogue?.routers.find((r) => r.speedId === speed.speed_id);
          return [speed.speed_id, stock(router?.model)[0] > 0];
        }),
      );
      const [meshOnHand, meshPerOrder] = stock(catalogue?.mesh.model);
      expect(offering.mesh_option.quantity_available).toBe(meshOnHand > 0 ? meshPerOrder : 0);
    });
  }
});
