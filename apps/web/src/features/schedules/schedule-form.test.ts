import type { Schedule } from '@app/contract/schedules';
import { describe, expect, it } from 'vitest';
import {
  clampTime,
  emptyScheduleForm,
  joinTime,
  keepsSavedList,
  nextPollDelay,
  POLL_MAX_MS,
  POLL_MIN_MS,
  type ScheduleFormValues,
  scheduleFormData,
  scheduleToForm,
  toFormTime,
  toggledStatus,
  toSubmitTime,
  validateSchedule,
  withRepeatType,
  withScheduleType,
  yearRange,
} from './schedule-form.ts';

const saved = (patch: Partial<Schedule> = {}): Schedule => ({
  id: 7,
  external_id: 'sch-7',
  integration_id: 2,
  integration_name: 'Demo WhatsApp',
  company_id: 1,
  title: 'Weekly news',
  description: 'Hello',
  status: 'active',
  schedule_type: 'repeat',
  repeat_type: 'weekly',
  day: 1,
  start_time: '2026-11-23T09:00:00Z',
  end_time: '2026-12-31T09:00:00Z',
  recipent_type: 'contact',
  recipients_count: 3,
  next_run_at: '2026-11-23T02:00:00.000Z',
  last_run_at: null,
  status_count: { executions: 0, total_recipients: 0, success_count: 0, failed_count: 0 },
  created_by: 1,
  created_at: '2026-11-22T00:00:00.000Z',
  updated_at: '2026-11-22T00:00:00.000Z',
  ...patch,
});

const weekly = (): ScheduleFormValues => ({
  ...emptyScheduleForm(),
  title: 'Weekly news',
  description: 'Hello <script>alert(1)</script>there',
  schedule_type: 'repeat',
  repeat_type: 'weekly',
  day: '3',
  start_time: '2026-11-23T09:00:00',
  end_time: '2026-12-31T09:00:00',
  integration_id: '2',
  recipent_type: 'all_contact',
});

describe('clearing rules (client-area §4)', () => {
  it("type 'once' clears repeat type, day and end time", () => {
    const values = withScheduleType(weekly(), 'once');
    expect(values).toMatchObject({ schedule_type: 'once', repeat_type: '', day: '', end_time: '' });
    expect(values.start_time).toBe('2026-11-23T09:00:00');
  });

  it("type 'repeat' keeps what is there", () => {
    expect(withScheduleType(weekly(), 'repeat')).toEqual(weekly());
  });

  it('changing the repeat type clears the day; choosing the same one keeps it', () => {
    expect(withRepeatType(weekly(), 'monthly')).toMatchObject({ repeat_type: 'monthly', day: '' });
    expect(withRepeatType(weekly(), 'weekly').day).toBe('3');
  });
});

describe('times (client-area §9)', () => {
  it('shows the saved time without its Z and sends it with one', () => {
    expect(toFormTime('2026-11-23T09:00:00Z')).toBe('2026-11-23T09:00:00');
    expect(toFormTime(null)).toBe('');
    expect(toSubmitTime('2026-11-23T09:00:00')).toBe('2026-11-23T09:00:00Z');
  });

  it('joins the date and the time only when both are given', () => {
    expect(joinTime('2026-11-23', '09:05:07')).toBe('2026-11-23T09:05:07');
    expect(joinTime('2026-11-23', '09:05')).toBe('2026-11-23T09:05:00');
    expect(joinTime(null, '09:05:07')).toBe('');
    expect(joinTime('2026-11-23', '')).toBe('');
  });

  it('clamps hours to 0-23 and minutes and seconds to 0-59', () => {
    expect(clampTime('25:61:99')).toBe('23:59:59');
    expect(clampTime('-1:05:3')).toBe('00:05:03');
    expect(clampTime('nonsense')).toBe('');
  });

  it('offers the years from 50 before to 49 after the current one', () => {
    expect(yearRange(new Date(2026, 5, 1))).toEqual({ minDate: '1976-01-01', maxDate: '2075-12-31' });
  });
});

