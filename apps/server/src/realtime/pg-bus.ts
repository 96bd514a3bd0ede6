import { EventEmitter } from 'node:events';
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../db/client.ts';
import { busEvents } from '../db/schema/realtime.ts';
import type { BusEvent, EventBus } from './bus.ts';

const CHANNEL = 'app_events';
// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; stay well below.
const INLINE_LIMIT = 7000;

/**
 * Several processes on one PostgreSQL: events are NOTIFYed, and every process LISTENs, so a
 * message stored by process A reaches a browser connected to process B. Big events go by id.
 */
export async function postgresBus(url: string, db: Db, log: FastifyBaseLogger): Promise<EventBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  await listener.query(`listen ${CHANNEL}`);

  listener.on('notification', (notification) => {
    void (async () => {
      const parsed = JSON.parse(notification.payload ?? 'null') as { ref?: number; event?: BusEvent };
      let event = parsed.event;
      if (parsed.ref) {
        const [row] = await db.select().from(busEvents).where(eq(busEvents.id, parsed.ref));
        event = row?.payload as BusEvent | undefined;
      }
      if (event) emitter.emit('event', event);
    })().catch((error: Error) => log.error({ err: error }, 'bus notification dropped'));
  });
  listener.on('error', (error) => log.error({ err: error }, 'bus listener failed'));

  const sweeper = setInterval(() => {
    void db
      .delete(busEvents)
      .where(lt(busEvents.createdAt, sql`now() - interval '5 minutes'`))
      .catch(() => {});
  }, 60_000);
  sweeper.unref();

  return {
    async publish(event) {
      const inline = JSON.stringify({ event });
      if (Buffer.byteLength(inline) < INLINE_LIMIT) {
        await db.execute(sql`select pg_notify(${CHANNEL}, ${inline})`);
        return;
      }
      const [row] = await db.insert(busEvents).values({ payload: event }).returning({ id: busEvents.id });
      await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ ref: row!.id })})`);
    },
    subscribe(handler) {
      emitter.on('event', handler);
      return () => emitter.off('event', handler);
    },
    async close() {
      clearInterval(sweeper);
      emitter.removeAllListeners();
      await listener.end().catch(() => {});
    },
  };
}
