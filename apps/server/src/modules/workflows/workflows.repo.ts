import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { workflowInstances, workflowTemplates } from '../../db/schema/workflows.ts';
import { likePattern, type PageRequest } from '../../http/pagination.ts';

export type WorkflowInstanceRow = typeof workflowInstances.$inferSelect & { templateName: string };

export const instanceSortColumns = {
  created_at: workflowInstances.createdAt,
  updated_at: workflowInstances.updatedAt,
};

/** One company's workflows; every query is scoped to it. */
export function workflowsRepo(db: Db, companyId: number) {
  const mine = eq(workflowInstances.companyId, companyId);
  const withTemplate = () =>
    db
      .select({ instance: workflowInstances, templateName: workflowTemplates.name })
      .from(workflowInstances)
      .innerJoin(workflowTemplates, eq(workflowTemplates.id, workflowInstances.templateId));
  const flatten = (row: { instance: typeof workflowInstances.$inferSelect; templateName: string }) => ({
    ...row.instance,
    templateName: row.templateName,
  });

  return {
    async list(page: PageRequest, search: string) {
      const where = and(mine, search ? ilike(workflowTemplates.name, likePattern(search)) : undefined);
      const [rows, [total]] = await Promise.all([
        withTemplate()
          .where(where)
          .orderBy(page.order, workflowInstances.id)
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ n: count() })
          .from(workflowInstances)
          .innerJoin(workflowTemplates, eq(workflowTemplates.id, workflowInstances.templateId))
          .where(where),
      ]);
      return { rows: rows.map(flatten), total: total?.n ?? 0 };
    },

    async find(id: number): Promise<WorkflowInstanceRow | undefined> {
      const [row] = await withTemplate().where(and(mine, eq(workflowInstances.id, id)));
      return row && flatten(row);
    },

    /** The most recently changed active workflow connected to an integration. */
    async activeFor(integrationId: number): Promise<WorkflowInstanceRow | undefined> {
      const [row] = await withTemplate()
        .where(
          and(
            mine,
            eq(workflowInstances.status, true),
            sql`${integrationId} = any(${workflowInstances.integrationIds})`,
          ),
        )
        .orderBy(desc(workflowInstances.updatedAt), desc(workflowInstances.id))
        .limit(1);
      return row && flatten(row);
    },

    async create(
      input: Pick<typeof workflowInstances.$inferInsert, 'templateId' | 'integrationIds' | 'status'>,
    ) {
      const [row] = await db
        .insert(workflowInstances)
        .values({ ...input, companyId })
        .returning({ id: workflowInstances.id });
      return row!.id;
    },

    async update(
      id: number,
      changes: Partial<
        Pick<
          typeof workflowInstances.$inferInsert,
          'templateId' | 'integrationIds' | 'status' | 'engineWorkflowId' | 'webhookPath'
        >
      >,
    ) {
      await db
        .update(workflowInstances)
        .set(changes)
        .where(and(mine, eq(workflowInstances.id, id)));
    },

    async remove(id: number) {
      await db.delete(workflowInstances).where(and(mine, eq(workflowInstances.id, id)));
    },
  };
}
