/**
 * When a schedule fires next. Times are wall-clock times in the company's time zone, handled as
 * UTC Date objects ("wall dates") and turned into instants only at the end, so that "every Monday
 * at 09.00" stays 09.00 whatever the offset.
 */
export interface ScheduleRule {
  scheduleType: 'once' | 'repeat';
  repeatType: 'weekly' | 'monthly' | 'yearly' | null;
  /** 1-7 (Monday-Sunday) weekly, 1-30 monthly. */
  day: number | null;
  /** Wall-clock start and end, e.g. '2026-11-25T09:00:00'. */
  startTime: string;
  endTime: string | null;
  timeZone: string;
}

/** The wall date of a wall-clock text (its trailing Z, as the spec's form sends it, is not a zone). */
export const wallDate = (text: string) => new Date(`${text.replace(/Z$/, '').slice(0, 19)}Z`);
export const wallText = (wall: Date) => `${wall.toISOString().slice(0, 19)}Z`;

/** The zone's offset from UTC in minutes at an instant. */
function offsetMinutes(timeZone: string, instant: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(
    +parts.year!,
    +parts.month! - 1,
    +parts.day!,
    +parts.hour!,
    +parts.minute!,
    +parts.second!,
  );
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/** The instant at which the zone's clocks show this wall date. */
export function instantOf(wall: Date, timeZone: string) {
  const guess = new Date(wall.getTime() - offsetMinutes(timeZone, wall) * 60_000);
  return new Date(wall.getTime() - offsetMinutes(timeZone, guess) * 60_000);
}

/** The zone's wall date at an instant. */
export const wallAt = (instant: Date, timeZone: string) =>
  new Date(instant.getTime() + offsetMinutes(timeZone, instant) * 60_000);

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** The first firing strictly after `after` (an instant), or null when the rule has none left. */
export function nextRun(rule: ScheduleRule, after: Date): Date | null {
  const start = wallDate(rule.startTime);
  if (rule.scheduleType === 'once') {
    const at = instantOf(start, rule.timeZone);
    return at > after ? at : null;
  }
  const end = rule.endTime ? wallDate(rule.endTime) : null;
  const from = new Date(Math.max(start.getTime(), wallAt(after, rule.timeZone).getTime()));
  const [h, m, s] = [start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds()];
  const candidates: Date[] = [];
  const y = from.getUTCFullYear();
  const mo = from.getUTCMonth();
  if (rule.repeatType === 'weekly') {
    for (let i = 0; i <= 14; i++) {
      const day = new Date(Date.UTC(y, mo, from.getUTCDate() + i, h, m, s));
      const weekday = ((day.getUTCDay() + 6) % 7) + 1; // Monday 1 … Sunday 7
      if (weekday === rule.day) candidates.push(day);
    }
  } else if (rule.repeatType === 'monthly') {
    for (let i = 0; i <= 13; i++) {
      const year = y + Math.floor((mo + i) / 12);
      const month = (mo + i) % 12;
      candidates.push(
        new Date(Date.UTC(year, month, Math.min(rule.day ?? 1, daysInMonth(year, month)), h, m, s)),
      );
    }
  } else {
    for (let i = 0; i <= 2; i++) {
      const year = y + i;
      const month = start.getUTCMonth();
      candidates.push(
        new Date(Date.UTC(year, month, Math.min(start.getUTCDate(), daysInMonth(year, month)), h, m, s)),
      );
    }
  }
  for (const wall of candidates) {
    if (wall < start) continue;
    if (end && wall > end) return null;
    const at = instantOf(wall, rule.timeZone);
    if (at > after) return at;
  }
  return null;
}
