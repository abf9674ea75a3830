/**
 * "strata residential" (lehi_fiber): installation type, then date, then time slot, where an ONT
 * must be installed; the map of the fiber attach point with notes.
 */
import '@mantine/dates/styles.css';
import './date-picker.css';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useSelector } from '@xstate/react';
import { formatDollars } from '#shared/cart/money';
import { CONNECTIVITY_MESSAGES, SIGNUP_WIZARD_MESSAGES } from '#shared/messages';
import type { InstallationOption, InstallType } from '#shared/signup/serviceability';
import type { InstallationActor } from '#machines/signup/installation.machine';
import { selectInstallationView } from '#machines/signup/installation.selectors';
import { DropPointMap } from './DropPointMap.tsx';
import { DATE_PICKER_LABELS, usePickerIds } from './date-picker.ts';

function Fee({ option, waived }: { option: InstallationOption; waived: boolean }) {
  const fee = option.billing.fees[0]?.rate;
  if (fee === undefined) return null;
  return waived ? (
    <Text size="sm">
      <Text span td="line-through" size="sm" c="gray.7">
        {formatDollars(fee)}
      </Text>{' '}
      {SIGNUP_WIZARD_MESSAGES.feesWaived}
    </Text>
  ) : (
    <Text size="sm" fw={600}>
      {formatDollars(fee)}
    </Text>
  );
}

export default function InstallationSection({
  installation,
  feesWaived,
  address,
}: {
  installation: InstallationActor;
  feesWaived: boolean;
  /** The address of the home (the map's text alternative). */
  address: string;
}) {
  const view = useSelector(installation, selectInstallationView);
  const picker = usePickerIds();
  const send = installation.send;
  const available = new Set(view.availableDates);

  return (
    <Stack gap="md" data-testid="strata-residential">
      {view.needed && (
        <>
          <Radio.Group
            label="Installation type"
            description={CONNECTIVITY_MESSAGES.installationType}
            value={view.installType}
            onChange={(value) =>
              send({ type: 'install.type.chosen', installType: value as InstallType })
            }
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
              {view.options.map((option) => (
                <Radio.Card
                  key={option.installation_type}
                  value={option.installation_type}
                  p="md"
                  radius="md"
                  data-testid={`install-${option.installation_type}`}
                >
                  <Group wrap="nowrap" align="flex-start">
                    <Radio.Indicator aria-hidden />
                    <Stack gap={2}>
                      <Text fw={700}>{option.label}</Text>
                      <Text size="sm">{option.description}</Text>
                      <Text size="xs" c="gray.7">
                        {option.sub_description}
                      </Text>
                      <Fee option={option} waived={feesWaived} />
                    </Stack>
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>

          {view.loadingTimes && (
            <Group gap="xs" role="status">
              <Loader size="sm" aria-hidden />
              <Text size="sm">Finding free installation times…</Text>
            </Group>
          )}
          {view.timesFailed && (
            <Alert color="red" variant="light" role="alert">
              <Stack gap="xs" align="flex-start">
                <Text>{view.error}</Text>
                <Button
                  variant="light"
                  color="red"
                  onClick={() => send({ type: 'install.times.retry.pressed' })}
                >
                  Try again
                </Button>
              </Stack>
            </Alert>
          )}
          {view.installType &&
            !view.loadingTimes &&
            !view.timesFailed &&
            view.availableDates.length === 0 && (
              <Alert color="orange" variant="light">
                {SIGNUP_WIZARD_MESSAGES.noInstallationTimes}
              </Alert>
            )}

          <DatePickerInput
            label="Installation date"
            placeholder="Choose a date"
            description={view.dateEnabled ? undefined : 'Choose an installation type first'}
            disabled={!view.dateEnabled}
            value={view.date}
            minDate={view.minDate}
            excludeDate={(date) => !available.has(date)}
            getDayProps={(date) => ({ 'data-date': date })}
            ariaLabels={DATE_PICKER_LABELS}
            defaultDate={view.minDate}
            onChange={(date) => date && send({ type: 'install.date.chosen', date })}
            {...picker}
          />

          {view.timeEnabled && (
            <Radio.Group
              label="Installation time"
              value={view.resourceId}
              onChange={(resourceId) => send({ type: 'install.time.chosen', resourceId })}
            >
              <Stack gap="xs" mt="xs">
                {view.timesOfDate.map((time) => (
                  <Radio key={time.resourceId} value={time.resourceId} label={time.displayTime} />
                ))}
              </Stack>
            </Radio.Group>
          )}
        </>
      )}

      <Stack gap="xs">
        <Text fw={600}>Where the fiber reaches your home</Text>
        <DropPointMap
          latitude={view.drop.latitude}
          longitude={view.drop.longitude}
          address={address}
        />
        <Checkbox
          label="The marked attach point looks right"
          checked={view.dropAccepted}
          onChange={(event) =>
            send({ type: 'drop.confirmed', accepted: event.currentTarget.checked })
          }
        />
        <Textarea
          label="Notes for the installer"
          description="Gate codes, pets, where to park…"
          value={view.notes}
          autosize
          minRows={2}
          onChange={(event) =>
            send({ type: 'install.notes.typed', text: event.currentTarget.value })
          }
        />
      </Stack>
    </Stack>
  );
}
