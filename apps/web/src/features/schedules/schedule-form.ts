import {
  type REPEAT_TYPES,
  SCHEDULE_DESCRIPTION_MAX,
  SCHEDULE_FIRING_STATUSES,
  SCHEDULE_TITLE_MAX,
  type Schedule,
  type ScheduleStatus,
} from '@app/contract/schedules';
import dayjs from 'dayjs';
import { cleanMessage } from '../../shared/outbound/message.ts';
import {
  isExcelFile,
  NO_CONTACTS,
  type RecipientValues,
  selectionCount,
} from '../../shared/outbound/recipient-selection.ts';

type ScheduleType = Schedule['schedule_type'];
export type RepeatType = (typeof REPEAT_TYPES)[number];
type EditStatus = 'active' | 'inactive' | 'paused' | 'running';

/** The form's wall-clock time (client-area §9); the submit appends a Z. */
export const SCHEDULE_TIME_FORMAT = 'YYYY-MM-DDTHH:mm:ss';
/** Weekly days run 1 = Monday … 7 = Sunday; monthly days 1-30 (client-area §5). */
export const WEEK_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const MONTH_DAYS = Array.from({ length: 30 }, (_, index) => index + 1);
/** The year list of the date picker: 50 years before to 49 after the current year (client-area §5). */
export const YEARS_BEFORE = 50;
export const YEARS_AFTER = 49;

export interface ScheduleFormValues extends RecipientValues {
  title: string;
  description: string;
  schedule_type: ScheduleType | '';
  repeat_type: RepeatType | '';
  /** 'YYYY-MM-DDTHH:mm:ss' or '' */
  start_time: string;
  end_time: string;
  day: string;
  status: EditStatus | '';
}

/** The time from the server ('…Z', a wall-clock time in Asia/Jakarta) as the form shows it. */
export const toFormTime = (value: string | null | undefined) =>
  value ? value.replace(/Z$/, '').slice(0, 19) : '';
/** The form's time as it is sent: YYYY-MM-DDTHH:mm:ss with Z appended (client-area §9). */
export const toSubmitTime = (value: string) => (value ? `${value}Z` : '');

/** Splits and joins the form's time for the date and time fields of the picker. */
export const datePart = (value: string) => value.slice(0, 10);
export const timePart = (value: string) => value.slice(11, 19);
export const joinTime = (date: string | null, time: string) =>
  date && time ? `${date.slice(0, 10)}T${time.length === 5 ? `${time}:00` : time}` : '';

/** The first and last day the picker offers (its year list). */
export function yearRange(now = new Date()) {
  const year = now.getFullYear();
  return { minDate: `${year - YEARS_BEFORE}-01-01`, maxDate: `${year + YEARS_AFTER}-12-31` };
}

/** An hour, minute or second typed past its range is brought back into it (client-area §5). */
export const clampTimeUnit = (value: number, unit: 'hours' | 'minutes' | 'seconds') =>
  Math.min(unit === 'hours' ? 23 : 59, Math.max(0, Math.trunc(Number.isFinite(value) ? value : 0)));

/** Brings every unit of an 'HH:mm:ss' (or 'HH:mm') text into range; '' when it cannot be read. */
export function clampTime(time: string) {
  const parts = time.split(':').map(Number);
  if (parts.length < 2 || parts.some(Number.isNaN)) return '';
  const [hours = 0, minutes = 0, seconds = 0] = parts;
  return [clampTimeUnit(hours, 'hours'), clampTimeUnit(minutes, 'minutes'), clampTimeUnit(seconds, 'seconds')]
    .map((unit) => String(unit).padStart(2, '0'))
    .join(':');
}

export const emptyScheduleForm = (): ScheduleFormValues => ({
  title: '',
  description: '',
  schedule_type: '',
  repeat_type: '',
  start_time: '',
  end_time: '',
  day: '',
  integration_id: '',
  recipent_type: '',
  selection: NO_CONTACTS,
  file: null,
  status: '',
});

