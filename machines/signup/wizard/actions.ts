/**
 * The wizard's actions: it remembers a summary of each section from its snapshots, resets every
 * section after a new address, opens and applies a pre-signup link, and hands the order over.
 */
import { assertEvent, assign, enqueueActions, sendTo, stopChild } from 'xstate';
import { selectFormValid } from '../../forms/form.selectors.ts';
import { accountSummary } from '../account.summary.ts';
import { selectActivationValid, type ActivationSnapshot } from '../activation.selectors.ts';
import { selectAddressOutcome } from '../address.selectors.ts';
import { selectAttributionValue } from '../attribution.selectors.ts';
import {
  selectDropDetails,
  selectInstallDetails,
  selectInstallationValid,
  type InstallationSnapshot,
} from '../installation.selectors.ts';
import { signupOrderParts } from '../order-parts.ts';
import { paymentSummary } from '../payment.summary.ts';
import {
  selectCustomerDetails,
  selectResidentialValid,
  type ResidentialDetailsSnapshot,
} from '../residential-details.selectors.ts';
import { bundlesRouter, speedOption } from '../services.machine.ts';
import { selectServicesSummary } from '../services.selectors.ts';
import {
  EMPTY_CONNECTIVITY,
  EMPTY_SECTIONS_AFTER_ADDRESS,
  orderSourcesOf,
  serviceable,
} from './context.ts';
import { wizardGuards } from './guards.ts';
import { VOICE_COMPONENT } from './types.ts';

/** The wizard's setup with its types, actors, guards and actions: the regions are made with it. */
export const signupSetup = wizardGuards.extend({
  actions: {
    'remember the address': assign({
      address: ({ event }) => {
        assertEvent(event, 'xstate.snapshot.address');
        return selectAddressOutcome(event.snapshot);
      },
    }),
    'reset every section after the address': assign(EMPTY_SECTIONS_AFTER_ADDRESS),
    'remember customer details': assign({
      customer: ({ event }) => {
        assertEvent(event, 'xstate.snapshot.customer');
        const { snapshot } = event;
        return { valid: selectFormValid(snapshot), values: snapshot.context.values };
      },
    }),
    'remember services': assign({
      services: ({ event }) => {
        assertEvent(event, 'xstate.snapshot.services');
        return selectServicesSummary(event.snapshot);
      },
    }),
    'remember residential details': assign({
      connectivity: ({ event }) => {
        assertEvent(event, 'xstate.snapshot.connectivity');
        const snapshot = event.snapshot as ResidentialDetailsSnapshot;
        return {
          ...EMPTY_CONNECTIVITY,
          valid: selectResidentialValid(snapshot),
          customer_details: selectCustomerDetails(snapshot),
        };
      },
    }),
    'remember installation': assign({
      connectivity: ({ event }) => {
        assertEvent(event, 'xstate.snapshot.connectivity');
        const snapshot = event.snapshot as InstallationSnapshot;
        return {
          ...EMPTY_CONNECTIVITY,
          valid: selectInstallationValid(snapshot),
          drop_details: selectDropDetails(snapshot),
          install_details: selectInstallDetails(snapshot),
        };
      },
    }),
    'remember activation date': assign({
      connectivity: ({ event }) => {
        assertEvent(event, 'xstate.snapshot.connectivity');
        const snapshot = event.snapshot as ActivationSnapshot;
        return {
          ...EMPTY_CONNECTIVITY,
          valid: selectActivationValid(snapshot),
          desired_activation_date: snapshot.context.date,
        };
      },
    }),
    'remember attribution': assign({
      attribution: ({ event }) => {
        assertEvent(event, 'xstate.snapshot.attribution');
        const { snapshot } = event;
        return { value: selectAttributionValue(snapshot), skipped: snapshot.matches('skipped') };
      },
    }),
    'remember the sections are ready': assign({ sectionsReady: true }),
    'remember the account': assign({
      account: ({ event }) => {
        assertEvent(event, 'xstate.snapshot.account');
        return accountSummary(event.snapshot.context);
      },
    }),
    'remember the payment': assign({
      payment: ({ event }) => {
        assertEvent(event, 'xstate.snapshot.payment');
        return paymentSummary(event.snapshot.context);
      },
    }),
    'tell the account about the customer details': enqueueActions(({ event, enqueue }) => {
      assertEvent(event, 'xstate.snapshot.customer');
      const { snapshot } = event;
      // Only checked values: the account holder follows once typing has paused.
      if (snapshot.context.pending.length > 0) return;
      enqueue.sendTo('account', {
        type: 'customer.details.changed',
        values: snapshot.context.values,
      });
    }),
    'hand the order to the checkout': sendTo('checkout', ({ context }) => ({
      type: 'order.ready' as const,
      order: signupOrderParts(orderSourcesOf(context))!,
    })),
    'open the signup link': enqueueActions(({ context, enqueue }) => {
      // A link is opened once: coming back here after it answered opens nothing.
      const { signupHash } = context.params;
      if (signupHash === null || context.link.status !== 'none') return;
      enqueue.spawnChild('signupLink', { id: 'signupLink', input: { signupHash } });
    }),
    'stop opening the signup link': stopChild('signupLink'),
    'remember the signup link': assign({
      link: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.signupLink');
        return event.output;
      },
    }),
    'check the address of the signup link': enqueueActions(({ event, enqueue }) => {
      assertEvent(event, 'xstate.done.actor.signupLink');
      const address = event.output.prefill?.address;
      if (!address) return;
      enqueue.sendTo('address', {
        type: 'address.prefilled' as const,
        addressId: address.address_id,
        serviceClassId: address.service_class_id,
        formatted: address.formatted_address,
      });
    }),
    'apply the signup link once ordering starts': enqueueActions(({ context, enqueue }) => {
      if (context.link.prefill) enqueue.raise({ type: 'signup.link.loaded' });
    }),
    'fill in from the signup link': enqueueActions(({ context, enqueue }) => {
      const prefill = context.link.prefill;
      const found = serviceable(context);
      enqueue.assign({ link: { ...context.link, prefill: null } });
      if (!prefill || found?.details.address_id !== prefill.address.address_id) return;
      enqueue.sendTo('customer', { type: 'form.filled', values: { ...prefill.customer } });
      const { speed_id: speedId, router, mesh_quantity: mesh, voice } = prefill.services;
      if (speedId) {
        enqueue.sendTo('services', { type: 'speed.chosen', speedId });
        if (bundlesRouter(speedOption(found.offering, speedId))) {
          enqueue.sendTo('services', {
            type: router ? 'router.bundle.accepted' : 'router.bundle.declined',
          });
        } else {
          enqueue.sendTo('services', { type: 'router.chosen', wanted: router });
        }
        if (router) enqueue.sendTo('services', { type: 'mesh.chosen', quantity: mesh });
      }
      if (voice) enqueue.raise({ type: 'voice.toggled', checked: true });
    }),
    'remember voice contact': assign({
      voice: ({ event }) => event.type === 'voice.toggled' && event.checked,
    }),
    'pre-check voice when the link asks for it': enqueueActions(({ context, enqueue }) => {
      if (context.params.components.includes(VOICE_COMPONENT)) {
        enqueue.raise({ type: 'voice.toggled', checked: true });
      }
    }),
  },
});
