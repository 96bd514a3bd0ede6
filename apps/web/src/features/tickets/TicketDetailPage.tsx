import { CATEGORY_ICON_EMOJI, TICKET_STATUSES, type TicketDetail } from '@app/contract/tickets';
import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Menu,
  Progress,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconDotsVertical,
  IconMessageCircle,
  IconPencil,
  IconSend,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../shared/api/client.ts';
import { notify } from '../../shared/notify/notify.ts';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import { CenteredText } from '../../shared/ui/errors.tsx';
import { TicketFormDialog } from './TicketFormDialog.tsx';
import {
  formatTicketDate,
  PRIORITY_COLOR,
  prettifyDetails,
  STATUS_COLOR,
  slaStatus,
} from './ticket-format.ts';
import { useTicket, useTicketComment, useTicketStatus } from './tickets.api.ts';
import './tickets.i18n.ts';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/** Time left to the due date, ticking; progress = remaining / target, clamped (client-area §9). */
function SlaPanel({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(Date.now());
  const interval = useInterval(() => setNow(Date.now()), 1000);
  // biome-ignore lint/correctness/useExhaustiveDependencies: start once, stop on unmount
  useEffect(() => {
    interval.start();
    return interval.stop;
  }, []);
  const sla = slaStatus(ticket.due_date, ticket.sla_target, now);
  const resolved = ticket.status === 'resolved' || ticket.status === 'closed';
  return (
    <Card withBorder padding="md" data-testid="sla-panel">
      <Title order={4} mb="sm">
        {t('tickets.detail.sla')}
      </Title>
      <Text size="sm" c="dimmed">
        {sla.overdue ? t('tickets.detail.overdue') : t('tickets.detail.remaining')}
      </Text>
      <Text
        fw={700}
        size="xl"
        c={sla.overdue && !resolved ? 'red' : undefined}
        data-testid="sla-remaining"
        data-overdue={sla.overdue}
      >
        {sla.sign}
        {t('tickets.detail.hoursMinutes', { hours: sla.hours, minutes: sla.minutes })}
      </Text>
      <Progress
        mt="sm"
        value={sla.progress}
        color={sla.progress > 50 ? 'teal' : sla.progress > 20 ? 'yellow' : 'red'}
        aria-label={t('tickets.detail.sla')}
        data-testid="sla-progress"
        data-value={Math.round(sla.progress)}
      />
      <Text size="sm" mt="sm">
        {t('tickets.detail.dueDate')}: {formatTicketDate(ticket.due_date)}
      </Text>
    </Card>
  );
}

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** Ticket detail (client-area §2): header with menu, description, activity, comments, SLA and details. */
export function TicketDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { guard } = usePermissions();
  const { ticketId } = useParams();
  const id = Number(ticketId);
  const query = useTicket(id);
  const status = useTicketStatus();
  const comment = useTicketComment();
  const [text, setText] = useState('');
  const [editing, setEditing] = useState(false);

  const missing =
    !Number.isInteger(id) ||
    id <= 0 ||
    (query.isError && query.error instanceof ApiError && query.error.status === 404);
  useEffect(() => {
    if (missing) {
      notify('error', t('tickets.msg.notFound'));
      navigate('/client/tickets', { replace: true });
    }
  }, [missing, navigate, t]);

  if (missing) return null;
  if (query.isError) {
    return (
      <Alert color="red">
        {t('errors.withMessage', { message: errorMessage(query.error, t('tickets.msg.failedDetail')) })}
      </Alert>
    );
  }
  const ticket = query.data;
  if (!ticket) return <CenteredText>{t('tickets.detail.loading')}</CenteredText>;

  const changeStatus = async (next: (typeof TICKET_STATUSES)[number]) => {
    if (!guard('ticket_update')) return;
    try {
      await status.mutateAsync({ id: ticket.id, status: next });
      notify('success', t('tickets.msg.statusUpdated'));
    } catch (error) {
      notify('error', errorMessage(error, t('tickets.msg.failedStatus')));
    }
  };
  const send = async () => {
    const details = text.trim();
    if (!details || comment.isPending || !guard('ticket_update')) return;
    try {
      await comment.mutateAsync({ id: ticket.id, details });
      setText('');
      notify('success', t('tickets.msg.commentAdded'));
    } catch (error) {
      notify('error', errorMessage(error, t('tickets.msg.failedActivity')));
    }
  };

  const icon = CATEGORY_ICON_EMOJI[ticket.category_icon as keyof typeof CATEGORY_ICON_EMOJI] ?? '';
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('tickets.detail.back')}
            onClick={() => navigate('/client/tickets')}
          >
            <IconArrowLeft size={18} />
          </ActionIcon>
          <Stack gap={4} miw={0}>
            <Text size="sm" c="dimmed" data-testid="ticket-number">
              {ticket.ticket_number}
            </Text>
            <Title order={2} style={{ wordBreak: 'break-word' }}>
              {ticket.title}
            </Title>
            <Group gap={6}>
              <Badge
                color={STATUS_COLOR[ticket.status]}
                variant="light"
                tt="none"
                data-testid="ticket-status"
              >
                {t(`tickets.statuses.${ticket.status}`)}
              </Badge>
              <Badge
                color={PRIORITY_COLOR[ticket.priority]}
                variant="outline"
                tt="none"
                data-testid="ticket-priority"
              >
                {t(`tickets.priorities.${ticket.priority}`)}
              </Badge>
            </Group>
          </Stack>
        </Group>
        <Group gap={6} wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('tickets.detail.edit')}
            onClick={() => guard('ticket_update') && setEditing(true)}
          >
            <IconPencil size={18} />
          </ActionIcon>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="default" size="lg" aria-label={t('tickets.detail.menu')}>
                <IconDotsVertical size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {ticket.resource_from === 'chat' && ticket.resource_id && (
                <Menu.Item
                  leftSection={<IconMessageCircle size={16} />}
                  onClick={() => navigate(`/client/messages/${encodeURIComponent(ticket.resource_id ?? '')}`)}
                >
                  {t('tickets.detail.toChat')}
                </Menu.Item>
              )}
              {TICKET_STATUSES.map((value) => (
                <Menu.Item key={value} disabled={status.isPending} onClick={() => void changeStatus(value)}>
                  {t('tickets.detail.markAs', { status: t(`tickets.statuses.${value}`) })}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Card withBorder padding="md">
              <Title order={4} mb="xs">
                {t('tickets.detail.description')}
              </Title>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {ticket.description}
              </Text>
            </Card>
            <Card withBorder padding="md">
              <Title order={4} mb="sm">
                {t('tickets.detail.activity')}
              </Title>
              <Stack gap="sm" data-testid="activity-list">
                {ticket.activity_list.length === 0 && (
                  <Text c="dimmed">{t('tickets.detail.noActivity')}</Text>
                )}
                {ticket.activity_list.map((activity) => (
                  <Group
                    key={activity.id}
                    gap="sm"
                    wrap="nowrap"
                    align="flex-start"
                    data-testid="activity-item"
                  >
                    <Avatar
                      src={activity.actor_info.avatar}
                      radius="xl"
                      size="md"
                      alt={activity.actor_info.name}
                    >
                      {initials(activity.actor_info.name)}
                    </Avatar>
                    <Stack gap={0} miw={0}>
                      <Group gap={6}>
                        <Text size="sm" fw={600}>
                          {activity.actor_info.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {formatTicketDate(activity.timestamp)}
                        </Text>
                      </Group>
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                        {prettifyDetails(activity.details)}
                      </Text>
                    </Stack>
                  </Group>
                ))}
              </Stack>
              <Group mt="md" gap="xs" align="flex-end" wrap="nowrap">
                <Textarea
                  style={{ flex: 1 }}
                  placeholder={t('tickets.detail.comment')}
                  aria-label={t('tickets.detail.comment')}
                  autosize
                  minRows={1}
                  maxRows={5}
                  value={text}
                  onChange={(event) => setText(event.currentTarget.value)}
                />
                <Button
                  leftSection={<IconSend size={16} />}
                  disabled={!text.trim() || comment.isPending}
                  loading={comment.isPending}
                  onClick={() => void send()}
                >
                  {t('tickets.detail.send')}
                </Button>
              </Group>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <SlaPanel ticket={ticket} />
            <Card withBorder padding="md" data-testid="details-panel">
              <Title order={4} mb="sm">
                {t('tickets.detail.details')}
              </Title>
              <Stack gap="xs">
                <DetailRow label={t('tickets.detail.customer')}>
                  {ticket.customer_name ?? t('tickets.detail.none')}
                </DetailRow>
                <DetailRow label={t('tickets.detail.assignee')}>
                  {ticket.assignee_name ?? t('tickets.unassigned')}
                </DetailRow>
                <DetailRow label={t('tickets.detail.category')}>
                  {ticket.category ? `${icon} ${ticket.category}`.trim() : t('tickets.noCategory')}
                </DetailRow>
                <DetailRow label={t('tickets.detail.escalation')}>
                  {t(`tickets.escalations.${ticket.escalation_level}`, {
                    defaultValue: ticket.escalation_level,
                  })}
                </DetailRow>
                <DetailRow label={t('tickets.detail.dueDate')}>{formatTicketDate(ticket.due_date)}</DetailRow>
                <DetailRow label={t('tickets.detail.source')}>
                  {ticket.resource_from === 'chat' ? t('tickets.detail.chat') : t('tickets.detail.manual')}
                </DetailRow>
                <DetailRow label={t('tickets.detail.tags')}>
                  {ticket.tags.length ? (
                    <Group gap={4}>
                      {ticket.tags.map((tag) => (
                        <Badge key={tag} size="sm" variant="dot" tt="none">
                          {tag}
                        </Badge>
                      ))}
                    </Group>
                  ) : (
                    t('tickets.detail.none')
                  )}
                </DetailRow>
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
      {editing && <TicketFormDialog ticket={ticket} onClose={() => setEditing(false)} />}
    </Stack>
  );
}
