import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The policy the built web app runs under: its own scripts only (index.html has no inline script),
 * inline styles allowed because Mantine and the charts set style attributes, images from itself and
 * data:/blob: (QR codes, previews), the API and the live connection on the same origin, and frames
 * of the same origin only (the WhatsApp QR dialog).
 */
export const WEB_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * Helmet's headers everywhere (no sniffing, same-origin framing, no referrer across origins, HSTS in
 * production), and the Content-Security-Policy on the web app's pages. The sandbox's pages and the
 * API docs carry inline scripts of their own and are development tools, so they are left without it.
 */
export async function registerSecurityHeaders(app: FastifyInstance, production: boolean) {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    hsts: production,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    const path = request.url.split('?')[0] ?? '';
    if (type.startsWith('text/html') && !path.startsWith('/sandbox') && !path.startsWith('/api')) {
      reply.header('content-security-policy', WEB_CONTENT_SECURITY_POLICY);
    }
    return payload;
  });
}
