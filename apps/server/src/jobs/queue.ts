import { and, asc, eq, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';
import type { Deps } from '../deps.ts';
import { passLoop } from './pass-loop.ts';

export interface JobKind<P> {
  /** Runs one job. Throwing retries it later (with backoff) until its attempts are used up. */
  run(payload: P, attempt: number): Promise<void>;
  /** Called once when the last attempt failed, so the work can be handed to a person. */
  giveUp?(payload: P, error: Error): Promise<void>;
  maxAttempts?: number;
  /** How long a claim holds; a process that dies mid-job frees the job when it runs out. */
  leaseSeconds?: number;
}

const BATCH = 10;
const backoffSeconds = (attempt: number) => Math.min(300, 5 * 2 ** (attempt - 1));

/**
 * The durable job queue of ARCHITECTURE.md. Every process that runs the worker polls for due jobs
 * and claims them with FOR UPDATE SKIP LOCKED under a lease; enqueueing in this process also wakes
 * the worker at once, so a job written here usually starts within milliseconds.
 */
export function jobQueue(deps: Pick<Deps, 'db' | 'log'>, pollMs: number) {
  const kinds = new Map<string, JobKind<never>>();

  async function claim(): Promise<(typeof jobs.$inferSelect)[]> {
    return deps.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            inArray(jobs.kind, [...kinds.keys()]),
            lte(jobs.runAt, sql`now()`),
            or(
              eq(jobs.status, 'pending'),
              and(eq(jobs.status, 'running'), lte(jobs.lockedUntil, sql`now()`)),
            ),
          ),
        )
        .orderBy(asc(jobs.runAt), asc(jobs.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(jobs)
        .set({
          status: 'running',
          attempts: sql`${jobs.attempts} + 1`,
          lockedUntil: sql`now() + interval '120 seconds'`,
        })
        .where(
          inArray(
            jobs.id,
            due.map((row) => row.id),
          ) as SQL,
        )
        .returning();
    });
  }

  async function runOne(job: typeof jobs.$inferSelect) {
    const kind = kinds.get(job.kind) as JobKind<Record<string, unknown>> | undefined;
    if (!kind) return;
    try {
      await kind.run(job.payload, job.attempts);
      await deps.db
        .update(jobs)
        .set({ status: 'done', finishedAt: sql`now()`, lockedUntil: null })
        .where(eq(jobs.id, job.id));
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught));
      const last = job.attempts >= (kind.maxAttempts ?? 3);
      deps.log.warn({ err: error, job: job.id, kind: job.kind, attempt: job.attempts, last }, 'job failed');
      await deps.db
        .update(jobs)
        .set(
          last
            ? { status: 'failed', lastError: error.message, finishedAt: sql`now()`, lockedUntil: null }
            : {
                status: 'pending',
                lastError: error.message,
                lockedUntil: null,
                runAt: sql`now() + make_interval(secs => ${backoffSeconds(job.attempts)})`,
              },
        )
        .where(eq(jobs.id, job.id));
      if (last)
        await kind.giveUp?.(job.payload, error).catch((e) => deps.log.error({ err: e }, 'giveUp failed'));
    }
  }

  /** Claims and runs due jobs until none is left; answers how many ran. */
  async function runDue() {
    let total = 0;
    for (;;) {
      const claimed = await claim();
      for (const job of claimed) await runOne(job);
      total += claimed.length;
      if (claimed.length < BATCH) return total;
    }
  }

  const loop = passLoop(deps.log, runDue, { everyMs: pollMs, failure: 'job worker pass failed' });

  return {
    define<P>(kind: string, handler: JobKind<P>) {
      kinds.set(kind, handler as JobKind<never>);
    },

    /** Writes the job (inside the caller's transaction when one is given) and wakes the worker. */
    async enqueue(
      kind: string,
      payload: Record<string, unknown>,
      options: { db?: Db; delaySeconds?: number } = {},
    ) {
      await insertJobs(options.db ?? deps.db, kind, [payload], options.delaySeconds);
      if (!options.db) loop.wake();
    },

    runDue,
    // idle() (tests) waits until every due job of this process has run.
    ...loop,
  };
}
export type JobQueue = ReturnType<typeof jobQueue>;

/**
 * Writes jobs without a queue at hand, e.g. inside another module's transaction so that the work
 * is queued exactly when the change commits; a worker's next poll picks them up.
 */
export async function insertJobs(
  db: Db,
  kind: string,
  payloads: Record<string, unknown>[],
  delaySeconds?: number,
) {
  if (payloads.length === 0) return;
  await db.insert(jobs).values(
    payloads.map((payload) => ({
      kind,
      payload,
      ...(delaySeconds ? { runAt: sql`now() + make_interval(secs => ${delaySeconds})` } : {}),
    })),
  );
}

/** Jobs waiting or running per kind, and how long the oldest due one has waited (for /api/metrics). */
export async function queueDepth(db: Db) {
  return db
    .select({
      kind: jobs.kind,
      queued: sql<number>`count(*)::int`,
      oldestAgeSeconds: sql<number>`coalesce(extract(epoch from now() - min(${jobs.runAt}) filter (where ${jobs.runAt} <= now())), 0)::float8`,
    })
    .from(jobs)
    .where(inArray(jobs.status, ['pending', 'running']))
    .groupBy(jobs.kind);
}
