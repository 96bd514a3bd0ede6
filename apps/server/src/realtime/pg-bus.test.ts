import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { freshDatabase } from '../test/harness.ts';
import type { BusEvent } from './bus.ts';
import { postgresBus } from './pg-bus.ts';

const url = process.env.TEST_DATABASE_URL;

// Needs a real PostgreSQL server: LISTEN/NOTIFY between two connections, as between two processes.
describe.runIf(url)('PostgreSQL event bus', () => {
  it('carries events between two buses, small ones inline and big ones by id', async () => {
    const { database, url: databaseUrl, drop } = await freshDatabase();
    await database.migrate();
    const log = pino({ level: 'silent' });
    const a = await postgresBus(databaseUrl!, database.db, log);
    const b = await postgresBus(databaseUrl!, database.db, log);
    try {
      const received: BusEvent[] = [];
      b.subscribe((event) => received.push(event));
      const small: BusEvent = { type: 'room_deleted', companyId: 1, roomId: 'x@c.us' };
      const message = {
        id: 1,
        chat_id: 'x@c.us',
        chat_type: 'wa' as const,
        sender_name: 'A',
        content: 'y'.repeat(20_000),
        timestamp: new Date().toISOString(),
        is_from_me: false,
        is_read: false,
        status: 'received',
        error: null,
        ai: null,
      };
      const big: BusEvent = { type: 'room_message', companyId: 1, roomId: 'x@c.us', message };
      await a.publish(small);
      await a.publish(big);
      await expect.poll(() => received.length, { timeout: 5000 }).toBe(2);
      expect(received[0]).toEqual(small);
      expect(received[1]).toEqual(big);

      // Published in one turn, sent in one statement: every one arrives, in order.
      const many: BusEvent[] = Array.from({ length: 5 }, (_, i) => ({
        type: 'room_deleted',
        companyId: 1,
        roomId: `room-${i}@c.us`,
      }));
      const statements = vi.spyOn(database.db, 'execute');
      await Promise.all(many.map((event) => a.publish(event)));
      expect(statements).toHaveBeenCalledTimes(1);
      statements.mockRestore();
      await expect.poll(() => received.length, { timeout: 5000 }).toBe(7);
      expect(received.slice(2)).toEqual(many);
    } finally {
      await a.close();
      await b.close();
      await drop();
    }
  });
});
