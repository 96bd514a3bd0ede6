import { createCipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';

const RECORD_SIZE = 4096;

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/**
 * Encrypts one push message for a browser's subscription keys (RFC 8291, aes128gcm of RFC 8188):
 * an ephemeral P-256 key agreed with the browser's `p256dh`, mixed with its `auth` secret.
 * Returns the request body, header included.
 */
export function encryptPushPayload(plaintext: Buffer, p256dh: string, auth: string): Buffer {
  const browserKey = Buffer.from(p256dh, 'base64url');
  const authSecret = Buffer.from(auth, 'base64url');
  const ephemeral = createECDH('prime256v1');
  const serverKey = ephemeral.generateKeys();
  const shared = ephemeral.computeSecret(browserKey);

  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browserKey, serverKey]);
  const ikm = hmac(hmac(authSecret, shared), Buffer.concat([keyInfo, Buffer.from([1])]));
  const salt = randomBytes(16);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);

  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  // One record: the payload, then the last-record delimiter 0x02 (no padding).
  const body = Buffer.concat([cipher.update(Buffer.concat([plaintext, Buffer.from([2])])), cipher.final()]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(serverKey.length, 20);
  return Buffer.concat([header, serverKey, body, cipher.getAuthTag()]);
}
