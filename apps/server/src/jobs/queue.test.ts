import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobs } from '../db/schema/jobs.ts';
import { startApp, type TestEnv } from '../test/harness.ts';
import { jobQueue } from './queue.ts';

let env: TestEnv;
beforeAll(async () => {
  env = await startApp();
});
afterAll(() => env.close());

const silent = { info() {}, warn() {}, error() {} } as never;

it('runs a job claimed by a process that died once its lease runs out, and never twice at once', async () => {
  const queue = jobQueue({ db: env.database.db, log: silent }, 60_000);
  const ran: number[] = [];
  queue.define<{ n: number }>('test.record', { run: async ({ n }) => void ran.push(n) });
  // One job still leased by a dead process, one whose lease ran out, one new.
  await env.database.db.insert(jobs).values([
    {
      kind: 'test.record',
      payload: { n: 1 },
      status: 'running',
      attempts: 1,
      lockedUntil: new Date(Date.now() + 60_000),
    },
    {
      kind: 'test.record',
      payload: { n: 2 },
      status: 'running',
      attempts: 1,
      lockedUntil: new Date(Date.now() - 1000),
    },
    { kind: 'test.record', payload: { n: 3 } },
  ]);
  const [a, b] = await Promise.all([queue.runDue(), queue.runDue()]);
  expect(a + b).toBe(2);
  expect(ran.sort()).toEqual([2, 3]);
  const rows = await env.database.db.select().from(jobs).where(eq(jobs.kind, 'test.record'));
  expect(rows.map((row) => [row.payload.n, row.status]).sort()).toEqual([
    [1, 'running'],
    [2, 'done'],
    [3, 'done'],
  ]);
});

it('retries a failing job later and gives it up after its last attempt', async () => {
  const queue = jobQueue({ db: env.database.db, log: silent }, 60_000);
  const given: string[] = [];
  queue.define<{ id: string }>('test.flaky', {
    maxAttempts: 2,
    run: async () => {
      throw new Error('provider down');
    },
    giveUp: async ({ id }, error) => void given.push(`${id}: ${error.message}`),
  });
  await queue.enqueue('test.flaky', { id: 'x' });
  await queue.runDue();
  const [first] = await env.database.db.select().from(jobs).where(eq(jobs.kind, 'test.flaky'));
  expect(first).toMatchObject({ status: 'pending', attempts: 1, lastError: 'provider down' });
  expect(first!.runAt.getTime()).toBeGreaterThan(Date.now());
  await env.database.db
    .update(jobs)
    .set({ runAt: new Date(Date.now() - 1000) })
    .where(eq(jobs.id, first!.id));
  await queue.runDue();
  const [last] = await env.database.db.select().from(jobs).where(eq(jobs.id, first!.id));
  expect(last).toMatchObject({ status: 'failed', attempts: 2 });
  expect(given).toEqual(['x: provider down']);
});
