/** The customer's services and provisioning tasks, loaded once per page (the loader machine). */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { selectServicesData, servicesLoader } from '#machines/services/services.loader';
import { selectLoadError, selectLoading } from '#machines/session/loader.selectors';
import { useAppServices } from '../../app/context.tsx';
import { servicesApi } from './api.ts';

export function useServices() {
  const { api } = useAppServices();
  const calls = useMemo(() => servicesApi(api), [api]);
  const loader = useActorRef(
    servicesLoader.provide({ actors: { load: fromPromise(() => calls.all()) } }),
  );
  return {
    loader,
    data: useSelector(loader, selectServicesData),
    loading: useSelector(loader, selectLoading),
    error: useSelector(loader, selectLoadError),
  };
}
