import { z } from 'zod';
import { listQuery } from './common.ts';

/** Ticket states, priorities and escalation levels (client-area §4). */
export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_PRIORITIES = ['low', 'medium', 'high'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const ESCALATION_LEVELS = ['level 1', 'level 2', 'level 3'] as const;
export const RESOURCE_FROM = ['chat', 'manual'] as const;
/** Category icon names; the web shows them as emojis (client-area §9). */
export const CATEGORY_ICONS = [
  'refresh',
  'chat',
  'question',
  'package',
  'money',
  'shopping',
  'note',
] as const;
export const CATEGORY_ICON_EMOJI: Record<(typeof CATEGORY_ICONS)[number], string> = {
  refresh: '🔄',
  chat: '💬',
  question: '❓',
  package: '📦',
  money: '💰',
  shopping: '🛒',
  note: '📝',
};
/** Unresolved tickets count against their SLA. */
export const OPEN_TICKET_STATUSES: readonly TicketStatus[] = ['open', 'in_progress'];

export const TICKET_TITLE_MAX = 100;
export const TICKET_DESCRIPTION_MAX = 5000;
export const TICKET_COMMENT_MAX = 2000;
export const TICKET_TAGS_MAX = 20;
export const TICKET_TAG_MAX = 50;
export const CATEGORY_NAME_MAX = 100;
export const CATEGORY_DESCRIPTION_MAX = 500;
/** SLA progress uses 24 hours when a ticket has no target (client-area §9). */
export const SLA_DEFAULT_SECONDS = 86_400;
export const TICKET_SEARCH_DEBOUNCE_MS = 1000;
/** Display format dd-MM-yyyy HH:mm:ss and form value YYYY-MM-DDTHH:mm:ss (client-area §9). */
export const TICKET_DATE_FORMAT = 'DD-MM-YYYY HH:mm:ss';
export const TICKET_FORM_DATE_FORMAT = 'YYYY-MM-DDTHH:mm:ss';

/** Every text of the tickets area (client-area §5, §8). */
export const TICKET_MSG = {
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be less than 100 characters',
  descriptionRequired: 'Description is required',
  descriptionTooLong: `Description must be less than ${TICKET_DESCRIPTION_MAX} characters`,
  assigneeRequired: 'Assignee is required',
  categoryRequired: 'Category is required',
  priorityRequired: 'Priority is required',
  escalationRequired: 'Escalation Level is required',
  slaMin: 'SLA target must be at least 1 hour',
  dueDateRequired: 'Due date is required',
  dueDateInvalid: 'Due date must be a valid date',
  statusRequired: 'Status is required',
  customerNameRequired: 'Customer name is required to create a ticket',
  customerNameTooLong: 'Customer name must be at most 255 characters',
  chatIdRequired: 'Chat is required',
  chatContentRequired: 'Chat message is required',
  tagsTooMany: `At most ${TICKET_TAGS_MAX} tags`,
  tagTooLong: `Each tag must be at most ${TICKET_TAG_MAX} characters`,
  commentRequired: 'Comment is required',
  commentTooLong: `Comment must be less than ${TICKET_COMMENT_MAX} characters`,
  commentAction: 'Only COMMENT activities can be added',
  categoryNameRequired: 'Name is required',
  categoryNameTooLong: 'Name must be less than 100 characters',
  categoryDescriptionRequired: 'Description is required',
  categoryDescriptionTooLong: 'Description must be less than 500 characters',
  defaultSlaRequired: 'Default SLA is required',
  defaultSlaPositive: 'Default SLA must be positive',
  iconRequired: 'Icon is required',
  categoryNameTaken: 'A ticket category with this name already exists',
  ticketNotFound: 'Data ticket not found',
  categoryNotFound: 'Ticket category not found',
  chatNotFound: 'Chat not found',
  foreignAssignee: 'Assignee must be an active user of your company',
  created: 'Ticket created successfully',
  updated: 'Ticket updated successfully',
  deleted: 'Ticket deleted successfully',
  statusUpdated: 'Status updated successfully',
  commentAdded: 'Comment added successfully',
  categoryCreated: 'Ticket category created successfully',
  categoryUpdated: 'Ticket category updated successfully',
  categoryDeleted: 'Category deleted successfully',
} as const;

const positiveId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(2147483647, message);

const trimmedRequired = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** Tags: a list or a comma-separated string; each trimmed, empties dropped, duplicates removed. */
export const tagsField = z
  .union([z.array(z.string().max(200, TICKET_MSG.tagTooLong)), z.string().max(2000, TICKET_MSG.tagTooLong)])
  .transform((value) => {
    const parts = (Array.isArray(value) ? value : value.split(',')).map((tag) => tag.trim()).filter(Boolean);
    return [...new Set(parts)];
  })
  .pipe(
    z
      .array(z.string().max(TICKET_TAG_MAX, TICKET_MSG.tagTooLong))
      .max(TICKET_TAGS_MAX, TICKET_MSG.tagsTooMany),
  );

/** An ISO date-time, with or without offset (the form sends YYYY-MM-DDTHH:mm:ss reformatted). */
export const dueDateField = z
  .string({ error: TICKET_MSG.dueDateRequired })
  .trim()
  .min(1, TICKET_MSG.dueDateRequired)
  .refine((value) => /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), {
    message: TICKET_MSG.dueDateInvalid,
  });

