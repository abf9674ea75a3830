/**
 * The sections of a managed server found (docs/managed-hosting.md "The view and its
 * statecharts"): each list is its machine (machines/managed/items.machine.ts) with its forms, the
 * web server switch its own (nginx.machine.ts), the websites user's password the shared password
 * machine. The section shown is the route's: its path, or `?section=` once another tab is chosen.
 * The SSL and Redirects tabs lead to their routes (`/server/{iid}/ssl`,
 * `/server/{iid}/domain_redirects`), the others to the view's own address with `?section=`; the
 * router keeps the view mounted from one to another (router.tsx `SHARED_VIEWS`).
 */
import { Paper, Tabs, Text } from '@mantine/core';
import { useNavigate, useRouterState, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { selectManagedReadOnly } from '#machines/managed/server.selectors';
import { useAppServices } from '../../app/context.tsx';
import { MANAGED_MESSAGES as M } from '#shared/managed/messages';
import type { ManagedApi } from './api.ts';
import { ConfigurationPreview } from './ConfigurationPreview.tsx';
import { DatabasesSection } from './DatabasesSection.tsx';
import { FtpSection } from './FtpSection.tsx';
import { NginxSection } from './NginxSection.tsx';
import { PhpSection } from './PhpSection.tsx';
import { RedirectsSection } from './RedirectsSection.tsx';
import { SslSection } from './SslSection.tsx';
import { useItems } from './use-items.ts';
import { VhostsSection } from './VhostsSection.tsx';
import { WebsitesUserSection } from './WebsitesUserSection.tsx';

/** The view's sections, in tab order, with their tab's name. */
const SECTIONS = {
  ssl: 'SSL',
  databases: 'Databases',
  vhosts: 'Vhosts',
  ftp: 'FTP',
  redirects: 'Redirects',
  php: 'PHP',
  nginx: 'Web server',
  'websites-user': 'Websites user',
  configuration: M.configurationPreview,
} as const;
type Section = keyof typeof SECTIONS;

const isSection = (value: unknown): value is Section =>
  typeof value === 'string' && Object.hasOwn(SECTIONS, value);

/** Where a tab leads: the route of its section where it has one (portal.md §2), else `?section=`. */
function sectionAddress(
  iid: number,
  section: Section,
): { to: string; search?: { section: Section } } {
  if (section === 'ssl') return { to: `/server/${iid}/ssl/` };
  if (section === 'redirects') return { to: `/server/${iid}/domain_redirects/` };
  return { to: `/servers/${iid}/manage/`, search: { section } };
}

/** The section a route opens: `?section=`, else the path's (`/ssl`, `/domain_redirects`), else SSL. */
function sectionOf(pathname: string, search: Record<string, unknown>): Section {
  if (isSection(search.section)) return search.section;
  if (/\/domain_redirects\/?$/.test(pathname)) return 'redirects';
  return 'ssl';
}

/**
 * The sections that change the server: for a user who may only view, every control in them is
 * disabled (a disabled fieldset), described by the reason shown above the tabs.
 */
function Changes({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  return (
    <fieldset
      disabled={readOnly}
      aria-describedby={readOnly ? READ_ONLY_ID : undefined}
      style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
    >
      {children}
    </fieldset>
  );
}

const READ_ONLY_ID = 'managed-read-only';

export function ManagedSections({ calls, iid }: { calls: ManagedApi; iid: number }) {
  const { actors } = useAppServices();
  // The server refuses a change without services manage (403): the view offers none.
  const readOnly = useSelector(actors.session, selectManagedReadOnly);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const section = sectionOf(pathname, search);
  const certs = useItems(calls, 'ssl_certs');
  const databases = useItems(calls, 'mysql_database', true);
  const vhosts = useItems(calls, 'vhosts', true);
  const ftp = useItems(calls, 'ftp_users');
  const redirects = useItems(calls, 'domain_redirects');
  const php = useItems(calls, 'php_settings');

  return (
    <Paper withBorder p="md" radius="md">
      {readOnly && (
        <Text id={READ_ONLY_ID} mb="sm" data-testid="managed-read-only">
          {M.readOnly}
        </Text>
      )}
      <Tabs
        value={section}
        onChange={(value) => {
          if (isSection(value)) void navigate(sectionAddress(iid, value));
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {Object.entries(SECTIONS).map(([value, name]) => (
            <Tabs.Tab key={value} value={value}>
              {name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Changes readOnly={readOnly}>
          <Tabs.Panel value="ssl" pt="md">
            <SslSection certs={certs} />
          </Tabs.Panel>
          <Tabs.Panel value="databases" pt="md">
            <DatabasesSection databases={databases} />
          </Tabs.Panel>
          <Tabs.Panel value="vhosts" pt="md">
            <VhostsSection vhosts={vhosts} certs={certs} />
          </Tabs.Panel>
          <Tabs.Panel value="ftp" pt="md">
            <FtpSection ftp={ftp} vhosts={vhosts} />
          </Tabs.Panel>
          <Tabs.Panel value="redirects" pt="md">
            <RedirectsSection redirects={redirects} />
          </Tabs.Panel>
          <Tabs.Panel value="php" pt="md">
            <PhpSection php={php} />
          </Tabs.Panel>
          <Tabs.Panel value="nginx" pt="md">
            <NginxSection calls={calls} vhosts={vhosts} redirects={redirects} />
          </Tabs.Panel>
          <Tabs.Panel value="websites-user" pt="md">
            <WebsitesUserSection calls={calls} />
          </Tabs.Panel>
        </Changes>
        <Tabs.Panel value="configuration" pt="md">
          <ConfigurationPreview calls={calls} />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