const isEditStatus = (status: ScheduleStatus): status is EditStatus =>
  status === 'active' || status === 'inactive' || status === 'paused' || status === 'running';

/** A saved schedule in the form; its recipients stay as saved unless a new list is chosen. */
export const scheduleToForm = (schedule: Schedule): ScheduleFormValues => ({
  title: schedule.title,
  description: schedule.description,
  schedule_type: schedule.schedule_type,
  repeat_type: schedule.repeat_type ?? '',
  start_time: toFormTime(schedule.start_time),
  end_time: toFormTime(schedule.end_time),
  day: schedule.day ? String(schedule.day) : '',
  integration_id: String(schedule.integration_id),
  recipent_type: schedule.recipent_type,
  selection: NO_CONTACTS,
  file: null,
  status: isEditStatus(schedule.status) ? schedule.status : '',
});

/** Schedule type 'once' clears repeat type, day and end time (client-area §4). */
export const withScheduleType = (values: ScheduleFormValues, type: ScheduleType | ''): ScheduleFormValues =>
  type === 'once'
    ? { ...values, schedule_type: type, repeat_type: '', day: '', end_time: '' }
    : { ...values, schedule_type: type };

/** Changing the repeat type clears the day (client-area §4). */
export const withRepeatType = (values: ScheduleFormValues, repeat: RepeatType | ''): ScheduleFormValues => ({
  ...values,
  repeat_type: repeat,
  day: repeat === values.repeat_type ? values.day : '',
});

/** Weekly and monthly schedules fire on a day; yearly ones repeat the start date. */
export const needsDay = (values: Pick<ScheduleFormValues, 'schedule_type' | 'repeat_type'>) =>
  values.schedule_type === 'repeat' && (values.repeat_type === 'weekly' || values.repeat_type === 'monthly');

/**
 * Whether the saved recipients go on as they are: an edit that keeps a fixed list (contacts or an
 * Excel file) of the same type and chose no new one.
 */
export const keepsSavedList = (values: ScheduleFormValues, saved: Schedule | null) =>
  saved !== null &&
  saved.recipent_type !== 'all_contact' &&
  values.recipent_type === saved.recipent_type &&
  selectionCount(values.selection) === 0 &&
  values.file === null;

type ScheduleFormErrors = Partial<Record<keyof ScheduleFormValues, string>>;

/** The rules of client-area §5 (Schedule); the values are i18n keys of the messages. */
export function validateSchedule(values: ScheduleFormValues, saved: Schedule | null): ScheduleFormErrors {
  const errors: ScheduleFormErrors = {};
  const title = values.title.trim();
  if (!title) errors.title = 'schedules.validation.titleRequired';
  else if (title.length > SCHEDULE_TITLE_MAX) errors.title = 'schedules.validation.titleTooLong';
  const description = cleanMessage(values.description);
  if (!description) errors.description = 'schedules.validation.descriptionRequired';
  else if (description.length > SCHEDULE_DESCRIPTION_MAX)
    errors.description = 'schedules.validation.descriptionTooLong';
  if (!values.schedule_type) errors.schedule_type = 'schedules.validation.scheduleTypeRequired';
  if (!values.start_time) errors.start_time = 'schedules.validation.startTimeRequired';
  if (values.schedule_type === 'repeat') {
    if (!values.repeat_type) errors.repeat_type = 'schedules.validation.repeatTypeRequired';
    if (!values.end_time) errors.end_time = 'schedules.validation.endTimeRequired';
    else if (values.start_time && values.end_time <= values.start_time)
      errors.end_time = 'schedules.validation.endBeforeStart';
    if (needsDay(values) && !values.day) errors.day = 'schedules.validation.dayRequired';
  }
  if (!values.integration_id) errors.integration_id = 'schedules.validation.integrationRequired';
  if (!values.recipent_type) errors.recipent_type = 'schedules.validation.recipientTypeRequired';
  if (saved && !values.status) errors.status = 'schedules.validation.statusRequired';
  const keeps = keepsSavedList(values, saved);
  if (values.recipent_type === 'contact' && !keeps && selectionCount(values.selection) === 0)
    errors.selection = 'schedules.validation.contactsRequired';
  if (values.recipent_type === 'excel' && !keeps) {
    if (!values.file) errors.file = 'schedules.validation.fileRequired';
    else if (!isExcelFile(values.file)) errors.file = 'schedules.validation.fileType';
  }
  return errors;
}

