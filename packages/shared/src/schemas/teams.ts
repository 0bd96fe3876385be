import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { ROLES } from '../permissions.ts';
import { stripBidiControls } from '../text.ts';

const Person = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string(), email: z.string() });

/** A team (docs/product.md#people-and-teams). */
export const TeamSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  managerId: z.uuid().nullable(),
  manager: Person.nullable(),
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type Team = z.infer<typeof TeamSchema>;

export const TeamDetailSchema = TeamSchema.extend({
  members: z.array(Person.extend({ role: z.enum(ROLES), isActive: z.boolean() })),
});
export type TeamDetail = z.infer<typeof TeamDetailSchema>;

export const TeamInputSchema = z.object({
  name: z
    .string({ error: MESSAGES.teamNameRequired })
    .overwrite(stripBidiControls)
    .trim()
    .min(1, MESSAGES.teamNameRequired)
    .max(200),
  description: z
    .string()
    .trim()
    .max(2000)
    .nullish()
    .transform((v) => v || null),
  managerId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
});
export type TeamInput = z.input<typeof TeamInputSchema>;

export const ListTeamsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const AddMemberInputSchema = z.object({ userId: z.uuid({ error: MESSAGES.memberInvalid }) });
export const TeamMemberParamsSchema = z.object({ id: z.uuid(), userId: z.uuid() });
