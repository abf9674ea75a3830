/**
 * A person's contact fields as every form of the product checks them (signup.md §5; portal.md §5
 * "Contact"): the phone as the masked input writes it, the email, and the required names. The
 * signup's details, a contact, a login's profile and the serviceability answers all take them
 * from here.
 */
import * as v from 'valibot';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '../first-load-constants.ts';
import { FIELD_MESSAGES } from '../messages.ts';

/** (###) ###-#### as the masked input writes it. */
export const PHONE_PATTERN = /^\(\d{3}\) \d{3}-\d{4}$/;

export const PhoneSchema = v.pipe(
  v.string(FIELD_MESSAGES.phone),
  v.trim(),
  v.regex(PHONE_PATTERN, FIELD_MESSAGES.phone),
);

export const EmailSchema = v.pipe(
  v.string(FIELD_MESSAGES.email),
  v.trim(),
  v.minLength(1, FIELD_MESSAGES.email),
  v.maxLength(EMAIL_MAX_LENGTH, FIELD_MESSAGES.email),
  v.email(FIELD_MESSAGES.email),
);

function requiredName(message: string) {
  return v.pipe(
    v.string(message),
    v.trim(),
    v.minLength(1, message),
    v.maxLength(NAME_MAX_LENGTH, message),
  );
}

/** The owner's name, asked of a renter: "Enter owner name". */
export const OwnerNameSchema = requiredName(FIELD_MESSAGES.ownerName);
/** The visitor's own name in the approval (renter) and contact-list forms: "Enter your name". */
export const RenterNameSchema = requiredName(FIELD_MESSAGES.approvalName);
