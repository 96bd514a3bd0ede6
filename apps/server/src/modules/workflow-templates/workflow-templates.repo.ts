import { and, count, eq, getTableColumns, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { workflowInstances, workflowTemplates } from '../../db/schema/workflows.ts';
import { likePattern, type PageRequest } from '../../http/pagination.ts';

export type WorkflowTemplateRow = typeof workflowTemplates.$inferSelect & { usedBy: number };
export type NewWorkflowTemplate = Pick<
  typeof workflowTemplates.$inferInsert,
  'name' | 'tags' | 'nodes' | 'connections' | 'settings' | 'engineWorkflowId'
>;

export const templateSortColumns = {
  created_at: workflowTemplates.createdAt,
  updated_at: workflowTemplates.updatedAt,
  name: workflowTemplates.name,
};

const usedBy = sql<number>`(select count(*)::int from ${workflowInstances} where ${workflowInstances.templateId} = ${workflowTemplates.id})`;

/** The platform's catalogue of n8n workflows that companies copy. */
export function workflowTemplatesRepo(db: Db) {
  const columns = { ...getTableColumns(workflowTemplates), usedBy };

  return {
    async list(page: PageRequest, search: string, active?: boolean) {
      const where = and(
        search ? ilike(workflowTemplates.name, likePattern(search)) : undefined,
        active === undefined ? undefined : eq(workflowTemplates.active, active),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(columns)
          .from(workflowTemplates)
          .where(where)
          .orderBy(page.order, workflowTemplates.id)
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(workflowTemplates).where(where),
      ]);
      return { rows: rows as WorkflowTemplateRow[], total: total?.n ?? 0 };
    },

    async find(id: number): Promise<WorkflowTemplateRow | undefined> {
      const [row] = await db.select(columns).from(workflowTemplates).where(eq(workflowTemplates.id, id));
      return row as WorkflowTemplateRow | undefined;
    },

    async create(template: NewWorkflowTemplate) {
      const [row] = await db
        .insert(workflowTemplates)
        .values(template)
        .returning({ id: workflowTemplates.id });
      return row!.id;
    },

    /** A pull brings the engine's version of a template it already has. */
    async upsertFromEngine(template: NewWorkflowTemplate & { engineWorkflowId: string }) {
      const [row] = await db
        .insert(workflowTemplates)
        .values(template)
        .onConflictDoUpdate({
          target: workflowTemplates.engineWorkflowId,
          set: {
            name: template.name,
            tags: template.tags,
            nodes: template.nodes,
            connections: template.connections,
            settings: template.settings,
          },
        })
        .returning({ id: workflowTemplates.id });
      return row!.id;
    },

    async setActive(id: number, active: boolean) {
      await db.update(workflowTemplates).set({ active }).where(eq(workflowTemplates.id, id));
    },

    async remove(id: number) {
      await db.delete(workflowTemplates).where(eq(workflowTemplates.id, id));
    },
  };
}
