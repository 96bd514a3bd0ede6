import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/users.ts';

export function filesRepo(db: Db) {
  return {
    async create(input: typeof files.$inferInsert) {
      const [row] = await db.insert(files).values(input).returning({ externalId: files.externalId });
      return row!.externalId;
    },
    async find(externalId: string) {
      const [row] = await db.select().from(files).where(eq(files.externalId, externalId));
      return row;
    },
  };
}
