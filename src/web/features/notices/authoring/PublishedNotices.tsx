/**
 * The Admin tab's published notices (docs/people.md "The provider's side of notices"): every
 * notice with its reach, period and counts; Edit on a notice not started, Withdraw on one not
 * ended, each asked about before anything is sent. The published notices machine decides; this
 * view renders its selectors and sends it events.
 */
import {
  Alert,
  Button,
  Checkbox,
  Group,
  InputBase,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useSelector } from '@xstate/react';
import { NOTICE_MESSAGES } from '#shared/people/messages';
import { NOTICE_ADMIN_MESSAGES as M } from '#shared/notices/messages';
import type { NoticeDraftField } from '#machines/notices/draft';
import type { PublishedNoticesActor } from '#machines/notices/published.machine';
import {
  selectConfirmation,
  selectDone,
  selectEdit,
  selectError,
  selectListed,
  selectLoadFailed,
  selectLoading,
  selectRows,
  type EditView,
} from '#machines/notices/published.selectors';
import { READABLE_TEXT_INPUT } from '../../../components/FormTextField.tsx';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { LoadFailure } from '../../../components/LoadFailure.tsx';
import { NoticeReach } from './NoticeReach.tsx';
import { ChangeOutcome } from '../../../components/PageStatus.tsx';
import { PanelSection, SubmitForm } from '../../../components/PanelSection.tsx';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function EditForm({ actor, edit }: { actor: PublishedNoticesActor; edit: EditView }) {
  const { draft, errors, busy } = edit;
  const change = (field: NoticeDraftField, value: string | boolean) =>
    actor.send({ type: 'draft.changed', field, value });
  const text = (field: NoticeDraftField) => ({
    value: String(draft[field]),
    error: errors[field],
    disabled: busy,
    styles: READABLE_TEXT_INPUT,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      change(field, event.currentTarget.value),
  });
  return (
    <PanelSection id="notice-edit-title" title={edit.heading} order={3} size="h5">
      <SubmitForm
        noValidate
        aria-labelledby="notice-edit-title"
        onSubmit={() => actor.send({ type: 'edit.submitted' })}
      >
        <Stack gap="sm">
          <TextInput label="Title" required {...text('title')} />
          <InputBase
            component="textarea"
            rows={5}
            label="Text (Markdown)"
            required
            {...text('content')}
          />
          <Checkbox
            label={NOTICE_MESSAGES.ignorable}
            checked={draft.ignorable}
            disabled={busy}
            onChange={(event) => change('ignorable', event.currentTarget.checked)}
          />
          <NoticeReach
            audience={draft.audience}
            onAudience={(value) => change('audience', value)}
            disabled={busy}
            cid={text('cid')}
            starts={text('starts_at')}
            ends={text('ends_at')}
          />
          <Group>
            <Button type="submit" disabled={busy}>
              {M.save}
            </Button>
            <Button
              variant="default"
              disabled={busy}
              onClick={() => actor.send({ type: 'edit.cancelled' })}
            >
              {M.cancel}
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </PanelSection>
  );
}

export function PublishedNotices({ actor }: { actor: PublishedNoticesActor }) {
  const loading = useSelector(actor, selectLoading);
  const failed = useSelector(actor, selectLoadFailed);
  const listed = useSelector(actor, selectListed);
  const rows = useSelector(actor, selectRows, same);
  const error = useSelector(actor, selectError);
  const done = useSelector(actor, selectDone);
  const edit = useSelector(actor, selectEdit, same);
  const question = useSelector(actor, selectConfirmation, same);
  const cancel = () => actor.send({ type: 'confirmation.cancelled' });
  return (
    <PanelSection id="notices-published" title={M.listTitle}>
      <Stack gap="sm">
        {loading && <Text size="sm">Loading…</Text>}
        {failed && (
          <LoadFailure
            title={M.loadFailed}
            message={error}
            onRetry={() => actor.send({ type: 'notices.retry.pressed' })}
          />
        )}
        <ChangeOutcome error={listed && !edit ? error : null} done={done} />
        {listed && rows.length === 0 && <Text size="sm">{M.listEmpty}</Text>}
        {listed && rows.length > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table data-testid="published-notices">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Reach</Table.Th>
                  <Table.Th>Period</Table.Th>
                  <Table.Th>Acknowledged</Table.Th>
                  <Table.Th>Ignored</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.notice.id} data-testid={`published-notice-${row.notice.id}`}>
                    <Table.Td>{row.notice.title}</Table.Td>
                    <Table.Td>{row.reach}</Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {row.period}
                      </Text>
                      <Text size="sm">
                        {when(row.notice.starts_at)} – {when(row.notice.ends_at)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{row.notice.acknowledged}</Table.Td>
                    <Table.Td>{row.notice.ignored}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {row.canEdit && (
                          <Button
                            size="xs"
                            variant="default"
                            aria-label={`${M.edit} “${row.notice.title}”`}
                            onClick={() =>
                              actor.send({ type: 'notice.edit.pressed', id: row.notice.id })
                            }
                          >
                            {M.edit}
                          </Button>
                        )}
                        {row.canWithdraw && (
                          <Button
                            size="xs"
                            variant="default"
                            aria-label={`${M.withdraw} “${row.notice.title}”`}
                            onClick={() =>
                              actor.send({ type: 'notice.withdraw.pressed', id: row.notice.id })
                            }
                          >
                            {M.withdraw}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {edit && (
          <>
            {error && (
              <Alert color="red" role="alert" title="The notice was not saved">
                {error}
              </Alert>
            )}
            <EditForm actor={actor} edit={edit} />
          </>
        )}
      </Stack>
      {/* White on the default red is 3.3:1; the darkest red passes 4.5:1. */}
      <ConfirmModal
        question={question}
        cancelLabel={M.cancel}
        confirmColor={question?.kind === 'withdraw' ? 'red.9' : undefined}
        onCancel={cancel}
        onConfirm={() =>
          actor.send({
            type: question?.kind === 'withdraw' ? 'withdraw.confirmed' : 'save.confirmed',
          })
        }
      />
    </PanelSection>
  );
}
