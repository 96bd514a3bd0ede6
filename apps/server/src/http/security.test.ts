import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestEnv } from '../test/harness.ts';
import { WEB_CONTENT_SECURITY_POLICY } from './security.ts';

let env: TestEnv;
beforeAll(async () => {
  const web = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(
    join(web, 'index.html'),
    '<!doctype html><title>AI Admin</title><script src="/app.js"></script>',
  );
  env = await startApp({ WEB_DIST_DIR: web });
});
afterAll(() => env.close());

it('serves the web app under the Content-Security-Policy, with helmet headers everywhere', async () => {
  const page = await env.app.inject({ method: 'GET', url: '/client/dashboard' });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-security-policy']).toBe(WEB_CONTENT_SECURITY_POLICY);
  expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');

  const api = await env.app.inject({ method: 'GET', url: '/api/health' });
  expect(api.headers['x-content-type-options']).toBe('nosniff');
  expect(api.headers['content-security-policy']).toBeUndefined();

  const sandbox = await env.app.inject({ method: 'GET', url: '/sandbox/phone' });
  expect(sandbox.statusCode).toBe(200);
  expect(sandbox.headers['content-security-policy']).toBeUndefined();
});

it('keeps CORS closed: a cross-origin preflight or request is never allowed', async () => {
  const preflight = await env.app.inject({
    method: 'OPTIONS',
    url: '/api/auth/login',
    headers: {
      origin: 'https://evil.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type, authorization',
    },
  });
  expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
  expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
  expect(preflight.headers['access-control-allow-methods']).toBeUndefined();

  const get = await env.app.inject({
    method: 'GET',
    url: '/api/health',
    headers: { origin: 'https://evil.example' },
  });
  expect(get.statusCode).toBe(200);
  expect(get.headers['access-control-allow-origin']).toBeUndefined();
  expect(get.headers['access-control-allow-credentials']).toBeUndefined();
});

describe('request timeout', () => {
  let slow: TestEnv;
  beforeAll(async () => {
    slow = await startApp({ REQUEST_TIMEOUT_MS: '500' }, { listen: true });
  });
  afterAll(() => slow.close());
  const port = () => (slow.app.server.address() as AddressInfo).port;

  it('answers 408 and closes the socket of a client that trickles its body', async () => {
    const socket = connect(port(), '127.0.0.1');
    await once(socket, 'connect');
    const started = Date.now();
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{"username":"',
    );
    // One byte every 100 ms: never idle, never done (an idle timeout would not catch it).
    const trickle = setInterval(() => socket.writable && socket.write('a'), 100);
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    const closed = await Promise.race([
      once(socket, 'close').then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 3000)),
    ]);
    clearInterval(trickle);
    socket.destroy();
    expect(closed).toBe(true);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('still serves requests that arrive in time', async () => {
    const health = await fetch(`http://127.0.0.1:${port()}/api/health`);
    expect(health.status).toBe(200);
    const login = await fetch(`http://127.0.0.1:${port()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nobody@example.com', password: 'wrong-password' }),
    });
    expect(login.status).toBe(401);
  });
});
