/**
 * A list of services: display id (connectivity ones link to /connection/{display_id}), what the
 * service is (a connection's speed and street, as its bills charge it) and status.
 */
import { Anchor, Badge, Group, List, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { PendingItem, ServiceRecord } from '#shared/services/rules';

export function ServiceList({
  services,
  pending = [],
}: {
  services: readonly ServiceRecord[];
  pending?: readonly PendingItem[];
}) {
  if (services.length === 0 && pending.length === 0) {
    return <Text c="dimmed">No services of this kind.</Text>;
  }
  return (
    <List spacing="xs" listStyleType="none" data-testid="service-list">
      {services.map((service) => (
        <List.Item key={service.id}>
          <Group gap="sm">
            {service.kind === 'connectivity' ? (
              <Anchor component={Link} to={`/connection/${service.display_id}/`}>
                {service.display_id}
              </Anchor>
            ) : service.server ? (
              <Anchor component={Link} to={`/server/${service.server.iid}/`}>
                {service.display_id}
              </Anchor>
            ) : (
              <Text>{service.display_id}</Text>
            )}
            {service.connection?.summary && <Text size="sm">{service.connection.summary}</Text>}
            <Badge variant="light">{service.status}</Badge>
          </Group>
        </List.Item>
      ))}
      {pending.map((item) => (
        <List.Item key={`pending-${item.display_id}`} data-testid="pending-item">
          <Group gap="sm">
            <Text>{item.display_id}</Text>
            {/* An orange tint with the text colour: orange text itself is 2.6:1 on white. */}
            <Badge variant="light" color="orange" c="var(--mantine-color-text)">
              {item.status}
            </Badge>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
