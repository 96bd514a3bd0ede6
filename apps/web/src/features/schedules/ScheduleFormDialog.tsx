import {
  REPEAT_TYPES,
  SCHEDULE_DESCRIPTION_MAX,
  SCHEDULE_EDIT_STATUSES,
  SCHEDULE_TYPES,
  type Schedule,
} from '@app/contract/schedules';
import {
  Alert,
  Button,
  Group,
  List,
  Modal,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { notify } from '../../shared/notify/notify.ts';
import { MessageField } from '../../shared/outbound/MessageField.tsx';
import { useRecipientFields } from '../../shared/outbound/RecipientFields.tsx';
import { useServerRefusal } from '../../shared/outbound/server-refusal.ts';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import { ScheduleTimeInput } from './ScheduleTimeInput.tsx';
import {
  emptyScheduleForm,
  keepsSavedList,
  MONTH_DAYS,
  needsDay,
  type RepeatType,
  type ScheduleFormValues,
  SERVER_FIELDS,
  scheduleFormData,
  scheduleToForm,
  validateSchedule,
  WEEK_DAYS,
  withRepeatType,
  withScheduleType,
} from './schedule-form.ts';
import { downloadScheduleTemplate, useSaveSchedule } from './schedules.api.ts';
import './schedules.i18n.ts';

/** The Schedule dialog (client-area §2, §5): create, or edit `schedule` with its status. */
export function ScheduleFormDialog({
  schedule,
  onClose,
}: {
  schedule: Schedule | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { guard } = usePermissions();
  const phone = useMediaQuery('(max-width: 36em)');
  const editing = schedule !== null;
  const save = useSaveSchedule();
  const form = useForm<ScheduleFormValues>({
    mode: 'controlled',
    initialValues: schedule ? scheduleToForm(schedule) : emptyScheduleForm(),
    validate: (values) =>
      Object.fromEntries(
        Object.entries(validateSchedule(values, schedule)).map(([field, key]) => [field, t(key)]),
      ),
  });
  const { values } = form;
  const refusal = useServerRefusal(form, SERVER_FIELDS);
  const recipients = useRecipientFields(form, {
    allowDeselect: false,
    keptCount: keepsSavedList(values, schedule) ? (schedule?.recipients_count ?? 0) : null,
    downloadTemplate: editing ? undefined : downloadScheduleTemplate,
    onListChange: refusal.clear,
  });

  const submit = form.onSubmit(async (submitted) => {
    if (save.isPending || !guard(editing ? 'schedule_update' : 'schedule_create')) return;
    refusal.clear();
    try {
      const result = await save.mutateAsync({
        id: schedule?.id ?? null,
        form: scheduleFormData(submitted, editing),
      });
      notify('success', result.message || t(editing ? 'schedules.updated' : 'schedules.created'));
      onClose();
    } catch (error) {
      refusal.show(error);
      notify('error', errorMessage(error, t(editing ? 'schedules.failedUpdate' : 'schedules.failedCreate')));
    }
  });

  /** Replaces the values through a clearing rule and drops the errors of the fields it cleared. */
  const apply = (next: ScheduleFormValues) => {
    form.setValues(next);
    for (const field of ['repeat_type', 'day', 'end_time', 'schedule_type'] as const) {
      if (next[field] !== values[field]) form.clearFieldError(field);
    }
  };

  const repeat = values.schedule_type === 'repeat';
  const dayOptions =
    values.repeat_type === 'weekly'
      ? WEEK_DAYS.map((day) => ({ value: String(day), label: t(`schedules.weekdays.${day}`) }))
      : MONTH_DAYS.map((day) => ({ value: String(day), label: t('schedules.form.monthDay', { day }) }));

  return (
    <>
      <Modal
        opened
        onClose={onClose}
        title={t(editing ? 'schedules.form.editTitle' : 'schedules.form.createTitle')}
        fullScreen={phone}
        centered
        size="lg"
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('schedules.form.title')}
              placeholder={t('schedules.form.titlePlaceholder')}
              withAsterisk
              {...form.getInputProps('title')}
            />
            <MessageField
              label={t('schedules.form.description')}
              placeholder={t('schedules.form.descriptionPlaceholder')}
              withAsterisk
              minRows={3}
              maxRows={8}
              max={SCHEDULE_DESCRIPTION_MAX}
              {...form.getInputProps('description')}
            />
            <SimpleGrid cols={{ base: 1, xs: repeat ? 2 : 1 }} spacing="sm">
              <Select
                label={t('schedules.form.scheduleType')}
                placeholder={t('schedules.form.scheduleTypePlaceholder')}
                withAsterisk
                allowDeselect={false}
                data={SCHEDULE_TYPES.map((type) => ({ value: type, label: t(`schedules.types.${type}`) }))}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('schedule_type')}
                onChange={(value) =>
                  apply(withScheduleType(values, (value ?? '') as Schedule['schedule_type']))
                }
              />
              {repeat && (
                <Select
                  label={t('schedules.form.repeatType')}
                  placeholder={t('schedules.form.repeatTypePlaceholder')}
                  withAsterisk
                  allowDeselect={false}
                  data={REPEAT_TYPES.map((type) => ({
                    value: type,
                    label: t(`schedules.repeatTypes.${type}`),
                  }))}
                  comboboxProps={{ withinPortal: true }}
                  {...form.getInputProps('repeat_type')}
                  onChange={(value) => apply(withRepeatType(values, (value ?? '') as RepeatType))}
                />
              )}
            </SimpleGrid>
            <ScheduleTimeInput
              label={t('schedules.form.startTime')}
              value={values.start_time}
              error={form.errors.start_time as string | undefined}
              onChange={(value) => form.setFieldValue('start_time', value)}
              testId="start-time"
            />
            {repeat && (
              <ScheduleTimeInput
                label={t('schedules.form.endTime')}
                value={values.end_time}
                error={form.errors.end_time as string | undefined}
                onChange={(value) => form.setFieldValue('end_time', value)}
                testId="end-time"
              />
            )}
            {needsDay(values) && (
              <Select
                key={values.repeat_type}
                label={t('schedules.form.day')}
                placeholder={t('schedules.form.dayPlaceholder')}
                withAsterisk
                allowDeselect={false}
                data={dayOptions}
                maxDropdownHeight={240}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('day')}
                onChange={(value) => form.setFieldValue('day', value ?? '')}
              />
            )}
            {recipients.fields}
            {refusal.badRows.length > 0 && (
              <Alert color="red" title={t('schedules.form.badRows')} data-testid="bad-rows">
                <ScrollArea.Autosize mah={160} type="auto">
                  <List size="xs" spacing={2}>
                    {refusal.badRows.map((row) => (
                      <List.Item key={row.row}>
                        {t('schedules.form.badRow', {
                          row: row.row,
                          phone: row.phone || t('schedules.form.emptyCell'),
                          reason: row.reason,
                        })}
                      </List.Item>
                    ))}
                  </List>
                </ScrollArea.Autosize>
              </Alert>
            )}
            {editing && (
              <Select
                label={t('schedules.form.status')}
                placeholder={t('schedules.form.statusPlaceholder')}
                withAsterisk
                allowDeselect={false}
                data={SCHEDULE_EDIT_STATUSES.map((status) => ({
                  value: status,
                  label: t(`schedules.statuses.${status}`),
                }))}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('status')}
              />
            )}
            <Group justify="flex-end" gap="sm" mt="md">
              <Button variant="default" onClick={onClose}>
                {t('schedules.form.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t(editing ? 'schedules.form.update' : 'schedules.form.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      {recipients.picker}
    </>
  );
}
