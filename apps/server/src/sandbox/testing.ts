import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Config, loadConfig } from '../config.ts';
import { verifyCloudHandshake } from '../providers/channels/whatsapp-cloud.ts';
import { type ChannelSandbox, registerSandbox, type SandboxOptions } from './index.ts';

export const TEST_CLOUD_TOKEN = 'test-cloud-access-token';
export const TEST_APP_SECRET = 'test-meta-app-secret';
export const TEST_WAHA_KEY = 'test-waha-api-key';

/** A webhook request as our server received it: the raw bytes, before any JSON parsing. */
export interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
  json: unknown;
}

/** Stands in for our server's webhook routes: records raw requests, answers the Cloud handshake. */
export interface Receiver {
  origin: string;
  url(path: string): string;
  received: Received[];
  /** The status the next webhook POSTs get (default 200). */
  status: number;
  /** Verify tokens the GET handshake accepts, by path. */
  verifyTokens: Map<string, string>;
  waitFor(predicate: (request: Received) => boolean, timeoutMs?: number): Promise<Received>;
}

export interface ChannelLab {
  config: Config;
  sandbox: ChannelSandbox;
  /** `http://127.0.0.1:<port>` of the sandbox. */
  origin: string;
  receiver: Receiver;
  close(): Promise<void>;
}

async function startReceiver(): Promise<{ app: FastifyInstance; receiver: Receiver }> {
  const app = Fastify({ logger: false });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const receiver: Receiver = {
    origin: '',
    url: (path) => `${receiver.origin}${path}`,
    received: [],
    status: 200,
    verifyTokens: new Map(),
    async waitFor(predicate, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = receiver.received.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error('No matching webhook arrived');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
  app.post('/*', async (request, reply) => {
    const rawBody = (request.body as Buffer | undefined) ?? Buffer.alloc(0);
    let json: unknown = null;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      json = null;
    }
    receiver.received.push({ path: request.url, headers: request.headers, rawBody, json });
    return reply.code(receiver.status).send({ ok: receiver.status < 300 });
  });
  app.get('/*', async (request, reply) => {
    const token = receiver.verifyTokens.get(request.url.split('?')[0]!) ?? '';
    const challenge = verifyCloudHandshake(request.query as Record<string, string>, token);
    return challenge === null ? reply.code(403).send('forbidden') : reply.type('text/plain').send(challenge);
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  receiver.origin = address;
  return { app, receiver };
}

/**
 * The fakes on a real socket (a Fastify instance with the sandbox on port 0) and a receiver
 * standing in for our server on another one. Adapters under test talk HTTP to both.
 */
export async function startChannelLab(
  options: SandboxOptions = {},
  env: Record<string, string> = {},
): Promise<ChannelLab> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: join(tmpdir(), 'ai-admin-test'),
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: 'http://console.test',
    LOG_LEVEL: 'silent',
    WHATSAPP_CLOUD_ACCESS_TOKEN: TEST_CLOUD_TOKEN,
    WHATSAPP_CLOUD_APP_SECRET: TEST_APP_SECRET,
    WAHA_API_KEY: TEST_WAHA_KEY,
    ...env,
  });
  const { app: receiverApp, receiver } = await startReceiver();
  const app = Fastify({ logger: false });
  const sandbox = await registerSandbox(app, config, { wahaStartDelayMs: 30, statusDelayMs: 10, ...options });
  if (!sandbox) throw new Error('The sandbox is disabled in this configuration');
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    config,
    sandbox,
    origin,
    receiver,
    async close() {
      await app.close();
      await receiverApp.close();
    },
  };
}
