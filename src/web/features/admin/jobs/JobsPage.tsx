/**
 * The Admin "Jobs" page (docs/operations.md "Jobs page"): the long work in progress as bars
 * (customers done of total), the emails given up (whom for, the mail server's last answer), then
 * a section per job kind with its counts, oldest waiting age, last failures and dead jobs, each
 * dead job with Retry, asked about before anything is sent. The jobs machine decides; this view
 * renders its selectors and sends it events.
 */
import {
  Button,
  Group,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { ADMIN_JOBS_MESSAGES as M } from '#shared/jobs/messages';
import type { AdminJobsResponse } from '#shared/jobs/types';
import { jobsMachine, type DeadJobRef, type JobsActor } from '#machines/admin/jobs.machine';
import {
  selectConfirmation,
  selectDone,
  selectEmpty,
  selectError,
  selectGivenUpMail,
  selectKinds,
  selectListed,
  selectLoadFailed,
  selectLoading,
  selectProgress,
  selectRefreshing,
  type JobKindRow,
} from '#machines/admin/jobs.selectors';
import { useAppServices } from '../../../app/context.tsx';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { LoadFailure } from '../../../components/LoadFailure.tsx';
import { ChangeOutcome, LoadingStatus } from '../../../components/PageStatus.tsx';
import { usePageTitle } from '../../../pages/usePageTitle.ts';
import { AdminNav } from '../AdminNav.tsx';
import { adminJobsApi } from './api.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

const idOf = (kind: string) => `job-kind-${kind.replace(/[^a-z0-9]+/gi, '-')}`;

function ProgressBars({ actor }: { actor: JobsActor }) {
  const bars = useSelector(actor, selectProgress);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="jobs-progress">
      <Title order={2} size="h3" id="jobs-progress" mb="sm">
        {M.progressHeading}
      </Title>
      {bars.length === 0 && <Text size="sm">{M.noProgress}</Text>}
      <Stack gap="sm">
        {bars.map((bar) => (
          <div key={bar.label} data-testid="job-progress">
            <Group justify="space-between" mb={4}>
              <Text size="sm" fw={600}>
                {bar.label}
              </Text>
              <Text size="sm">{bar.text}</Text>
            </Group>
            <Progress.Root size="lg">
              {/* Mantine writes the percentage as the value's text: the name says done of total. */}
              <Progress.Section value={bar.percent} aria-label={bar.name} />
            </Progress.Root>
          </div>
        ))}
      </Stack>
    </Paper>
  );
}

