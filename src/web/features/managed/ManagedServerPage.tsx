/**
 * The managed server view (portal.md §2 "Managed server view"; docs/managed-hosting.md):
 * `/servers/{server}/manage`, and `/server/{iid}/ssl` and `/server/{iid}/domain_redirects` open on
 * their section. Each list is its machine (machines/managed/items.machine.ts), the web server
 * switch its own (nginx.machine.ts), the websites user's password the shared password machine;
 * this view renders their selectors and sends their events.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { Link, useParams, useRouterState } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { PHP_SETTING_KEYS, parseManagedId, type ManagedListName } from '#shared/managed';
import { MANAGED_MESSAGES as M } from '#shared/messages/managed';
import { managedItemsMachine, type ManagedItemsActor } from '#machines/managed/items.machine';
import {
  selectBusy,
  selectCanChange,
  selectConfirming,
  selectError,
  selectFieldErrors,
  selectLoadFailed,
  selectRows,
} from '#machines/managed/items.selectors';
import { nginxMachine } from '#machines/managed/nginx.machine';
import {
  selectNginxFailed,
  selectSwitchBusy,
  selectSwitchEnabled,
  selectSwitchOn,
} from '#machines/managed/nginx.selectors';
import {
  selectPasswordSubmitError,
  selectPasswordSubmitting,
} from '#machines/forms/password.selectors';
import { loaderMachine } from '#machines/session/loader.machine';
import { selectData, selectLoadError } from '#machines/session/loader.selectors';
import { useAppServices } from '../../app/context.tsx';
import { ApiFailure } from '../../api/client.ts';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { PasswordFields } from '../../components/PasswordFields.tsx';
import { usePasswordActor } from '../../components/password-actor.ts';
import { usePageTitle } from '../../pages/usePageTitle.ts';
import { managedApi, type ManagedApi } from './api.ts';

type Values = Record<string, unknown>;

/** An API refusal as the list machine reads it: its message and field errors. */
function refusal(error: unknown) {
  if (error instanceof ApiFailure) return { message: error.message, errors: error.fieldErrors };
  return { message: error instanceof Error ? error.message : String(error), errors: {} };
}

function useItems(calls: ManagedApi, list: ManagedListName, deleteLock = false) {
  return useActorRef(
    managedItemsMachine.provide({
      actors: {
        load: fromPromise(() => calls.list(list).catch((e: unknown) => Promise.reject(refusal(e)))),
        create: fromPromise(({ input }: { input: Values }) =>
          calls.create(list, input).catch((e: unknown) => Promise.reject(refusal(e))),
        ),
        update: fromPromise(({ input }: { input: { id: string; values: Values } }) =>
          calls
            .update(list, input.id, input.values)
            .catch((e: unknown) => Promise.reject(refusal(e))),
        ),
        remove: fromPromise(({ input }: { input: { id: string } }) =>
          calls.remove(list, input.id).catch((e: unknown) => Promise.reject(refusal(e))),
        ),
      },
    }),
    { input: { list, deleteLock } },
  );
}

/** A list's rows, its Delete buttons (with their lock) and the confirmation. */
function ItemsList({
  actor,
  label,
  columns,
  extra,
}: {
  actor: ManagedItemsActor;
  label: string;
  columns: { title: string; value: (item: Values) => ReactNode }[];
  extra?: (row: { id: string; item: Values }) => ReactNode;
}) {
  const rows = useSelector(actor, selectRows);
  const failed = useSelector(actor, selectLoadFailed);
  const confirming = useSelector(actor, selectConfirming);
  const error = useSelector(actor, selectError);
  const fieldErrors = useSelector(actor, selectFieldErrors);
  if (failed) {
    return (
      <LoadFailure
        title={`${label} could not be loaded`}
        message={error}
        onRetry={() => actor.send({ type: 'list.reload.pressed' })}
      />
    );
  }
  return (
    <>
      {error && Object.keys(fieldErrors).length === 0 && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Table aria-label={label} striped>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.title}>{column.title}</Table.Th>
            ))}
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columns.length + 1}>None yet</Table.Td>
            </Table.Tr>
          )}
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              {columns.map((column, index) => (
                <Table.Td key={column.title}>
                  {column.value(row.item)}
                  {index === 0 && row.starting && (
                    <Badge ml="xs" color="yellow" autoContrast>
                      {M.starting}
                    </Badge>
                  )}
                </Table.Td>
              ))}
              <Table.Td>
                <Group gap="xs">
                  {extra?.(row)}
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    disabled={row.deleteDisabled}
                    onClick={() => actor.send({ type: 'item.delete.pressed', id: row.id })}
                  >
                    {row.deleteLabel}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Modal
        opened={confirming !== null}
        onClose={() => actor.send({ type: 'item.delete.cancelled' })}
        title="Delete this item?"
      >
        <Group justify="flex-end">
          <Button variant="default" onClick={() => actor.send({ type: 'item.delete.cancelled' })}>
            Cancel
          </Button>
          <Button color="red" onClick={() => actor.send({ type: 'item.delete.confirmed' })}>
            Delete
          </Button>
        </Group>
      </Modal>
    </>
  );
}

