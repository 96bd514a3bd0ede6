import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/auth.ts';
import type { Mail, Mailer } from './port.ts';

/** Keeps mail in the database and the log instead of sending it (the embedded, offline mode). */
export function outboxMailer(db: Db, log: FastifyBaseLogger): Mailer {
  return {
    async send(mail: Mail) {
      await db.insert(mailOutbox).values(mail);
      log.info({ mail: { to: mail.to, subject: mail.subject } }, `mail kept in the outbox:\n${mail.text}`);
    },
  };
}
