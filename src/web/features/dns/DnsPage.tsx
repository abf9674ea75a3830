/**
 * The DNS panel (portal.md §2 DNS panel, `/services/dnspanel`): the customer's zones with paging
 * and Show all, the active zone's records grouped by type with paging, its aliases, its SOA
 * (read-only) and publication state, a zone file's export and import, and a new zone's Edit and
 * Delete counting down their 60 seconds. It creates the one DNS page actor
 * (machines/dns/dns-panel.machine.ts) and sends it what the person does; it reads the page and
 * its children (the zone list, the records pager, the forms, which hold what the forms hold)
 * through their selectors. The user's permissions are the page machine's input, and a user who
 * may only view finds every form disabled with the reason.
 *
 * A refused change shows in the form it came from (on its fields, or inside the form) and focus
 * moves there; a dialog gives focus back to the control that opened it (./focus.ts).
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
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { NUMERIC_FIELDS, RECORD_FIELDS, RECORD_TYPES, type DnsZone } from '#shared/dns/rules';
import { DNS_FIELD_LABELS, DNS_MESSAGES } from '#shared/dns/messages';
import type { DnsPanelActor } from '#machines/dns/dns-panel.machine';
import {
  selectBusy,
  selectForms,
  selectLoadError,
  selectLoadFailed,
  selectLoading,
  selectPublicationText,
  selectRecordsPager,
  selectZoneCountdown,
  selectZoneList,
} from '#machines/dns/dns-panel.selectors';
import {
  selectAliasName,
  selectCanChange,
  selectDeleting,
  selectEditor,
  selectEditorValue,
  selectFormFailure,
  selectImportFile,
  selectImportPreview,
  selectNewZone,
  selectNotice,
  selectPendingDelete,
  selectReadOnlyReason,
  selectRecordType,
  selectSavingRecord,
  selectSavingZone,
  selectServedName,
  selectZoneEditor,
  type DnsFormsSnapshot,
  type FormFailureView,
} from '#machines/dns/dns-forms.selectors';
import {
  selectRecordGroups,
  selectRecordPager,
  type RecordsPagerSnapshot,
} from '#machines/dns/records-pager.selectors';
import {
  selectActiveZone,
  selectZonePager,
  selectZones,
  type PagerView,
  type ZoneListSnapshot,
} from '#machines/dns/zone-list.selectors';
import type { ZoneCountdownActor } from '#machines/dns/zone-countdown.machine';
import { selectSecondsLeft } from '#machines/dns/zone-countdown.selectors';
import { selectUser } from '#machines/session/session.selectors';
import { useAppServices } from '../../app/context.tsx';
import { DownloadLink } from '../../components/DownloadLink.tsx';
import { READABLE_TEXT_INPUT } from '../../components/FormTextField.tsx';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { usePageTitle } from '../../pages/usePageTitle.ts';
import { dnsApi, provideDnsPanel } from './api.ts';
import { useFocusOnFailure, useFocusReturn } from './focus.ts';
import { SubmitForm } from '../../components/PanelSection.tsx';

/**
 * What the page's children show: the view reads each child (the page's zone list, records pager
 * and forms) through its own selectors, and sends everything to the page.
 */
function useForms<T>(
  panel: DnsPanelActor,
  selector: (snapshot: DnsFormsSnapshot) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  return useSelector(useSelector(panel, selectForms), selector, compare);
}
function useZoneList<T>(panel: DnsPanelActor, selector: (snapshot: ZoneListSnapshot) => T): T {
  return useSelector(useSelector(panel, selectZoneList), selector);
}
function useRecords<T>(panel: DnsPanelActor, selector: (snapshot: RecordsPagerSnapshot) => T): T {
  return useSelector(useSelector(panel, selectRecordsPager), selector);
}

/** Field boxes whose message and typed text keep 4.5:1 contrast in both schemes. */
const FIELD_STYLES = READABLE_TEXT_INPUT;

/** Ids of the read-only reason shown in each form. */
const REASON_ID = {
  zone: 'dns-read-only-zone',
  alias: 'dns-read-only-alias',
  record: 'dns-read-only-record',
  import: 'dns-read-only-import',
} as const;

