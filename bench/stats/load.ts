/**
 * The load generator of `npm run bench:stats`, in a process of its own so that its work and the
 * server's never wait for each other on one event loop. run.ts forks it and sends one job at a time:
 * `connections` callers, each on its own keep-alive connection, send GET `path` back to back for
 * `seconds`; the answer is every request's latency and the count of each status.
 *
 * Also used by `npm run bench:chat` (in place of autocannon, which would measure the same thing) to
 * POST webhooks: with `bodies`, each request POSTs the next body (with `headers`) and the run stops
 * when every body has been sent or `seconds` are over, whichever comes first.
 */
import http from 'node:http';

export interface LoadJob {
  baseUrl: string;
  path: string;
  token: string;
  connections: number;
  seconds: number;
  /** POST these bodies, one per request, in order, instead of GETs. */
  bodies?: string[];
  /** Headers added to every request. */
  headers?: Record<string, string>;
}

export interface LoadResult {
  /** Milliseconds from sending the request to the last byte of the answer, one per request. */
  latencies: number[];
  statuses: Record<string, number>;
  /** The first answer that was not a 200, to show what went wrong. */
  firstError: string | null;
  /** Bytes of one 200 answer's body. */
  bodyBytes: number;
  /** Milliseconds from the first request to the last answer. */
  elapsedMs: number;
}

async function run(job: LoadJob): Promise<LoadResult> {
  const { hostname, port } = new URL(job.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });
  const headers: Record<string, string> = { authorization: `Bearer ${job.token}`, ...job.headers };
  const bodies = job.bodies;
  let nextBody = 0;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let firstError: string | null = null;
  let bodyBytes = 0;

  const once = (body: string | undefined) =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      const method = body === undefined ? 'GET' : 'POST';
      const request = http.request({ hostname, port, path: job.path, method, agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          latencies.push(performance.now() - started);
          const status = String(response.statusCode);
          statuses[status] = (statuses[status] ?? 0) + 1;
          const body = Buffer.concat(chunks);
          if (status === '200') bodyBytes = body.length;
          else firstError ??= `${status} ${body.toString().slice(0, 300)}`;
          resolve();
        });
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(body);
    });

  const began = performance.now();
  const until = began + job.seconds * 1000;
  const caller = async () => {
    while (performance.now() < until) {
      if (!bodies) await once(undefined);
      else if (nextBody < bodies.length) await once(bodies[nextBody++]);
      else return;
    }
  };
  await Promise.all(Array.from({ length: job.connections }, caller));
  const elapsedMs = performance.now() - began;
  agent.destroy();
  return { latencies, statuses, firstError, bodyBytes, elapsedMs };
}

process.on('message', (job: LoadJob) => {
  run(job).then(
    (result) => process.send!({ ok: true, result }),
    (error: Error) => process.send!({ ok: false, error: error.stack ?? String(error) }),
  );
});