const slaTargetField = z
  .number({ error: TICKET_MSG.slaMin })
  .min(1, TICKET_MSG.slaMin)
  .max(24 * 365, 'SLA target must be at most 8760 hours');

const ticketFields = {
  title: trimmedRequired(TICKET_MSG.titleRequired, TICKET_TITLE_MAX, TICKET_MSG.titleTooLong),
  description: trimmedRequired(
    TICKET_MSG.descriptionRequired,
    TICKET_DESCRIPTION_MAX,
    TICKET_MSG.descriptionTooLong,
  ),
  customer_name: z
    .string()
    .trim()
    .max(255, TICKET_MSG.customerNameTooLong)
    .nullish()
    .transform((value) => value || null),
  assignee_id: positiveId(TICKET_MSG.assigneeRequired),
  category_id: positiveId(TICKET_MSG.categoryRequired),
  priority: z.enum(TICKET_PRIORITIES, { error: TICKET_MSG.priorityRequired }),
  escalation_level: z.enum(ESCALATION_LEVELS, { error: TICKET_MSG.escalationRequired }),
  /** Hours. Left out: the category's default SLA. */
  sla_target: slaTargetField.nullish(),
  due_date: dueDateField,
  status: z.enum(TICKET_STATUSES, { error: TICKET_MSG.statusRequired }).optional(),
  tags: tagsField.optional(),
  resource_id: z.string().trim().max(128).nullish(),
  resource_from: z.enum(RESOURCE_FROM).optional(),
};

/** POST /tickets (client-area §5 Ticket). */
export const createTicketBody = z.strictObject(ticketFields);
export type CreateTicketBody = z.input<typeof createTicketBody>;

/** PUT /tickets/id/{id}: any of the fields; each says what changed in the activity list. */
export const updateTicketBody = z.strictObject({
  ...ticketFields,
  title: ticketFields.title.optional(),
  description: ticketFields.description.optional(),
  assignee_id: ticketFields.assignee_id.optional(),
  category_id: ticketFields.category_id.optional(),
  priority: ticketFields.priority.optional(),
  escalation_level: ticketFields.escalation_level.optional(),
  due_date: ticketFields.due_date.optional(),
  customer_name: ticketFields.customer_name.optional(),
});
export type UpdateTicketBody = z.input<typeof updateTicketBody>;

export const ticketStatusBody = z.strictObject({
  status: z.enum(TICKET_STATUSES, { error: TICKET_MSG.statusRequired }),
});

export const ticketCommentBody = z.strictObject({
  details: trimmedRequired(TICKET_MSG.commentRequired, TICKET_COMMENT_MAX, TICKET_MSG.commentTooLong),
  action: z.literal('COMMENT', { error: TICKET_MSG.commentAction }).optional().default('COMMENT'),
});

