import { envelope } from '@app/contract/common';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../http/access.ts';
import type { App } from '../../http/app-type.ts';
import { send } from '../../http/envelope.ts';
import { statisticsSummary, statisticsTrend, trendQuery } from './statistics.schema.ts';
import { type StatisticsService, statisticsService } from './statistics.service.ts';

const tags = ['statistics'];
const access = { permission: 'dashboard_read' } as const;

/** The client dashboard's cards and trends. */
export function statisticsRoutes(app: App, statistics: StatisticsService) {
  app.get(
    '/api/messages/statistics',
    { config: { access }, schema: { tags, response: { 200: envelope(statisticsSummary) } } },
    async (request, reply) => send(reply, await statistics.summary(tenantOf(request))),
  );

  app.get(
    '/api/messages/statistics/trend',
    {
      config: { access },
      schema: { tags, querystring: trendQuery, response: { 200: envelope(statisticsTrend) } },
    },
    async (request, reply) => send(reply, await statistics.trend(tenantOf(request), request.query)),
  );
}

/**
 * The statistics module as app.ts wires it. Answers the service, whose `incrementDaily` the
 * modules of tickets, blasts, knowledge and schedules call as their data changes; inbound chats
 * are counted by the statement that stores them (inboundRepo.ingest).
 */
export function statisticsModule(app: App, deps: Deps) {
  const statistics = statisticsService(deps);
  statisticsRoutes(app, statistics);
  return statistics;
}
