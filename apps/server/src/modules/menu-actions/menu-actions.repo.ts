import { eq, ilike, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageOfRows } from '../../db/page.ts';
import { menuActions } from '../../db/schema/platform.ts';
import { likePattern, type PageRequest } from '../../http/pagination.ts';

export type MenuActionRow = typeof menuActions.$inferSelect;

export const menuActionSortColumns = {
  created_at: menuActions.createdAt,
  action_code: menuActions.actionCode,
  action_name: menuActions.actionName,
};

/** The platform's catalogue of chat-menu actions. */
export function menuActionsRepo(db: Db) {
  return {
    async list(page: PageRequest, search: string) {
      const pattern = likePattern(search);
      const where = search
        ? or(ilike(menuActions.actionCode, pattern), ilike(menuActions.actionName, pattern))
        : undefined;
      return pageOfRows(db, menuActions, where, page);
    },

    async existingCodes(codes: string[]) {
      if (codes.length === 0) return [];
      const rows = await db
        .select({ code: menuActions.actionCode })
        .from(menuActions)
        .where(inArray(menuActions.actionCode, codes));
      return rows.map((row) => row.code);
    },

    createMany(actions: { actionCode: string; actionName: string }[]) {
      return db.insert(menuActions).values(actions).returning();
    },

    async find(id: number) {
      const [row] = await db.select().from(menuActions).where(eq(menuActions.id, id));
      return row;
    },

    async update(id: number, changes: { actionCode: string; actionName: string }) {
      const [row] = await db
        .update(menuActions)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(menuActions.id, id))
        .returning();
      return row;
    },

    async remove(id: number) {
      const rows = await db
        .delete(menuActions)
        .where(eq(menuActions.id, id))
        .returning({ id: menuActions.id });
      return rows.length === 1;
    },
  };
}
