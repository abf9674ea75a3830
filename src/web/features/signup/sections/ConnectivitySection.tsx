/** The provider's connectivity section: one of three forms, by the address's provider. */
import { Center, Loader } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { SignupActor } from '#machines/signup/signup.machine';
import {
  selectInstallationFeeWaived,
  selectServiceability,
  type SignupActors,
} from '#machines/signup/signup.selectors';
import ResidentialSection from './ResidentialSection.tsx';
import { SignupSection } from './SignupSection.tsx';
import { withLaterStyles } from '../../../app/later-styles.ts';

// The date pickers load only for the forms that need them.
const InstallationSection = lazy(withLaterStyles(() => import('./InstallationSection.tsx')));
const ActivationSection = lazy(withLaterStyles(() => import('./ActivationSection.tsx')));

export default function ConnectivitySection({
  wizard,
  actors,
  providerLabel,
}: {
  wizard: SignupActor;
  actors: SignupActors;
  providerLabel: string;
}) {
  const feesWaived = useSelector(wizard, selectInstallationFeeWaived);
  const address = useSelector(
    wizard,
    (snapshot) => selectServiceability(snapshot)?.details.formatted_address ?? '',
  );
  return (
    <SignupSection
      title="Connection details"
      intro={`What ${providerLabel}, the network at your address, needs to know.`}
      testId="signup-connectivity"
    >
      {actors.residential && <ResidentialSection details={actors.residential} />}
      <Suspense
        fallback={
          <Center py="md">
            <Loader size="sm" role="status" aria-label="Loading the date picker" />
          </Center>
        }
      >
        {actors.installation && (
          <InstallationSection
            installation={actors.installation}
            feesWaived={feesWaived}
            address={address}
          />
        )}
        {actors.activation && <ActivationSection activation={actors.activation} />}
      </Suspense>
    </SignupSection>
  );
}
