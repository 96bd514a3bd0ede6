import { createHash, timingSafeEqual } from 'node:crypto';
import { ChannelError } from './port.ts';

/** A base URL, or a function read at call time (the built-in sandbox is found once the server listens). */
export type BaseUrl = string | (() => string);

/** What every channel adapter is built with besides its credentials. */
export interface HttpOptions {
  baseUrl: BaseUrl;
  /** Per request; the provider's silence beyond it is 'unavailable'. */
  timeoutMs?: number;
  /** Defaults to the global fetch; tests of other modules may route it elsewhere. */
  fetch?: typeof fetch;
}

export interface ProviderAnswer {
  status: number;
  body: unknown;
  headers: Headers;
}

export const resolveBase = (base: BaseUrl) => (typeof base === 'function' ? base() : base).replace(/\/$/, '');

/** Network errors raised before a request could be sent. */
const NOT_CONNECTED = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'];

/**
 * One HTTP call to a provider with a timeout. Network errors, timeouts and 5xx answers become
 * ChannelError('unavailable'); other answers are handed back for the adapter to read.
 */
export async function callProvider(
  options: HttpOptions,
  provider: string,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; json?: unknown; accept?: string } = {},
): Promise<ProviderAnswer> {
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(`${resolveBase(options.baseUrl)}${path}`, {
      method,
      headers: {
        accept: init.accept ?? 'application/json',
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
  } catch (error) {
    const cause = error as Error & { cause?: { code?: string } };
    const why =
      cause.name === 'TimeoutError' ? 'did not answer in time' : `is unreachable (${cause.message})`;
    // Only a connection that was never made certainly carried nothing.
    const neverConnected = NOT_CONNECTED.includes(cause.cause?.code ?? '');
    throw new ChannelError('unavailable', `${provider} ${why}`, undefined, !neverConnected);
  }
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (response.status >= 500) {
    // 503 says the provider did not take the request; after any other 5xx it may have.
    throw new ChannelError(
      'unavailable',
      `${provider} answered ${response.status}`,
      undefined,
      response.status !== 503,
    );
  }
  return { status: response.status, body, headers: response.headers };
}

type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first value of a header, whatever its case in the record. */
export function headerOf(headers: Record<string, string | string[] | undefined>, name: string) {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** Constant-time equality of two strings of any length (both are hashed first). */
export function safeEqual(given: string, expected: string) {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Unix seconds (number or numeric string) to a Date; now when absent. */
export function fromUnixSeconds(value: number | string | undefined) {
  const seconds = typeof value === 'string' ? Number(value) : value;
  return seconds !== undefined && Number.isFinite(seconds) ? new Date(seconds * 1000) : new Date();
}
