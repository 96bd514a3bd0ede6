import { desc } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema/auth.ts';
import type { Deps } from '../../deps.ts';
import type { App } from '../../http/app-type.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * The outbox page: in the embedded mode mail is not sent but kept, and shown here so that a
 * password-reset link can be followed. Registered only outside production without SMTP.
 */
export function devRoutes(app: App, { db }: Deps) {
  app.get(
    '/api/dev/outbox',
    { config: { access: { public: true } }, schema: { hide: true } },
    async (_request, reply) => {
      const mails = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(50);
      const items = mails
        .map(
          (mail) =>
            `<article><h2>${escapeHtml(mail.subject)}</h2><p>To ${escapeHtml(mail.to)} · ${mail.createdAt.toISOString()}</p><pre>${escapeHtml(mail.text).replace(/(https?:\/\/\S+)/g, '<a href="$1">$1</a>')}</pre></article>`,
        )
        .join('');
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><meta charset="utf-8"><title>Outbox</title><style>body{font:14px system-ui;max-width:48rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ddd}pre{white-space:pre-wrap}</style><h1>Mail outbox</h1>${items || '<p>No mail yet.</p>'}`,
        );
    },
  );
}
