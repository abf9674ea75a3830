/** The customer's services and provisioning tasks, loaded once per page (the loader machine). */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { loaderMachine } from '#machines/session/loader.machine';
import { selectData, selectLoadError, selectLoading } from '#machines/session/loader.selectors';
import { useAppServices } from '../../app/context.tsx';
import { servicesApi, type ServicesData } from './api.ts';

export function useServices() {
  const { api } = useAppServices();
  const calls = useMemo(() => servicesApi(api), [api]);
  const loader = useActorRef(
    loaderMachine.provide({ actors: { load: fromPromise<unknown>(() => calls.all()) } }),
  );
  return {
    loader,
    data: useSelector(loader, (s) => selectData<ServicesData>(s)),
    loading: useSelector(loader, selectLoading),
    error: useSelector(loader, selectLoadError),
  };
}
