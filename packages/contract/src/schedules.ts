import { z } from 'zod';
import { RECIPIENT_TYPES, stripScripts } from './blasts.ts';
import { listQuery } from './common.ts';

/** Scheduled messages (client-area §2, §3, §4, §5, §6, §7). */
export const SCHEDULE_STATUSES = ['pending', 'active', 'running', 'paused', 'inactive', 'completed'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
export const SCHEDULE_LIST_STATUSES = 'pending,active,running,paused,inactive';
export const SCHEDULE_HISTORY_STATUSES = 'completed';
/** What the edit dialog offers. */
export const SCHEDULE_EDIT_STATUSES = ['active', 'inactive', 'paused', 'running'] as const;
/** Statuses in which a schedule fires when due. */
export const SCHEDULE_FIRING_STATUSES: ScheduleStatus[] = ['active', 'running'];
export const SCHEDULE_TYPES = ['once', 'repeat'] as const;
export const REPEAT_TYPES = ['weekly', 'monthly', 'yearly'] as const;
export const SCHEDULE_TITLE_MAX = 100;
export const SCHEDULE_DESCRIPTION_MAX = 500;
/** Wall-clock times without a zone are read in the company's time zone (client-area §9 appends a Z). */
export const DEFAULT_TIME_ZONE = 'Asia/Jakarta';

export const SCHEDULE_MSG = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be less than ${SCHEDULE_TITLE_MAX} characters`,
  descriptionRequired: 'Description is required',
  descriptionTooLong: 'Description must be less than 500 characters',
  scheduleTypeRequired: 'Schedule type is required',
  repeatTypeRequired: 'Repeat type is required',
  startTimeRequired: 'Start time is required',
  endTimeRequired: 'End time is required',
  endBeforeStart: 'End time must be after the start time',
  dayRequired: 'Day is required',
  integrationRequired: 'Integration is required',
  recipientTypeRequired: 'Recipient type is required',
  statusRequired: 'Status is required',
  created: 'Schedule created successfully',
  updated: 'Schedule updated successfully',
  deleted: 'Schedule deleted successfully',
  statusChanged: 'Status changed successfully',
  notFound: 'Schedule not found',
  empty: 'No Scheduled Messages',
  historyEmpty: 'No schedules found.',
  readDenied: "You don't have permission to view scheduled messages. Please contact your administrator.",
  createDenied: "You don't have permission to create schedule",
  updateDenied: "You don't have permission to update schedule",
  deleteDenied: "You don't have permission to delete schedule",
} as const;

export const schedule = z.object({
  id: z.number(),
  external_id: z.string(),
  integration_id: z.number(),
  integration_name: z.string(),
  company_id: z.number(),
  title: z.string(),
  /** Also the text that is sent. */
  description: z.string(),
  status: z.enum(SCHEDULE_STATUSES),
  schedule_type: z.enum(SCHEDULE_TYPES),
  repeat_type: z.enum(REPEAT_TYPES).nullable(),
  day: z.number().nullable(),
  /** Wall-clock times in the company's time zone, written YYYY-MM-DDTHH:mm:ssZ as the spec sends them. */
  start_time: z.string(),
  end_time: z.string().nullable(),
  recipent_type: z.enum(RECIPIENT_TYPES),
  recipients_count: z.number(),
  next_run_at: z.string().nullable(),
  last_run_at: z.string().nullable(),
  status_count: z.object({
    executions: z.number(),
    total_recipients: z.number(),
    success_count: z.number(),
    failed_count: z.number(),
  }),
  created_by: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Schedule = z.infer<typeof schedule>;

export const scheduleListQuery = listQuery.extend({
  status: z
    .string()
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(z.enum(SCHEDULE_STATUSES, { error: 'Unknown schedule status' }))),
});

const wallTime = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(\.\d+)?Z?$/, 'Use the format YYYY-MM-DDTHH:mm:ss');

/** The text fields of the multipart create/update; an Excel list travels as `recipients_file`. */
export const scheduleFields = z
  .strictObject({
    title: z
      .string({ error: SCHEDULE_MSG.titleRequired })
      .trim()
      .min(1, SCHEDULE_MSG.titleRequired)
      .max(SCHEDULE_TITLE_MAX, SCHEDULE_MSG.titleTooLong),
    description: z
      .string({ error: SCHEDULE_MSG.descriptionRequired })
      .transform(stripScripts)
      .pipe(
        z
          .string()
          .trim()
          .min(1, SCHEDULE_MSG.descriptionRequired)
          .max(SCHEDULE_DESCRIPTION_MAX, SCHEDULE_MSG.descriptionTooLong),
      ),
    schedule_type: z.enum(SCHEDULE_TYPES, { error: SCHEDULE_MSG.scheduleTypeRequired }),
    repeat_type: z
      .enum(REPEAT_TYPES, { error: SCHEDULE_MSG.repeatTypeRequired })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    day: z.coerce
      .number()
      .int()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    start_time: wallTime(SCHEDULE_MSG.startTimeRequired),
    end_time: wallTime(SCHEDULE_MSG.endTimeRequired)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    integration_id: z.coerce
      .number({ error: SCHEDULE_MSG.integrationRequired })
      .int()
      .positive(SCHEDULE_MSG.integrationRequired),
    recipent_type: z.enum(RECIPIENT_TYPES, { error: SCHEDULE_MSG.recipientTypeRequired }),
    recipent_contact: z.string().optional(),
    contact_search: z.string().trim().max(200).optional(),
    status: z.enum(SCHEDULE_EDIT_STATUSES, { error: SCHEDULE_MSG.statusRequired }).optional(),
    company_id: z.string().optional(),
  })
  .superRefine((value, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (value.schedule_type === 'once') return;
    if (!value.repeat_type) issue('repeat_type', SCHEDULE_MSG.repeatTypeRequired);
    if (!value.end_time) issue('end_time', SCHEDULE_MSG.endTimeRequired);
    else if (value.end_time.replace(/Z$/, '') <= value.start_time.replace(/Z$/, ''))
      issue('end_time', SCHEDULE_MSG.endBeforeStart);
    const range = value.repeat_type === 'weekly' ? 7 : value.repeat_type === 'monthly' ? 30 : 0;
    if (range && (value.day === undefined || value.day < 1 || value.day > range)) {
      issue('day', value.day === undefined ? SCHEDULE_MSG.dayRequired : `Day must be between 1 and ${range}`);
    }
  });
export type ScheduleFields = z.infer<typeof scheduleFields>;

/** The toggle sends 'active' when the schedule is running, otherwise 'running' (client-area §4). */
export const scheduleStatusBody = z.strictObject({
  status: z.enum(SCHEDULE_EDIT_STATUSES, { error: SCHEDULE_MSG.statusRequired }),
});

export const scheduleRecipient = z.object({
  chat_id: z.string(),
  name: z.string().nullable(),
  /** How many of this schedule's messages reached the recipient. */
  received_number: z.number(),
});
