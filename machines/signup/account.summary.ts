/**
 * What the wizard keeps of the account section (its part of the order), computed from the
 * account machine's context alone. Kept apart from the machine so the wizard, which is in the
 * page's first load, does not pull the account's code in with it.
 */
import type { SignupOrderCustomerInput } from '#shared/signup/order';
import type { AccountContext } from './account.machine.ts';

/** The account holder and credentials of the order (the service address is added by the wizard). */
export type AccountCustomer = Pick<
  SignupOrderCustomerInput,
  'fname' | 'lname' | 'email' | 'phone' | 'dob' | 'mname' | 'uid' | 'password'
>;

export interface AccountSummary {
  /** Holder valid, username free, password passing every rule (strength included). */
  valid: boolean;
  customer: AccountCustomer;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function accountSummary(context: AccountContext): AccountSummary {
  const { holder, username, password } = context;
  return {
    valid: holder.valid && username.available && password.valid,
    customer: {
      fname: text(holder.values.fname),
      lname: text(holder.values.lname),
      email: text(holder.values.email),
      phone: text(holder.values.phone),
      dob: text(holder.values.dob),
      mname: '',
      uid: username.uid,
      password: password.password,
    },
  };
}
