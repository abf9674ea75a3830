/** The permission categories, for the screens that show or edit a user's rights. */
import type { Hono } from 'hono';
import { PERMISSION_CATEGORIES } from '#shared/constants';
import { PERMISSION_CATEGORY_TEXT } from '#shared/messages/portal';
import type { PermissionSchema } from '#shared/session/types';
import type { AppEnv } from '../context.ts';

export function registerPermsRoutes(api: Hono<AppEnv>) {
  api.get('/perms/schema', (c) =>
    c.json({
      categories: PERMISSION_CATEGORIES.map((name) => ({
        name,
        ...PERMISSION_CATEGORY_TEXT[name],
      })),
    } satisfies PermissionSchema),
  );
}