/** POST /tickets/chat: the chat room's Create Ticket; the dialog may send the ticket's fields too. */
export const ticketFromChatBody = z.strictObject({
  chat_content: trimmedRequired(
    TICKET_MSG.chatContentRequired,
    TICKET_DESCRIPTION_MAX,
    TICKET_MSG.descriptionTooLong,
  ),
  chat_id: trimmedRequired(TICKET_MSG.chatIdRequired, 128, TICKET_MSG.chatNotFound),
  customer_name: trimmedRequired(TICKET_MSG.customerNameRequired, 255, TICKET_MSG.customerNameTooLong),
  title: ticketFields.title.optional(),
  description: ticketFields.description.optional(),
  assignee_id: ticketFields.assignee_id.nullish(),
  category_id: ticketFields.category_id.nullish(),
  priority: ticketFields.priority.optional(),
  escalation_level: ticketFields.escalation_level.optional(),
  sla_target: ticketFields.sla_target,
  due_date: ticketFields.due_date.optional(),
  status: ticketFields.status,
  tags: ticketFields.tags,
});
export type TicketFromChatBody = z.input<typeof ticketFromChatBody>;

/** Comma-separated values of a filter, each checked against the allowed ones. */
const multi = <T extends string>(values: readonly T[], what: string) =>
  z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(values as [T, ...T[]], { error: `Unknown ${what}` })));

export const ticketListQuery = listQuery.extend({
  status: multi(TICKET_STATUSES, 'status'),
  priority: multi(TICKET_PRIORITIES, 'priority'),
  category: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .refine((parts) => parts.every((part) => /^[1-9]\d{0,9}$/.test(part)), { message: 'Unknown category' })
    .transform((parts) => parts.map(Number)),
  assignee: z.coerce.number().int().positive().optional(),
  order_by: z.enum(['created_at', 'updated_at', 'due_date', 'title', 'ticket_number']).optional(),
});
export type TicketListQuery = z.input<typeof ticketListQuery>;

export const ticketActivity = z.object({
  id: z.number(),
  action: z.string(),
  details: z.string(),
  timestamp: z.string(),
  actor_info: z.object({ id: z.number().nullable(), name: z.string(), avatar: z.string().nullable() }),
});
export type TicketActivity = z.infer<typeof ticketActivity>;

/** Ticket (client-area §3). `sla_target` is in hours; null means the 24-hour default. */
export const ticket = z.object({
  id: z.number(),
  external_id: z.string(),
  ticket_number: z.string(),
  title: z.string(),
  description: z.string(),
  customer_name: z.string().nullable(),
  assignee_id: z.number().nullable(),
  assignee_name: z.string().nullable(),
  category_id: z.number().nullable(),
  category: z.string().nullable(),
  category_icon: z.string().nullable(),
  priority: z.enum(TICKET_PRIORITIES),
  escalation_level: z.string(),
  tags: z.array(z.string()),
  sla_target: z.number().nullable(),
  due_date: z.string(),
  status: z.enum(TICKET_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  resource_id: z.string().nullable(),
  resource_from: z.enum(RESOURCE_FROM),
  sla_breached: z.boolean(),
});
export type Ticket = z.infer<typeof ticket>;

export const ticketDetail = ticket.extend({ activity_list: z.array(ticketActivity) });
export type TicketDetail = z.infer<typeof ticketDetail>;

/** Ticket category (client-area §3): default_sla in minutes. */
export const ticketCategory = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  default_sla: z.number(),
  icon: z.string(),
  company_id: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TicketCategory = z.infer<typeof ticketCategory>;

export const ticketCategoryBody = z.strictObject({
  name: trimmedRequired(TICKET_MSG.categoryNameRequired, CATEGORY_NAME_MAX, TICKET_MSG.categoryNameTooLong),
  description: trimmedRequired(
    TICKET_MSG.categoryDescriptionRequired,
    CATEGORY_DESCRIPTION_MAX,
    TICKET_MSG.categoryDescriptionTooLong,
  ),
  default_sla: z
    .number({ error: TICKET_MSG.defaultSlaRequired })
    .int(TICKET_MSG.defaultSlaPositive)
    .min(0, TICKET_MSG.defaultSlaPositive)
    .max(525_600, 'Default SLA must be at most 525600 minutes'),
  icon: z.enum(CATEGORY_ICONS, { error: TICKET_MSG.iconRequired }),
  /** The spec's payload carries it; the server uses the caller's company. */
  company_id: z.number().optional(),
});
export type TicketCategoryBody = z.input<typeof ticketCategoryBody>;

export const categoryListQuery = listQuery.extend({
  order_by: z.enum(['created_at', 'name']).optional(),
});

/** Assignee options (client-area §3). */
export const assigneeOption = z.object({
  user_info: z.object({ id: z.number(), external_id: z.string(), full_name: z.string() }),
});
export type AssigneeOption = z.infer<typeof assigneeOption>;
