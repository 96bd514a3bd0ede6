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

  // Events published in the same turn of the event loop go out in one statement: under load every
  // webhook publishes twice, and a round trip per event cost more than the rest of its work.
  // (PostgreSQL folds identical payloads of one statement into one: they would say the same.)
  let waiting: { payload: string; sent: () => void; failed: (error: unknown) => void }[] = [];
  const flush = async () => {
    const batch = waiting;
    waiting = [];
    try {
      const payloads = JSON.stringify(batch.map((item) => item.payload));
      await db.execute(
        sql`select pg_notify(${CHANNEL}, payload) from json_array_elements_text(${payloads}::json) payload`,
      );
      for (const item of batch) item.sent();
    } catch (error) {
      for (const item of batch) item.failed(error);
    }
  };
  const notify = (payload: string) =>
    new Promise<void>((sent, failed) => {
      waiting.push({ payload, sent, failed });
      if (waiting.length === 1) setImmediate(() => void flush());
    });

  return {
    async publish(event) {
      const inline = JSON.stringify({ event });
      if (Buffer.byteLength(inline) < INLINE_LIMIT) return notify(inline);
      const [row] = await db.insert(busEvents).values({ payload: event }).returning({ id: busEvents.id });
      await notify(JSON.stringify({ ref: row!.id }));
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
