/**
 * Services (docs/api.md "Services"): the customer's services by class and its provisioning tasks
 * (services view), and the provider's action that moves a task on (site admins).
 */
import type { Hono } from 'hono';
import { parseRecordId } from '#shared/billing/schemas';
import { SERVER_MESSAGES } from '#shared/servers/messages';
import { SERVICES_PATHS, type ProvisioningTasksResponse } from '#shared/services/rules';
import { requireSession } from '../session/session.ts';
import { clockToday } from '../clock.ts';
import type { AppEnv } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { advanceTask, listServices, listTasks } from './services.ts';

export function registerServicesRoutes(api: Hono<AppEnv>) {
  api.get(SERVICES_PATHS.services, async (c) => {
    const session = await requireSession(c);
    const { database, clock } = c.var.deps;
    return c.json(await listServices(database.db, session.user.cid, clockToday(clock)));
  });

  api.get(SERVICES_PATHS.tasks, async (c) => {
    const session = await requireSession(c);
    const tasks = await listTasks(c.var.deps.database.db, session.user.cid);
    return c.json({ tasks } satisfies ProvisioningTasksResponse);
  });

  api.post('/admin/provisioning_tasks/:id/advance', async (c) => {
    const id = parseRecordId(c.req.param('id'));
    if (id === null) throw notFound(SERVER_MESSAGES.taskNotFound);
    const { database, clock } = c.var.deps;
    return c.json({ task: await advanceTask(database.db, clock, id) });
  });
}
