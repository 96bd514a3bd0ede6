import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatConfigs } from '../../db/schema/messaging.ts';

export type ChatConfigRow = typeof chatConfigs.$inferSelect;

/** A company's chat settings; a company that never saved any gets the defaults. */
export function chatConfigsRepo(db: Db, companyId: number) {
  return {
    async get(): Promise<ChatConfigRow> {
      const [row] = await db.select().from(chatConfigs).where(eq(chatConfigs.companyId, companyId));
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