describe('validateSchedule (client-area §5)', () => {
  it('names every missing field of an empty create form', () => {
    expect(validateSchedule(emptyScheduleForm(), null)).toEqual({
      title: 'schedules.validation.titleRequired',
      description: 'schedules.validation.descriptionRequired',
      schedule_type: 'schedules.validation.scheduleTypeRequired',
      start_time: 'schedules.validation.startTimeRequired',
      integration_id: 'schedules.validation.integrationRequired',
      recipent_type: 'schedules.validation.recipientTypeRequired',
    });
  });

  it('asks repeat schedules for a repeat type, an end after the start and a weekly or monthly day', () => {
    const values = { ...weekly(), repeat_type: '' as const, day: '', end_time: '' };
    expect(validateSchedule(values, null)).toMatchObject({
      repeat_type: 'schedules.validation.repeatTypeRequired',
      end_time: 'schedules.validation.endTimeRequired',
    });
    expect(validateSchedule({ ...weekly(), day: '' }, null).day).toBe('schedules.validation.dayRequired');
    expect(validateSchedule({ ...weekly(), repeat_type: 'yearly', day: '' }, null).day).toBeUndefined();
    expect(validateSchedule({ ...weekly(), end_time: '2026-11-23T09:00:00' }, null).end_time).toBe(
      'schedules.validation.endBeforeStart',
    );
  });

  it('limits the title to 100 and the description to 500 characters', () => {
    const errors = validateSchedule(
      { ...weekly(), title: 'x'.repeat(101), description: 'y'.repeat(501) },
      null,
    );
    expect(errors.title).toBe('schedules.validation.titleTooLong');
    expect(errors.description).toBe('schedules.validation.descriptionTooLong');
  });

  it('wants contacts or a file on create, and keeps the saved list on edit', () => {
    expect(validateSchedule({ ...weekly(), recipent_type: 'contact' }, null).selection).toBe(
      'schedules.validation.contactsRequired',
    );
    expect(validateSchedule({ ...weekly(), recipent_type: 'excel' }, null).file).toBe(
      'schedules.validation.fileRequired',
    );
    const edit = scheduleToForm(saved());
    expect(keepsSavedList(edit, saved())).toBe(true);
    expect(validateSchedule(edit, saved())).toEqual({});
    // Switching to an Excel list needs the file.
    expect(validateSchedule({ ...edit, recipent_type: 'excel' }, saved()).file).toBe(
      'schedules.validation.fileRequired',
    );
  });

  it('asks an edit for its status', () => {
    const edit = scheduleToForm(saved({ status: 'pending' }));
    expect(edit.status).toBe('');
    expect(validateSchedule(edit, saved()).status).toBe('schedules.validation.statusRequired');
  });
});

describe('scheduleFormData', () => {
  it("sends a new repeat schedule 'active' with Z times and a stripped description", () => {
    const form = scheduleFormData(weekly(), false);
    expect(Object.fromEntries(form.entries())).toEqual({
      title: 'Weekly news',
      description: 'Hello there',
      schedule_type: 'repeat',
      repeat_type: 'weekly',
      day: '3',
      start_time: '2026-11-23T09:00:00Z',
      end_time: '2026-12-31T09:00:00Z',
      integration_id: '2',
      recipent_type: 'all_contact',
      status: 'active',
    });
  });

  it('sends a once schedule without repeat type, day or end time', () => {
    const form = scheduleFormData(withScheduleType(weekly(), 'once'), false);
    expect(form.has('repeat_type') || form.has('day') || form.has('end_time')).toBe(false);
  });

  it('sends picked contacts, a select-all search, or the Excel file last as recipients_file', () => {
    const contact = { ...weekly(), recipent_type: 'contact' as const };
    const picked = scheduleFormData(
      {
        ...contact,
        selection: {
          all: false,
          contacts: [
            { chat_id: 'a@c.us', chat_type: 'wa' },
            { chat_id: 'b@c.us', chat_type: 'wa' },
          ] as never,
        },
      },
      false,
    );
    expect(picked.get('recipent_contact')).toBe('a@c.us,b@c.us');
    const all = scheduleFormData({ ...contact, selection: { all: true, search: 'ani', total: 4 } }, false);
    expect(all.get('contact_search')).toBe('ani');
    const file = new File(['x'], 'list.xlsx');
    const excel = scheduleFormData({ ...weekly(), recipent_type: 'excel', file }, false);
    expect([...excel.keys()].at(-1)).toBe('recipients_file');
    expect(excel.get('recipients_file')).toBeInstanceOf(File);
  });

  it('an edit sends its status and no list unless a new one was chosen', () => {
    const form = scheduleFormData({ ...scheduleToForm(saved()), status: 'paused' }, true);
    expect(form.get('status')).toBe('paused');
    expect(form.has('recipent_contact') || form.has('contact_search')).toBe(false);
  });
});

describe('the toggle and the polling', () => {
  it("sends 'active' for a running schedule, otherwise 'running'", () => {
    expect(toggledStatus('running')).toBe('active');
    for (const status of ['active', 'paused', 'inactive', 'pending'] as const)
      expect(toggledStatus(status)).toBe('running');
  });

  it('asks again shortly after the earliest firing schedule is due, within bounds', () => {
    const now = Date.parse('2026-11-22T10:00:00.000Z');
    const at = (seconds: number) => new Date(now + seconds * 1000).toISOString();
    expect(nextPollDelay([saved({ next_run_at: at(10) }), saved({ next_run_at: at(5) })], now)).toBe(6500);
    expect(nextPollDelay([saved({ next_run_at: at(-30) })], now)).toBe(POLL_MIN_MS);
    expect(nextPollDelay([saved({ next_run_at: at(3600) })], now)).toBe(POLL_MAX_MS);
    expect(nextPollDelay([saved({ status: 'paused', next_run_at: at(5) })], now)).toBe(false);
    expect(nextPollDelay(undefined, now)).toBe(false);
  });
});
