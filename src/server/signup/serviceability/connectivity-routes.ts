/**
 * Serviceability of an address (signup.md §7 `/connectivity_clots/*`): the serviceable addresses
 * matching a typed address, the details and offering of one, installation slots, the renter note
 * and the contact list of unavailable addresses. docs/api.md "Serviceability".
 */
import type { Hono } from 'hono';
import { SERVICEABILITY_MESSAGES } from '#shared/signup/messages';
import {
  AvailabilityContactRequestSchema,
  InstallationSlotsQuerySchema,
  RenterRequestSchema,
  SERVICEABILITY_PATHS,
  ServiceabilityQuerySchema,
  ServiceableAddressesQuerySchema,
  type AvailabilityContactResponse,
  type RenterResponse,
  type ServiceableAddressesResponse,
} from '#shared/signup/serviceability';
import { clientAddress } from '../../session/client-address.ts';
import { requireCaptcha } from '../captcha/index.ts';
import { clockToday } from '../../clock.ts';
import type { AppEnv } from '../../context.ts';
import { availabilityContacts, renterContacts } from '../../db/schema.ts';
import { ApiError, notFound, validationFailed } from '../../http/errors.ts';
import { readJson, readQuery } from '../../http/validate.ts';
import { findServiceable, searchServiceable, serviceabilityDetails } from './addresses.ts';
import { availableSlots } from './installation.ts';
import { buildOffering } from './offering.ts';

export function registerConnectivityRoutes(api: Hono<AppEnv>) {
  api.get(SERVICEABILITY_PATHS.serviceableAddresses, async (c) => {
    const query = readQuery(c, ServiceableAddressesQuerySchema);
    const body: ServiceableAddressesResponse = {
      addresses: await searchServiceable(c.var.deps.database.db, query),
    };
    return c.json(body);
  });

  api.get(SERVICEABILITY_PATHS.details, async (c) => {
    const { address_id, service_class_id } = readQuery(c, ServiceabilityQuerySchema);
    const record = await findServiceable(c.var.deps.database.db, address_id, service_class_id);
    if (!record) throw notFound(SERVICEABILITY_MESSAGES.serviceabilityNotFound);
    return c.json(serviceabilityDetails(record));
  });

  api.get(SERVICEABILITY_PATHS.offering, async (c) => {
    const { address_id, service_class_id } = readQuery(c, ServiceabilityQuerySchema);
    const { database, config, clock } = c.var.deps;
    const record = await findServiceable(database.db, address_id, service_class_id);
    if (!record) throw notFound(SERVICEABILITY_MESSAGES.serviceabilityNotFound);
    return c.json(
      await buildOffering(database.db, record, {
        productName: config.productName,
        today: clockToday(clock),
      }),
    );
  });

  api.get(SERVICEABILITY_PATHS.installation, async (c) => {
    const query = readQuery(c, InstallationSlotsQuerySchema);
    const db = c.var.deps.database.db;
    const record = await findServiceable(db, query.address_id);
    if (!record) throw notFound(SERVICEABILITY_MESSAGES.serviceabilityNotFound);
    if (record.serviceClass.provider !== query.provider_id) {
      throw validationFailed({ provider_id: SERVICEABILITY_MESSAGES.providerMismatch });
    }
    return c.json(
      await availableSlots(
        db,
        query.provider_id,
        query.install_type,
        query.start_date,
        c.var.deps.clock.now(),
      ),
    );
  });

  api.post(SERVICEABILITY_PATHS.renter, async (c) => {
    const input = await readJson(c, RenterRequestSchema);
    const db = c.var.deps.database.db;
    const record = await findServiceable(db, input.address_id);
    if (!record) throw notFound(SERVICEABILITY_MESSAGES.serviceabilityNotFound);
    if (record.serviceClass.provider !== input.provider_id) {
      throw validationFailed({ provider_id: SERVICEABILITY_MESSAGES.providerMismatch });
    }
    if (!record.serviceClass.rentersAllowed) {
      throw new ApiError(
        409,
        SERVICEABILITY_MESSAGES.rentersNotAllowedTitle,
        SERVICEABILITY_MESSAGES.rentersNotAllowed,
      );
    }
    const [row] = await db
      .insert(renterContacts)
      .values({
        addressId: input.address_id,
        provider: input.provider_id,
        name: input.name,
        email: input.email,
        phone: input.phone,
      })
      .returning({ id: renterContacts.id });
    const body: RenterResponse = { renter_id: row.id };
    return c.json(body, 201);
  });

  api.post(SERVICEABILITY_PATHS.availability, async (c) => {
    const input = await readJson(c, AvailabilityContactRequestSchema);
    const remoteIp = clientAddress(c);
    await requireCaptcha(
      c.var.deps,
      input.recaptcha_token,
      remoteIp === 'unknown' ? undefined : remoteIp,
    );
    const [row] = await c.var.deps.database.db
      .insert(availabilityContacts)
      .values({ name: input.name, address: input.address, email: input.email, phone: input.phone })
      .returning({ id: availabilityContacts.id });
    const body: AvailabilityContactResponse = {
      contact_id: row.id,
      msg: SERVICEABILITY_MESSAGES.availabilityContactAdded,
    };
    return c.json(body, 201);
  });
}
