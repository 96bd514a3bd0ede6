import { SLA_DEFAULT_SECONDS, TICKET_DATE_FORMAT, TICKET_FORM_DATE_FORMAT } from '@app/contract/tickets';
import dayjs from 'dayjs';

/** Badge colours of client-area §4. */
export const STATUS_COLOR: Record<string, string> = {
  open: 'yellow',
  in_progress: 'blue',
  resolved: 'green',
  closed: 'gray',
};
export const PRIORITY_COLOR: Record<string, string> = { low: 'gray', medium: 'orange', high: 'red' };

/** in_progress → In Progress. */
export const prettifyStatus = (value: string) =>
  value
    .split('_')
    .map((word) => (word ? word[0]!.toUpperCase() + word.slice(1) : word))
    .join(' ');

const STATUS_WORDS = /\b(open|in_progress|resolved|closed)\b/g;
const ISO_INSTANT = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z\b/g;

/** Activity details as people read them: status words prettified, instants in local time. */
export const prettifyDetails = (details: string) =>
  details
    .replace(STATUS_WORDS, (word) => prettifyStatus(word))
    .replace(ISO_INSTANT, (iso) => formatTicketDate(iso));

/** dd-MM-yyyy HH:mm:ss (client-area §9). */
export const formatTicketDate = (value: string | null | undefined) =>
  value ? dayjs(value).format(TICKET_DATE_FORMAT) : '';

/** The form shows YYYY-MM-DDTHH:mm:ss; the server gets the same instant as ISO with Z. */
export const toFormDate = (value: string | null | undefined) =>
  value ? dayjs(value).format(TICKET_FORM_DATE_FORMAT) : '';
export const fromFormDate = (value: string) => dayjs(value).toISOString();

/** Tags typed comma-separated: split, trimmed, empties dropped. */
export const parseTags = (value: string) =>
  value
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

/**
 * The SLA panel: seconds left (negative when overdue), hours and minutes of it, and
 * progress = remaining / target (86,400 s when the ticket has none), clamped to 0-100 %.
 */
export function slaStatus(dueDate: string, slaTargetHours: number | null, now = Date.now()) {
  const remaining = Math.floor((Date.parse(dueDate) - now) / 1000);
  const target = slaTargetHours ? slaTargetHours * 3600 : SLA_DEFAULT_SECONDS;
  const progress = Math.min(100, Math.max(0, (remaining / target) * 100));
  const overdue = remaining < 0;
  const abs = Math.abs(remaining);
  const hours = Math.floor(abs / 3600);
  const minutes = Math.floor((abs % 3600) / 60);
  return { remaining, overdue, progress, hours, minutes, sign: overdue ? '-' : '' };
}
