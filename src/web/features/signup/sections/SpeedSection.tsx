/**
 * The speed cards: label, colour, description, monthly rate with its breakdown, promo text and
 * legal disclaimers. Choosing one tells the services actor.
 */
import { Badge, Box, Button, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { formatDollars } from '#shared/cart/money';
import { SIGNUP_WIZARD_MESSAGES } from '#shared/messages';
import { isInstallationFee } from '#shared/signup/installation-fees';
import type { OfferingRate, SpeedOption } from '#shared/signup/serviceability';
import type { ServicesActor } from '#machines/signup/services.machine';
import { selectSpeedView } from '#machines/signup/services.selectors';
import { SignupSection } from './SignupSection.tsx';

function OneTimeFees({ fees, waived }: { fees: readonly OfferingRate[]; waived: boolean }) {
  if (fees.length === 0) return null;
  return (
    <Text size="xs">
      One-time:{' '}
      {fees.map((fee, i) => (
        <Text span size="xs" key={fee.name}>
          {i > 0 && ', '}
          {fee.description}{' '}
          {waived && isInstallationFee(fee) ? (
            <>
              <Text span size="xs" td="line-through">
                {formatDollars(fee.rate)}
              </Text>{' '}
              {SIGNUP_WIZARD_MESSAGES.feesWaived}
            </>
          ) : (
            formatDollars(fee.rate)
          )}
        </Text>
      ))}
    </Text>
  );
}

function SpeedCard({
  option,
  mainProvider,
  feesWaived,
}: {
  option: SpeedOption;
  mainProvider: string;
  feesWaived: boolean;
}) {
  return (
    <Radio.Card
      value={option.speed_id}
      radius="md"
      p="md"
      data-testid={`speed-${option.speed_id}`}
      style={{ borderTop: `6px solid ${option.speed_color}` }}
    >
      <Group wrap="nowrap" align="flex-start">
        <Radio.Indicator aria-hidden />
        <Stack gap={6} style={{ flex: 1 }}>
          <Group justify="space-between" align="baseline">
            <Text fw={700} size="lg">
              {option.speed_label}
            </Text>
            <Text fw={700}>
              {formatDollars(option.monthly_gross_connectivity_rate)}
              <Text span size="sm" fw={400}>
                /mo
              </Text>
            </Text>
          </Group>
          <Text size="sm">{option.speed_description}</Text>
          {option.monthly_gross_connectivity_rate_breakdown.map((line) => (
            <Text size="xs" key={`${line.provider.name}:${line.label}`}>
              {line.label}: {formatDollars(line.rate)}/mo
              {line.provider.name !== mainProvider && ` (${line.provider.label})`}
            </Text>
          ))}
          <OneTimeFees fees={option.billing.fees} waived={feesWaived} />
          {option.early_net_connectivity_rate_term && (
            <Badge variant="light" color="grape" style={{ alignSelf: 'flex-start' }}>
              {option.early_net_connectivity_rate_term}
            </Badge>
          )}
          {option.legal_disclaimers.map((legal) => (
            <Text size="xs" c="gray.7" key={legal.label}>
              <Text span fw={600} size="xs">
                {legal.label}:
              </Text>{' '}
              {legal.text}
            </Text>
          ))}
        </Stack>
      </Group>
    </Radio.Card>
  );
}

export default function SpeedSection({
  services,
  mainProvider,
  feesWaived,
}: {
  services: ServicesActor;
  mainProvider: string;
  /** Installation fees show as waived (southern_ute, self-identifying tribal members). */
  feesWaived: boolean;
}) {
  const view = useSelector(services, selectSpeedView);
  return (
    <SignupSection
      title="Choose your speed"
      intro="All speeds are symmetric fiber."
      testId="signup-speed"
    >
      <Radio.Group
        value={view.speedId}
        onChange={(speedId) => services.send({ type: 'speed.chosen', speedId })}
        label="Speed"
        labelProps={{
          style: {
            position: 'absolute',
            width: 1,
            height: 1,
            overflow: 'hidden',
            clip: 'rect(0 0 0 0)',
          },
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {view.options.map((option) => (
            <SpeedCard
              key={option.speed_id}
              option={option}
              mainProvider={mainProvider}
              feesWaived={feesWaived}
            />
          ))}
        </SimpleGrid>
      </Radio.Group>
      {view.alter && (
        <Box>
          <Button variant="subtle" onClick={() => services.send({ type: 'alter.cancelled' })}>
            Keep my current speed
          </Button>
        </Box>
      )}
    </SignupSection>
  );
}
