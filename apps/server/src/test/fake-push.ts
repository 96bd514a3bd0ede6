import { createDecipheriv, createECDH, createHmac, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushPayload } from '@app/contract/notifications';
import { decodeJwt, importJWK, importSPKI, jwtVerify } from 'jose';

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

async function listen(handler: (request: IncomingMessage, body: Buffer, response: ServerResponse) => void) {
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    handler(request, Buffer.concat(chunks), response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** A browser's side of a Web Push subscription: its key pair and auth secret, to decrypt what arrives. */
export function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    json: JSON.stringify({
      endpoint,
      expirationTime: null,
      keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
    }),
    /** RFC 8291 decryption, as the browser does it. */
    decrypt(body: Buffer): PushPayload {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const serverKey = body.subarray(21, 21 + idLength);
      const shared = ecdh.computeSecret(serverKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, serverKey]);
      const ikm = hmac(hmac(auth, shared), Buffer.concat([keyInfo, Buffer.from([1])]));
      const prk = hmac(salt, ikm);
      const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
      const record = body.subarray(21 + idLength);
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const plain = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ]);
      return JSON.parse(plain.subarray(0, plain.lastIndexOf(2)).toString('utf8'));
    },
  };
}

/**
 * A Web Push service on loopback (providers.md "Testing without the internet"): it checks the
 * headers and the VAPID token against the key it names, answers 410 for endpoints marked expired
 * and 503 while `down`, and keeps what it accepted.
 */
export async function fakeWebPush() {
  const received: { id: string; body: Buffer; topic: string | undefined; ttl: string | undefined }[] = [];
  const refused: string[] = [];
  const state = { expired: new Set<string>(), down: false };
  const service = await listen(async (request, body, response) => {
    const id = (request.url ?? '').replace(/^\/push\//, '');
    const problem = await (async () => {
      if (!request.headers.ttl) return 'TTL missing';
      if (request.headers['content-encoding'] !== 'aes128gcm') return 'not aes128gcm';
      const vapid = /^vapid t=([^,]+), k=(.+)$/.exec(request.headers.authorization ?? '');
      if (!vapid) return 'no VAPID authorization';
      const point = Buffer.from(vapid[2] as string, 'base64url');
      const key = await importJWK(
        {
          kty: 'EC',
          crv: 'P-256',
          x: point.subarray(1, 33).toString('base64url'),
          y: point.subarray(33, 65).toString('base64url'),
        },
        'ES256',
      );
      try {
        const { payload } = await jwtVerify(vapid[1] as string, key, { audience: service.origin });
        if (!payload.exp || payload.exp > Date.now() / 1000 + 24 * 3600) return 'exp too far';
        if (!String(payload.sub).startsWith('mailto:')) return 'no subject';
      } catch (error) {
        return `bad VAPID token: ${(error as Error).message}`;
      }
      return null;
    })();
    if (problem) {
      refused.push(problem);
      response.writeHead(403).end(problem);
    } else if (state.down) response.writeHead(503).end();
    else if (state.expired.has(id)) response.writeHead(410).end();
    else if (body.length > 4096) response.writeHead(413).end();
    else {
      received.push({ id, body, topic: request.headers.topic as string, ttl: request.headers.ttl as string });
      response.writeHead(201, { location: `${service.origin}/messages/${received.length}` }).end();
    }
  });
  return { ...service, endpoint: (id: string) => `${service.origin}/push/${id}`, received, refused, state };
}

/**
 * FCM HTTP v1 on loopback: an OAuth token endpoint that checks the service account's signed
 * assertion, and messages:send that checks the bearer token. Tokens in `unregistered` answer 404
 * UNREGISTERED; while `down`, sends answer 503 UNAVAILABLE.
 */
export async function fakeFcm() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }) as string;
  const tokenRequests: { iss: string | undefined; scope: unknown }[] = [];
  const messages: { path: string; message: { token: string; notification: unknown; data: PushPayload } }[] =
    [];
  const state = { unregistered: new Set<string>(), down: false };
  const accessToken = `ya29.${randomBytes(8).toString('hex')}`;
  const service = await listen(async (request, body, response) => {
    const json = (status: number, value: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (request.url === '/token') {
      const form = new URLSearchParams(body.toString('utf8'));
      try {
        await jwtVerify(form.get('assertion') ?? '', await importSPKI(publicPem, 'RS256'), {
          audience: `${service.origin}/token`,
        });
      } catch {
        return json(400, { error: 'invalid_grant' });
      }
      const claims = decodeJwt(form.get('assertion') ?? '');
      tokenRequests.push({ iss: claims.iss, scope: claims.scope });
      return json(200, { access_token: accessToken, expires_in: 3600, token_type: 'Bearer' });
    }
    if (request.headers.authorization !== `Bearer ${accessToken}`) {
      return json(401, { error: { code: 401, status: 'UNAUTHENTICATED', message: 'bad token' } });
    }
    const { message } = JSON.parse(body.toString('utf8'));
    if (state.down) return json(503, { error: { code: 503, status: 'UNAVAILABLE', message: 'down' } });
    if (state.unregistered.has(message.token)) {
      return json(404, {
        error: {
          code: 404,
          status: 'NOT_FOUND',
          message: 'Requested entity was not found.',
          details: [
            { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' },
          ],
        },
      });
    }
    messages.push({ path: request.url ?? '', message });
    return json(200, { name: `projects/demo/messages/${messages.length}` });
  });
  const serviceAccount = JSON.stringify({
    type: 'service_account',
    project_id: 'demo-project',
    client_email: 'push@demo-project.iam.gserviceaccount.com',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
    token_uri: `${service.origin}/token`,
  });
  return { ...service, serviceAccount, tokenRequests, messages, state };
}
