/**
 * The signup page (/control/signup/): the wizard's actor and its sections. Only the address
 * section is in the page's first load; every other section loads when the wizard reveals it
 * (and is fetched in the background once the page is idle).
 */
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, useEffect, useMemo, useState } from 'react';
import { earliestScheduleDate } from '#shared/signup/dates';
import type { SignupActor } from '#machines/signup/signup.machine';
import { SIGNUP_ORDER_MESSAGES } from '#shared/messages';
import {
  selectInstallationFeeWaived,
  selectOrderSectionsFailed,
  selectRevealed,
  selectServiceability,
  selectSignupLinkMessage,
  type RevealedSections,
} from '#machines/signup/signup.selectors';
import { useAppServices } from '../../app/context.tsx';
import { usePageTitle } from '../../pages/usePageTitle.ts';
import { liveInspect } from '../../app/live-inspect.ts';
import { signupApi } from './api.ts';
import { signupParams } from './params.ts';
import type { SignupRouteParams } from './route.ts';
import { AddressSection } from './sections/AddressSection.tsx';
import { SignupProgress } from './sections/SignupProgress.tsx';
import { LaterSection, RevealAnnouncer } from './reveal.tsx';
import { provideSignupMachine } from './signup-machine.ts';
import { SignupLayout } from './SignupLayout.tsx';
import { useSectionActors, WizardContext } from './wizard-context.ts';
import { withLaterStyles } from '../../app/later-styles.ts';

const loadCustomer = withLaterStyles(() => import('./sections/CustomerSection.tsx'));
const loadSpeed = withLaterStyles(() => import('./sections/SpeedSection.tsx'));
const loadRouter = withLaterStyles(() => import('./sections/RouterSection.tsx'));
const loadConnectivity = withLaterStyles(() => import('./sections/ConnectivitySection.tsx'));
const loadVoice = withLaterStyles(() => import('./sections/VoiceSection.tsx'));
const loadAttribution = withLaterStyles(() => import('./sections/AttributionSection.tsx'));
const loadAccount = withLaterStyles(() => import('./sections/AccountSection.tsx'));
const loadSummary = withLaterStyles(() => import('./sections/OrderSummarySection.tsx'));
const loadPayment = withLaterStyles(() => import('./sections/PaymentSection.tsx'));
const loadAgreement = withLaterStyles(() => import('./sections/AgreementSection.tsx'));
const loadDatePickers = withLaterStyles(() =>
  Promise.all([
    import('./sections/InstallationSection.tsx'),
    import('./sections/ActivationSection.tsx'),
  ]),
);

const CustomerSection = lazy(loadCustomer);
const SpeedSection = lazy(loadSpeed);
const RouterSection = lazy(loadRouter);
const ConnectivitySection = lazy(loadConnectivity);
const VoiceSection = lazy(loadVoice);
const AttributionSection = lazy(loadAttribution);
const AccountSection = lazy(loadAccount);
const OrderSummarySection = lazy(loadSummary);
const PaymentSection = lazy(loadPayment);
const AgreementSection = lazy(loadAgreement);

const PREFETCH_AFTER_MS = 1500;

function sameReveal(a: RevealedSections, b: RevealedSections): boolean {
  return (Object.keys(a) as (keyof RevealedSections)[]).every((key) => a[key] === b[key]);
}

function Sections({ wizard }: { wizard: SignupActor }) {
  const actors = useSectionActors();
  const revealed = useSelector(wizard, selectRevealed, sameReveal);
  const found = useSelector(wizard, selectServiceability);
  const feesWaived = useSelector(wizard, selectInstallationFeeWaived);
  const sectionsFailed = useSelector(wizard, selectOrderSectionsFailed);
  return (
    <>
      {actors.address && <AddressSection address={actors.address} />}
      {revealed.customer && actors.customer && (
        <LaterSection>
          <CustomerSection form={actors.customer} />
        </LaterSection>
      )}
      {revealed.speed && actors.services && found && (
        <LaterSection>
          <SpeedSection
            services={actors.services}
            mainProvider={found.offering.main_provider.name}
            feesWaived={feesWaived}
          />
        </LaterSection>
      )}
      {revealed.router && actors.services && (
        <LaterSection>
          <RouterSection services={actors.services} />
        </LaterSection>
      )}
      {revealed.connectivity && found && (
        <LaterSection>
          <ConnectivitySection
            wizard={wizard}
            actors={actors}
            providerLabel={found.details.provider.label}
          />
        </LaterSection>
      )}
      {revealed.voice && found && (
        <LaterSection>
          <VoiceSection wizard={wizard} description={found.offering.voice.description} />
        </LaterSection>
      )}
      {revealed.attribution && actors.attribution && (
        <LaterSection>
          <AttributionSection attribution={actors.attribution} />
        </LaterSection>
      )}
      {revealed.account && actors.account && (
        <LaterSection>
          <AccountSection account={actors.account} />
        </LaterSection>
      )}
      {revealed.payment && actors.payment && found && (
        <LaterSection>
          <OrderSummarySection wizard={wizard} />
          <PaymentSection
            payment={actors.payment}
            serviceAddress={found.details.formatted_address}
          />
        </LaterSection>
      )}
      {revealed.checkout && actors.checkout && (
        <LaterSection>
          <AgreementSection wizard={wizard} checkout={actors.checkout} />
        </LaterSection>
      )}
      {sectionsFailed && (
        <Alert color="red" variant="light" role="alert" data-testid="sections-failed">
          <Stack gap="xs" align="flex-start">
            <span>{SIGNUP_ORDER_MESSAGES.sectionsUnavailable}</span>
            <Button
              size="xs"
              variant="white"
              onClick={() => wizard.send({ type: 'sections.retry.pressed' })}
            >
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
    </>
  );
}

/**
 * The wizard for the route's parameters (`route.ts`): the app renders it outside the router
 * (`SignupSlot` in main.tsx), and the build without one for the page's prerendered first screen
 * (`src/web/prerender.tsx`).
 */
export function SignupWizard({ components, search }: SignupRouteParams) {
  usePageTitle('Sign up');
  const { api, config, actors } = useAppServices();
  // The route's parameters are read once: the wizard starts with them.
  const [input] = useState(() => ({
    ...signupParams(components, search),
    earliest: earliestScheduleDate(),
  }));
  const machine = useMemo(
    () => provideSignupMachine(signupApi(api), { client: api, actors }),
    [api, actors],
  );
  const wizard = useActorRef(machine, { input, inspect: liveInspect(config.production) });
  const linkMessage = useSelector(wizard, selectSignupLinkMessage);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      for (const load of [
        loadCustomer,
        loadSpeed,
        loadRouter,
        loadConnectivity,
        loadVoice,
        loadAttribution,
        loadDatePickers,
        loadAccount,
        loadSummary,
        loadPayment,
        loadAgreement,
      ])
        void load().catch(() => undefined);
    }, PREFETCH_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <SignupLayout inline={input.displayInline}>
      <WizardContext.Provider value={wizard}>
        <Stack gap="lg">
          <div>
            <Title order={1}>Get fiber at your address</Title>
            <Text mt={4}>
              Check your address, choose your speed and equipment, and sign up in minutes.
            </Text>
          </div>
          {linkMessage && (
            <Alert color="orange" variant="light" role="alert" data-testid="signup-link-unknown">
              {linkMessage}
            </Alert>
          )}
          <SignupProgress wizard={wizard} />
          <RevealAnnouncer>
            <Sections wizard={wizard} />
          </RevealAnnouncer>
        </Stack>
      </WizardContext.Provider>
    </SignupLayout>
  );
}
