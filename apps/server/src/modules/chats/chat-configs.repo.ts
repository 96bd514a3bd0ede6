import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { chatConfigs } from '../../db/schema/messaging.ts';

export type ChatConfigRow = typeof chatConfigs.$inferSelect;

// Read by each step of every inbound message: prepared once (see db/prepared.ts).
const configQuery = preparedQuery((db) =>
  db
    .select()
    .from(chatConfigs)
    .where(eq(chatConfigs.companyId, sql.placeholder('companyId')))
    .prepare('chat_config'),
);

/** A company's chat settings; a company that never saved any gets the defaults. */
export function chatConfigsRepo(db: Db, companyId: number) {
  return {
    async get(): Promise<ChatConfigRow> {
      const [row] = await configQuery(db).execute({ companyId });
      return (
        row ?? {
          companyId,
          useAi: false,
          useBot: false,
          autoReply: true,
          aiType: 'internal',
          updatedAt: new Date(0),
        }
      );
    },
    async save(changes: Partial<Omit<ChatConfigRow, 'companyId' | 'updatedAt'>>) {
      const [row] = await db
        .insert(chatConfigs)
        .values({ ...changes, companyId })
        .onConflictDoUpdate({ target: chatConfigs.companyId, set: { ...changes, updatedAt: new Date() } })
        .returning();
      return row!;
    },
  };
}
