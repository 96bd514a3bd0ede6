import type { Schedule } from '@app/contract/schedules';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconCalendarPlus, IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { pageCount } from '../../shared/format/pagination.ts';
import { notify } from '../../shared/notify/notify.ts';
import { QuotaBanner, UpgradePlanButton, useWhatsAppQuota } from '../../shared/outbound/QuotaBanner.tsx';
import { SendCardList } from '../../shared/outbound/SendCardList.tsx';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.tsx';
import { Pager } from '../../shared/ui/Pager.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { ScheduleCard } from './ScheduleCard.tsx';
import { ScheduleFormDialog } from './ScheduleFormDialog.tsx';
import { ScheduleHistoryDialog } from './ScheduleHistoryDialog.tsx';
import { ScheduleRecipientsDialog } from './ScheduleRecipientsDialog.tsx';
import {
  SCHEDULES_PAGE_SIZE,
  useDeleteSchedule,
  useSchedules,
  useSetScheduleStatus,
} from './schedules.api.ts';
import './schedules.i18n.ts';

/** The open dialog: the form (a fresh key per opening), the history, or a schedule's recipients. */
type Dialog =
  | { kind: 'form'; schedule: Schedule | null; key: number }
  | { kind: 'history' }
  | { kind: 'recipients'; schedule: Schedule; fromHistory: boolean };

/** Scheduled Messages (client-area §2): the schedules, their toggle, edit and delete, and the history. */
export function ScheduledMessagesPage() {
  const { t } = useTranslation();
  const { can, guard } = usePermissions();
  const allowed = can('schedule_read');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [deleting, setDeleting] = useState<Schedule | null>(null);
  const list = useSchedules(page, allowed);
  const quota = useWhatsAppQuota();
  const setStatus = useSetScheduleStatus();
  const remove = useDeleteSchedule();

  const toggle = async (schedule: Schedule, status: 'active' | 'running') => {
    if (!guard('schedule_update')) return;
    try {
      const result = await setStatus.mutateAsync({ id: schedule.id, status });
      notify('success', result.message || t('schedules.statusChanged'));
    } catch (error) {
      notify('error', errorMessage(error, t('schedules.failedStatus')));
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const result = await remove.mutateAsync(deleting.id);
      notify('success', result.message || t('schedules.deleted'));
      setDeleting(null);
    } catch (error) {
      notify('error', errorMessage(error, t('schedules.failedDelete')));
    }
  };

  const header = (
    <>
      <PageTitle>{t('schedules.title')}</PageTitle>
      <Text c="dimmed" size="sm" mt={-12}>
        {t('schedules.subtitle')}
      </Text>
    </>
  );

  if (!allowed) {
    return (
      <Stack gap="md">
        <div>{header}</div>
        <Alert color="red" title={t('toast.permissionDenied')}>
          {t('schedules.readDenied')}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <div>{header}</div>
        <Group gap="xs" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconHistory size={16} />}
            onClick={() => setDialog({ kind: 'history' })}
          >
            {t('schedules.viewHistory')}
          </Button>
          {can('schedule_create') && quota.left && (
            <Button
              leftSection={<IconCalendarPlus size={16} />}
              onClick={() =>
                guard('schedule_create') && setDialog({ kind: 'form', schedule: null, key: Date.now() })
              }
            >
              {t('schedules.scheduleMessage')}
            </Button>
          )}
        </Group>
      </Group>
      {quota.usedUp && (
        <QuotaBanner>
          <Stack gap="xs">
            <Text size="sm">{t('schedules.quota.body')}</Text>
            <List size="sm" spacing={2}>
              <List.Item>{t('schedules.quota.upgrade')}</List.Item>
              <List.Item>{t('schedules.quota.usage')}</List.Item>
              <List.Item>{t('schedules.quota.compare')}</List.Item>
            </List>
            <Group>
              <UpgradePlanButton />
            </Group>
          </Stack>
        </QuotaBanner>
      )}
      <SendCardList
        list={list}
        empty={t('schedules.empty')}
        columns={2}
        skeletons={{ count: 2, height: 280 }}
        testId="schedules"
      >
        {(schedule) => (
          <ScheduleCard
            key={schedule.id}
            schedule={schedule}
            toggling={setStatus.isPending && setStatus.variables?.id === schedule.id}
            onToggle={(status) => void toggle(schedule, status)}
            onEdit={() => guard('schedule_update') && setDialog({ kind: 'form', schedule, key: Date.now() })}
            onDelete={() => guard('schedule_delete') && setDeleting(schedule)}
            onRecipients={() => setDialog({ kind: 'recipients', schedule, fromHistory: false })}
          />
        )}
      </SendCardList>
      <Pager
        page={page}
        totalPages={pageCount(list.data?.meta?.total ?? 0, SCHEDULES_PAGE_SIZE)}
        onChange={setPage}
      />
      {dialog?.kind === 'form' && (
        <ScheduleFormDialog key={dialog.key} schedule={dialog.schedule} onClose={() => setDialog(null)} />
      )}
      {(dialog?.kind === 'history' || (dialog?.kind === 'recipients' && dialog.fromHistory)) && (
        <ScheduleHistoryDialog
          onClose={() => setDialog(null)}
          onRecipients={(schedule) => setDialog({ kind: 'recipients', schedule, fromHistory: true })}
        />
      )}
      {dialog?.kind === 'recipients' && (
        <ScheduleRecipientsDialog
          schedule={dialog.schedule}
          onClose={() => setDialog(dialog.fromHistory ? { kind: 'history' } : null)}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('schedules.remove.title')}
        body={t('schedules.remove.body')}
        confirmLabel={t('schedules.remove.confirm')}
        cancelLabel={t('schedules.remove.cancel')}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Stack>
  );
}
