/**
 * The payment methods page's calls (docs/api.md "Billing": `GET /billing/payment_accounts`, `POST
 * /billing/payment_accounts/card` and `/ach`, `PUT` and `DELETE /billing/payment_accounts/{id}`),
 * typed by the shared contract, and the page's machine with them. Every change answers the list
 * afterwards (a new account is followed by a fresh GET) and the label of the account it was about.
 * Every call goes through the app's HTTP client, whose token coordinator answers a `401 Fresh
 * Access Token Required` with the password prompt and sends the request again.
 */
import { fromPromise } from 'xstate';
import {
  BILLING_PATHS,
  type PaymentAccountRecord,
  type PaymentAccountsResponse,
} from '#shared/billing/schemas';
import type { FormValues } from '#machines/forms/form.machine';
import type { SubmitFailure } from '#machines/forms/form.machine';
import { formMachine } from '#machines/forms/form.machine';
import {
  paymentMethodsMachine,
  switchWithSave,
  type MethodsAnswer,
} from '#machines/billing/payment-methods.machine';
import { autopayApi } from '../autopay/api.ts';
import { ApiFailure, type ApiClient } from '../../../api/client.ts';
import { provideCardForm } from '../../../api/card-form.ts';

interface AccountAnswer {
  payment_account: PaymentAccountRecord;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** An API failure as the bank form shows it: the message, and the 422's errors per field. */
function submitFailure(error: unknown): SubmitFailure {
  if (error instanceof ApiFailure)
    return { message: error.message, fieldErrors: error.fieldErrors };
  return { message: error instanceof Error ? error.message : String(error) };
}

export function paymentMethodsApi(api: ApiClient) {
  const accountPath = (id: number) => `${BILLING_PATHS.paymentAccounts}/${id}`;
  const list = () => api.get<PaymentAccountsResponse>(BILLING_PATHS.paymentAccounts);
  const labelIn = (answer: PaymentAccountsResponse, id: number) =>
    answer.payment_accounts.find((account) => account.payment_account_id === id)?.label ?? '';
  return {
    list,
    addCard: async (token: string, makeDefault: boolean): Promise<MethodsAnswer> => {
      const { payment_account } = await api.post<AccountAnswer>(BILLING_PATHS.paymentAccountCard, {
        token,
        make_default: makeDefault,
      });
      return { list: await list(), label: payment_account.label };
    },
    addBankAccount: async (values: FormValues): Promise<MethodsAnswer> => {
      const { payment_account } = await api.post<AccountAnswer>(BILLING_PATHS.paymentAccountAch, {
        name: text(values.name),
        routing: text(values.routing),
        account: text(values.account),
        account_type: text(values.account_type),
        make_default: values.make_default === true,
      });
      return { list: await list(), label: payment_account.label };
    },
    makeDefault: async (id: number): Promise<MethodsAnswer> => {
      const answer = await api.put<PaymentAccountsResponse>(accountPath(id), {
        make_default: true,
      });
      return { list: answer, label: labelIn(answer, id) };
    },
    remove: async (id: number, label: string): Promise<MethodsAnswer> => ({
      list: await api.delete<PaymentAccountsResponse>(accountPath(id)),
      label,
    }),
  };
}

/** The payment methods machine with the page's calls. */
export function providePaymentMethods(api: ApiClient) {
  const calls = paymentMethodsApi(api);
  return paymentMethodsMachine.provide({
    actors: {
      load: fromPromise(() => calls.list()),
      saveCard: fromPromise(({ input }) => calls.addCard(input.token, input.makeDefault)),
      makeDefault: fromPromise(({ input }) => calls.makeDefault(input.id)),
      remove: fromPromise(({ input }) => calls.remove(input.id, input.label)),
      cardForm: provideCardForm(api),
      autopay: switchWithSave(autopayApi(api).setAutomatic),
      bankForm: formMachine.provide({
        actors: {
          submit: fromPromise(async ({ input }) => {
            try {
              return await calls.addBankAccount(input.values);
            } catch (error) {
              throw submitFailure(error);
            }
          }),
        },
      }),
    },
  });
}
