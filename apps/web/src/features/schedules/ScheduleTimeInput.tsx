import '@mantine/dates/styles.layer.css';
import { Input } from '@mantine/core';
import { DateInput, TimePicker } from '@mantine/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clampTime, datePart, joinTime, timePart, yearRange } from './schedule-form.ts';
import './schedules.i18n.ts';

/**
 * A wall-clock time 'YYYY-MM-DDTHH:mm:ss' (client-area §5 time picker): a date whose calendar lists
 * the years from 50 before to 49 after this one, and hours, minutes and seconds kept in range.
 * The value is '' until both the date and the time are given.
 */
export function ScheduleTimeInput({
  label,
  value,
  error,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  // The halves are kept apart while only one of them is given.
  const [date, setDate] = useState<string | null>(datePart(value) || null);
  const [time, setTime] = useState(timePart(value));
  const { minDate, maxDate } = yearRange();
  const change = (nextDate: string | null, nextTime: string) => {
    setDate(nextDate);
    setTime(nextTime);
    onChange(joinTime(nextDate, nextTime));
  };
  return (
    <Input.Wrapper label={label} withAsterisk error={error} description={t('schedules.form.timeZone')}>
      <div
        data-testid={testId}
        style={{ display: 'flex', gap: 'var(--mantine-spacing-xs)', flexWrap: 'wrap', marginTop: 4 }}
      >
        <DateInput
          aria-label={t('schedules.form.date', { field: label })}
          placeholder={t('schedules.form.datePlaceholder')}
          valueFormat="YYYY-MM-DD"
          minDate={minDate}
          maxDate={maxDate}
          value={date}
          onChange={(next) => change(next, time)}
          error={Boolean(error)}
          popoverProps={{ withinPortal: true, zIndex: 300 }}
          style={{ flex: '1 1 150px' }}
        />
        <TimePicker
          withSeconds
          withDropdown
          value={time}
          onChange={(next) => change(date, next ? clampTime(next) : '')}
          hoursInputLabel={t('schedules.form.hours', { field: label })}
          minutesInputLabel={t('schedules.form.minutes', { field: label })}
          secondsInputLabel={t('schedules.form.seconds', { field: label })}
          error={Boolean(error)}
          popoverProps={{ withinPortal: true, zIndex: 300 }}
          style={{ flex: '1 1 140px' }}
        />
      </div>
    </Input.Wrapper>
  );
}
