/**
 * What the wizard keeps of the payment section (its part of the order), computed from the payment
 * machine's context alone: kept apart so the wizard (in the page's first load) does not pull the
 * payment section's code in with it.
 */
import type { PaymentAccountType, SignupPaymentInput } from '#shared/signup/order';
import type { CardDetails } from '#shared/schemas/card-token';
import type { BillingAddressChoice, BillingAddressInput } from '#shared/schemas/payment';
import type { FormValues } from '../forms/form.machine.ts';

/** The payment machine's context (payment.machine.ts): what the visitor chose and entered. */
export interface PaymentContext {
  accountName: string;
  method: PaymentAccountType | null;
  /** The card the provider's form sent (kept when the visitor switches to ACH and back). */
  card: CardDetails | null;
  autoPay: boolean | null;
  bank: { valid: boolean; values: FormValues };
  billingChoice: BillingAddressChoice | null;
  billing: { valid: boolean; address: BillingAddressInput };
}

export interface PaymentSummary {
  /** Payment account complete and the billing address decided (a new one valid). */
  valid: boolean;
  payment: SignupPaymentInput | null;
}

export const NO_PAYMENT: PaymentSummary = { valid: false, payment: null };

/** The payment account is complete: a card added or a valid bank form, and how bills are paid. */
export function paymentAccountComplete(context: PaymentContext): boolean {
  if (context.autoPay === null) return false;
  if (context.method === 'CC') return context.card !== null;
  if (context.method === 'ACH') return context.bank.valid;
  return false;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function paymentSummary(context: PaymentContext): PaymentSummary {
  const { method, card, bank, autoPay, billingChoice, billing } = context;
  if (method === null || autoPay === null) return NO_PAYMENT;
  const alternate = billingChoice === 'new';
  const common = {
    auto_pay: autoPay,
    alternate_billing_address: alternate,
    billing_address: alternate ? billing.address : null,
  };
  const payment: SignupPaymentInput | null =
    method === 'CC'
      ? card
        ? { account_type: 'CC', ...common, card_details: { ...card, internal_token: null } }
        : null
      : {
          account_type: 'ACH',
          ...common,
          bank_details: {
            name: text(bank.values.name),
            routing: text(bank.values.routing),
            account: text(bank.values.account),
            account_type: text(bank.values.account_type) as 'CHECKING' | 'SAVINGS',
          },
        };
  const billingDecided = billingChoice === 'service' || (alternate && billing.valid);
  return {
    valid: payment !== null && paymentAccountComplete(context) && billingDecided,
    payment,
  };
}
