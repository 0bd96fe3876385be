import {
  AnalyticsOverviewSchema,
  AnalyticsQuerySchema,
  LimitQuerySchema,
  LossReasonSchema,
  RecentActivitySchema,
  TeamPerformanceSchema,
  TimePointSchema,
  TopClientSchema,
  UserPerformanceSchema,
} from '@aceite/shared/schemas/analytics';
import { dataEnvelope } from '@aceite/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHED_ERRORS, BEARER } from '@/lib/route-schemas.ts';
import * as analytics from './analytics.service.ts';

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['analytics'];
  const filtered = AnalyticsQuerySchema.extend(LimitQuerySchema.shape);

  app.get(
    '/analytics/overview',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Cards of the dashboard and the report',
        querystring: AnalyticsQuerySchema,
        response: { 200: dataEnvelope(AnalyticsOverviewSchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await analytics.getOverview(req.tenant, req.query) }),
  );

  app.get(
    '/analytics/proposals-over-time',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Proposals and value per month',
        querystring: AnalyticsQuerySchema,
        response: { 200: dataEnvelope(z.array(TimePointSchema)), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await analytics.getProposalsOverTime(req.tenant, req.query) }),
  );

  app.get(
    '/analytics/proposals-by-user',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Proposals and won value by owner',
        querystring: filtered,
        response: { 200: dataEnvelope(z.array(UserPerformanceSchema)), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await analytics.getProposalsByUser(req.tenant, req.query, req.query.limit) }),
  );

  app.get(
    '/analytics/proposals-by-team',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'Proposals and won value by team',
        querystring: AnalyticsQuerySchema,
        response: { 200: dataEnvelope(z.array(TeamPerformanceSchema)), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await analytics.getProposalsByTeam(req.tenant, req.query) }),
  );

  app.get(
    '/analytics/top-clients',
    {
      schema: {
        tags,
        security: BEARER,
        summary: 'The clients with the most won value',
        querystring: filtered,
        response: { 200: dataEnvelope(z.array(TopClientSchema)), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await analytics.getTopClients(req.tenant, req.query, req.query.limit) }),
  );

  app.get(
    '/analytics/loss-reasons',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "Why proposals were lost ('Motivos de perda'): rejected proposals per reason code",
        querystring: AnalyticsQuerySchema,
        response: { 200: dataEnvelope(z.array(LossReasonSchema)), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await analytics.getLossReasons(req.tenant, req.query) }),
  );

  app.get(
    '/analytics/recent-activity',
    {
      schema: {
        tags,
        security: BEARER,
        summary: "The organization's recent activity",
        querystring: LimitQuerySchema,
        response: { 200: dataEnvelope(RecentActivitySchema), ...AUTHED_ERRORS },
      },
    },
    async (req) => ({ data: await analytics.getRecentActivity(req.tenant, req.query.limit) }),
  );
};
