/**
 * The payment-card modal's form address (docs/api.md "Payments", `GET
 * /billing/payment_account_url`), used wherever a card is added: the signup's payment and the
 * payment methods page. `provideCardForm` gives the card form machine this call.
 */
import { fromPromise } from 'xstate';
import { PAYMENT_PATHS, type PaymentAccountUrlResponse } from '#shared/schemas/payment';
import { cardFormMachine } from '#machines/billing/card-form.machine';
import type { ApiClient } from './client.ts';

export function cardFormApi(api: ApiClient) {
  return {
    getCardFormUrl: (accountName: string, signal?: AbortSignal) =>
      api.get<PaymentAccountUrlResponse>(PAYMENT_PATHS.paymentAccountUrl, {
        searchParams: new URLSearchParams({ account_name: accountName }),
        signal,
      }),
  };
}

/** The card form machine with its form address fetched through the app's HTTP client. */
export function provideCardForm(api: ApiClient) {
  const calls = cardFormApi(api);
  return cardFormMachine.provide({
    actors: {
      getCardFormUrl: fromPromise(({ input, signal }) =>
        calls.getCardFormUrl(input.accountName, signal),
      ),
    },
  });
}
