/**
 * The DNS panel (portal.md §2 DNS panel, `/services/dnspanel`): the customer's zones with paging
 * and Show all, the active zone's records grouped by type with paging, its aliases, its SOA
 * (read-only) and publication state, a zone file's export and import, and a new zone's Edit and
 * Delete counting down their 60 seconds. It renders the DNS panel machine
 * (machines/dns/dns-panel.machine.ts) and sends it what the person does.
 */
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { DEFAULT_ZONE_TTL } from '#shared/constants';
import {
  NUMERIC_FIELDS,
  RECORD_FIELDS,
  RECORD_TYPES,
  type DnsRecord,
  type DnsZone,
  type RecordType,
} from '#shared/dns';
import { DNS_FIELD_LABELS, DNS_MESSAGES } from '#shared/messages/dns';
import type { DnsPanelActor } from '#machines/dns/dns-panel.machine';
import {
  selectActiveZone,
  selectBusy,
  selectEditor,
  selectError,
  selectImportPreview,
  selectLoadFailed,
  selectLoading,
  selectNotice,
  selectPendingDelete,
  selectPublicationText,
  selectRecordGroups,
  selectRecordPager,
  selectSavingRecord,
  selectZoneCountdown,
  selectZoneFieldErrors,
  selectZonePager,
  selectZones,
  type PagerView,
} from '#machines/dns/dns-panel.selectors';
import type { ZoneCountdownActor } from '#machines/dns/zone-countdown.machine';
import { selectSecondsLeft } from '#machines/dns/zone-countdown.selectors';
import { useAppServices } from '../../app/context.tsx';
import { DownloadLink } from '../../components/DownloadLink.tsx';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { usePageTitle } from '../../pages/usePageTitle.ts';
import { dnsApi, provideDnsPanel } from './api.ts';

/** A number when the text is one (the server names anything else on its field). */
function numberOrText(value: string): number | string {
  return /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
}

function Pager({
  label,
  pager,
  onPrevious,
  onNext,
  onAll,
  disabled,
}: {
  label: string;
  pager: PagerView;
  onPrevious: () => void;
  onNext: () => void;
  onAll: () => void;
  disabled: boolean;
}) {
  return (
    <Group gap="xs" justify="space-between" wrap="wrap" aria-label={`${label} pages`} role="group">
      <Text size="sm" data-testid={`${label.toLowerCase()}-range`}>
        {pager.total === 0
          ? `No ${label.toLowerCase()}`
          : `${pager.from}–${pager.to} of ${pager.total}`}
      </Text>
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          disabled={disabled || !pager.canPrevious}
          onClick={onPrevious}
        >
          Previous {label.toLowerCase()}
        </Button>
        <Button size="xs" variant="default" disabled={disabled || !pager.canNext} onClick={onNext}>
          Next {label.toLowerCase()}
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={disabled || pager.showingAll || pager.total === 0}
          onClick={onAll}
        >
          Show all {label.toLowerCase()}
        </Button>
      </Group>
    </Group>
  );
}

/** The zone's publication state, in words (plain text keeps its contrast in both schemes). */
function PublicationState({ zone }: { zone: DnsZone }) {
  return (
    <Text size="sm" data-testid="publication" data-state={zone.publication.state}>
      {selectPublicationText(zone)}
    </Text>
  );
}

/** Edit and Delete of a zone; while its countdown runs they say how long they stay disabled. */
function ZoneButtons({
  zone,
  panel,
  countdown,
  busy,
  onEdit,
}: {
  zone: DnsZone;
  panel: DnsPanelActor;
  countdown: ZoneCountdownActor | null;
  busy: boolean;
  onEdit: () => void;
}) {
  return countdown ? (
    <CountingButtons countdown={countdown} />
  ) : (
    <Group gap={4} wrap="nowrap">
      <Button size="xs" variant="default" disabled={busy} onClick={onEdit}>
        Edit
      </Button>
      <Button
        size="xs"
        color="red"
        variant="light"
        disabled={busy}
        onClick={() => panel.send({ type: 'zone.delete.pressed', zoneId: zone.zone_id })}
      >
        Delete
      </Button>
    </Group>
  );
}

function CountingButtons({ countdown }: { countdown: ZoneCountdownActor }) {
  const seconds = useSelector(countdown, selectSecondsLeft);
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="xs" variant="default" disabled>
        {DNS_MESSAGES.disabledFor('Edit', seconds)}
      </Button>
      <Button size="xs" color="red" variant="light" disabled>
        {DNS_MESSAGES.disabledFor('Delete', seconds)}
      </Button>
    </Group>
  );
}

