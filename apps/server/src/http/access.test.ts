import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestEnv } from '../test/harness.ts';
import { requireAccessDeclarations } from './access.ts';

describe('route access declarations', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await startApp();
  });
  afterAll(() => env.close());

  it('records who may call every /api route; a change here is a change in who can reach what', () => {
    const map = Object.fromEntries(
      [...env.app.routeMap.entries()].filter(([route]) => !route.includes('/api/docs')).sort(),
    );
    expect(map).toMatchSnapshot();
  });

  it('refuses to register an /api route that declares no access', () => {
    const app = Fastify();
    requireAccessDeclarations(app, new Map());
    expect(() => app.get('/api/forgotten', async () => 'x')).toThrow(
      /GET \/api\/forgotten declares no access/,
    );
    expect(() =>
      app.get('/api/declared', { config: { access: { public: true } } }, async () => 'x'),
    ).not.toThrow();
  });

  it('answers an unknown API route with the 404 envelope', async () => {
    const response = await env.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      status_code: 404,
      message: 'Route GET /api/nope not found',
      data: null,
    });
  });

  it('serves liveness, readiness and the OpenAPI document', async () => {
    expect((await env.app.inject({ url: '/api/health' })).json().data.status).toBe('ok');
    expect((await env.app.inject({ url: '/api/ready' })).json().data.database).toMatch(/pglite|postgres/);
    const spec = (await env.app.inject({ url: '/api/docs/json' })).json();
    expect(spec.paths['/api/auth/login'].post).toBeDefined();
    expect(spec.paths['/api/users'].get).toBeDefined();
  });

  it('says the database is not ready when it cannot reach it', async () => {
    const other = await startApp();
    await other.database.close();
    const response = await other.app.inject({ url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe('Database is not reachable');
    await other.app.close();
  });

  it('echoes a request id', async () => {
    const response = await env.app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(response.headers['x-request-id']).toBe('abc-123');
  });
});
