/**
 * /services/{service}/ for the sub-navigation entries without a page of their own: the
 * customer's services of that entry's classes (connectivity also lists pending items).
 */
import { Center, Alert, Loader, Stack } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { SERVICE_CLASS } from '#shared/constants';
import { pendingItems, SERVICES_TAB_CLASSES } from '#shared/services/rules';
import { ServiceList } from './ServiceList.tsx';
import { useServices } from './useServices.ts';

export default function ServicesTabPage() {
  const { service = '' } = useParams({ strict: false }) as { service?: string };
  const { data, loading, error } = useServices();
  const classes = SERVICES_TAB_CLASSES[service];
  if (!classes) return <Alert color="yellow">There is no such kind of service.</Alert>;
  if (loading)
    return (
      <Center role="status" aria-label="Loading the services">
        <Loader aria-hidden />
      </Center>
    );
  if (error !== null) return <Alert color="red">{error}</Alert>;
  if (!data) return null;
  const services = classes.flatMap((id) => data.services.services[String(id)] ?? []);
  const connectivity = classes.includes(SERVICE_CLASS.residentialConnectivity);
  const pending = connectivity
    ? pendingItems(
        data.tasks.tasks,
        services.filter((s) => s.status !== 'pending').map((s) => s.display_id),
      )
    : [];
  return (
    <Stack gap="sm">
      <ServiceList services={services} pending={pending} />
    </Stack>
  );
}
