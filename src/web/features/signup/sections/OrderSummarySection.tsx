/**
 * The order summary (signup.md §2 item 9, §3 "Cart line", "Order totals"; portal.md §3 "Cart
 * item", §9): the cart built by the shared cart module from the address's offering and the
 * visitor's choices, the same function the server uses to charge. Lines of other providers read
 * "billed separately by" them; a variable rate at its maximum reads "Up to $X value".
 */
import { Alert, Stack, Table, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { formatCents } from '#shared/cart/money';
import type { CartLine, CartTotals, MoneyTotal } from '#shared/cart/types';
import { RATE_TERMS } from '#shared/constants';
import { CART_MESSAGES, billedSeparatelyBy, recurringTotalLabel } from '#shared/signup/messages';
import { selectOrderSummary } from '#machines/signup/order-summary.selectors';
import type { SignupActor } from '#machines/signup/signup.machine';
import { SignupSection } from './SignupSection.tsx';
import { ItemsTable } from '../../../components/ItemsTable.tsx';

/** "/mo for three months", "/mo", "one-time, due today", ... */
function periodText(line: CartLine): string {
  const { rate_period: period, rate_term: term, rate_deferred: deferred } = line.item;
  if (period === null) return deferred ? 'one-time, due at installation' : 'one-time, due today';
  const unit = period === 'yearly' ? 'year' : 'month';
  const suffix = period === 'yearly' ? '/yr' : '/mo';
  if (term === null) return suffix;
  const count = RATE_TERMS.indexOf(term) + 1;
  return `${suffix} for ${term} ${count === 1 ? unit : `${unit}s`}`;
}

function Money({ total }: { total: MoneyTotal }) {
  return (
    <>
      <Text span fw={700}>
        {formatCents(total.total_cents)}
      </Text>
      <Text span size="sm">
        {' '}
        ({CART_MESSAGES.taxedPart}: {formatCents(total.taxed_cents)})
      </Text>
    </>
  );
}

function Totals({ totals, testId }: { totals: CartTotals; testId: string }) {
  const rows: { label: string; total: MoneyTotal }[] = [
    { label: CART_MESSAGES.dueToday, total: totals.due_today },
    { label: CART_MESSAGES.dueLater, total: totals.due_later },
    ...totals.recurring.map((stretch) => ({ label: recurringTotalLabel(stretch), total: stretch })),
  ];
  return (
    <Table data-testid={testId} withRowBorders={false} verticalSpacing={4}>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.label}>
            <Table.Th scope="row" fw={500}>
              {row.label}
            </Table.Th>
            <Table.Td ta="right">
              <Money total={row.total} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export default function OrderSummarySection({ wizard }: { wizard: SignupActor }) {
  const cart = useSelector(wizard, (snapshot) => selectOrderSummary(snapshot));

  return (
    <SignupSection
      title="Order summary"
      asksForInput={false}
      intro="What you pay us, and what your fiber network bills separately."
      testId="signup-summary"
    >
      {cart.error && (
        <Alert color="red" variant="light" role="alert">
          {cart.error}
        </Alert>
      )}
      {cart.cart && (
        <Stack gap="md">
          <ItemsTable caption="Items in your order" testId="cart-lines">
            {cart.cart.lines.map((line) => (
              <Table.Tr key={line.item.name} data-testid="cart-line">
                <Table.Td style={{ paddingLeft: 8 + line.depth * 20 }}>
                  {line.item.description}
                </Table.Td>
                <Table.Td ta="right">{line.item.quantity}</Table.Td>
                <Table.Td ta="right">
                  {line.note ?? (
                    <>
                      {formatCents(line.amount_cents)}
                      <Text span size="xs">
                        {' '}
                        {periodText(line)}
                      </Text>
                    </>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </ItemsTable>
          <div>
            <Title order={3} size="h5">
              Your totals
            </Title>
            <Totals totals={cart.cart.totals} testId="cart-totals" />
          </div>
          {cart.cart.separately_billed.map((entry) => (
            <div key={entry.provider.name}>
              <Title order={3} size="h5">
                {entry.provider.label}
              </Title>
              <Text size="sm">{billedSeparatelyBy(entry.provider.label)}</Text>
              <Totals totals={entry.totals} testId={`separately-billed-${entry.provider.name}`} />
            </div>
          ))}
        </Stack>
      )}
    </SignupSection>
  );
}
