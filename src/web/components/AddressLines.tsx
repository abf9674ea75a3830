/** A postal address as it is written on an envelope: street, unit, then city, state and zip. */
import { Text } from '@mantine/core';
import type { PostalAddress } from '#shared/session/types';

export function AddressLines({ address, testId }: { address: PostalAddress; testId?: string }) {
  return (
    <Text component="address" style={{ fontStyle: 'normal' }} data-testid={testId}>
      {address.line1}
      {address.line2 && (
        <>
          <br />
          {address.line2}
        </>
      )}
      <br />
      {address.city}, {address.state} {address.zip_code}
    </Text>
  );
}
