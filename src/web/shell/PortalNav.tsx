import { Alert, Button, Group } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { actingAsMessage } from '#shared/messages/portal';
import {
  selectActingAs,
  selectLoggingOut,
  selectPortalTabs,
} from '#machines/session/session.selectors';
import { useAppServices } from '../app/context.tsx';

/**
 * Portal tabs by permission: Account; Admin for site admins; Services; Billing (portal.md §2).
 * The current tab is the section of the route shown (`section` in the route table): Services on
 * a server or a connection, Billing on payment methods or an invoice.
 */
export function PortalNav() {
  const { actors, config } = useAppServices();
  const tabs = useSelector(
    actors.session,
    (s) => selectPortalTabs(s, config.production),
    (a, b) => a.map((t) => t.route).join() === b.map((t) => t.route).join(),
  );
  const section = useRouterState({
    select: (s) => s.matches.findLast((m) => m.staticData.route)?.staticData.route?.section,
  });
  if (tabs.length === 0) return null;
  return (
    <Group component="nav" aria-label="Portal" gap={4} data-testid="portal-tabs">
      {tabs.map((tab) => {
        const active = tab.route === section;
        return (
          <Button
            key={tab.route}
            component={Link}
            to={tab.path}
            variant={active ? 'light' : 'subtle'}
            color={active ? undefined : 'gray'}
            aria-current={active ? 'page' : undefined}
          >
            {tab.label}
          </Button>
        );
      })}
    </Group>
  );
}

/** Shown on every page while a site admin acts as a customer. */
export function ActingAsBanner() {
  const { actors } = useAppServices();
  const actingAs = useSelector(actors.session, selectActingAs);
  const leaving = useSelector(actors.session, selectLoggingOut);
  if (!actingAs) return null;
  return (
    <Alert color="brand" variant="filled" role="status" data-testid="acting-as-banner" py="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <span>{actingAsMessage(actingAs.customer, actingAs.admin)}</span>
        <Button
          size="xs"
          variant="white"
          color="brand"
          loading={leaving}
          onClick={() => actors.session.send({ type: 'logout.pressed' })}
        >
          Return to admin
        </Button>
      </Group>
    </Alert>
  );
}