/**
 * The multipart body of `POST /schedules` and `PUT /schedules/id/:id`: the text fields, times with
 * a Z appended, new schedules 'active', the chosen list (an edit without one keeps the saved list)
 * and the Excel file last as `recipients_file`.
 */
export function scheduleFormData(values: ScheduleFormValues, editing: boolean) {
  const form = new FormData();
  const repeat = values.schedule_type === 'repeat';
  form.append('title', values.title.trim());
  form.append('description', cleanMessage(values.description));
  form.append('schedule_type', values.schedule_type);
  if (repeat) form.append('repeat_type', values.repeat_type);
  if (repeat && needsDay(values)) form.append('day', values.day);
  form.append('start_time', toSubmitTime(values.start_time));
  if (repeat) form.append('end_time', toSubmitTime(values.end_time));
  form.append('integration_id', values.integration_id);
  form.append('recipent_type', values.recipent_type);
  if (values.recipent_type === 'contact' && selectionCount(values.selection) > 0) {
    const { selection } = values;
    if (selection.all) form.append('contact_search', selection.search);
    else form.append('recipent_contact', selection.contacts.map((contact) => contact.chat_id).join(','));
  }
  form.append('status', editing ? values.status : 'active');
  if (values.recipent_type === 'excel' && values.file)
    form.append('recipients_file', values.file, values.file.name);
  return form;
}

/** The form fields the server may name in a refusal, and where each one shows. */
export const SERVER_FIELDS: Record<string, keyof ScheduleFormValues> = {
  title: 'title',
  description: 'description',
  schedule_type: 'schedule_type',
  repeat_type: 'repeat_type',
  day: 'day',
  start_time: 'start_time',
  end_time: 'end_time',
  integration_id: 'integration_id',
  recipent_type: 'recipent_type',
  recipent_contact: 'selection',
  contact_search: 'selection',
  recipients_file: 'file',
  status: 'status',
};

/** The card toggle sends 'active' for a running schedule, otherwise 'running' (client-area §4). */
export const toggledStatus = (status: ScheduleStatus): 'active' | 'running' =>
  status === 'running' ? 'active' : 'running';

/** Next Run and Last sent read in the browser's own time zone. */
export const formatRunTime = (instant: string | null) =>
  instant ? dayjs(instant).format('DD/MM/YYYY HH:mm') : null;

/** Poll bounds: a due schedule is looked at again shortly after its time, never more often than this. */
export const POLL_MIN_MS = 2000;
export const POLL_MAX_MS = 60_000;
/** Margin after a due time, for the runner to have fired it. */
const POLL_AFTER_DUE_MS = 1500;

/**
 * When the list asks again: shortly after the earliest firing schedule is due (its Next Run, its
 * counts and, for a once schedule, its move to the history then show), at most every minute
 * while any schedule is firing, and not at all otherwise.
 */
export function nextPollDelay(schedules: Schedule[] | undefined, now = Date.now()): number | false {
  const due = (schedules ?? [])
    .filter((schedule) => SCHEDULE_FIRING_STATUSES.includes(schedule.status) && schedule.next_run_at)
    .map((schedule) => Date.parse(schedule.next_run_at!) - now + POLL_AFTER_DUE_MS);
  if (due.length === 0) return false;
  return Math.min(POLL_MAX_MS, Math.max(POLL_MIN_MS, Math.min(...due)));
}
