import type { Schedule } from '@app/contract/schedules';
import { Alert, Badge, Group, Modal, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { useScheduleRecipients } from './schedules.api.ts';
import './schedules.i18n.ts';

/** Who a schedule goes to, with how many of its messages each one received. */
export function ScheduleRecipientsDialog({ schedule, onClose }: { schedule: Schedule; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const recipients = useScheduleRecipients(schedule.external_id);

  let body: ReactNode;
  if (recipients.isError) {
    body = <Alert color="red">{errorMessage(recipients.error, t('schedules.recipients.failed'))}</Alert>;
  } else if (recipients.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} h={40} radius="sm" />
        ))}
      </Stack>
    );
  } else if (recipients.data.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="lg">
        {t(
          schedule.recipent_type === 'all_contact'
            ? 'schedules.recipients.allContacts'
            : 'schedules.recipients.empty',
        )}
      </Text>
    );
  } else {
    body = (
      <ScrollArea.Autosize mah={phone ? undefined : 420} type="auto" offsetScrollbars>
        <Stack gap={6} data-testid="schedule-recipient-list">
          {recipients.data.map((recipient) => (
            <Group key={recipient.chat_id} justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={500} truncate>
                  {recipient.name || recipient.chat_id.split('@')[0]}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {recipient.chat_id}
                </Text>
              </Stack>
              <Badge variant="light" tt="none" style={{ flexShrink: 0 }}>
                {t('schedules.recipients.received', { count: recipient.received_number })}
              </Badge>
            </Group>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('schedules.recipients.title', { title: schedule.title })}
      fullScreen={phone}
      centered
      size="md"
      zIndex={250}
    >
      {body}
    </Modal>
  );
}