function ZoneRow({
  zone,
  active,
  panel,
  busy,
  onEdit,
}: {
  zone: DnsZone;
  active: boolean;
  panel: DnsPanelActor;
  busy: boolean;
  onEdit: () => void;
}) {
  const countdown = useSelector(panel, (s) => selectZoneCountdown(s, zone.zone_id));
  return (
    <Table.Tr data-testid="dns-zone" aria-current={active ? 'true' : undefined}>
      <Table.Td>
        <Button
          size="xs"
          variant={active ? 'filled' : 'subtle'}
          disabled={busy}
          onClick={() => panel.send({ type: 'zone.selected', zoneId: zone.zone_id })}
        >
          {zone.zone_name}
        </Button>
      </Table.Td>
      <Table.Td>{zone.ttl}</Table.Td>
      <Table.Td>
        <PublicationState zone={zone} />
      </Table.Td>
      <Table.Td>
        <ZoneButtons zone={zone} panel={panel} countdown={countdown} busy={busy} onEdit={onEdit} />
      </Table.Td>
    </Table.Tr>
  );
}

function CreateZoneForm({ panel, busy }: { panel: DnsPanelActor; busy: boolean }) {
  const errors = useSelector(panel, selectZoneFieldErrors);
  const [name, setName] = useState('');
  const [ttl, setTtl] = useState(String(DEFAULT_ZONE_TTL));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    panel.send({
      type: 'zone.create.submitted',
      zone_name: name,
      ttl: numberOrText(ttl) as number,
    });
  };
  return (
    <form onSubmit={submit} aria-label="Create a zone">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Zone name"
          placeholder="example.com"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.zone_name}
          required
        />
        <TextInput
          label="TTL (seconds)"
          inputMode="numeric"
          value={ttl}
          onChange={(e) => setTtl(e.currentTarget.value)}
          error={errors.ttl}
          w={120}
        />
        <Button type="submit" disabled={busy}>
          Create zone
        </Button>
      </Group>
    </form>
  );
}

