import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { formMachine } from '../forms/form.machine.ts';
import {
  customerDetailsErrors,
  type CustomerDetails,
  type FieldErrorMap,
} from '#shared/signup/connectivity-details';
import type { residentialDetailsMachine } from './residential-details.machine.ts';

export type ResidentialDetailsSnapshot = SnapshotFrom<typeof residentialDetailsMachine>;

/** customer_details of the connectivity order (signup.md §3 "Owner/tribal details"). */
export function selectCustomerDetails(snapshot: ResidentialDetailsSnapshot): CustomerDetails {
  const { isOwner, isTribal, ownerContact, city, rules } = snapshot.context;
  const renter = isOwner === false;
  return {
    is_owner: isOwner,
    is_tribal: rules.tribal_question_required ? isTribal : null,
    owner_name: renter ? ownerContact.owner_name : '',
    owner_phone: renter ? ownerContact.owner_phone : '',
    owner_email: renter ? ownerContact.owner_email : '',
    city_customer_id: rules.city_account_required ? city.city_customer_id : '',
    city_account_id: rules.city_account_required ? city.city_account_id : '',
  };
}

/** The shared rules' verdict, one message per field (empty when every rule holds). */
export function selectResidentialErrors(snapshot: ResidentialDetailsSnapshot): FieldErrorMap {
  return customerDetailsErrors(selectCustomerDetails(snapshot), snapshot.context.rules);
}

/** Every rule holds and, for a renter, the owner's contact was sent. */
export function selectResidentialValid(snapshot: ResidentialDetailsSnapshot): boolean {
  const errors = selectResidentialErrors(snapshot);
  if (Object.keys(errors).length > 0) return false;
  return snapshot.context.isOwner !== false || snapshot.context.ownerContact.sent;
}

export interface ResidentialView {
  isOwner: boolean | null;
  ownershipRequired: boolean;
  rentersAllowed: boolean;
  renterRefused: boolean;
  ownerContactSent: boolean;
  askTribal: boolean;
  isTribal: boolean | null;
  askCityAccount: boolean;
}

export function selectResidentialView(snapshot: ResidentialDetailsSnapshot): ResidentialView {
  const { rules, isOwner, isTribal, ownerContact } = snapshot.context;
  return {
    isOwner,
    ownershipRequired: rules.owner_data_required,
    rentersAllowed: rules.renters_allowed,
    renterRefused: snapshot.matches({ ownership: 'renter refused' }),
    ownerContactSent: ownerContact.sent,
    askTribal: rules.tribal_question_required,
    isTribal,
    askCityAccount: rules.city_account_required,
  };
}

/** The renter's owner-contact form and the city utility account form, while they run. */
export function selectResidentialForms(snapshot: ResidentialDetailsSnapshot): {
  ownerContact: ActorRefFrom<typeof formMachine> | undefined;
  cityAccount: ActorRefFrom<typeof formMachine> | undefined;
} {
  const children = snapshot.children as Record<
    string,
    ActorRefFrom<typeof formMachine> | undefined
  >;
  return { ownerContact: children.ownerContact, cityAccount: children.cityAccount };
}