/** `aria-describedby` only when there is a reason (Mantine's fields name their own message). */
function describedBy(id: string | undefined) {
  return id ? { 'aria-describedby': id } : {};
}

/** Why a form is disabled for this user (portal.md §6), shown in it and describing its controls. */
function ReadOnlyReason({ panel, id }: { panel: DnsPanelActor; id: string }) {
  const reason = useForms(panel, selectReadOnlyReason);
  return reason ? (
    <Text size="sm" id={id} data-testid="dns-read-only">
      {reason}
    </Text>
  ) : null;
}

/** A refused change's reason inside its form (focus moves to it when no field shows one). */
function FormFailureAlert({ failure }: { failure: FormFailureView }) {
  if (failure.message === null) return null;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      tabIndex={-1}
      data-form-failure
      title={failure.details.length > 0 ? failure.message : undefined}
    >
      {failure.details.length > 0 ? (
        <Stack gap={2}>
          {failure.details.map((detail) => (
            <Text size="sm" key={detail}>
              {detail}
            </Text>
          ))}
        </Stack>
      ) : (
        failure.message
      )}
    </Alert>
  );
}

/**
 * A form in a dialog: the refusal first, the fields, then Cancel and the submit button (loading
 * while the call runs). It renders what it is given; the page machine decides.
 */
function FormDialog({
  opened,
  title,
  formRef,
  failure,
  saving,
  submitLabel,
  onClose,
  onSubmit,
  children,
}: {
  opened: boolean;
  title: string;
  formRef: RefObject<HTMLFormElement | null>;
  failure: FormFailureView;
  saving: boolean;
  submitLabel: string;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <SubmitForm ref={formRef} noValidate onSubmit={() => onSubmit()}>
        <Stack>
          <FormFailureAlert failure={failure} />
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </Modal>
  );
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
}: {
  zone: DnsZone;
  panel: DnsPanelActor;
  countdown: ZoneCountdownActor | null;
  busy: boolean;
}) {
  return countdown ? (
    <CountingButtons countdown={countdown} />
  ) : (
    <Group gap={4} wrap="nowrap">
      <Button
        size="xs"
        variant="default"
        disabled={busy}
        onClick={() => panel.send({ type: 'zone.edit.pressed', zoneId: zone.zone_id })}
      >
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
  canChange,
}: {
  zone: DnsZone;
  active: boolean;
  panel: DnsPanelActor;
  busy: boolean;
  canChange: boolean;
}) {
  const countdown = useSelector(panel, (s) => selectZoneCountdown(s, zone.zone_id));
  return (
    <Table.Tr data-testid="dns-zone" data-focus-row aria-current={active ? 'true' : undefined}>
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
      {canChange && (
        <Table.Td>
          <ZoneButtons zone={zone} panel={panel} countdown={countdown} busy={busy} />
        </Table.Td>
      )}
    </Table.Tr>
  );
}

function CreateZoneForm({ panel, busy }: { panel: DnsPanelActor; busy: boolean }) {
  const values = useForms(panel, selectNewZone);
  const failure = useForms(panel, (s) => selectFormFailure(s, 'zone'));
  const canChange = useForms(panel, selectCanChange);
  const form = useRef<HTMLFormElement>(null);
  useFocusOnFailure(form, failure);
  const reason = canChange ? undefined : REASON_ID.zone;
  return (
    <SubmitForm
      ref={form}
      onSubmit={() => panel.send({ type: 'zone.create.submitted' })}
      aria-label="Create a zone"
      noValidate
    >
      <Stack gap="xs">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Zone name"
            placeholder="example.com"
            value={values.zone_name}
            onChange={(e) =>
              panel.send({
                type: 'zone.field.changed',
                field: 'zone_name',
                value: e.currentTarget.value,
              })
            }
            error={failure.fieldErrors.zone_name}
            disabled={!canChange}
            {...describedBy(reason)}
            styles={FIELD_STYLES}
            required
          />
          <TextInput
            label="TTL (seconds)"
            inputMode="numeric"
            value={values.ttl}
            onChange={(e) =>
              panel.send({ type: 'zone.field.changed', field: 'ttl', value: e.currentTarget.value })
            }
            error={failure.fieldErrors.ttl}
            disabled={!canChange}
            {...describedBy(reason)}
            styles={FIELD_STYLES}
            w={120}
          />
          <Button type="submit" disabled={busy || !canChange} {...describedBy(reason)} mt={25}>
            Create zone
          </Button>
        </Group>
        <ReadOnlyReason panel={panel} id={REASON_ID.zone} />
        <FormFailureAlert failure={failure} />
      </Stack>
    </SubmitForm>
  );
}

