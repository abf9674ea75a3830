/** Several matches: the visitor chooses which serviceable address is theirs. */
import { Button, Modal, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { SIGNUP_WIZARD_MESSAGES } from '#shared/messages';
import type { AddressActor } from '#machines/signup/address.machine';
import { selectAddressView } from '#machines/signup/address.selectors';
import { useReturnFocus } from '../../../components/focus.ts';
import { SIGNUP_TEXT_COLORS } from '../SignupLayout.tsx';

export default function MatchModal({ address }: { address: AddressActor }) {
  const matches = useSelector(address, (s) => selectAddressView(s).matches);
  useReturnFocus();
  return (
    <Modal
      opened
      onClose={() => address.send({ type: 'match.dismissed' })}
      title={SIGNUP_WIZARD_MESSAGES.chooseMatchTitle}
      closeButtonProps={{ 'aria-label': 'Close' }}
      style={SIGNUP_TEXT_COLORS}
    >
      <Stack gap="sm">
        <Text size="sm">{SIGNUP_WIZARD_MESSAGES.chooseMatchIntro}</Text>
        <Stack gap="xs" role="list" aria-label="Matching addresses">
          {matches.map((match) => (
            <div role="listitem" key={`${match.service_class_id}:${match.address_id}`}>
              <Button
                variant="default"
                fullWidth
                justify="flex-start"
                onClick={() =>
                  address.send({
                    type: 'match.chosen',
                    addressId: match.address_id,
                    serviceClassId: match.service_class_id,
                  })
                }
              >
                {match.formatted_address}
              </Button>
            </div>
          ))}
        </Stack>
      </Stack>
    </Modal>
  );
}
