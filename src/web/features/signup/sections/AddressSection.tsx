/**
 * The serviceable-address search: the address combobox and what the checks found. The modals
 * (zero and several matches) load when first needed.
 */
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import {
  SIGNUP_WIZARD_MESSAGES,
  addressAvailabilityMessage,
  suggestionsAnnouncement,
} from '#shared/messages';
import type { AddressActor } from '#machines/signup/address.machine';
import { selectAddressView, selectEarlySignup } from '#machines/signup/address.selectors';
import { AddressCombobox } from './AddressCombobox.tsx';
import { useSalesContacts } from '../wizard-context.ts';
import { ContactText } from './ContactText.tsx';
import { SignupSection } from './SignupSection.tsx';
import { withLaterStyles } from '../../../app/later-styles.ts';

const UnavailableModal = lazy(withLaterStyles(() => import('./UnavailableModal.tsx')));
const MatchModal = lazy(withLaterStyles(() => import('./MatchModal.tsx')));

function announcementOf(view: ReturnType<typeof selectAddressView>): string {
  if (view.suggesting || view.status !== 'none' || view.search.trim() === '') return '';
  return suggestionsAnnouncement(view.suggestions.length);
}

export function AddressSection({ address }: { address: AddressActor }) {
  const view = useSelector(address, selectAddressView);
  const sales = useSalesContacts();
  const early = useSelector(address, selectEarlySignup);
  const send = address.send;

  return (
    <SignupSection
      title="Your service address"
      intro="Start typing your street address and choose it from the list."
      scrollOnReveal={false}
      testId="signup-address"
    >
      <AddressCombobox
        label="Service address"
        placeholder="123 N Main St, City"
        value={view.search}
        options={view.suggestions.map((s) => ({ id: s.addr_id, label: s.formatted }))}
        open={view.dropdownOpen}
        activeIndex={view.activeIndex}
        loading={view.suggesting}
        announcement={announcementOf(view)}
        onInput={(value) => send({ type: 'address.typed', value })}
        onFocus={() => send({ type: 'address.focused' })}
        onBlur={() => send({ type: 'address.blurred' })}
        onNext={() => send({ type: 'suggestions.next.pressed' })}
        onPrevious={() => send({ type: 'suggestions.previous.pressed' })}
        onPick={() => send({ type: 'suggestion.picked' })}
        onDismiss={() => send({ type: 'suggestions.dismissed' })}
        onChoose={(id) => send({ type: 'suggestion.chosen', addrId: Number(id) })}
      />

      {view.status === 'checking' && (
        <Group gap="xs" role="status" aria-live="polite">
          <Loader size="sm" aria-hidden />
          <Text>{SIGNUP_WIZARD_MESSAGES.checkingAddress}</Text>
        </Group>
      )}
      {view.status === 'serviceable' && (
        <Alert color="green" variant="light" data-testid="address-serviceable" role="status">
          <Stack gap={4}>
            <Text fw={600}>{SIGNUP_WIZARD_MESSAGES.addressServiceable}</Text>
            {view.formatted && <Text size="sm">{view.formatted}</Text>}
            {early && <Text size="sm">{SIGNUP_WIZARD_MESSAGES.earlySignup}</Text>}
          </Stack>
        </Alert>
      )}
      {view.status === 'unavailable' && view.unavailable && (
        <Alert color="orange" variant="light" data-testid="address-unavailable" role="alert">
          <ContactText
            text={addressAvailabilityMessage(view.unavailable, sales)}
            contacts={sales}
          />
        </Alert>
      )}
      {view.status === 'no match' && !view.contactModalOpen && (
        <Alert color="orange" variant="light" data-testid="address-no-match">
          <Stack gap="xs" align="flex-start">
            <Text>
              <ContactText
                text={addressAvailabilityMessage('unavailable', sales)}
                contacts={sales}
              />
            </Text>
            <Button variant="light" onClick={() => send({ type: 'contact.opened' })}>
              Join the contact list
            </Button>
          </Stack>
        </Alert>
      )}
      {view.status === 'failed' && (
        <Alert color="red" variant="light" role="alert" data-testid="address-failed">
          <Stack gap="xs" align="flex-start">
            <Text>{view.error}</Text>
            <Button
              variant="light"
              color="red"
              onClick={() => send({ type: 'address.retry.pressed' })}
            >
              Try again
            </Button>
          </Stack>
        </Alert>
      )}

      <Suspense fallback={null}>
        {view.contactModalOpen && <UnavailableModal address={address} />}
        {view.status === 'choosing a match' && <MatchModal address={address} />}
      </Suspense>
    </SignupSection>
  );
}
