import { envelope } from '@app/contract/common';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { App } from '../../http/app-type.ts';
import { send } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';

const tags = ['health'];

/** Liveness says the process answers; readiness that it can reach its database. */
export function healthRoutes(app: App, database: Database) {
  app.get(
    '/api/health',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        response: { 200: envelope(z.object({ status: z.literal('ok'), uptime_seconds: z.number() })) },
      },
    },
    async (_request, reply) =>
      send(reply, { status: 'ok' as const, uptime_seconds: Math.round(process.uptime()) }),
  );

  app.get(
    '/api/ready',
    {
      config: { access: { public: true } },
      schema: { tags, response: { 200: envelope(z.object({ database: z.string() })) } },
    },
    async (_request, reply) => {
      try {
        await database.ping();
      } catch {
        throw new AppError(503, 'not_ready', 'Database is not reachable');
      }
      return send(reply, { database: database.kind });
    },
  );
}
