import {
  OPEN_TICKET_STATUSES,
  type Ticket,
  type TicketActivity,
  type TicketCategory,
  type TicketStatus,
} from '@app/contract/tickets';
import type { ActivityRow, CategoryRow, JoinedTicket } from './tickets.repo.ts';

/** A ticket as the web sees it; the SLA target goes out in hours. */
export function presentTicket({ ticket, assigneeName, categoryName, categoryIcon }: JoinedTicket): Ticket {
  const status = ticket.status as TicketStatus;
  return {
    id: ticket.id,
    external_id: ticket.externalId,
    ticket_number: ticket.ticketNumber,
    title: ticket.title,
    description: ticket.description,
    customer_name: ticket.customerName,
    assignee_id: ticket.assigneeId,
    assignee_name: assigneeName,
    category_id: ticket.categoryId,
    category: categoryName,
    category_icon: categoryIcon,
    priority: ticket.priority as Ticket['priority'],
    escalation_level: ticket.escalationLevel,
    tags: ticket.tags,
    sla_target: ticket.slaMinutes === null ? null : Math.round((ticket.slaMinutes / 60) * 100) / 100,
    due_date: ticket.dueDate.toISOString(),
    status,
    created_at: ticket.createdAt.toISOString(),
    updated_at: ticket.updatedAt.toISOString(),
    resource_id: ticket.resourceId,
    resource_from: ticket.resourceFrom === 'chat' ? 'chat' : 'manual',
    sla_breached: OPEN_TICKET_STATUSES.includes(status) && ticket.dueDate.getTime() < Date.now(),
  };
}

export function presentActivity({
  activity,
  avatar,
}: {
  activity: ActivityRow;
  avatar: string | null;
}): TicketActivity {
  return {
    id: activity.id,
    action: activity.action,
    details: activity.details,
    timestamp: activity.createdAt.toISOString(),
    actor_info: { id: activity.actorId, name: activity.actorName, avatar },
  };
}

export function presentCategory(row: CategoryRow): TicketCategory {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    default_sla: row.defaultSla,
    icon: row.icon,
    company_id: row.companyId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
