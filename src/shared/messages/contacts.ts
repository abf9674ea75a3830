/**
 * The contact details some messages name.
 * One of the message modules beside `../messages.ts` (see its header).
 */

export interface ContactDetails {
  phone: string;
  email: string;
}

export interface SalesContacts extends ContactDetails {
  chatUrl: string;
}
