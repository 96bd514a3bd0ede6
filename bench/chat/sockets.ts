/**
 * The browsers of `npm run bench:chat`, in a process of their own (forked by run.ts) so that the
 * sockets' work and the server's never wait for each other on one event loop.
 *
 * Opens `sockets` WebSockets at `/api/messages/ws?token=…`, joins each to `room`, then POSTs
 * `messages` inbound Telegram webhooks for that room at `perSecond`, and measures for each
 * (message, socket) the time from sending the POST to that socket receiving the `room_message`.
 * Sending and receiving happen in this process, on one clock.
 */
import http from 'node:http';
import WebSocket from 'ws';

export interface SocketsJob {
  baseUrl: string;
  token: string;
  room: string;
  sockets: number;
  webhook: string;
  secret: string;
  /** The webhook bodies to POST, one per message. */
  bodies: string[];
  /** The text of each body, in the same order. */
  texts: string[];
  perSecond: number;
}

export interface SocketsResult {
  /** Sockets that opened and were joined to the room. */
  joined: number;
  /** Milliseconds to open and join all of them. */
  joinMs: number;
  /** Milliseconds from POST sent to `room_message` received, one per (message, socket). */
  latencies: number[];
  /** (message, socket) pairs that never arrived within the wait. */
  missing: number;
  /** Milliseconds of each webhook POST's answer. */
  postLatencies: number[];
  firstError: string | null;
}

async function run(job: SocketsJob): Promise<SocketsResult> {
  const wsUrl = `${job.baseUrl.replace('http', 'ws')}/api/messages/ws?token=${job.token}`;
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let firstError: string | null = null;
  const sockets: WebSocket[] = [];

  const open = () =>
    new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(wsUrl);
      const timer = setTimeout(() => reject(new Error('join timed out')), 60_000);
      socket.on('message', (data) => {
        const message = JSON.parse(data.toString()) as {
          type: string;
          message?: { content?: string };
        };
        if (message.type === 'join_response') {
          clearTimeout(timer);
          resolve(socket);
        } else if (message.type === 'room_message') {
          const started = sentAt.get(message.message?.content ?? '');
          if (started !== undefined) latencies.push(performance.now() - started);
        } else if (message.type === 'error') {
          firstError ??= JSON.stringify(message);
        }
      });
      socket.once('open', () =>
        socket.send(JSON.stringify({ type: 'join', room_id: job.room, message: null })),
      );
      socket.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });

  const joinStarted = performance.now();
  // 50 handshakes at a time: all 1,000 at once only measures the listen backlog.
  for (let first = 0; first < job.sockets; first += 50) {
    const batch = Math.min(50, job.sockets - first);
    const opened = await Promise.allSettled(Array.from({ length: batch }, open));
    for (const result of opened) {
      if (result.status === 'fulfilled') sockets.push(result.value);
      else firstError ??= String(result.reason);
    }
  }
  const joinMs = performance.now() - joinStarted;

  const { hostname, port } = new URL(job.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const postLatencies: number[] = [];
  const post = (body: string, text: string) =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      sentAt.set(text, started);
      const request = http.request(
        {
          hostname,
          port,
          path: job.webhook,
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'x-telegram-bot-api-secret-token': job.secret,
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            postLatencies.push(performance.now() - started);
            if (response.statusCode !== 200) firstError ??= `webhook answered ${response.statusCode}`;
            resolve();
          });
        },
      );
      request.on('error', (error) => {
        firstError ??= String(error);
        resolve();
      });
      request.end(body);
    });

  // A steady rate: message i leaves at i / perSecond seconds, whether or not earlier ones answered.
  const began = performance.now();
  const posts: Promise<void>[] = [];
  for (let i = 0; i < job.bodies.length; i++) {
    const due = began + (i * 1000) / job.perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    posts.push(post(job.bodies[i]!, job.texts[i]!));
  }
  await Promise.all(posts);
  const expected = job.bodies.length * sockets.length;
  const deadline = performance.now() + 10_000;
  while (latencies.length < expected && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (const socket of sockets) socket.terminate();
  agent.destroy();
  return {
    joined: sockets.length,
    joinMs,
    latencies,
    missing: expected - latencies.length,
    postLatencies,
    firstError,
  };
}

process.on('message', (job: SocketsJob) => {
  run(job).then(
    (result) => process.send!({ ok: true, result }),
    (error: Error) => process.send!({ ok: false, error: error.stack ?? String(error) }),
  );
});
