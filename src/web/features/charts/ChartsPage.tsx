/**
 * /control/charts/: every registered statechart with its description and its chart, laid out by
 * elkjs in the browser (loaded with this page only). The machines come from the catalogue that
 * `npm run charts` generates (docs/charts/charts.json, fetched as a file of the build), never from
 * the models themselves, which stay out of the app. Outside production, a live view draws a
 * running machine of the app with its active states and the transitions of its last event.
 * In production the route is for site admins only (route access `siteAdminInProduction`).
 */
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Center,
  Code,
  Group,
  List,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { fromPromise } from 'xstate';
import {
  modelOf as catalogueModel,
  type CatalogueEntry,
  type ChartCatalogue,
} from '#machines/charts/catalogue';
import { layoutChart, type ElkLike, type LaidOutChart } from '#machines/charts/elk';
import { transitionLookupKey, type ChartModel } from '#machines/charts/model';
import { toSvg } from '#machines/charts/svg';
import { catalogueLoader, selectCatalogue } from '#machines/charts/catalogue.loader';
import { selectLoadError, selectLoading } from '#machines/session/loader.selectors';
import catalogueUrl from '../../../../docs/charts/charts.json?url';
import { useAppServices } from '../../app/context.tsx';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { usePageTitle } from '../../pages/usePageTitle.ts';
import classes from './ChartsPage.module.css';
import { liveInspection, type LiveMachine } from '../../app/live-inspection.ts';

let elkPromise: Promise<ElkLike> | undefined;
const layouts = new Map<string, Promise<LaidOutChart>>();
const models = new Map<string, ChartModel>();

function modelOf(entry: CatalogueEntry): ChartModel {
  let model = models.get(entry.name);
  if (!model) {
    model = catalogueModel(entry.model);
    models.set(entry.name, model);
  }
  return model;
}

async function loadCatalogue(): Promise<ChartCatalogue> {
  const response = await fetch(catalogueUrl);
  if (!response.ok) throw new Error(`The charts could not be loaded (HTTP ${response.status})`);
  return (await response.json()) as ChartCatalogue;
}

function loadElk(): Promise<ElkLike> {
  elkPromise ??= import('elkjs/lib/elk.bundled.js').then(({ default: ELK }) => new ELK());
  return elkPromise;
}

function layoutOf(entry: CatalogueEntry): Promise<LaidOutChart> {
  let layout = layouts.get(entry.name);
  if (!layout) {
    layout = loadElk().then((elk) => layoutChart(modelOf(entry), elk));
    layouts.set(entry.name, layout);
  }
  return layout;
}

function useLayout(entry: CatalogueEntry | undefined) {
  const [state, setState] = useState<{
    name?: string;
    layout?: LaidOutChart;
    error?: string;
  }>({});
  useEffect(() => {
    if (!entry) return;
    let current = true;
    layoutOf(entry).then(
      (layout) => current && setState({ name: entry.name, layout }),
      (error: unknown) => current && setState({ name: entry.name, error: String(error) }),
    );
    return () => {
      current = false;
    };
  }, [entry]);
  return state.name === entry?.name ? state : {};
}

