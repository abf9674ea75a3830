/** Every API module, registered under the API base path. Capabilities add a line here. */
import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../context.ts';
import { registerClientErrorRoutes } from './client-errors.ts';
import { registerCsrfRoutes } from './csrf.ts';
import { registerHealthRoutes } from './health.ts';

export type ApiModule = (api: Hono<AppEnv>, deps: AppDeps) => void;

export const API_MODULES: readonly ApiModule[] = [
  registerHealthRoutes,
  registerCsrfRoutes,
  registerClientErrorRoutes,
];
