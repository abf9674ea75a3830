/**
 * The Activity page under Account (docs/activity.md "The page"): filters, the entries of a page
 * (25), Previous and Next, the CSV export. The activity machine decides; this view renders its
 * selectors and sends it events.
 */
import {
  Anchor,
  Button,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ActivityPage as Page } from '#shared/activity/rules';
import { ACTIVITY_PAGE_MESSAGES as M } from '#shared/activity/messages';
import {
  activityMachine,
  type ActivityActor,
  type ActivityRequest,
} from '#machines/activity/activity.machine';
import {
  selectActionChoices,
  selectEmpty,
  selectError,
  selectExportQuery,
  selectFilterErrors,
  selectFilters,
  selectListed,
  selectLoadFailed,
  selectLoading,
  selectPager,
  selectRows,
} from '#machines/activity/activity.selectors';
import { useAppServices } from '../../app/context.tsx';
import { DownloadLink } from '../../components/DownloadLink.tsx';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { LoadingStatus } from '../../components/PageStatus.tsx';
import { usePageTitle } from '../../pages/usePageTitle.ts';
import { activityApi } from './api.ts';
import { PanelSection, SubmitForm } from '../../components/PanelSection.tsx';

const ACTION_CHOICES = selectActionChoices();

function Filters({ actor }: { actor: ActivityActor }) {
  const filters = useSelector(actor, selectFilters);
  const errors = useSelector(actor, selectFilterErrors);
  const change = (field: 'login' | 'action' | 'from' | 'to') => (value: string) =>
    actor.send({ type: 'filter.changed', field, value });
  return (
    <PanelSection id="activity-filters" title={M.filtersHeading}>
      <SubmitForm
        noValidate
        aria-labelledby="activity-filters"
        onSubmit={() => actor.send({ type: 'filters.applied' })}
      >
        <Group align="flex-end" gap="sm">
          <TextInput
            label={M.login}
            value={filters.login}
            error={errors.login}
            onChange={(event) => change('login')(event.currentTarget.value)}
          />
          <NativeSelect
            label={M.action}
            value={filters.action}
            data={ACTION_CHOICES}
            error={errors.action}
            onChange={(event) => change('action')(event.currentTarget.value)}
          />
          <TextInput
            label={M.from}
            placeholder="YYYY-MM-DD"
            value={filters.from}
            error={errors.from}
            onChange={(event) => change('from')(event.currentTarget.value)}
          />
          <TextInput
            label={M.to}
            placeholder="YYYY-MM-DD"
            value={filters.to}
            error={errors.to}
            onChange={(event) => change('to')(event.currentTarget.value)}
          />
          <Button type="submit">{M.apply}</Button>
          <Button variant="default" onClick={() => actor.send({ type: 'filters.cleared' })}>
            {M.clear}
          </Button>
        </Group>
      </SubmitForm>
    </PanelSection>
  );
}

function Entries({ actor }: { actor: ActivityActor }) {
  const rows = useSelector(actor, selectRows);
  const pager = useSelector(actor, selectPager);
  if (rows.length === 0) return null;
  return (
    <PanelSection id="activity-entries" title={M.title}>
      <Table.ScrollContainer minWidth={720}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{M.columns.at}</Table.Th>
              <Table.Th>{M.columns.login}</Table.Th>
              <Table.Th>{M.columns.address}</Table.Th>
              <Table.Th>{M.columns.what}</Table.Th>
              <Table.Th>{M.columns.outcome}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.entry.id} data-testid="activity-row">
                <Table.Td>{row.when}</Table.Td>
                <Table.Td>{row.who}</Table.Td>
                <Table.Td>{row.entry.address}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {row.action}
                  </Text>
                  <Text size="sm">{row.entry.summary}</Text>
                </Table.Td>
                <Table.Td>
                  {row.outcome}
                  {row.entry.reason && <Text size="sm">{row.entry.reason}</Text>}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pager && (
        <Group justify="space-between" mt="sm">
          <Text size="sm" role="status">
            {pager.label}
          </Text>
          <Group gap="xs">
            <Button
              variant="default"
              disabled={!pager.canPrevious}
              onClick={() => actor.send({ type: 'page.previous' })}
            >
              {M.previous}
            </Button>
            <Button
              variant="default"
              disabled={!pager.canNext}
              onClick={() => actor.send({ type: 'page.next' })}
            >
              {M.next}
            </Button>
          </Group>
        </Group>
      )}
    </PanelSection>
  );
}

/** Account › Activity (account view). */
export default function ActivityPage() {
  usePageTitle(M.title);
  const { api } = useAppServices();
  const calls = activityApi(api);
  const actor = useActorRef(
    activityMachine.provide({
      actors: { load: fromPromise<Page, ActivityRequest>(({ input }) => calls.page(input)) },
    }),
  );
  const loading = useSelector(actor, selectLoading);
  const failed = useSelector(actor, selectLoadFailed);
  const listed = useSelector(actor, selectListed);
  const empty = useSelector(actor, selectEmpty);
  const error = useSelector(actor, selectError);
  const exportQuery = useSelector(
    actor,
    selectExportQuery,
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  );
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/account/">
        Account
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{M.title}</Title>
          <Text>{M.intro}</Text>
        </div>
        <DownloadLink
          href={calls.csvUrl(exportQuery)}
          fileName="activity.csv"
          fetchFile={() => calls.csvFile(exportQuery)}
        >
          {M.exportCsv}
        </DownloadLink>
      </Group>
      <Filters actor={actor} />
      {loading && <LoadingStatus text={M.loading} />}
      {failed && (
        <LoadFailure
          title={M.loadFailed}
          message={error}
          onRetry={() => actor.send({ type: 'activity.retry.pressed' })}
        />
      )}
      {listed && empty && <Text role="status">{M.empty}</Text>}
      <Entries actor={actor} />
    </Stack>
  );
}
