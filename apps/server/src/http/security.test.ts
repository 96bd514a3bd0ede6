import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
