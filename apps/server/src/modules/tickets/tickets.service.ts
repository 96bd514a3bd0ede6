import type {
  categoryListQuery,
  createTicketBody,
  ticketCategoryBody,
  ticketFromChatBody,
  ticketListQuery,
  updateTicketBody,
} from '@app/contract/tickets';
import { TICKET_MSG, type TicketStatus } from '@app/contract/tickets';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { Principal, Tenant } from '../../http/access.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { pageRequest } from '../../http/pagination.ts';
import { chatsRepo } from '../chats/chats.repo.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { presentActivity, presentCategory, presentTicket } from './tickets.presenter.ts';
import {
  type ActivityEntry,
  type Actor,
  categorySortColumns,
  isUniqueViolation,
  type TicketChanges,
  type TicketRow,
  ticketCategoriesRepo,
  ticketSortColumns,
  ticketsRepo,
} from './tickets.repo.ts';

type CreateInput = z.output<typeof createTicketBody>;
type UpdateInput = z.output<typeof updateTicketBody>;
type FromChatInput = z.output<typeof ticketFromChatBody>;
type CategoryInput = z.output<typeof ticketCategoryBody>;

const DAY_MS = 86_400_000;
const none = (value: string | null | undefined) => (value ? value : 'none');
const hours = (minutes: number | null) =>
  minutes === null ? 'default' : `${+(minutes / 60).toFixed(2)} hours`;
const slaMinutesOf = (hoursTarget: number) => Math.round(hoursTarget * 60);

/** Tickets: every change is made here and leaves an activity entry written by the server. */
/** Who a person is in a ticket's activity. */
export const actorOf = (principal: Principal): Actor => ({ id: principal.userId, name: principal.fullName });

