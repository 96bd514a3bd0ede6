import { describe, expect, it } from 'vitest';
import { nextRun, type ScheduleRule } from './next-run.ts';

const rule = (changes: Partial<ScheduleRule>): ScheduleRule => ({
  scheduleType: 'repeat',
  repeatType: 'weekly',
  day: 1,
  startTime: '2026-11-23T09:00:00Z',
  endTime: '2027-01-31T23:59:00Z',
  timeZone: 'Asia/Jakarta',
  ...changes,
});

describe('next run', () => {
  it('reads wall-clock times in the company time zone (the trailing Z is not UTC)', () => {
    expect(
      nextRun(
        rule({ scheduleType: 'once', repeatType: null, day: null, endTime: null }),
        new Date('2026-11-22T00:00:00Z'),
      )?.toISOString(),
    ).toBe('2026-11-23T02:00:00.000Z');
    expect(nextRun(rule({ scheduleType: 'once' }), new Date('2026-11-23T02:00:00Z'))).toBeNull();
  });

  it('fires weekly on the chosen weekday at the start time of day', () => {
    // 2026-11-23 is a Monday; day 3 is Wednesday.
    expect(nextRun(rule({ day: 3 }), new Date('2026-11-22T00:00:00Z'))?.toISOString()).toBe(
      '2026-11-25T02:00:00.000Z',
    );
    expect(nextRun(rule({ day: 3 }), new Date('2026-11-25T02:00:00Z'))?.toISOString()).toBe(
      '2026-12-02T02:00:00.000Z',
    );
    expect(nextRun(rule({ day: 1 }), new Date('2026-11-22T00:00:00Z'))?.toISOString()).toBe(
      '2026-11-23T02:00:00.000Z',
    );
  });

  it('fires monthly on the day, on the last day of shorter months, and stops after the end', () => {
    const monthly = rule({ repeatType: 'monthly', day: 30, endTime: '2027-03-31T00:00:00Z' });
    expect(nextRun(monthly, new Date('2026-11-22T00:00:00Z'))?.toISOString()).toBe(
      '2026-11-30T02:00:00.000Z',
    );
    expect(nextRun(monthly, new Date('2027-01-30T02:00:00Z'))?.toISOString()).toBe(
      '2027-02-28T02:00:00.000Z',
    );
    expect(nextRun(monthly, new Date('2027-03-30T02:00:00Z'))).toBeNull();
  });

  it('fires yearly on the start date', () => {
    const yearly = rule({
      repeatType: 'yearly',
      day: null,
      startTime: '2026-12-25T08:00:00Z',
      endTime: '2029-01-01T00:00:00Z',
    });
    expect(nextRun(yearly, new Date('2026-12-25T01:00:00Z'))?.toISOString()).toBe('2027-12-25T01:00:00.000Z');
  });
});