function ZoneTtlModal({ panel, busy }: { panel: DnsPanelActor; busy: boolean }) {
  const editor = useForms(panel, selectZoneEditor);
  const saving = useForms(panel, selectSavingZone);
  const failure = useForms(panel, (s) => selectFormFailure(s, 'zoneTtl'));
  const form = useRef<HTMLFormElement>(null);
  useFocusOnFailure(form, failure);
  useFocusReturn(editor !== null, !busy);
  return (
    <FormDialog
      opened={editor !== null}
      title={`Edit ${editor?.zoneName ?? ''}`}
      formRef={form}
      failure={failure}
      saving={saving}
      submitLabel="Save"
      onClose={() => panel.send({ type: 'zone.editor.closed' })}
      onSubmit={() => panel.send({ type: 'zone.ttl.submitted' })}
    >
      <TextInput
        label="TTL (seconds)"
        inputMode="numeric"
        value={editor?.ttl ?? ''}
        onChange={(e) => panel.send({ type: 'zone.ttl.changed', value: e.currentTarget.value })}
        error={failure.fieldErrors.ttl}
        styles={FIELD_STYLES}
        data-autofocus
      />
    </FormDialog>
  );
}

/** What a target will be served as, said under it as it is typed, with the root warning. */
function servedDescription(text: string, warning: string | null): ReactNode {
  return (
    <>
      <span data-testid="served-name">{text}</span>
      {warning && (
        <span data-testid="served-warning" style={{ display: 'block', fontWeight: 600 }}>
          {warning}
        </span>
      )}
    </>
  );
}