/** A small form: its fields as text, sent as the list's create. */
function CreateForm({
  actor,
  label,
  fields,
  toValues,
  children,
}: {
  actor: ManagedItemsActor;
  label: string;
  fields: { name: string; label: string; multiline?: boolean; type?: string }[];
  toValues: (text: Record<string, string>) => Values;
  children?: ReactNode;
}) {
  const [text, setText] = useState<Record<string, string>>({});
  const errors = useSelector(actor, selectFieldErrors);
  const busy = useSelector(actor, selectBusy);
  const canChange = useSelector(actor, selectCanChange);
  const errorOf = (name: string) =>
    errors[name] ??
    Object.entries(errors).find(([key]) => key.startsWith(`${name}.`))?.[1] ??
    undefined;
  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'item.create.submitted', values: toValues(text) });
      }}
    >
      <Stack gap="xs">
        {fields.map((field) => {
          const props = {
            label: field.label,
            value: text[field.name] ?? '',
            error: errorOf(field.name),
            onChange: (event: { currentTarget: { value: string } }) => {
              const value = event.currentTarget.value;
              setText((current) => ({ ...current, [field.name]: value }));
            },
          };
          return field.multiline ? (
            <Textarea key={field.name} {...props} autosize minRows={3} maxRows={8} />
          ) : (
            <TextInput key={field.name} {...props} type={field.type ?? 'text'} />
          );
        })}
        {children}
        <Button
          type="submit"
          loading={busy}
          disabled={!canChange}
          style={{ alignSelf: 'flex-start' }}
        >
          {label}
        </Button>
      </Stack>
    </form>
  );
}

function SslSection({ actor }: { actor: ManagedItemsActor }) {
  return (
    <Stack>
      <CreateForm
        actor={actor}
        label="Upload certificate"
        fields={[
          { name: 'name', label: 'Name' },
          { name: 'cert', label: 'Certificate (PEM)', multiline: true },
          { name: 'key', label: 'Private key (PEM)', multiline: true },
          { name: 'ca', label: 'CA chain (PEM, optional)', multiline: true },
        ]}
        toValues={(t) => ({
          name: t.name ?? '',
          cert: t.cert ?? '',
          key: t.key ?? '',
          ca: t.ca ?? '',
        })}
      />
      <ItemsList
        actor={actor}
        label="SSL certificates"
        columns={[
          { title: 'Name', value: (c) => String(c.name) },
          { title: 'Covers', value: (c) => (c.names as string[]).join(', ') },
          { title: 'Valid until', value: (c) => String(c.valid_to).slice(0, 10) },
        ]}
      />
    </Stack>
  );
}

function VhostForm({ actor, certs }: { actor: ManagedItemsActor; certs: ManagedItemsActor }) {
  const certRows = useSelector(certs, selectRows);
  const [sslId, setSslId] = useState<string | null>(null);
  const [sslOnly, setSslOnly] = useState(false);
  return (
    <CreateForm
      actor={actor}
      label="Add vhost"
      fields={[
        { name: 'domain', label: 'Domain' },
        { name: 'aliases', label: 'Aliases (separated by spaces or commas)' },
      ]}
      toValues={(t) => ({
        domain: t.domain ?? '',
        aliases: (t.aliases ?? '').split(/[\s,]+/),
        ssl_enabled: sslId !== null,
        ssl_id: sslId === null ? null : Number(sslId),
        ssl_only: sslOnly,
      })}
    >
      <Select
        label="Certificate"
        placeholder="No SSL"
        clearable
        value={sslId}
        onChange={setSslId}
        data={certRows.map((row) => ({ value: row.id, label: String(row.item.name) }))}
        error={useSelector(actor, selectFieldErrors).ssl_id}
      />
      <Checkbox
        label="SSL only (HTTP redirects to HTTPS)"
        checked={sslOnly}
        onChange={(event) => setSslOnly(event.currentTarget.checked)}
        error={useSelector(actor, selectFieldErrors).ssl_only}
      />
    </CreateForm>
  );
}

