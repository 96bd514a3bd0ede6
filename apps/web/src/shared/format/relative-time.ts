import dayjs from 'dayjs';

export type RelativeTimeUnit = 'justNow' | 'minutes' | 'hours' | 'days';

/** Texts of the relative time; the i18n catalogues give the same keys (`time.*`). */
export type RelativeTimeLabels = (unit: RelativeTimeUnit, count: number) => string;

const english: RelativeTimeLabels = (unit, count) =>
  unit === 'justNow' ? 'just now' : `${count}${unit === 'minutes' ? 'm' : unit === 'hours' ? 'h' : 'd'} ago`;

/** The date shown once something is a week old or more. */
export const RELATIVE_DATE_FORMAT = 'DD/MM/YYYY';

/**
 * 'just now' under 60 s, then 'Nm ago', 'Nh ago', 'Nd ago' up to 6 days, then the date (client-area §9).
 * A time in the future (clock skew) reads 'just now'.
 */
export function relativeTime(
  value: string | number | Date,
  now: Date = new Date(),
  labels: RelativeTimeLabels = english,
): string {
  const date = dayjs(value);
  if (!date.isValid()) return '';
  const seconds = Math.floor((now.getTime() - date.valueOf()) / 1000);
  if (seconds < 60) return labels('justNow', 0);
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return labels('minutes', minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return labels('hours', hours);
  const days = Math.floor(hours / 24);
  if (days <= 6) return labels('days', days);
  return date.format(RELATIVE_DATE_FORMAT);
}
