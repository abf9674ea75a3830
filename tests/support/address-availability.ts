/**
 * The availability flags of an address (signup.md §8): an orderable one, for the tests of
 * addressAvailabilityCase to change one flag at a time.
 */
import type { addressAvailabilityCase } from '../../src/shared/signup/serviceability.ts';

/** An address that can be ordered: enabled, residential, not in service, not an early signup. */
export const ORDERABLE_ADDRESS = {
  disabled: false,
  is_business: false,
  in_service: false,
  orderable: true,
  early_signup: false,
} satisfies Parameters<typeof addressAvailabilityCase>[0];