/** The emails given up: whom for, what, when, and the mail server's last answer. */
function GivenUpMailSection({ actor }: { actor: JobsActor }) {
  const mails = useSelector(actor, selectGivenUpMail);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="jobs-given-up-mail">
      <Title order={2} size="h3" id="jobs-given-up-mail" mb="sm">
        {M.givenUpMail}
      </Title>
      {mails.length === 0 ? (
        <Text size="sm">{M.noGivenUpMail}</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table data-testid="given-up-mail">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{M.mailColumns.to}</Table.Th>
                <Table.Th scope="col">{M.mailColumns.subject}</Table.Th>
                <Table.Th scope="col">{M.mailColumns.queued}</Table.Th>
                <Table.Th scope="col">{M.mailColumns.givenUp}</Table.Th>
                <Table.Th scope="col">{M.mailColumns.attempts}</Table.Th>
                <Table.Th scope="col">{M.mailColumns.error}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mails.map((mail) => (
                <Table.Tr key={mail.id} data-testid={`given-up-mail-${mail.id}`}>
                  <Table.Td>{mail.to}</Table.Td>
                  <Table.Td>{mail.subject}</Table.Td>
                  <Table.Td>{when(mail.queued_at)}</Table.Td>
                  <Table.Td>{when(mail.given_up_at)}</Table.Td>
                  <Table.Td>{mail.attempts}</Table.Td>
                  <Table.Td>{mail.error ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

function KindSection({ actor, row }: { actor: JobsActor; row: JobKindRow }) {
  const heading = idOf(row.kind);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={heading}>
      <Title order={2} size="h3" id={heading} mb="sm">
        {row.kind}
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table data-testid={`job-counts-${row.kind}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{M.counts.queued}</Table.Th>
              <Table.Th scope="col">{M.counts.running}</Table.Th>
              <Table.Th scope="col">{M.counts.failed}</Table.Th>
              <Table.Th scope="col">{M.counts.dead}</Table.Th>
              <Table.Th scope="col">{M.oldestWaiting}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>{row.counts.queued}</Table.Td>
              <Table.Td>{row.counts.running}</Table.Td>
              <Table.Td>{row.counts.failed}</Table.Td>
              <Table.Td>{row.counts.dead}</Table.Td>
              <Table.Td>{row.oldestWaiting}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Title order={3} size="h4" mt="md" mb="xs">
        {M.lastFailures}
      </Title>
      {row.failures.length === 0 ? (
        <Text size="sm">{M.noFailures}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table data-testid={`job-failures-${row.kind}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{M.columns.job}</Table.Th>
                <Table.Th scope="col">{M.columns.error}</Table.Th>
                <Table.Th scope="col">{M.columns.when}</Table.Th>
                <Table.Th scope="col">{M.columns.attempts}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {row.failures.map((failure) => (
                <Table.Tr key={failure.id}>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {failure.id.slice(0, 8)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{failure.error}</Table.Td>
                  <Table.Td>{when(failure.at)}</Table.Td>
                  <Table.Td>{failure.attempts}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Title order={3} size="h4" mt="md" mb="xs">
        {M.deadJobs}
      </Title>
      {row.dead.length === 0 ? (
        <Text size="sm">{M.noDeadJobs}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table data-testid={`job-dead-${row.kind}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{M.columns.job}</Table.Th>
                <Table.Th scope="col">{M.columns.error}</Table.Th>
                <Table.Th scope="col">{M.columns.when}</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{M.columns.actions}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {row.dead.map((dead) => (
                <Table.Tr key={dead.job.id} data-testid={`dead-job-${dead.job.id}`}>
                  <Table.Td>{dead.label}</Table.Td>
                  <Table.Td>{dead.job.error ?? '—'}</Table.Td>
                  <Table.Td>{when(dead.job.died_at)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      disabled={!dead.canRetry}
                      aria-label={M.retryLabel(dead.label)}
                      onClick={() =>
                        actor.send({ type: 'dead.retry.pressed', kind: row.kind, id: dead.job.id })
                      }
                    >
                      {M.retry}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/** The Admin area's Jobs page (site admins only). */
export default function JobsPage() {
  usePageTitle(M.title);
  const { api } = useAppServices();
  const calls = adminJobsApi(api);
  const actor = useActorRef(
    jobsMachine.provide({
      actors: {
        load: fromPromise<AdminJobsResponse>(() => calls.load()),
        retry: fromPromise<unknown, DeadJobRef>(({ input }) => calls.retry(input)),
      },
    }),
  );
  const loading = useSelector(actor, selectLoading);
  const failed = useSelector(actor, selectLoadFailed);
  const listed = useSelector(actor, selectListed);
  const refreshing = useSelector(actor, selectRefreshing);
  const empty = useSelector(actor, selectEmpty);
  const error = useSelector(actor, selectError);
  const done = useSelector(actor, selectDone);
  const kinds = useSelector(actor, selectKinds);
  const question = useSelector(actor, selectConfirmation);
  const cancel = () => actor.send({ type: 'confirmation.cancelled' });

  return (
    <Stack gap="lg">
      <AdminNav current="/admin/jobs/" />
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{M.title}</Title>
          <Text>{M.intro}</Text>
        </div>
        {listed && (
          <Button
            variant="default"
            loading={refreshing}
            disabled={!refreshing && question !== null}
            onClick={() => actor.send({ type: 'jobs.refresh.pressed' })}
          >
            {M.refresh}
          </Button>
        )}
      </Group>
      {loading && <LoadingStatus text={M.loading} />}
      {failed && (
        <LoadFailure
          title={M.loadFailed}
          message={error}
          onRetry={() => actor.send({ type: 'jobs.retry.pressed' })}
        />
      )}
      <ChangeOutcome error={listed ? error : null} done={done} />
      {listed && <ProgressBars actor={actor} />}
      {listed && <GivenUpMailSection actor={actor} />}
      {empty && <Text>{M.empty}</Text>}
      {listed && kinds.map((row) => <KindSection key={row.kind} actor={actor} row={row} />)}
      <ConfirmModal
        question={question}
        cancelLabel={M.cancel}
        onCancel={cancel}
        onConfirm={() => actor.send({ type: 'retry.confirmed' })}
      />
    </Stack>
  );
}
