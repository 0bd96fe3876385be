import { dataEnvelope, IdParamsSchema, OkSchema } from '@aceite/shared/schemas/common';
import {
  ListNotificationsQuerySchema,
  NotificationSchema,
  NotificationsMetaSchema,
} from '@aceite/shared/schemas/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHED_ERRORS, BEARER } from '@/lib/route-schemas.ts';
import * as notifications from './notifications.service.ts';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['notifications'];
  const countSchema = dataEnvelope(z.object({ count: z.number().int() }));

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "The caller's notifications, newest first",
        querystring: ListNotificationsQuerySchema,
        response: {
          200: z.object({ data: z.array(NotificationSchema), meta: NotificationsMetaSchema }),
          ...AUTHED_ERRORS,
        },
      },
    },
    async (req) => notifications.listNotifications(req.tenant, req.query),
  );

  app.get(
    '/notifications/unread-count',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "The caller's unread notifications count",
        response: { 200: countSchema, ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: { count: await notifications.getUnreadCount(req.tenant) } }),
  );

  app.put(
    '/notifications/mark-all-read',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "Mark all the caller's notifications read",
        response: { 200: countSchema, ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: { count: await notifications.markAllRead(req.tenant) } }),
  );

  app.put(
    '/notifications/:id/read',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Mark a notification read',
        params: IdParamsSchema,
        response: { 200: dataEnvelope(NotificationSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await notifications.markRead(req.tenant, req.params.id) }),
  );

  app.delete(
    '/notifications/:id',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Delete a notification',
        params: IdParamsSchema,
        response: { 200: OkSchema, ...AUTHED_ERRORS },
      },
    },
    async (req) => {
      await notifications.deleteNotification(req.tenant, req.params.id);
      return { data: { ok: true as const } };
    },
  );

  app.delete(
    '/notifications',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Delete every read notification of the caller',
        response: { 200: countSchema, ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: { count: await notifications.deleteRead(req.tenant) } }),
  );
};
