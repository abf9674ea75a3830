/**
 * The XWi router: yes or no (yes disabled with a call-or-chat message while out of stock), the
 * 10 Gbps bundle with "OK, proceed" and an opt-out, and the mesh extenders under the router.
 */
import { Alert, Button, Group, Radio, Select, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { ROUTER_COVERAGE } from '#shared/signup/constants';
import { formatDollars } from '#shared/cart/money';
import { SIGNUP_WIZARD_MESSAGES } from '#shared/messages';
import {
  outOfStockMessage,
  routerAddsMonthly,
  routerCoverageMessage,
} from '#shared/signup/messages';
import type { ServicesActor } from '#machines/signup/services.machine';
import { selectRouterView } from '#machines/signup/services.selectors';
import { useSalesContacts } from '../wizard-context.ts';
import { ContactText } from './ContactText.tsx';
import { RouterImage } from './RouterImage.tsx';
import { SignupSection } from './SignupSection.tsx';

export default function RouterSection({ services }: { services: ServicesActor }) {
  const view = useSelector(services, selectRouterView);
  const sales = useSalesContacts();
  const routerLabel = view.option?.router_label ?? 'The XWi router';
  const choice = view.choice === 'xwi' ? 'yes' : view.choice === 'own router' ? 'no' : null;

  return (
    <SignupSection title="WiFi router" testId="signup-router">
      <Group align="flex-start" wrap="nowrap" gap="lg">
        <RouterImage speedId={view.speedId} />
        <Stack gap={6}>
          <Text>{routerCoverageMessage(ROUTER_COVERAGE)}</Text>
          {view.bundled ? (
            <Text size="sm" c="gray.7" data-testid="router-price">
              {SIGNUP_WIZARD_MESSAGES.routerIncluded}
            </Text>
          ) : (
            view.extraMonthly > 0 && (
              <Text size="sm" c="gray.7" data-testid="router-price">
                {routerAddsMonthly(formatDollars(view.extraMonthly))}
              </Text>
            )
          )}
        </Stack>
      </Group>

      {view.choice === 'bundle offered' ? (
        <Alert color="blue" variant="light" data-testid="router-bundle">
          <Stack gap="sm" align="flex-start">
            <Text>{SIGNUP_WIZARD_MESSAGES.routerBundled}</Text>
            <Group>
              <Button onClick={() => services.send({ type: 'router.bundle.accepted' })}>
                OK, proceed
              </Button>
              <Button
                variant="subtle"
                onClick={() => services.send({ type: 'router.bundle.declined' })}
              >
                Opt out and use my own router
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Radio.Group
          label="Add the XWi router?"
          value={choice}
          onChange={(value) => services.send({ type: 'router.chosen', wanted: value === 'yes' })}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="yes" label={`Yes, add ${routerLabel}`} disabled={view.outOfStock} />
            <Radio value="no" label="No, I will use my own router" />
          </Stack>
        </Radio.Group>
      )}
      {view.outOfStock && (
        <Alert color="orange" variant="light" data-testid="router-out-of-stock">
          <ContactText text={outOfStockMessage(routerLabel, sales)} contacts={sales} />
        </Alert>
      )}

      {view.showMesh && (
        <Stack gap="xs" data-testid="mesh">
          <Select
            label="Mesh extenders"
            description={`${formatDollars(view.mesh.monthly_rate_each)}/mo each`}
            placeholder="Choose how many"
            disabled={view.meshOutOfStock}
            allowDeselect={false}
            value={
              view.meshOutOfStock
                ? '0'
                : view.meshQuantity === null
                  ? null
                  : String(view.meshQuantity)
            }
            data={view.meshChoices.map((n) => ({
              value: String(n),
              label: n === 0 ? 'No extenders' : `${n} extender${n === 1 ? '' : 's'}`,
            }))}
            onChange={(value) =>
              value !== null && services.send({ type: 'mesh.chosen', quantity: Number(value) })
            }
          />
          {view.meshOutOfStock && (
            <Alert color="orange" variant="light" data-testid="mesh-out-of-stock">
              <ContactText
                text={outOfStockMessage(view.mesh.mesh_label || 'Mesh extenders', sales)}
                contacts={sales}
              />
            </Alert>
          )}
        </Stack>
      )}
    </SignupSection>
  );
}
