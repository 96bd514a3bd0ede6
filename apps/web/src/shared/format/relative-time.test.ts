import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.ts';

const now = new Date('2026-11-22T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('relativeTime', () => {
  it("says 'just now' under 60 seconds", () => {
    expect(relativeTime(ago(0), now)).toBe('just now');
    expect(relativeTime(ago(59), now)).toBe('just now');
    expect(relativeTime(new Date(now.getTime() + 5000), now)).toBe('just now');
  });

  it('counts minutes, hours and days', () => {
    expect(relativeTime(ago(60), now)).toBe('1m ago');
    expect(relativeTime(ago(59 * 60 + 59), now)).toBe('59m ago');
    expect(relativeTime(ago(3600), now)).toBe('1h ago');
    expect(relativeTime(ago(23 * 3600 + 3599), now)).toBe('23h ago');
    expect(relativeTime(ago(24 * 3600), now)).toBe('1d ago');
    expect(relativeTime(ago(6 * 86400 + 86399), now)).toBe('6d ago');
  });

  it('shows the date from 7 days on', () => {
    const weekAgo = ago(7 * 86400);
    const expected = `${String(weekAgo.getDate()).padStart(2, '0')}/${String(weekAgo.getMonth() + 1).padStart(2, '0')}/${weekAgo.getFullYear()}`;
    expect(relativeTime(weekAgo, now)).toBe(expected);
  });

  it('accepts ISO strings and uses given labels', () => {
    expect(relativeTime('2026-11-22T11:30:00Z', now)).toBe('30m ago');
    const indonesian = (unit: string, count: number) =>
      unit === 'justNow' ? 'baru saja' : `${count} ${unit} lalu`;
    expect(relativeTime(ago(10), now, indonesian)).toBe('baru saja');
    expect(relativeTime(ago(7200), now, indonesian)).toBe('2 hours lalu');
  });

  it('answers an empty string for an invalid date', () => {
    expect(relativeTime('not a date', now)).toBe('');
  });
});
