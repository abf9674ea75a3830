/** What the payment methods page shows, from the payment methods machine's snapshot. */
import type { AutopayActor } from './autopay.machine.ts';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { PaymentAccountRecord } from '#shared/billing/schemas';
import { CARD_BRAND_LABELS } from '#shared/billing/messages';
import type { formMachine } from '../forms/form.machine.ts';
import type { FormSnapshot } from '../forms/form.selectors.ts';
import type { CardFormActor } from './card-form.machine.ts';
import type { paymentMethodsMachine } from './payment-methods.machine.ts';

export type PaymentMethodsSnapshot = SnapshotFrom<typeof paymentMethodsMachine>;

/** The states of the page once its list is loaded. */
export type ReadyState =
  | 'idle'
  | 'adding a card'
  | 'saving the card'
  | 'adding a bank account'
  | 'making default'
  | 'confirming removal'
  | 'removing';

/** One payment method as its card on the page shows it. */
export interface MethodCard {
  id: number;
  kind: 'card' | 'bank';
  /** "Visa ending in 4242", "Bank account ending in 6789". */
  label: string;
  /** "Visa", or the bank's name. */
  title: string;
  lastFour: string;
  /** MM/YYYY for a card. */
  expiry: string | null;
  expired: boolean;
  expiringSoon: boolean;
  /** "Checking" or "Savings" for a bank account. */
  accountType: string | null;
  isDefault: boolean;
  /** This method's change is running. */
  busy: 'default' | 'removal' | null;
}

export interface PaymentMethodsView {
  status: 'loading' | 'failed' | 'ready';
  loadError: string | null;
  methods: MethodCard[];
  /** Loaded, and there is no method. */
  empty: boolean;
  /** Nothing is changing: the buttons are enabled. */
  canChange: boolean;
  savingCard: boolean;
  cardModalOpen: boolean;
  bankModalOpen: boolean;
  /** The "Make it the default" box of the card modal. */
  makeDefault: boolean;
  /** Remove this method? (with its label) while a removal is confirmed or running. */
  confirm: { id: number; label: string; removing: boolean } | null;
  notice: string | null;
  error: string | null;
}

const ready = (snapshot: PaymentMethodsSnapshot, state: ReadyState) =>
  snapshot.matches({ ready: state });

const ACCOUNT_TYPE_LABELS: Readonly<Record<string, string>> = {
  CHECKING: 'Checking',
  SAVINGS: 'Savings',
};

function methodCard(account: PaymentAccountRecord, busy: MethodCard['busy']): MethodCard {
  const card = account.credit_card;
  const bank = account.bank_account;
  return {
    id: account.payment_account_id,
    kind: account.method === 'CC' ? 'card' : 'bank',
    label: account.label,
    title: card ? (CARD_BRAND_LABELS[card.brand] ?? card.brand) : bank?.bank_name || 'Bank account',
    lastFour: account.last_four,
    expiry: card ? `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}` : null,
    expired: card?.expired ?? false,
    expiringSoon: !card?.expired && (card?.expiring_soon ?? false),
    accountType: bank ? (ACCOUNT_TYPE_LABELS[bank.account_type] ?? bank.account_type) : null,
    isDefault: account.is_default,
    busy,
  };
}

export function selectPaymentMethodsView(snapshot: PaymentMethodsSnapshot): PaymentMethodsView {
  const { context } = snapshot;
  const status = snapshot.matches('loading')
    ? 'loading'
    : snapshot.matches('load failed')
      ? 'failed'
      : 'ready';
  const busyOf = (id: number): MethodCard['busy'] =>
    context.selected !== id
      ? null
      : ready(snapshot, 'making default')
        ? 'default'
        : ready(snapshot, 'removing')
          ? 'removal'
          : null;
  const methods =
    status === 'ready'
      ? context.accounts.map((a) => methodCard(a, busyOf(a.payment_account_id)))
      : [];
  const confirming = ready(snapshot, 'confirming removal') || ready(snapshot, 'removing');
  const selected = methods.find((method) => method.id === context.selected);
  return {
    status,
    loadError: status === 'failed' ? context.loadError : null,
    methods,
    empty: status === 'ready' && methods.length === 0,
    canChange: ready(snapshot, 'idle'),
    savingCard: ready(snapshot, 'saving the card'),
    cardModalOpen: ready(snapshot, 'adding a card'),
    bankModalOpen: ready(snapshot, 'adding a bank account'),
    makeDefault: context.makeDefault,
    confirm:
      confirming && selected
        ? { id: selected.id, label: selected.label, removing: ready(snapshot, 'removing') }
        : null,
    notice: context.notice,
    error: context.error,
  };
}

/** The payment-card modal's actor while it is open. */
export function selectCardForm(snapshot: PaymentMethodsSnapshot): CardFormActor | undefined {
  if (!ready(snapshot, 'adding a card')) return undefined;
  return (snapshot.children as Record<string, unknown>).cardForm as CardFormActor | undefined;
}

/** The bank form's actor while its modal is open. */
export function selectBankForm(
  snapshot: PaymentMethodsSnapshot,
): ActorRefFrom<typeof formMachine> | undefined {
  if (!ready(snapshot, 'adding a bank account')) return undefined;
  return (snapshot.children as Record<string, unknown>).bank as
    ActorRefFrom<typeof formMachine> | undefined;
}

/** The bank form's "Make it the default" box. */
export function selectBankMakeDefault(snapshot: FormSnapshot): boolean {
  return snapshot.context.values.make_default === true;
}

/** What the automatic payment switch beside the list needs: autopay, and the default account. */
/** The default payment method's label: the one automatic payment charges, or null. */
export function selectDefaultLabel(snapshot: PaymentMethodsSnapshot): string | null {
  return snapshot.context.accounts.find((account) => account.is_default)?.label ?? null;
}

/** The automatic payment switch's actor, while the list shows (its child `autopay`). */
export function selectAutopaySwitch(snapshot: PaymentMethodsSnapshot): AutopayActor | null {
  if (!snapshot.matches('ready')) return null;
  return (
    ((snapshot.children as Record<string, unknown>).autopay as AutopayActor | undefined) ?? null
  );
}
