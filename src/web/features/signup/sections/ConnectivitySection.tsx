/** The provider's connectivity section: one of three forms, by the address's provider. */
import { useSelector } from '@xstate/react';
import type { SignupActor } from '#machines/signup/signup.machine';
import { selectInstallationFeeWaived, type SignupActors } from '#machines/signup/signup.selectors';
import ActivationSection from './ActivationSection.tsx';
import InstallationSection from './InstallationSection.tsx';
import ResidentialSection from './ResidentialSection.tsx';
import { SignupSection } from './SignupSection.tsx';

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
  return (
    <SignupSection
      title="Connection details"
      intro={`What ${providerLabel}, the network at your address, needs to know.`}
      testId="signup-connectivity"
    >
      {actors.residential && <ResidentialSection details={actors.residential} />}
      {actors.installation && (
        <InstallationSection installation={actors.installation} feesWaived={feesWaived} />
      )}
      {actors.activation && <ActivationSection activation={actors.activation} />}
    </SignupSection>
  );
}
