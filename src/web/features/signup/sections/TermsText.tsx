/**
 * The general terms and conditions of the service (signup.md §1, §9 "From the terms") and the
 * electronic-signature disclosure. Every figure comes from TERMS and the other constants of
 * src/shared/constants.ts, so the text and the product cannot disagree.
 */
import { List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDollars } from '#shared/cart/money';
import { RATE_TERMS, TERMS } from '#shared/constants';
import { INSTALLATION_TYPES } from '#shared/signup/constants';

export interface TermsContacts {
  productName: string;
  contactPhone: string;
  contactEmail: string;
}

/** 6 → "six", 12 → "twelve" (the terms spell small numbers out). */
function spelt(count: number): string {
  return RATE_TERMS[count - 1] ?? String(count);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Title order={4} size="h6" mb={4}>
        {title}
      </Title>
      <Stack gap={6}>{children}</Stack>
    </section>
  );
}

function P({ children }: { children: ReactNode }) {
  return <Text size="sm">{children}</Text>;
}

export function TermsText({ productName, contactPhone, contactEmail }: TermsContacts) {
  const money = formatDollars;
  const basic = INSTALLATION_TYPES.basic;
  const advanced = INSTALLATION_TYPES.advanced;
  return (
    <Stack gap="md">
      <Section title="1. This agreement">
        <P>
          These terms are the agreement between you (the account holder named in this order) and{' '}
          {productName} (“we”, “us”) for residential internet service, the equipment we lease to you
          and any other service you order from us. Your local fiber network provider may bill some
          charges separately under its own terms; the order summary shows which ones.
        </P>
      </Section>

      <Section title="2. Service, installation and equipment">
        <P>
          A standard installation includes cabling of up to {basic.cablingFeet} ft and takes up to{' '}
          {spelt(basic.hours)} hours; an advanced installation includes up to {advanced.cablingFeet}{' '}
          ft and takes up to {spelt(advanced.hours)} hours. An adult must be present for the whole
          appointment.
        </P>
        <P>
          Routers and mesh extenders we provide remain our property. When the service ends, return
          them within {spelt(TERMS.unreturnedEquipmentGraceDays)} days. Equipment not returned by
          then is charged as a lease fee: its value amortized over{' '}
          {TERMS.unreturnedEquipmentAmortizationMonths} months at{' '}
          {TERMS.unreturnedEquipmentInterestPercent}% interest.
        </P>
      </Section>

      <Section title="3. Billing and payment">
        <P>
          Monthly charges are billed in advance. With automatic monthly billing, each bill is
          charged to the card or bank account on file on its due date; with manual payment you pay
          each bill by its due date. One-time charges are due as the order summary says: today, or
          upon installation and activation.
        </P>
        <List size="sm" spacing={2}>
          <List.Item>
            A bounced payment, or incorrect bank information that makes a payment fail:{' '}
            {money(TERMS.bouncedPaymentFee)}.
          </List.Item>
          <List.Item>
            A returned check or card payment: {money(TERMS.returnedCheckOrCardFee)}.
          </List.Item>
          <List.Item>Each invoice sent by postal mail: {money(TERMS.postalInvoiceFee)}.</List.Item>
        </List>
      </Section>

      <Section title="4. Late payment, suspension and termination">
        <P>
          If an account without a contract term is not paid, its service is suspended{' '}
          {TERMS.suspendDaysAfterDueDate} days after the due date and terminated{' '}
          {spelt(TERMS.terminateDaysAfterSuspension)} days after the suspension. Amounts still owed
          remain due after termination.
        </P>
      </Section>

      <Section title="5. Cancellation and refunds">
        <P>
          You may cancel at any time by contacting us. Charges already billed for the current month
          are not prorated. A refund of a credit balance is subject to a processing fee of{' '}
          {money(TERMS.cancellationRefundProcessingFee)}.
        </P>
      </Section>

      <Section title="6. Acceptable use">
        <P>
          You may not use the service for anything unlawful, to attack or disrupt other networks, or
          to send unsolicited bulk email. Bulk mail means more than{' '}
          {spelt(TERMS.bulkMailMessagesPerMinute)} messages sent in under a minute. Because the harm
          spam causes is hard to measure, you agree to pay liquidated damages of{' '}
          {money(TERMS.spamDamagesPerIncident)} per incident and {money(TERMS.spamDamagesPerHour)}{' '}
          per hour of our staff’s time spent dealing with it, and we may suspend the service at
          once.
        </P>
      </Section>

      <Section title="7. Limitation of liability">
        <P>
          The service is provided as available. Our total liability for any claim is limited to the
          amounts you paid us in the {spelt(TERMS.liabilityLimitMonths)} months before the claim
          arose. We are not liable for indirect or consequential losses.
        </P>
      </Section>

      <Section title="8. Disputes and arbitration">
        <P>
          Any dispute is settled by binding individual arbitration rather than in court, except
          claims in small-claims court. You may opt out of arbitration by telling us in writing
          within {TERMS.arbitrationOptOutDays} days of accepting these terms. Any claim must be
          brought within {spelt(TERMS.claimsWithinYears)} year of the events it is about.
        </P>
      </Section>

      <Section title="9. Changes and contact">
        <P>
          We may change these terms or our prices by telling you by email before the change takes
          effect; you may cancel before it does. Questions: {contactPhone} or {contactEmail}.
        </P>
      </Section>
    </Stack>
  );
}

/** The disclosure and consent for electronic records and signatures. */
export function ElectronicSignatureDisclosure({ productName, contactEmail }: TermsContacts) {
  return (
    <Stack gap={6}>
      <P>
        By ticking “I agree” you consent to receive this agreement, bills, notices and other records
        from {productName} electronically, and you sign this agreement electronically: your
        electronic signature has the same effect as a signature on paper. We record the time you
        tick the box with your order.
      </P>
      <P>
        You need a device with a current web browser and an email address to receive and keep these
        records; you may save or print them at any time. You may ask for a paper copy of any record,
        free of charge, and you may withdraw this consent at any time by writing to {contactEmail};
        withdrawing it does not affect records already delivered.
      </P>
    </Stack>
  );
}
