import { createContext, useContext } from 'react';
import type { PublicConfig } from '#shared/public-config';
import type { ApiClient } from '../api/client.ts';
import type { AppActors } from './actors.ts';
import type { Prefetch } from './prefetch.ts';

export interface AppServices {
  config: PublicConfig;
  api: ApiClient;
  actors: AppActors;
  /**
   * Asks for a page's data ahead of its views (prefetch.ts), installed into `api` by the first
   * portal page's route; until then views ask themselves.
   */
  prefetch?: Prefetch;
}

export const AppServicesContext = createContext<AppServices | null>(null);

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error('useAppServices must be used inside <AppServicesContext>');
  return services;
}