function AliasesEditor({
  actor,
  id,
  aliases,
}: {
  actor: ManagedItemsActor;
  id: string;
  aliases: string[];
}) {
  const [value, setValue] = useState(aliases.join(' '));
  return (
    <Group gap="xs" wrap="nowrap">
      <TextInput
        aria-label={`Aliases of vhost ${id}`}
        size="xs"
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        w={240}
      />
      <Button
        size="xs"
        variant="light"
        onClick={() =>
          actor.send({
            type: 'item.update.submitted',
            id,
            values: { aliases: value.split(/[\s,]+/) },
          })
        }
      >
        Save aliases
      </Button>
    </Group>
  );
}

function NginxSection({ calls }: { calls: ManagedApi }) {
  const actor = useActorRef(
    nginxMachine.provide({
      actors: {
        status: fromPromise(() => calls.nginx()),
        switchNginx: fromPromise(({ input }: { input: { enable: boolean } }) =>
          calls.switchNginx(input.enable),
        ),
      },
    }),
  );
  const on = useSelector(actor, selectSwitchOn);
  const busy = useSelector(actor, selectSwitchBusy);
  const enabled = useSelector(actor, selectSwitchEnabled);
  const failed = useSelector(actor, selectNginxFailed);
  return (
    <Stack>
      <Switch
        label={on ? M.nginxOn : M.nginxOff}
        checked={on}
        disabled={!enabled}
        aria-busy={busy}
        onChange={() => actor.send({ type: 'nginx.switch.toggled' })}
      />
      {failed && (
        <Alert color="red" role="alert" title={M.nginxFailed}>
          {failed}
          <Button size="xs" ml="sm" onClick={() => actor.send({ type: 'nginx.reload.pressed' })}>
            Try again
          </Button>
        </Alert>
      )}
    </Stack>
  );
}

