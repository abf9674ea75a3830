/** The admin area's navigation: its pages, the current one marked. */
import { Anchor, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { ADMIN_JOBS_MESSAGES } from '#shared/jobs/messages';

const PAGES = [
  { to: '/admin/', label: 'Customers and notices' },
  { to: '/admin/jobs/', label: ADMIN_JOBS_MESSAGES.navLink },
  { to: '/admin/second-factor/', label: 'Second factor reset' },
] as const;

export function AdminNav({ current }: { current: (typeof PAGES)[number]['to'] }) {
  return (
    <nav aria-label="Admin">
      <Group gap="md">
        {PAGES.map((page) => (
          <Anchor
            key={page.to}
            component={Link}
            to={page.to}
            fw={page.to === current ? 700 : undefined}
            aria-current={page.to === current ? 'page' : undefined}
          >
            {page.label}
          </Anchor>
        ))}
      </Group>
    </nav>
  );
}
