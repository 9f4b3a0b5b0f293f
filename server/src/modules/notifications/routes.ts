import { Router } from 'express';
import {
  markNotificationsReadSchema,
  notificationPreferencesInputSchema,
} from '@aircloud/shared/notifications';
import { pageParam } from '@aircloud/shared/pagination';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { currentUser, requireAuth } from '../../http/authenticate.ts';
import { noStore } from '../../http/no-store.ts';
import { parseBody } from '../../http/validate.ts';
import './openapi.ts';
import * as notifications from './service.ts';

export const notificationListQuerySchema = z.object({
  page: pageParam(),
  unread: z.enum(['true', 'false'], { error: 'validation.invalid_choice' }).default('false'),
});

/** The caller's notifications, mounted at /api/notifications. */
export function notificationRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth);

  router.get('/', async (req, res) => {
    const { page, unread } = notificationListQuerySchema.parse(req.query);
    noStore(res).json(
      await notifications.listNotifications(ctx, currentUser(req), {
        page,
        unread: unread === 'true',
      }),
    );
  });

  router.post('/read', async (req, res) => {
    const input = parseBody(markNotificationsReadSchema, req);
    res.json(await notifications.readNotifications(ctx, currentUser(req), input));
  });

  return router;
}

/** The caller's notification preferences, mounted at /api/me/notification_preferences. */
export function notificationPreferenceRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth);

  router.get('/', async (req, res) => {
    noStore(res).json(await notifications.getPreferences(ctx, currentUser(req)));
  });

  router.put('/', async (req, res) => {
    const input = parseBody(notificationPreferencesInputSchema, req);
    res.json(await notifications.putPreferences(ctx, currentUser(req), input));
  });

  return router;
}
