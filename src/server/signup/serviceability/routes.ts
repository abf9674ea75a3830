/**
 * The address look-up of the signup (signup.md §7): suggestions while typing, the details of a
 * chosen suggestion, and validation of a typed address. docs/api.md "Serviceability".
 */
import type { Hono } from 'hono';
import { SERVICEABILITY_MESSAGES } from '#shared/signup/messages';
import { formatAddress } from '#shared/signup/address';
import {
  AddressDetailsRequestSchema,
  AddressSuggestionsRequestSchema,
  AddressValidateRequestSchema,
  SERVICEABILITY_PATHS,
  type AddressSuggestionsResponse,
  type AddressValidateResponse,
} from '#shared/signup/serviceability';
import type { AppEnv } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { readJson } from '../../http/validate.ts';
import { addressDetails, findAddress, findPostalAddress, suggestAddresses } from './addresses.ts';

export function registerSelfSignupAddressRoutes(api: Hono<AppEnv>) {
  api.post(SERVICEABILITY_PATHS.suggestions, async (c) => {
    const { search } = await readJson(c, AddressSuggestionsRequestSchema);
    const suggestions: AddressSuggestionsResponse = await suggestAddresses(
      c.var.deps.database.db,
      search,
    );
    return c.json(suggestions);
  });

  api.post(SERVICEABILITY_PATHS.addressDetails, async (c) => {
    const { addr_id } = await readJson(c, AddressDetailsRequestSchema);
    const row = await findAddress(c.var.deps.database.db, addr_id);
    if (!row) throw notFound(SERVICEABILITY_MESSAGES.addressNotFound);
    return c.json(addressDetails(row));
  });

  api.post(SERVICEABILITY_PATHS.addressValidate, async (c) => {
    const address = await readJson(c, AddressValidateRequestSchema);
    const known = await findPostalAddress(c.var.deps.database.db, address);
    const body: AddressValidateResponse = {
      valid: true,
      known: Boolean(known),
      addr_id: known?.id ?? null,
      formatted: known?.formatted ?? formatAddress(address),
    };
    return c.json(body);
  });
}