function ZoneTtlModal({
  zone,
  panel,
  onClose,
}: {
  zone: DnsZone | null;
  panel: DnsPanelActor;
  onClose: () => void;
}) {
  const [ttl, setTtl] = useState('');
  return (
    <Modal
      opened={zone !== null}
      onClose={onClose}
      title={`Edit ${zone?.zone_name ?? ''}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (zone) {
            panel.send({
              type: 'zone.ttl.submitted',
              zoneId: zone.zone_id,
              ttl: numberOrText(ttl) as number,
            });
          }
          onClose();
        }}
      >
        <Stack>
          <TextInput
            label="TTL (seconds)"
            inputMode="numeric"
            placeholder={String(zone?.ttl ?? DEFAULT_ZONE_TTL)}
            value={ttl}
            onChange={(e) => setTtl(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Save</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RecordEditor({ panel }: { panel: DnsPanelActor }) {
  const editor = useSelector(panel, selectEditor);
  const saving = useSelector(panel, selectSavingRecord);
  const error = useSelector(panel, selectError);
  const [values, setValues] = useState<Record<string, string>>({});
  const [openedFor, setOpenedFor] = useState<DnsRecord | RecordType | null>(null);
  const key = editor ? (editor.record ?? editor.recordType) : null;
  if (key !== openedFor) {
    setOpenedFor(key);
    const record = editor?.record as Record<string, unknown> | null | undefined;
    const fields = editor ? ['name', 'ttl', ...(RECORD_FIELDS[editor.recordType] as string[])] : [];
    setValues(
      Object.fromEntries(
        fields.map((field) => [
          field,
          record && record[field] !== null && record[field] !== undefined
            ? String(record[field])
            : field === 'name'
              ? '@'
              : '',
        ]),
      ),
    );
  }
  if (!editor) return null;
  const fields = RECORD_FIELDS[editor.recordType] as string[];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: Record<string, unknown> = { name: values.name ?? '@' };
    body.ttl = (values.ttl ?? '').trim() === '' ? null : numberOrText(values.ttl ?? '');
    for (const field of fields) {
      body[field] = NUMERIC_FIELDS.has(field) ? numberOrText(values[field] ?? '') : values[field];
    }
    panel.send({ type: 'record.save.submitted', body });
  };
  const input = (field: string) => {
    const props = {
      key: field,
      label: DNS_FIELD_LABELS[field],
      value: values[field] ?? '',
      error: editor.fieldErrors[field],
      onChange: (e: { currentTarget: { value: string } }) => {
        const value = e.currentTarget.value;
        setValues((old) => ({ ...old, [field]: value }));
      },
    };
    return field === 'text' ? (
      <Textarea {...props} autosize minRows={2} />
    ) : (
      <TextInput {...props} inputMode={NUMERIC_FIELDS.has(field) ? 'numeric' : undefined} />
    );
  };
  return (
    <Modal
      opened
      onClose={() => panel.send({ type: 'record.editor.closed' })}
      title={`${editor.record ? 'Edit' : 'Add'} ${editor.recordType} record`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {error && Object.keys(editor.fieldErrors).length === 0 && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {input('name')}
          {fields.map(input)}
          {input('ttl')}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => panel.send({ type: 'record.editor.closed' })}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save record
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ConfirmDelete({ panel }: { panel: DnsPanelActor }) {
  const pending = useSelector(panel, selectPendingDelete);
  return (
    <Modal
      opened={pending !== null}
      onClose={() => panel.send({ type: 'delete.cancelled' })}
      title="Delete?"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Text>
          Delete <strong>{pending?.label}</strong>? This cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => panel.send({ type: 'delete.cancelled' })}>
            Cancel
          </Button>
          {/* White on the default red is 3.3:1; the darkest red passes 4.5:1. */}
          <Button
            color="red.9"
            onClick={() => panel.send({ type: 'delete.confirmed' })}
            data-autofocus
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ImportSection({ panel, busy }: { panel: DnsPanelActor; busy: boolean }) {
  const [file, setFile] = useState('');
  const preview = useSelector(panel, selectImportPreview);
  const line = (c: { name: string; record_type: string; content: string }) =>
    `${c.name} ${c.record_type} ${c.content}`;
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Import a zone file
      </Title>
      <Textarea
        label="Zone file"
        description="RFC 1035 format; the SOA is ignored."
        autosize
        minRows={3}
        maxRows={12}
        value={file}
        onChange={(e) => setFile(e.currentTarget.value)}
      />
      <Group>
        <Button
          variant="default"
          disabled={busy || file.trim() === ''}
          onClick={() => panel.send({ type: 'import.preview.submitted', zone_file: file })}
        >
          Preview import
        </Button>
      </Group>
      {preview && (
        <Paper withBorder p="sm" data-testid="import-preview">
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {preview.added.length} to add, {preview.changed.length} to change,{' '}
              {preview.removed.length} to remove
            </Text>
            {preview.added.map((c) => (
              <Text size="xs" key={`a ${line(c)}`}>
                + {line(c)}
              </Text>
            ))}
            {preview.changed.map((c) => (
              <Text size="xs" key={`c ${c.to.map(line).join()}`}>
                ~ {c.to.map(line).join(', ')}
              </Text>
            ))}
            {preview.removed.map((c) => (
              <Text size="xs" key={`r ${line(c)}`}>
                − {line(c)}
              </Text>
            ))}
            <Group mt="xs">
              <Button onClick={() => panel.send({ type: 'import.apply.pressed' })}>Import</Button>
              <Button variant="default" onClick={() => panel.send({ type: 'import.cancelled' })}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

function ActiveZone({
  zone,
  panel,
  busy,
  exportUrl,
  exportFile,
}: {
  zone: DnsZone;
  panel: DnsPanelActor;
  busy: boolean;
  exportUrl: string;
  exportFile: () => Promise<Blob>;
}) {
  const groups = useSelector(panel, selectRecordGroups);
  const pager = useSelector(panel, selectRecordPager);
  const [recordType, setRecordType] = useState<RecordType>('A');
  const [alias, setAlias] = useState('');
  const { soa } = zone;
  return (
    <Stack gap="md" component="section" aria-labelledby="active-zone-title">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} id="active-zone-title">
          {zone.zone_name}
        </Title>
        <DownloadLink href={exportUrl} fileName={`${zone.zone_name}.zone`} fetchFile={exportFile}>
          Export zone file
        </DownloadLink>
      </Group>
      <Text size="sm" data-testid="zone-soa">
        SOA {soa.primary} {soa.hostmaster} serial {soa.serial} (refresh {soa.refresh}, retry{' '}
        {soa.retry}, expire {soa.expire}, minimum {soa.minimum})
      </Text>
      <Stack gap={4}>
        <Title order={3} size="h4">
          Aliases
        </Title>
        {zone.aliases.length === 0 && <Text size="sm">No aliases.</Text>}
        {zone.aliases.map((a) => (
          <Group key={a.alias_id} gap="xs">
            <Text size="sm">{a.alias_name}</Text>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              disabled={busy}
              onClick={() => panel.send({ type: 'alias.delete.pressed', aliasId: a.alias_id })}
            >
              Remove {a.alias_name}
            </Button>
          </Group>
        ))}
        <form
          aria-label="Add an alias"
          onSubmit={(event) => {
            event.preventDefault();
            panel.send({ type: 'alias.add.submitted', alias_name: alias });
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Alias name"
              value={alias}
              onChange={(e) => setAlias(e.currentTarget.value)}
            />
            <Button type="submit" variant="default" disabled={busy}>
              Add alias
            </Button>
          </Group>
        </form>
      </Stack>
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label="Record type"
          data={[...RECORD_TYPES]}
          value={recordType}
          onChange={(e) => setRecordType(e.currentTarget.value as RecordType)}
        />
        <Button
          disabled={busy}
          onClick={() => panel.send({ type: 'record.create.pressed', recordType })}
        >
          Add record
        </Button>
      </Group>
      <Pager
        label="Records"
        pager={pager}
        disabled={busy}
        onPrevious={() => panel.send({ type: 'records.previous.pressed' })}
        onNext={() => panel.send({ type: 'records.next.pressed' })}
        onAll={() => panel.send({ type: 'records.all.pressed' })}
      />
      {groups.map((group) => (
        <Stack gap={4} key={group.recordType} data-testid={`records-${group.recordType}`}>
          <Title order={3} size="h5">
            {group.recordType} records
          </Title>
          <Table.ScrollContainer minWidth={320}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>TTL</Table.Th>
                  <Table.Th>Value</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {group.records.map((record) => (
                  <Table.Tr key={record.record_id} data-testid="dns-record">
                    <Table.Td>{record.name}</Table.Td>
                    <Table.Td>{record.ttl ?? zone.ttl}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>
                      {record.record_type === 'MX'
                        ? `${record.priority} ${record.target}`
                        : record.content}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          disabled={busy}
                          onClick={() => panel.send({ type: 'record.edit.pressed', record })}
                          aria-label={`Edit ${record.name} ${record.record_type}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          disabled={busy}
                          onClick={() => panel.send({ type: 'record.delete.pressed', record })}
                          aria-label={`Delete ${record.name} ${record.record_type}`}
                        >
                          Delete
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      ))}
      <ImportSection panel={panel} busy={busy} />
    </Stack>
  );
}

