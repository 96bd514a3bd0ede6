/**
 * The load generator of `npm run bench:stats`, in a process of its own so that its work and the
 * server's never wait for each other on one event loop. run.ts forks it and sends one job at a time:
 * `connections` callers, each on its own keep-alive connection, send GET `path` back to back for
 * `seconds`; the answer is every request's latency and the count of each status.
 */
import http from 'node:http';

export interface LoadJob {
  baseUrl: string;
  path: string;
  token: string;
  connections: number;
  seconds: number;
}

export interface LoadResult {
  /** Milliseconds from sending the request to the last byte of the answer, one per request. */
  latencies: number[];
  statuses: Record<string, number>;
  /** The first answer that was not a 200, to show what went wrong. */
  firstError: string | null;
  /** Bytes of one 200 answer's body. */
  bodyBytes: number;
}

async function run(job: LoadJob): Promise<LoadResult> {
  const { hostname, port } = new URL(job.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });
  const headers = { authorization: `Bearer ${job.token}` };
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let firstError: string | null = null;
  let bodyBytes = 0;

  const once = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      const request = http.request({ hostname, port, path: job.path, agent, headers }, (response) => {
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
      request.end();
    });

  const until = performance.now() + job.seconds * 1000;
  const caller = async () => {
    while (performance.now() < until) await once();
  };
  await Promise.all(Array.from({ length: job.connections }, caller));
  agent.destroy();
  return { latencies, statuses, firstError, bodyBytes };
}

process.on('message', (job: LoadJob) => {
  run(job).then(
    (result) => process.send!({ ok: true, result }),
    (error: Error) => process.send!({ ok: false, error: error.stack ?? String(error) }),
  );
});