export function ticketsService({ db }: Deps, notifications: NotificationsService) {
  const assigneeIn = async (tenant: Tenant, id: number) => {
    const user = await ticketsRepo(db, tenant.companyId).findAssignee(id);
    if (!user)
      throw badRequest(TICKET_MSG.foreignAssignee, [
        { field: 'assignee_id', message: TICKET_MSG.foreignAssignee },
      ]);
    return user;
  };
  const categoryIn = async (tenant: Tenant, id: number) => {
    const category = await ticketCategoriesRepo(db, tenant.companyId).find(id);
    if (!category)
      throw badRequest(TICKET_MSG.categoryNotFound, [
        { field: 'category_id', message: TICKET_MSG.categoryNotFound },
      ]);
    return category;
  };

  const detail = async (tenant: Tenant, id: number) => {
    const repo = ticketsRepo(db, tenant.companyId);
    const row = await repo.find(id);
    if (!row) throw notFound(TICKET_MSG.ticketNotFound);
    const activities = await repo.activities(id);
    return { ...presentTicket(row), activity_list: activities.map(presentActivity) };
  };

  /** Tells the new assignee, unless they assigned the ticket to themself. */
  const tellAssignee = async (ticket: TicketRow, actor: Actor) => {
    if (!ticket.assigneeId || ticket.assigneeId === actor.id) return;
    await notifications.notify(
      { userId: ticket.assigneeId },
      {
        title: 'Ticket assigned to you',
        body: `${ticket.ticketNumber} "${ticket.title}" was assigned to you by ${actor.name}.`,
        typeMessage: 'Ticket',
      },
    );
  };

  const create = async (
    tenant: Tenant,
    actor: Actor,
    input: Omit<CreateInput, 'assignee_id' | 'category_id' | 'due_date'> & {
      assignee_id: number | null;
      category_id: number | null;
      due_date: string | null;
    },
    createdFrom: string,
  ) => {
    const assignee = input.assignee_id ? await assigneeIn(tenant, input.assignee_id) : null;
    const category = input.category_id ? await categoryIn(tenant, input.category_id) : null;
    // A target given wins; otherwise the category's default SLA (minutes); otherwise the 24 h default.
    const slaMinutes =
      input.sla_target != null
        ? slaMinutesOf(input.sla_target)
        : category && category.defaultSla > 0
          ? category.defaultSla
          : null;
    const dueDate = input.due_date
      ? new Date(input.due_date)
      : new Date(Date.now() + (slaMinutes !== null ? slaMinutes * 60_000 : DAY_MS));
    const row = await ticketsRepo(db, tenant.companyId).create(
      {
        title: input.title,
        description: input.description,
        customerName: input.customer_name ?? null,
        assigneeId: assignee?.id ?? null,
        categoryId: category?.id ?? null,
        priority: input.priority,
        escalationLevel: input.escalation_level,
        tags: input.tags ?? [],
        slaMinutes,
        dueDate,
        status: input.status ?? 'open',
        resourceId: input.resource_from === 'chat' ? (input.resource_id ?? null) : null,
        resourceFrom: input.resource_from === 'chat' && input.resource_id ? 'chat' : 'manual',
        createdBy: actor.id,
      },
      actor,
      {
        action: 'CREATE',
        details: `${createdFrom}${assignee ? `, assigned to ${assignee.fullName}` : ''}`,
      },
    );
    await tellAssignee(row, actor);
    return detail(tenant, row.id);
  };

  return {
    async list(tenant: Tenant, query: z.output<typeof ticketListQuery>) {
      const page = pageRequest(query, ticketSortColumns);
      const { rows, total } = await ticketsRepo(db, tenant.companyId).list(page, query);
      return { data: rows.map(presentTicket), meta: page.meta(total) };
    },

    detail,

    create: (tenant: Tenant, actor: Actor, input: CreateInput) =>
      create(
        tenant,
        actor,
        input,
        input.resource_from === 'chat' && input.resource_id ? 'Ticket created from chat' : 'Ticket created',
      ),

    /**
     * The chat room's Create Ticket (or the bot menu's, with no person as actor): the chat must be
     * one of the company's rooms.
     */
    async fromChat(tenant: Tenant, actor: Actor, input: FromChatInput) {
      const contact = await chatsRepo(db, tenant.companyId).findContact(input.chat_id);
      if (!contact) throw notFound(TICKET_MSG.chatNotFound);
      const firstLine = input.chat_content.split('\n')[0]!.trim();
      return create(
        tenant,
        actor,
        {
          title: input.title ?? (firstLine.length > 100 ? `${firstLine.slice(0, 97)}...` : firstLine),
          description: input.description ?? input.chat_content,
          customer_name: input.customer_name,
          assignee_id: input.assignee_id ?? null,
          category_id: input.category_id ?? null,
          priority: input.priority ?? 'medium',
          escalation_level: input.escalation_level ?? 'level 1',
          sla_target: input.sla_target,
          due_date: input.due_date ?? null,
          status: input.status,
          tags: input.tags,
          resource_id: contact.chatId,
          resource_from: 'chat',
        },
        'Ticket created from chat',
      );
    },

    /** Applies the given fields; one activity entry per field that really changed. */
    async update(tenant: Tenant, principal: Principal, id: number, input: UpdateInput) {
      const actor = actorOf(principal);
      const repo = ticketsRepo(db, tenant.companyId);
      const assignee = input.assignee_id ? await assigneeIn(tenant, input.assignee_id) : null;
      const category = input.category_id ? await categoryIn(tenant, input.category_id) : null;
      const names = await repo.find(id);
      if (!names) throw notFound(TICKET_MSG.ticketNotFound);
      const result = await repo.mutate(id, actor, (current) => {
        const set: TicketChanges = {};
        const entries: ActivityEntry[] = [];
        if (input.title !== undefined && input.title !== current.title) {
          set.title = input.title;
          entries.push({
            action: 'UPDATE',
            details: `Title changed from "${current.title}" to "${input.title}"`,
          });
        }
        if (input.description !== undefined && input.description !== current.description) {
          set.description = input.description;
          entries.push({ action: 'UPDATE', details: 'Description updated' });
        }
        if (input.customer_name !== undefined && input.customer_name !== current.customerName) {
          set.customerName = input.customer_name;
          entries.push({
            action: 'UPDATE',
            details: `Customer name changed from ${none(current.customerName)} to ${none(input.customer_name)}`,
          });
        }
        if (assignee && assignee.id !== current.assigneeId) {
          set.assigneeId = assignee.id;
          entries.push({
            action: 'ASSIGN',
            details: current.assigneeId
              ? `Assignee changed from ${none(names.assigneeName)} to ${assignee.fullName}`
              : `Assigned to ${assignee.fullName}`,
          });
        }
        if (category && category.id !== current.categoryId) {
          set.categoryId = category.id;
          entries.push({
            action: 'UPDATE',
            details: `Category changed from ${none(names.categoryName)} to ${category.name}`,
          });
        }
        if (input.priority !== undefined && input.priority !== current.priority) {
          set.priority = input.priority;
          entries.push({
            action: 'PRIORITY',
            details: `Priority changed from ${current.priority} to ${input.priority}`,
          });
        }
        if (input.escalation_level !== undefined && input.escalation_level !== current.escalationLevel) {
          set.escalationLevel = input.escalation_level;
          entries.push({
            action: 'ESCALATION',
            details: `Escalation level changed from ${current.escalationLevel} to ${input.escalation_level}`,
          });
        }
        if (input.sla_target !== undefined) {
          const minutes = input.sla_target === null ? null : slaMinutesOf(input.sla_target);
          if (minutes !== current.slaMinutes) {
            set.slaMinutes = minutes;
            entries.push({
              action: 'UPDATE',
              details: `SLA target changed from ${hours(current.slaMinutes)} to ${hours(minutes)}`,
            });
          }
        }
        if (input.due_date !== undefined) {
          const due = new Date(input.due_date);
          if (due.getTime() !== current.dueDate.getTime()) {
            set.dueDate = due;
            // A new due date is watched again: an overdue ticket is reported once per due date.
            set.slaNotifiedAt = null;
            entries.push({
              action: 'UPDATE',
              details: `Due date changed from ${current.dueDate.toISOString()} to ${due.toISOString()}`,
            });
          }
        }
        if (input.tags !== undefined && input.tags.join('\u0000') !== current.tags.join('\u0000')) {
          set.tags = input.tags;
          entries.push({
            action: 'UPDATE',
            details: input.tags.length ? `Tags changed to ${input.tags.join(', ')}` : 'Tags cleared',
          });
        }
        if (input.status !== undefined && input.status !== current.status) {
          set.status = input.status;
          entries.push({
            action: 'STATUS',
            details: `Status changed from ${current.status} to ${input.status}`,
          });
        }
        return { set, entries };
      });
      if (!result) throw notFound(TICKET_MSG.ticketNotFound);
      if (result.after.assigneeId !== result.before.assigneeId) await tellAssignee(result.after, actor);
      return detail(tenant, id);
    },

    async setStatus(tenant: Tenant, principal: Principal, id: number, status: TicketStatus) {
      const result = await ticketsRepo(db, tenant.companyId).mutate(id, actorOf(principal), (current) =>
        current.status === status
          ? { set: {}, entries: [] }
          : {
              set: { status },
              entries: [{ action: 'STATUS', details: `Status changed from ${current.status} to ${status}` }],
            },
      );
      if (!result) throw notFound(TICKET_MSG.ticketNotFound);
      return detail(tenant, id);
    },

    async comment(tenant: Tenant, principal: Principal, id: number, details: string) {
      const row = await ticketsRepo(db, tenant.companyId).addActivity(id, actorOf(principal), {
        action: 'COMMENT',
        details,
      });
      if (!row) throw notFound(TICKET_MSG.ticketNotFound);
      return detail(tenant, id);
    },

    async remove(tenant: Tenant, id: number) {
      if (!(await ticketsRepo(db, tenant.companyId).remove(id))) throw notFound(TICKET_MSG.ticketNotFound);
    },

    async assignees(tenant: Tenant) {
      const rows = await ticketsRepo(db, tenant.companyId).assignees();
      return rows.map((row) => ({
        user_info: { id: row.id, external_id: row.externalId, full_name: row.fullName },
      }));
    },

    categories: {
      async list(tenant: Tenant, query: z.output<typeof categoryListQuery>) {
        const page = pageRequest(query, categorySortColumns);
        const { rows, total } = await ticketCategoriesRepo(db, tenant.companyId).list(page, query.search);
        return { data: rows.map(presentCategory), meta: page.meta(total) };
      },
      async create(tenant: Tenant, input: CategoryInput) {
        try {
          return presentCategory(
            await ticketCategoriesRepo(db, tenant.companyId).create({
              name: input.name,
              description: input.description,
              defaultSla: input.default_sla,
              icon: input.icon,
            }),
          );
        } catch (error) {
          if (isUniqueViolation(error)) throw conflict(TICKET_MSG.categoryNameTaken, 'name');
          throw error;
        }
      },
      async update(tenant: Tenant, id: number, input: CategoryInput) {
        try {
          const row = await ticketCategoriesRepo(db, tenant.companyId).update(id, {
            name: input.name,
            description: input.description,
            defaultSla: input.default_sla,
            icon: input.icon,
          });
          if (!row) throw notFound(TICKET_MSG.categoryNotFound);
          return presentCategory(row);
        } catch (error) {
          if (isUniqueViolation(error)) throw conflict(TICKET_MSG.categoryNameTaken, 'name');
          throw error;
        }
      },
      async remove(tenant: Tenant, id: number) {
        if (!(await ticketCategoriesRepo(db, tenant.companyId).remove(id)))
          throw notFound(TICKET_MSG.categoryNotFound);
      },
    },
  };
}
export type TicketsService = ReturnType<typeof ticketsService>;