export default function DnsPage() {
  usePageTitle('DNS');
  const { api } = useAppServices();
  const [machine] = useState(() => provideDnsPanel(api));
  const [calls] = useState(() => dnsApi(api));
  const panel = useActorRef(machine);
  const zones = useSelector(panel, selectZones);
  const activeZone = useSelector(panel, selectActiveZone);
  const zonePager = useSelector(panel, selectZonePager);
  const loading = useSelector(panel, selectLoading);
  const busy = useSelector(panel, selectBusy);
  const failed = useSelector(panel, selectLoadFailed);
  const error = useSelector(panel, selectError);
  const editorOpen = useSelector(panel, (s) => selectEditor(s) !== null);
  const notice = useSelector(panel, selectNotice);
  const [ttlZone, setTtlZone] = useState<DnsZone | null>(null);

  return (
    <Stack gap="lg">
      <Title order={1}>DNS</Title>
      <CreateZoneForm panel={panel} busy={busy} />
      <div aria-live="polite">
        {notice && (
          <Alert color="green" variant="light" data-testid="dns-notice">
            {notice}
          </Alert>
        )}
        {loading && (
          <Center py="xs" role="status" aria-label="Loading DNS zones">
            <Loader size="sm" aria-hidden />
          </Center>
        )}
      </div>
      {error && !failed && !editorOpen && (
        <Alert color="red" variant="light" role="alert" title="The change was not made">
          {error}
        </Alert>
      )}
      {failed && (
        <LoadFailure
          title="The DNS zones could not be loaded."
          message={error}
          onRetry={() => panel.send({ type: 'load.retry.pressed' })}
        />
      )}
      <Stack gap="xs" component="section" aria-label="Zones">
        <Pager
          label="Zones"
          pager={zonePager}
          disabled={busy}
          onPrevious={() => panel.send({ type: 'zones.previous.pressed' })}
          onNext={() => panel.send({ type: 'zones.next.pressed' })}
          onAll={() => panel.send({ type: 'zones.all.pressed' })}
        />
        <Table.ScrollContainer minWidth={320}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Zone</Table.Th>
                <Table.Th>TTL</Table.Th>
                <Table.Th>Published</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {zones.map((zone) => (
                <ZoneRow
                  key={zone.zone_id}
                  zone={zone}
                  active={zone.zone_id === activeZone?.zone_id}
                  panel={panel}
                  busy={busy}
                  onEdit={() => setTtlZone(zone)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      {activeZone && (
        <ActiveZone
          zone={activeZone}
          panel={panel}
          busy={busy}
          exportUrl={calls.exportUrl(activeZone.zone_id)}
          exportFile={() => calls.exportFile(activeZone.zone_id)}
        />
      )}
      <ZoneTtlModal zone={ttlZone} panel={panel} onClose={() => setTtlZone(null)} />
      <RecordEditor panel={panel} />
      <ConfirmDelete panel={panel} />
    </Stack>
  );
}