function WebsitesUserSection({ calls }: { calls: ManagedApi }) {
  const { actors } = useAppServices();
  const password = usePasswordActor(
    { startOverWhenDone: true },
    ({ password: value }) => calls.websitesUserPassword(value),
    {
      'announce the change': () =>
        actors.notifications.send({
          type: 'notification.raised',
          message: M.websitesUserChanged,
          notificationType: 'success',
        }),
    },
  );
  const submitting = useSelector(password, selectPasswordSubmitting);
  const failure = useSelector(password, selectPasswordSubmitError);
  return (
    <form
      noValidate
      aria-label="Change the websites user password"
      onSubmit={(event) => {
        event.preventDefault();
        password.send({ type: 'submit.pressed' });
      }}
    >
      <Stack gap="md">
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <PasswordFields actor={password} withCurrent={false} />
        <Button type="submit" loading={submitting} style={{ alignSelf: 'flex-start' }}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}

function ConfigurationPreview({ calls }: { calls: ManagedApi }) {
  const loader = useActorRef(
    loaderMachine.provide({ actors: { load: fromPromise<unknown>(() => calls.configuration()) } }),
  );
  const files = useSelector(loader, (s) => selectData<{ path: string; content: string }[]>(s));
  const error = useSelector(loader, selectLoadError);
  return (
    <Stack>
      <Button
        size="xs"
        variant="light"
        style={{ alignSelf: 'flex-start' }}
        onClick={() => {
          loader.send({ type: 'reload.requested' });
          loader.send({ type: 'retry.pressed' });
        }}
      >
        Refresh
      </Button>
      {error && <Alert color="red">{error}</Alert>}
      {files?.map((file) => (
        <Stack key={file.path} gap={4}>
          <Text fw={600} size="sm">
            {file.path}
          </Text>
          <Code block aria-label={file.path}>
            {file.content}
          </Code>
        </Stack>
      ))}
    </Stack>
  );
}

const TAB_OF_ROUTE: Record<string, string> = { ssl: 'ssl', domain_redirects: 'redirects' };

export default function ManagedServerPage() {
  usePageTitle(M.title);
  const { api } = useAppServices();
  const params = useParams({ strict: false }) as { server?: string; iid?: string };
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const iid = parseManagedId(params.server ?? params.iid ?? '') ?? 0;
  const section = /\/(ssl|domain_redirects)\/?$/.exec(pathname)?.[1];
  const calls = useMemo(() => managedApi(api, iid), [api, iid]);
  const certs = useItems(calls, 'ssl_certs');
  const databases = useItems(calls, 'mysql_database', true);
  const vhosts = useItems(calls, 'vhosts', true);
  const ftp = useItems(calls, 'ftp_users');
  const redirects = useItems(calls, 'domain_redirects');
  const php = useItems(calls, 'php_settings');
  const [tab, setTab] = useState<string | null>(TAB_OF_ROUTE[section ?? ''] ?? 'ssl');
  const certFailed = useSelector(certs, selectLoadFailed);
  const certError = useSelector(certs, selectError);
  const notFound = certFailed && certError === M.serverNotFound;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>
          {M.title} {iid}
        </Title>
        <Anchor component={Link} to={`/server/${iid}`}>
          Back to the server
        </Anchor>
      </Group>
      {notFound ? (
        <Alert color="yellow">{M.serverNotFound}</Alert>
      ) : (
        <Paper withBorder p="md" radius="md">
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="ssl">SSL</Tabs.Tab>
              <Tabs.Tab value="databases">Databases</Tabs.Tab>
              <Tabs.Tab value="vhosts">Vhosts</Tabs.Tab>
              <Tabs.Tab value="ftp">FTP</Tabs.Tab>
              <Tabs.Tab value="redirects">Redirects</Tabs.Tab>
              <Tabs.Tab value="php">PHP</Tabs.Tab>
              <Tabs.Tab value="nginx">Web server</Tabs.Tab>
              <Tabs.Tab value="websites-user">Websites user</Tabs.Tab>
              <Tabs.Tab value="configuration">{M.configurationPreview}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="ssl" pt="md">
              <SslSection actor={certs} />
            </Tabs.Panel>
            <Tabs.Panel value="databases" pt="md">
              <Stack>
                <CreateForm
                  actor={databases}
                  label="Add database"
                  fields={[
                    { name: 'database_name', label: 'Database name' },
                    { name: 'username', label: 'User name' },
                    { name: 'password', label: 'Password', type: 'password' },
                  ]}
                  toValues={(t) => ({
                    database_name: t.database_name ?? '',
                    username: t.username ?? '',
                    password: t.password ?? '',
                  })}
                />
                <ItemsList
                  actor={databases}
                  label="MySQL databases"
                  columns={[
                    { title: 'Database', value: (d) => String(d.database_name) },
                    { title: 'User', value: (d) => String(d.username) },
                  ]}
                />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="vhosts" pt="md">
              <Stack>
                <VhostForm actor={vhosts} certs={certs} />
                <ItemsList
                  actor={vhosts}
                  label="Vhosts"
                  columns={[
                    { title: 'Domain', value: (h) => String(h.domain) },
                    {
                      title: 'SSL',
                      value: (h) => (h.ssl_only ? 'SSL only' : h.ssl_enabled ? 'SSL' : 'No'),
                    },
                  ]}
                  extra={(row) => (
                    <AliasesEditor
                      actor={vhosts}
                      id={row.id}
                      aliases={row.item.aliases as string[]}
                    />
                  )}
                />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="ftp" pt="md">
              <Stack>
                <CreateForm
                  actor={ftp}
                  label="Add FTP user"
                  fields={[
                    { name: 'username', label: 'User name' },
                    { name: 'password', label: 'Password', type: 'password' },
                  ]}
                  toValues={(t) => ({ username: t.username ?? '', password: t.password ?? '' })}
                />
                <ItemsList
                  actor={ftp}
                  label="FTP users"
                  columns={[{ title: 'User', value: (f) => String(f.username) }]}
                />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="redirects" pt="md">
              <Stack>
                <CreateForm
                  actor={redirects}
                  label="Add redirect"
                  fields={[
                    { name: 'redirect_from', label: 'Redirect from (domain)' },
                    { name: 'redirect_to', label: 'Redirect to (address)' },
                  ]}
                  toValues={(t) => ({
                    redirect_from: t.redirect_from ?? '',
                    redirect_to: t.redirect_to ?? '',
                  })}
                />
                <ItemsList
                  actor={redirects}
                  label="Domain redirects"
                  columns={[
                    { title: 'From', value: (r) => String(r.redirect_from) },
                    { title: 'To', value: (r) => String(r.redirect_to) },
                  ]}
                />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="php" pt="md">
              <Stack>
                <CreateForm
                  actor={php}
                  label="Set PHP value"
                  fields={[
                    { name: 'key', label: `Setting (${PHP_SETTING_KEYS.join(', ')})` },
                    { name: 'value', label: 'Value' },
                  ]}
                  toValues={(t) => ({ key: t.key ?? '', value: t.value ?? '' })}
                />
                <ItemsList
                  actor={php}
                  label="PHP settings"
                  columns={[
                    { title: 'Setting', value: (p) => String(p.key) },
                    { title: 'Value', value: (p) => String(p.value) },
                  ]}
                />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="nginx" pt="md">
              <NginxSection calls={calls} />
            </Tabs.Panel>
            <Tabs.Panel value="websites-user" pt="md">
              <WebsitesUserSection calls={calls} />
            </Tabs.Panel>
            <Tabs.Panel value="configuration" pt="md">
              <ConfigurationPreview calls={calls} />
            </Tabs.Panel>
          </Tabs>
        </Paper>
      )}
    </Stack>
  );
}
