import { z } from 'zod';

export const NOTIFICATION_TYPES = [
  'proposal_accepted',
  'proposal_rejected',
  'proposal_viewed',
  'proposal_assigned',
  'proposal_sent',
  'approval_requested',
  'proposal_approved',
  'proposal_returned',
  'invite_accepted',
  'invite_sent',
  'user_added_to_team',
  'comment_added',
  'client_message',
  'webhook_disabled',
  'general',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** An in-app notification (docs/product.md#notifications). */
export const NotificationSchema = z.object({
  id: z.uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  actionUrl: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const ListNotificationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  unreadOnly: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(false),
});

export const NotificationsMetaSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
