import { and, count, eq, getTableColumns, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { knowledgeEntries, knowledgeItems } from '../../db/schema/knowledge.ts';
import { likePattern, type PageRequest } from '../../http/pagination.ts';
import { incrementDaily } from '../statistics/statistics.repo.ts';

export type KnowledgeRow = Omit<typeof knowledgeItems.$inferSelect, 'file'>;

const { file: _file, ...listed } = getTableColumns(knowledgeItems);

export const knowledgeSortColumns = {
  created_at: knowledgeItems.createdAt,
  updated_at: knowledgeItems.updatedAt,
  name: knowledgeItems.name,
  size: knowledgeItems.size,
};

/** A company's knowledge items. The file bytes are read only when someone downloads or indexes them. */
export function knowledgeRepo(db: Db, companyId: number) {
  const mine = eq(knowledgeItems.companyId, companyId);
  const one = (id: number) => and(mine, eq(knowledgeItems.id, id)) as SQL;

  return {
    async list(page: PageRequest, search: string) {
      const where = search
        ? and(
            mine,
            or(
              ilike(knowledgeItems.name, likePattern(search)),
              ilike(knowledgeItems.filename, likePattern(search)),
            ),
          )
        : mine;
      const [rows, [total]] = await Promise.all([
        db
          .select(listed)
          .from(knowledgeItems)
          .where(where)
          .orderBy(page.order)
          .limit(page.limit)
          .offset(page.offset),
        db.select({ value: count() }).from(knowledgeItems).where(where),
      ]);
      return { rows: rows as KnowledgeRow[], total: total?.value ?? 0 };
    },

    async find(id: number): Promise<KnowledgeRow | undefined> {
      const [row] = await db.select(listed).from(knowledgeItems).where(one(id));
      return row;
    },

    async file(id: number) {
      const [row] = await db
        .select({
          file: knowledgeItems.file,
          filename: knowledgeItems.filename,
          fileType: knowledgeItems.fileType,
        })
        .from(knowledgeItems)
        .where(one(id));
      return row;
    },

    async create(input: Omit<typeof knowledgeItems.$inferInsert, 'companyId'>, tx: Db = db) {
      const [row] = await tx
        .insert(knowledgeItems)
        .values({ ...input, companyId })
        .returning(listed);
      return row as KnowledgeRow;
    },

    /** Renames, or replaces the file (which starts indexing again). */
    async update(id: number, changes: Partial<typeof knowledgeItems.$inferInsert>, tx: Db = db) {
      const [row] = await tx.update(knowledgeItems).set(changes).where(one(id)).returning(listed);
      return row as KnowledgeRow | undefined;
    },

    /** Deletes an item; the dashboard's Total Knowledge counts it off on the day it was added. */
    remove(id: number) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .delete(knowledgeItems)
          .where(one(id))
          .returning({ createdAt: knowledgeItems.createdAt });
        if (row) await incrementDaily(tx, companyId, 'knowledge', -1, row.createdAt);
        return row !== undefined;
      });
    },

    /**
     * Replaces the item's entries and marks it ready, in one transaction, unless the file was
     * replaced since indexing started (its sha256 changed): then the newer file's job does the work.
     */
    async storeEntries(
      id: number,
      sha256: string,
      entries: { content: string; embedding: number[] | null }[],
    ) {
      return db.transaction(async (tx) => {
        const [item] = await tx
          .select({ sha256: knowledgeItems.sha256 })
          .from(knowledgeItems)
          .where(one(id))
          .for('update');
        if (item?.sha256 !== sha256) return false;
        await tx.delete(knowledgeEntries).where(eq(knowledgeEntries.knowledgeId, id));
        for (let i = 0; i < entries.length; i += 500) {
          await tx.insert(knowledgeEntries).values(
            entries.slice(i, i + 500).map((entry, offset) => ({
              knowledgeId: id,
              companyId,
              position: i + offset,
              content: entry.content,
              embedding: entry.embedding,
            })),
          );
        }
        await tx
          .update(knowledgeItems)
          .set({ status: 'ready', error: null, totalEntry: entries.length })
          .where(one(id));
        return true;
      });
    },

    async markFailed(id: number, sha256: string, error: string) {
      await db.transaction(async (tx) => {
        const rows = await tx
          .update(knowledgeItems)
          .set({ status: 'failed', error, totalEntry: 0 })
          .where(and(one(id), eq(knowledgeItems.sha256, sha256)))
          .returning({ id: knowledgeItems.id });
        if (rows.length > 0) await tx.delete(knowledgeEntries).where(eq(knowledgeEntries.knowledgeId, id));
      });
    },

    async totalEntries() {
      const [row] = await db
        .select({ value: sql<number>`coalesce(sum(${knowledgeItems.totalEntry}), 0)::int` })
        .from(knowledgeItems)
        .where(mine);
      return row?.value ?? 0;
    },
  };
}
