import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { RememberedReads } from './db/remembered.ts';
import type { AccessTokens } from './modules/auth/auth.tokens.ts';
import type { Mailer } from './providers/mail/port.ts';
import type { EventBus } from './realtime/bus.ts';

/** What modules are built with: created once in buildApp, passed down, never imported as globals. */
export interface Deps {
  config: Config;
  db: Db;
  tokens: AccessTokens;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Live events to the browsers (notifications, messages, progress). */
  bus: EventBus;
  /** Rows nearly every request reads, remembered for a moment in this process. */
  remembered: RememberedReads;
}
