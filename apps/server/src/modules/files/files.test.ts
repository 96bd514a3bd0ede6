import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/users.ts';
import { signIn, standardWorld, startApp, type TestEnv } from '../../test/harness.ts';

let env: TestEnv;
let world: Awaited<ReturnType<typeof standardWorld>>;

beforeAll(async () => {
  env = await startApp();
  world = await standardWorld(env);
});
afterAll(() => env.close());

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

function multipart(filename: string, content: Buffer, contentType = 'image/png') {
  const boundary = '----test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(
  email: string,
  externalId: string,
  filename: string,
  content: Buffer,
  contentType?: string,
) {
  const token = (await signIn(env.app, email)).access_token;
  const body = multipart(filename, content, contentType);
  return env.app.inject({
    method: 'POST',
    url: `/api/users/external/${externalId}/image`,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
}

describe('profile image', () => {
  it('stores a PNG, sets it on the profile and serves it back', async () => {
    const response = await upload(world.agentA.email, world.agentA.externalId, 'me.png', PNG);
    expect(response.statusCode).toBe(201);
    const url = response.json().data.image_url;
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const served = await env.app.inject({ url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.rawPayload, PNG)).toBe(0);
    const me = await (await world.as(world.agentA))('GET', '/api/client/companies/users/me');
    expect(me.body.data.user_info.image_url).toBe(url);
  });

  it('judges the type by content: a script named .png is refused and nothing is stored', async () => {
    const before = (await env.database.db.select().from(files)).length;
    const response = await upload(
      world.agentA.email,
      world.agentA.externalId,
      'evil.png',
      Buffer.from('<script>alert(1)</script>'),
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('Profile image must be a JPEG, PNG or GIF');
    expect((await env.database.db.select().from(files)).length).toBe(before);
  });

  it('refuses an image over 2MB with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const response = await upload(world.agentA.email, world.agentA.externalId, 'big.png', big);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Profile image must not exceed 2MB');
  });

  it("cannot set someone else's image", async () => {
    const response = await upload(world.agentA.email, world.adminA.externalId, 'x.png', PNG);
    expect(response.statusCode).toBe(404);
  });

  it('answers 404 for an unknown file', async () => {
    expect(
      (await env.app.inject({ url: '/api/files/00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
  });
});
