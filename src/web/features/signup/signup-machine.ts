/**
 * The production signup machine: the wizard with every side effect provided by the web app (the
 * serviceability calls, the contact-list and renter submits, the pre-signup link, and the second
 * half's account, payment and checkout). The machines stay pure; this is the one place that
 * connects them to HTTP.
 *
 * The second half's machines are not in the page's first load: they load (with their calls) in
 * their own chunk once an address can be ordered (`loadOrderSections`), and the wizard invokes
 * them only after that.
 */
import { fromPromise } from 'xstate';
import type {
  AddressDetailsResponse,
  AvailabilityContactRequest,
  ProviderRef,
  RenterRequest,
} from '#shared/signup/serviceability';
import { formMachine, type FormValues } from '#machines/forms/form.machine';
import { addressMachine } from '#machines/signup/address.machine';
import {
  installationMachine,
  type InstallationSlotsRequest,
} from '#machines/signup/installation.machine';
import { residentialDetailsMachine } from '#machines/signup/residential-details.machine';
import { lazyLogic } from '#machines/signup/lazy';
import { signupLinkMachine } from '#machines/signup/signup-link.machine';
import { signupMachine } from '#machines/signup/signup.machine';
import type { ApiClient } from '../../api/client.ts';
import type { AppActors } from '../../app/actors.ts';
import type { SignupApi } from './api.ts';
import type { OrderMachines } from './order/order-machines.ts';

type Ids = { service_class_id: number; address_id: number };

export function provideSignupMachine(
  api: SignupApi,
  app: { client: ApiClient; actors: AppActors },
) {
  let orderMachines: Promise<OrderMachines> | undefined;
  const loadOrderMachines = () => {
    orderMachines ??= import('./order/order-machines.ts').then((m) =>
      m.provideOrderMachines(app.client, app.actors),
    );
    orderMachines.catch(() => {
      orderMachines = undefined;
    });
    return orderMachines;
  };
  const order = {
    account: lazyLogic('account', async () => (await loadOrderMachines()).account),
    payment: lazyLogic('payment', async () => (await loadOrderMachines()).payment),
    checkout: lazyLogic('checkout', async () => (await loadOrderMachines()).checkout),
  };

  const availabilityContactForm = formMachine.provide({
    actors: {
      submit: fromPromise<unknown, { values: FormValues }>(({ input }) =>
        api.addToAvailabilityList(input.values as unknown as AvailabilityContactRequest),
      ),
    },
  });
  const ownerContactForm = formMachine.provide({
    actors: {
      submit: fromPromise<unknown, { values: FormValues }>(({ input }) => {
        const v = input.values;
        const request: RenterRequest = {
          address_id: v.address_id as number,
          provider_id: v.provider_id as ProviderRef['name'],
          name: String(v.owner_name),
          email: String(v.owner_email),
          phone: String(v.owner_phone),
        };
        return api.sendRenter(request);
      }),
    },
  });

  return signupMachine.provide({
    actors: {
      addressLookup: addressMachine.provide({
        actors: {
          suggestAddresses: fromPromise<
            Awaited<ReturnType<SignupApi['suggestAddresses']>>,
            { search: string }
          >(({ input, signal }) => api.suggestAddresses(input.search, signal)),
          getAddressDetails: fromPromise<AddressDetailsResponse, { addr_id: number }>(
            ({ input, signal }) => api.getAddressDetails(input.addr_id, signal),
          ),
          searchServiceableAddresses: fromPromise(
            ({
              input,
              signal,
            }: {
              input: AddressDetailsResponse['address'];
              signal: AbortSignal;
            }) => api.searchServiceableAddresses(input, signal),
          ),
          getServiceability: fromPromise(({ input, signal }: { input: Ids; signal: AbortSignal }) =>
            api.getServiceability(input.service_class_id, input.address_id, signal),
          ),
          getOffering: fromPromise(({ input, signal }: { input: Ids; signal: AbortSignal }) =>
            api.getOffering(input.service_class_id, input.address_id, signal),
          ),
          availabilityContactForm,
        },
      }),
      residentialDetails: residentialDetailsMachine.provide({ actors: { ownerContactForm } }),
      signupLink: signupLinkMachine.provide({
        actors: {
          getPreSignup: fromPromise(async ({ input, signal }) => {
            const { orderApi } = await import('./order/api.ts');
            return orderApi(app.client).getPreSignup(input.signupHash, signal);
          }),
        },
      }),
      loadOrderSections: fromPromise(async () => {
        await Promise.all(Object.values(order).map((logic) => logic.load()));
      }),
      account: order.account,
      payment: order.payment,
      checkout: order.checkout,
      installation: installationMachine.provide({
        actors: {
          getInstallationSlots: fromPromise(
            ({ input, signal }: { input: InstallationSlotsRequest; signal: AbortSignal }) =>
              api.getInstallationSlots(input, signal),
          ),
        },
      }),
    },
  });
}

export type ProvidedSignupMachine = ReturnType<typeof provideSignupMachine>;