function RecordField({ panel, field }: { panel: DnsPanelActor; field: string }) {
  const value = useForms(panel, (s) => selectEditorValue(s, field));
  const failure = useForms(panel, (s) => selectFormFailure(s, 'record'));
  const served = useForms(
    panel,
    (s) => selectServedName(s),
    (a, b) => a?.field === b?.field && a?.text === b?.text && a?.warning === b?.warning,
  );
  const props = {
    label: DNS_FIELD_LABELS[field],
    value,
    error: failure.fieldErrors[field],
    styles: FIELD_STYLES,
    onChange: (e: { currentTarget: { value: string } }) =>
      panel.send({ type: 'record.field.changed', field, value: e.currentTarget.value }),
  };
  if (field === 'text') return <Textarea {...props} autosize minRows={2} />;
  return (
    <TextInput
      {...props}
      inputMode={NUMERIC_FIELDS.has(field) ? 'numeric' : undefined}
      description={
        served?.field === field ? servedDescription(served.text, served.warning) : undefined
      }
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}

function RecordEditor({ panel, busy }: { panel: DnsPanelActor; busy: boolean }) {
  const editor = useForms(panel, selectEditor);
  const saving = useForms(panel, selectSavingRecord);
  const failure = useForms(panel, (s) => selectFormFailure(s, 'record'));
  const form = useRef<HTMLFormElement>(null);
  useFocusOnFailure(form, failure);
  useFocusReturn(editor !== null, !busy);
  if (!editor) return null;
  const fields = RECORD_FIELDS[editor.recordType] as string[];
  return (
    <FormDialog
      opened
      title={`${editor.record ? 'Edit' : 'Add'} ${editor.recordType} record`}
      formRef={form}
      failure={failure}
      saving={saving}
      submitLabel="Save record"
      onClose={() => panel.send({ type: 'record.editor.closed' })}
      onSubmit={() => panel.send({ type: 'record.save.submitted' })}
    >
      {['name', ...fields, 'ttl'].map((field) => (
        <RecordField key={field} panel={panel} field={field} />
      ))}
    </FormDialog>
  );
}

function ConfirmDelete({ panel, busy }: { panel: DnsPanelActor; busy: boolean }) {
  const pending = useForms(panel, selectPendingDelete);
  const deleting = useForms(panel, selectDeleting);
  const failure = useForms(panel, (s) => selectFormFailure(s, 'delete'));
  const box = useRef<HTMLDivElement>(null);
  useFocusOnFailure(box, failure);
  useFocusReturn(pending !== null, !busy);
  return (
    <Modal
      opened={pending !== null}
      onClose={() => panel.send({ type: 'delete.cancelled' })}
      title="Delete?"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack ref={box}>
        <Text>
          Delete <strong>{pending?.label}</strong>? This cannot be undone.
        </Text>
        <FormFailureAlert failure={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => panel.send({ type: 'delete.cancelled' })}>
            Cancel
          </Button>
          {/* White on the default red is 3.3:1; the darkest red passes 4.5:1. */}
          <Button
            color="red.9"
            loading={deleting}
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
  const file = useForms(panel, selectImportFile);
  const preview = useForms(panel, selectImportPreview);
  const failure = useForms(panel, (s) => selectFormFailure(s, 'import'));
  const canChange = useForms(panel, selectCanChange);
  const form = useRef<HTMLFormElement>(null);
  useFocusOnFailure(form, failure);
  const reason = canChange ? undefined : REASON_ID.import;
  const line = (c: { name: string; record_type: string; content: string }) =>
    `${c.name} ${c.record_type} ${c.content}`;
  return (
    <SubmitForm
      ref={form}
      aria-labelledby="import-title"
      noValidate
      onSubmit={() => panel.send({ type: 'import.preview.submitted' })}
    >
      <Stack gap="xs">
        <Title order={3} size="h4" id="import-title">
          Import a zone file
        </Title>
        <Textarea
          label="Zone file"
          description="RFC 1035 format; the SOA is ignored."
          autosize
          minRows={3}
          maxRows={12}
          value={file}
          onChange={(e) =>
            panel.send({ type: 'import.file.changed', value: e.currentTarget.value })
          }
          error={failure.fieldErrors.zone_file}
          disabled={!canChange}
          styles={FIELD_STYLES}
        />
        <ReadOnlyReason panel={panel} id={REASON_ID.import} />
        <FormFailureAlert failure={failure} />
        <Group>
          <Button
            type="submit"
            variant="default"
            disabled={busy || !canChange || file.trim() === ''}
            {...describedBy(reason)}
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
    </SubmitForm>
  );
}

function Aliases({ zone, panel, busy }: { zone: DnsZone; panel: DnsPanelActor; busy: boolean }) {
  const alias = useForms(panel, selectAliasName);
  const failure = useForms(panel, (s) => selectFormFailure(s, 'alias'));
  const canChange = useForms(panel, selectCanChange);
  const form = useRef<HTMLFormElement>(null);
  useFocusOnFailure(form, failure);
  const reason = canChange ? undefined : REASON_ID.alias;
  return (
    <Stack gap={4} data-focus-list="aliases" data-focus-heading="aliases-title">
      <Title order={3} size="h4" id="aliases-title" tabIndex={-1}>
        Aliases
      </Title>
      {zone.aliases.length === 0 && <Text size="sm">No aliases.</Text>}
      {zone.aliases.map((a) => (
        <Group key={a.alias_id} gap="xs" data-focus-row>
          <Text size="sm">{a.alias_name}</Text>
          {canChange && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              disabled={busy}
              onClick={() => panel.send({ type: 'alias.delete.pressed', aliasId: a.alias_id })}
            >
              Remove {a.alias_name}
            </Button>
          )}
        </Group>
      ))}
      <SubmitForm
        ref={form}
        aria-label="Add an alias"
        noValidate
        onSubmit={() => panel.send({ type: 'alias.add.submitted' })}
      >
        <Stack gap="xs">
          <Group align="flex-start" gap="sm">
            <TextInput
              label="Alias name"
              value={alias}
              onChange={(e) =>
                panel.send({ type: 'alias.name.changed', value: e.currentTarget.value })
              }
              error={failure.fieldErrors.alias_name}
              disabled={!canChange}
              {...describedBy(reason)}
              styles={FIELD_STYLES}
            />
            <Button
              type="submit"
              variant="default"
              disabled={busy || !canChange}
              {...describedBy(reason)}
              mt={25}
            >
              Add alias
            </Button>
          </Group>
          <ReadOnlyReason panel={panel} id={REASON_ID.alias} />
          <FormFailureAlert failure={failure} />
        </Stack>
      </SubmitForm>
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
  const groups = useRecords(panel, selectRecordGroups);
  const pager = useRecords(panel, selectRecordPager);
  const recordType = useForms(panel, selectRecordType);
  const canChange = useForms(panel, selectCanChange);
  const reason = canChange ? undefined : REASON_ID.record;
  const { soa } = zone;
  return (
    <Stack gap="md" component="section" aria-labelledby="active-zone-title">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} id="active-zone-title" tabIndex={-1}>
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
      <Aliases zone={zone} panel={panel} busy={busy} />
      <Stack gap="xs">
        <Group align="flex-end" gap="sm">
          <NativeSelect
            label="Record type"
            data={[...RECORD_TYPES]}
            value={recordType}
            disabled={!canChange}
            {...describedBy(reason)}
            onChange={(e) =>
              panel.send({
                type: 'record.type.chosen',
                recordType: e.currentTarget.value as (typeof RECORD_TYPES)[number],
              })
            }
          />
          <Button
            disabled={busy || !canChange}
            {...describedBy(reason)}
            onClick={() => panel.send({ type: 'record.create.pressed', recordType })}
          >
            Add record
          </Button>
        </Group>
        <ReadOnlyReason panel={panel} id={REASON_ID.record} />
      </Stack>
      <Pager
        label="Records"
        pager={pager}
        disabled={busy}
        onPrevious={() => panel.send({ type: 'records.previous.pressed' })}
        onNext={() => panel.send({ type: 'records.next.pressed' })}
        onAll={() => panel.send({ type: 'records.all.pressed' })}
      />
      <Stack gap="md" data-focus-list="records" data-focus-heading="active-zone-title">
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
                    {canChange && <Table.Th>Actions</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {group.records.map((record) => (
                    <Table.Tr key={record.record_id} data-testid="dns-record" data-focus-row>
                      <Table.Td>{record.name}</Table.Td>
                      <Table.Td>{record.ttl ?? zone.ttl}</Table.Td>
                      <Table.Td style={{ wordBreak: 'break-all' }}>
                        {record.record_type === 'MX'
                          ? `${record.priority} ${record.target}`
                          : record.content}
                      </Table.Td>
                      {canChange && (
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
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        ))}
      </Stack>
      <ImportSection panel={panel} busy={busy} />
    </Stack>
  );
}

export default function DnsPage() {
  usePageTitle('DNS');
  const { api, actors } = useAppServices();
  const perms = useSelector(actors.session, (s) => selectUser(s)?.perms);
  const [machine] = useState(() => provideDnsPanel(api));
  const [calls] = useState(() => dnsApi(api));
  const panel = useActorRef(machine, { input: { perms } });
  const zones = useZoneList(panel, selectZones);
  const activeZone = useZoneList(panel, selectActiveZone);
  const zonePager = useZoneList(panel, selectZonePager);
  const loading = useSelector(panel, selectLoading);
  const busy = useSelector(panel, selectBusy);
  const failed = useSelector(panel, selectLoadFailed);
  const loadError = useSelector(panel, selectLoadError);
  const notice = useForms(panel, selectNotice);
  const canChange = useForms(panel, selectCanChange);

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
      {failed && (
        <LoadFailure
          title="The DNS zones could not be loaded."
          message={loadError}
          onRetry={() => panel.send({ type: 'load.retry.pressed' })}
        />
      )}
      <Stack
        gap="xs"
        component="section"
        aria-labelledby="zones-title"
        data-focus-list="zones"
        data-focus-heading="zones-title"
      >
        <Title order={2} size="h3" id="zones-title" tabIndex={-1}>
          Zones
        </Title>
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
                {canChange && <Table.Th>Actions</Table.Th>}
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
                  canChange={canChange}
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
      <ZoneTtlModal panel={panel} busy={busy} />
      <RecordEditor panel={panel} busy={busy} />
      <ConfirmDelete panel={panel} busy={busy} />
    </Stack>
  );
}
