import { dataEnvelope, IdParamsSchema, OkSchema } from '@aceite/shared/schemas/common';
import {
  AddMemberInputSchema,
  ListTeamsQuerySchema,
  TeamDetailSchema,
  TeamInputSchema,
  TeamMemberParamsSchema,
  TeamSchema,
} from '@aceite/shared/schemas/teams';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PaginationSchema } from '@/lib/pagination.ts';
import { AUTHED_ERRORS, BEARER } from '@/lib/route-schemas.ts';
import * as teams from './teams.service.ts';

export const teamsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['teams'];
  const detail = { 200: dataEnvelope(TeamDetailSchema), ...AUTHED_ERRORS };

  app.get(
    '/teams',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Teams with manager and member count (search by name)',
        querystring: ListTeamsQuerySchema,
        response: {
          200: z.object({ data: z.array(TeamSchema), pagination: PaginationSchema }),
          ...AUTHED_ERRORS,
        },
      },
    },
    async (req) => teams.listTeams(req.tenant, req.query),
  );

  app.get(
    '/teams/:id',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'One team with its members',
        params: IdParamsSchema,
        response: detail,
      },
    },
    async (req) => ({ data: await teams.getTeam(req.tenant, req.params.id) }),
  );

  app.post(
    '/teams',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Create a team (manager, admin)',
        body: TeamInputSchema,
        response: { 201: dataEnvelope(TeamDetailSchema), ...AUTHED_ERRORS },
      },
    },
    async (req, reply) => reply.status(201).send({ data: await teams.createTeam(req.tenant, req.body) }),
  );

  app.put(
    '/teams/:id',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Change a team',
        params: IdParamsSchema,
        body: TeamInputSchema,
        response: detail,
      },
    },
    async (req) => ({ data: await teams.updateTeam(req.tenant, req.params.id, req.body) }),
  );

  app.delete(
    '/teams/:id',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Delete an empty team (400 while it has members)',
        params: IdParamsSchema,
        response: { 200: OkSchema, ...AUTHED_ERRORS },
      },
    },
    async (req) => {
      await teams.deleteTeam(req.tenant, req.params.id);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/teams/:id/members',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Add a member (moves them out of any other team)',
        params: IdParamsSchema,
        body: AddMemberInputSchema,
        response: detail,
      },
    },
    async (req) => ({ data: await teams.addMember(req.tenant, req.params.id, req.body.userId) }),
  );

  app.delete(
    '/teams/:id/members/:userId',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Remove a member from a team',
        params: TeamMemberParamsSchema,
        response: detail,
      },
    },
    async (req) => ({ data: await teams.removeMember(req.tenant, req.params.id, req.params.userId) }),
  );
};
