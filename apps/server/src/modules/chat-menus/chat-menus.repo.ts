import type { ChatMenuBody } from '@app/contract/chat-menus';
import { and, asc, count, eq, exists, ilike, inArray, isNull, max, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { menuActions } from '../../db/schema/platform.ts';
import { chatMenus, workflowInstances, workflowTemplates } from '../../db/schema/workflows.ts';
import { likePattern, type PageRequest } from '../../http/pagination.ts';

export type ChatMenuEntry = typeof chatMenus.$inferSelect & {
  workflowName: string | null;
  actionName: string | null;
  actionCode: string | null;
};

/** One company's bot menu: entries and their children, in the order they were saved. */
export function chatMenusRepo(db: Db, companyId: number) {
  const mine = eq(chatMenus.companyId, companyId);
  const entries = () =>
    db
      .select({
        entry: chatMenus,
        workflowName: workflowTemplates.name,
        actionName: menuActions.actionName,
        actionCode: menuActions.actionCode,
      })
      .from(chatMenus)
      .leftJoin(workflowInstances, eq(workflowInstances.id, chatMenus.workflowId))
      .leftJoin(workflowTemplates, eq(workflowTemplates.id, workflowInstances.templateId))
      .leftJoin(menuActions, eq(menuActions.id, chatMenus.actionId));
  type Joined = Awaited<ReturnType<ReturnType<typeof entries>['where']>>[number];
  const flatten = (row: Joined): ChatMenuEntry => ({
    ...row.entry,
    workflowName: row.workflowName,
    actionName: row.actionName,
    actionCode: row.actionCode,
  });

  return {
    /** Top-level entries whose name, or a child's name, matches; with their children. */
    async list(page: PageRequest, search: string) {
      const child = alias(chatMenus, 'child');
      const pattern = likePattern(search);
      const where = and(
        mine,
        isNull(chatMenus.parentId),
        search
          ? or(
              ilike(chatMenus.name, pattern),
              exists(
                db
                  .select({ one: sql`1` })
                  .from(child)
                  .where(and(eq(child.parentId, chatMenus.id), ilike(child.name, pattern))),
              ),
            )
          : undefined,
      );
      const [parents, [total]] = await Promise.all([
        entries()
          .where(where)
          .orderBy(asc(chatMenus.position), asc(chatMenus.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(chatMenus).where(where),
      ]);
      const ids = parents.map((row) => row.entry.id);
      const children = ids.length
        ? (
            await entries()
              .where(and(mine, inArray(chatMenus.parentId, ids)))
              .orderBy(asc(chatMenus.position), asc(chatMenus.id))
          ).map(flatten)
        : [];
      return {
        rows: parents.map(flatten).map((parent) => ({
          ...parent,
          children: children.filter((entry) => entry.parentId === parent.id),
        })),
        total: total?.n ?? 0,
      };
    },

    /** The entries offered at one level (null: the top), in order. */
    async level(parentId: number | null) {
      const rows = await entries()
        .where(and(mine, parentId === null ? isNull(chatMenus.parentId) : eq(chatMenus.parentId, parentId)))
        .orderBy(asc(chatMenus.position), asc(chatMenus.id));
      return rows.map(flatten);
    },

    async find(id: number) {
      const [row] = await entries().where(and(mine, eq(chatMenus.id, id)));
      return row && flatten(row);
    },

    /** Saves the menus after the existing ones, children under their parent, all or nothing. */
    async createMany(menus: ChatMenuBody[]) {
      return db.transaction(async (tx) => {
        const [last] = await tx
          .select({ position: max(chatMenus.position) })
          .from(chatMenus)
          .where(and(mine, isNull(chatMenus.parentId)));
        let position = (last?.position ?? 0) + 1;
        const ids: number[] = [];
        for (const menu of menus) {
          const [parent] = await tx
            .insert(chatMenus)
            .values({
              companyId,
              name: menu.name,
              description: menu.description,
              workflowId: menu.workflow_id,
              actionId: menu.action_id,
              position: position++,
            })
            .returning({ id: chatMenus.id });
          ids.push(parent!.id);
          if (menu.children.length > 0) {
            await tx.insert(chatMenus).values(
              menu.children.map((child, index) => ({
                companyId,
                parentId: parent!.id,
                name: child.name,
                description: child.description,
                workflowId: child.workflow_id,
                actionId: child.action_id,
                position: index + 1,
              })),
            );
          }
        }
        return ids;
      });
    },

    /** Deletes an entry with its children; answers whether it was there. */
    async remove(id: number) {
      const rows = await db
        .delete(chatMenus)
        .where(and(mine, eq(chatMenus.id, id)))
        .returning({ id: chatMenus.id });
      return rows.length > 0;
    },
  };
}