function ChartFigure({
  entry,
  svg,
  error,
  label,
}: {
  entry: CatalogueEntry;
  svg?: string;
  error?: string;
  label: string;
}) {
  if (error)
    return (
      <Alert color="red" title="The chart could not be drawn">
        {error}
      </Alert>
    );
  if (!svg)
    return (
      <Center py="lg" role="status" aria-label={`Drawing the chart of ${entry.title}`}>
        <Loader size="sm" aria-hidden />
      </Center>
    );
  return (
    <Box
      className={classes.scroller}
      tabIndex={0}
      role="group"
      aria-label={label}
      data-testid={`chart-${entry.name}`}
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}

function MachineChart({ entry }: { entry: CatalogueEntry }) {
  const { layout, error } = useLayout(entry);
  const model = modelOf(entry);
  const svg = useMemo(
    () => (layout ? toSvg(layout, { idPrefix: `chart-${entry.name}` }) : undefined),
    [layout, entry.name],
  );
  return (
    <Stack gap="xs" component="section" aria-labelledby="chart-heading" data-testid="machine-chart">
      <Group gap="sm" align="baseline">
        <Title order={2} id="chart-heading">
          {entry.title}
        </Title>
        <Code>{entry.name}</Code>
        <Badge variant="light" color="gray">
          {model.states.length} states · {model.transitions.length} transitions
        </Badge>
      </Group>
      <Text>{entry.description}</Text>
      <ChartFigure entry={entry} svg={svg} error={error} label={`Chart of ${entry.title}`} />
    </Stack>
  );
}

function machineFromHash(machines: readonly CatalogueEntry[]): string {
  const name = decodeURIComponent(window.location.hash.slice(1));
  return machines.some((entry) => entry.name === name) ? name : (machines[0]?.name ?? '');
}

/** Every machine with its description; the chosen one is drawn below (one chart at a time). */
function MachineList({
  machines,
  chosen,
  onChoose,
}: {
  machines: readonly CatalogueEntry[];
  chosen: string;
  onChoose: (name: string) => void;
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="machines-heading">
      <Title order={2} id="machines-heading">
        Machines
      </Title>
      <Table striped withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Machine</Table.Th>
            <Table.Th scope="col">What it decides</Table.Th>
            <Table.Th scope="col">States</Table.Th>
            <Table.Th scope="col">Transitions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {machines.map((entry) => {
            const model = modelOf(entry);
            const current = entry.name === chosen;
            return (
              <Table.Tr key={entry.name} data-testid={`machine-row-${entry.name}`}>
                <Table.Td>
                  <Anchor
                    href={`#${entry.name}`}
                    fw={current ? 700 : undefined}
                    aria-current={current ? 'true' : undefined}
                    onClick={(event) => {
                      event.preventDefault();
                      onChoose(entry.name);
                    }}
                  >
                    {entry.title}
                  </Anchor>
                  <Text size="xs" ff="monospace">
                    {entry.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{entry.description}</Text>
                </Table.Td>
                <Table.Td>{model.states.length}</Table.Td>
                <Table.Td>{model.transitions.length}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function LiveView({ machines }: { machines: readonly CatalogueEntry[] }) {
  const running = useSyncExternalStore(liveInspection.subscribe, liveInspection.getSnapshot);
  // Registered machines only, this tab's first, in registry order.
  const live = [...running.values()]
    .map((machine) => ({
      machine,
      entry: machines.find((e) => e.model.machineId === machine.machineId),
    }))
    .filter((item): item is { machine: LiveMachine; entry: CatalogueEntry } => !!item.entry)
    .sort(
      (a, b) =>
        Number(b.machine.here) - Number(a.machine.here) ||
        machines.indexOf(a.entry) - machines.indexOf(b.entry),
    );
  const [chosen, setChosen] = useState<string | null>(null);
  const current = live.find((item) => item.machine.key === chosen) ?? live[0];
  const entry = current?.entry;
  const { layout, error } = useLayout(entry);

  const view = useMemo(() => {
    if (!current) return undefined;
    const model = modelOf(current.entry);
    const ids = new Map(
      model.transitions.map((t) => [transitionLookupKey(t.source, t.event, t.index), t.id]),
    );
    const taken = current.machine.taken
      .map((key) => ids.get(key))
      .filter((id): id is string => id !== undefined);
    return {
      active: current.machine.active,
      taken,
      svg: layout
        ? toSvg(layout, {
            idPrefix: `live-${current.entry.name}`,
            active: new Set(current.machine.active),
            taken: new Set(taken),
          })
        : undefined,
    };
  }, [current, layout]);

  const label = ({ machine, entry: e }: { machine: LiveMachine; entry: CatalogueEntry }) =>
    `${e.title} (${e.name})${machine.here ? '' : ', in another tab'}${
      machine.status === 'active' ? '' : `, ${machine.status}`
    }`;

  return (
    <Stack gap="xs" component="section" aria-labelledby="live-view" data-testid="live-view">
      <Title order={2} id="live-view">
        Live view
      </Title>
      <Text>
        The machines running in this page, and in other tabs of the app, right now. Use the page
        (for example the Dark mode switch below), or open the signup page in another tab and use it
        there: the chart follows, with the active states in blue and the transitions of the last
        event in red. Shown outside production only.
      </Text>
      {!current || !entry ? (
        <Text>No registered machine is running in this page yet.</Text>
      ) : (
        <>
          <Select
            label="Running machine"
            data={live.map((item) => ({ value: item.machine.key, label: label(item) }))}
            value={current.machine.key}
            onChange={setChosen}
            allowDeselect={false}
            maw={480}
          />
          <List size="sm" spacing={2} aria-live="polite" data-testid="live-status">
            <List.Item>
              Active states: <strong data-testid="live-active">{view?.active.join(', ')}</strong>
            </List.Item>
            <List.Item>
              Last event:{' '}
              <strong data-testid="live-event">{current.machine.lastEvent ?? 'none yet'}</strong>
              {view?.taken.length ? ` (${view.taken.join('; ')})` : ''}
            </List.Item>
          </List>
          <ChartFigure
            entry={entry}
            svg={view?.svg}
            error={error}
            label={`Live chart of ${entry.title}`}
          />
        </>
      )}
    </Stack>
  );
}

function Charts({ machines }: { machines: readonly CatalogueEntry[] }) {
  const { config } = useAppServices();
  const [chosen, setChosen] = useState(() => machineFromHash(machines));
  const entry = machines.find((e) => e.name === chosen);
  const choose = (name: string) => {
    setChosen(name);
    window.history.replaceState(window.history.state, '', `#${name}`);
    document.getElementById('chart-heading')?.scrollIntoView({ block: 'start' });
  };
  return (
    <>
      {!config.production && <LiveView machines={machines} />}
      <MachineList machines={machines} chosen={chosen} onChoose={choose} />
      {entry && <MachineChart key={entry.name} entry={entry} />}
    </>
  );
}

export default function ChartsPage() {
  usePageTitle('Statecharts');
  const catalogue = useActorRef(
    catalogueLoader.provide({ actors: { load: fromPromise(loadCatalogue) } }),
  );
  const loading = useSelector(catalogue, selectLoading);
  const data = useSelector(catalogue, selectCatalogue);
  const error = useSelector(catalogue, selectLoadError);
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={1}>Statecharts</Title>
        <Text>
          Every behaviour of the product with steps, timers or rules is a statechart. These charts
          are drawn from the machines themselves, so they are always current. Rounded boxes are
          states (a black dot points at the first one; a double border ends the machine); arrows are
          transitions labelled with what causes them, a condition in [brackets] and what they do
          after a slash. Dotted arrows happen at once, dashed ones after a delay. Choose a machine
          in the list to draw its chart.
        </Text>
      </Stack>
      {loading && (
        <Center py="lg" role="status" aria-label="Loading the charts">
          <Loader aria-hidden />
        </Center>
      )}
      {error !== null && (
        <LoadFailure
          title="The charts could not be loaded"
          message={error}
          onRetry={() => catalogue.send({ type: 'retry.pressed' })}
        />
      )}
      {data && <Charts machines={data.machines} />}
    </Stack>
  );
}
