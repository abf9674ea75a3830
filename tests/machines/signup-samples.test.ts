/**
 * The signup machines' sample offerings stand for the demo addresses the browser walks: what they
 * say a provider offers must be what the seeded catalogue offers at that address, or the
 * generated paths predict sections the real page never shows.
 */
import { describe, expect, it } from 'vitest';
import { SAMPLE_OFFERINGS } from '../../machines/signup/samples.ts';
import { CATALOGUE } from '../../src/server/serviceability/catalogue-data.ts';

describe('signup sample offerings', () => {
  for (const [place, offering] of Object.entries(SAMPLE_OFFERINGS)) {
    it(`${place}: voice is offered as the catalogue offers it`, () => {
      const catalogue = CATALOGUE.find((c) => c.provider === offering.provider.name);
      expect(catalogue, `no catalogue for ${offering.provider.name}`).toBeDefined();
      expect(offering.voice.available).toBe(catalogue?.voice.available);
    });
  }
});
