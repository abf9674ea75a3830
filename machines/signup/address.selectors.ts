import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { formMachine } from '../forms/form.machine.ts';
import type { AddressAvailabilityCase } from '#shared/messages';
import type {
  AddressSuggestion,
  ServiceabilityDetails,
  ServiceableAddressMatch,
  ServiceOffering,
} from '#shared/signup/serviceability';
import type { addressMachine } from './address.machine.ts';

export type AddressSnapshot = SnapshotFrom<typeof addressMachine>;

/** The states of the address machine's `check` region that the status names. */
type AddressCheckState =
  'no address' | 'no match' | 'choosing a match' | 'serviceable' | 'unavailable' | 'failed';

/** What the wizard needs of the address: set only once fiber can be ordered there. */
export type AddressOutcome =
  | { serviceable: false }
  | {
      serviceable: true;
      /** Identifies the address: a new key means a new address. */
      key: string;
      details: ServiceabilityDetails;
      offering: ServiceOffering;
    };

export function selectAddressOutcome(snapshot: AddressSnapshot): AddressOutcome {
  const { details, offering } = snapshot.context;
  if (!snapshot.matches({ check: 'serviceable' }) || !details || !offering) {
    return { serviceable: false };
  }
  return {
    serviceable: true,
    key: `${details.service_class_id}:${details.address_id}`,
    details,
    offering,
  };
}

export type AddressStatus =
  'none' | 'checking' | 'no match' | 'choosing a match' | 'serviceable' | 'unavailable' | 'failed';

export interface AddressView {
  search: string;
  suggestions: AddressSuggestion[];
  activeIndex: number;
  /** The dropdown is open and has suggestions to show. */
  dropdownOpen: boolean;
  /** A suggestion request is waiting or in flight. */
  suggesting: boolean;
  status: AddressStatus;
  contactModalOpen: boolean;
  matches: ServiceableAddressMatch[];
  unavailable: AddressAvailabilityCase | null;
  error: string | null;
  /** The address being checked or checked, as one line. */
  formatted: string | null;
}

export function selectAddressStatus(snapshot: AddressSnapshot): AddressStatus {
  const check = (state: AddressCheckState) => snapshot.matches({ check: state });
  if (check('no address')) return 'none';
  if (check('no match')) return 'no match';
  if (check('choosing a match')) return 'choosing a match';
  if (check('serviceable')) return 'serviceable';
  if (check('unavailable')) return 'unavailable';
  if (check('failed')) return 'failed';
  return 'checking';
}

export function selectAddressView(snapshot: AddressSnapshot): AddressView {
  const c = snapshot.context;
  const dropdownShown =
    snapshot.matches({ dropdown: 'open' }) || snapshot.matches({ dropdown: 'closing' });
  return {
    search: c.search,
    suggestions: c.suggestions,
    activeIndex: c.activeIndex,
    dropdownOpen: dropdownShown && c.suggestions.length > 0,
    suggesting: !snapshot.matches({ suggestions: 'idle' }),
    status: selectAddressStatus(snapshot),
    contactModalOpen: snapshot.matches({ check: { 'no match': 'modal open' } }),
    matches: [...c.matches].sort(
      (a, b) => Number(b.matches_search_address) - Number(a.matches_search_address),
    ),
    unavailable: c.unavailable,
    error: c.error,
    formatted: c.details?.formatted_address ?? c.address?.formatted ?? c.chosen?.formatted ?? null,
  };
}

/** The address is known to be an early signup (service not built yet). */
export function selectEarlySignup(snapshot: AddressSnapshot): boolean {
  return snapshot.context.details?.early_signup ?? false;
}

/** The availability contact form (the address cannot be served yet), while it runs. */
export function selectContactForm(
  snapshot: AddressSnapshot,
): ActorRefFrom<typeof formMachine> | undefined {
  return snapshot.children.contact as ActorRefFrom<typeof formMachine> | undefined;
}
