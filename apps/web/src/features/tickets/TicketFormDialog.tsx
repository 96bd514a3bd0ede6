import {
  CATEGORY_ICON_EMOJI,
  ESCALATION_LEVELS,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TICKET_TITLE_MAX,
  type TicketDetail,
} from '@app/contract/tickets';
import {
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../shared/api/client.ts';
import { notify } from '../../shared/notify/notify.ts';
import { fromFormDate, parseTags, toFormDate } from './ticket-format.ts';
import { useAssignees, useCategories, useSaveTicket, useTicketFromChat } from './tickets.api.ts';
import './tickets.i18n.ts';

/** Where a new ticket comes from: a chat message (prefilled) or the Tickets screen. */
export interface ChatContext {
  chatId: string;
  chatContent: string;
  customerName: string;
}

const firstLine = (text: string) => {
  const line = text.split('\n')[0]?.trim() ?? '';
  return line.length > TICKET_TITLE_MAX ? `${line.slice(0, TICKET_TITLE_MAX - 3)}...` : line;
};

/** Create/edit dialog with the rules of client-area §5 (Ticket). */
export function TicketFormDialog({
  ticket,
  chat,
  onClose,
  onSaved,
}: {
  ticket?: TicketDetail | null;
  chat?: ChatContext;
  onClose: () => void;
  onSaved?: (ticket: TicketDetail) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveTicket();
  const fromChat = useTicketFromChat();
  const assignees = useAssignees();
  const categories = useCategories();
  const editing = Boolean(ticket);
  const form = useForm({
    initialValues: {
      title: ticket?.title ?? (chat ? firstLine(chat.chatContent) : ''),
      description: ticket?.description ?? chat?.chatContent ?? '',
      customer_name: ticket?.customer_name ?? chat?.customerName ?? '',
      assignee_id: ticket?.assignee_id ? String(ticket.assignee_id) : (null as string | null),
      category_id: ticket?.category_id ? String(ticket.category_id) : (null as string | null),
      priority: (ticket?.priority ?? 'medium') as string | null,
      escalation_level: (ticket?.escalation_level ?? 'level 1') as string | null,
      sla_target: (ticket?.sla_target ?? 24) as number | string,
      due_date: toFormDate(ticket?.due_date ?? new Date(Date.now() + 86_400_000).toISOString()),
      status: (ticket?.status ?? 'open') as string | null,
      tags: ticket?.tags.join(', ') ?? '',
    },
    validate: {
      title: (v) =>
        !v.trim()
          ? t('tickets.msg.titleRequired')
          : v.trim().length > TICKET_TITLE_MAX
            ? t('tickets.msg.titleTooLong')
            : null,
      description: (v) => (v.trim() ? null : t('tickets.msg.descriptionRequired')),
      assignee_id: (v) => (v ? null : t('tickets.msg.assigneeRequired')),
      category_id: (v) => (v ? null : t('tickets.msg.categoryRequired')),
      priority: (v) => (v ? null : t('tickets.msg.priorityRequired')),
      escalation_level: (v) => (v ? null : t('tickets.msg.escalationRequired')),
      sla_target: (v) => (typeof v === 'number' && v >= 1 ? null : t('tickets.msg.slaMin')),
      due_date: (v) => (v && !Number.isNaN(Date.parse(v)) ? null : t('tickets.msg.dueDateRequired')),
      status: (v) => (v ? null : t('tickets.msg.statusRequired')),
    },
  });

  const pending = save.isPending || fromChat.isPending;
  const submit = form.onSubmit(async (values) => {
    if (pending) return;
    if (chat && !chat.customerName.trim() && !values.customer_name.trim()) {
      notify('warning', t('tickets.msg.customerNameRequired'));
      return;
    }
    const body = {
      title: values.title.trim(),
      description: values.description.trim(),
      customer_name: values.customer_name.trim() || null,
      assignee_id: Number(values.assignee_id),
      category_id: Number(values.category_id),
      priority: values.priority as (typeof TICKET_PRIORITIES)[number],
      escalation_level: values.escalation_level as (typeof ESCALATION_LEVELS)[number],
      sla_target: Number(values.sla_target),
      due_date: fromFormDate(values.due_date),
      status: values.status as (typeof TICKET_STATUSES)[number],
      tags: parseTags(values.tags),
    };
    try {
      let saved: TicketDetail;
      if (ticket) {
        saved = await save.mutateAsync({ id: ticket.id, body });
        notify('success', t('tickets.msg.updated'));
      } else if (chat) {
        saved = await fromChat.mutateAsync({
          ...body,
          customer_name: values.customer_name.trim() || chat.customerName,
          chat_id: chat.chatId,
          chat_content: chat.chatContent,
        });
        notify('success', t('tickets.msg.created'));
      } else {
        saved = await save.mutateAsync({ body: { ...body, resource_id: '', resource_from: 'manual' } });
        notify('success', t('tickets.msg.created'));
      }
      onSaved?.(saved);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields.length) {
        form.setErrors(Object.fromEntries(error.fields.map((f) => [f.field, f.message])));
      }
      const fallback = ticket
        ? 'tickets.msg.failedUpdate'
        : chat
          ? 'tickets.msg.failedFromChat'
          : 'tickets.msg.failedCreate';
      notify('error', errorMessage(error, t(fallback)));
    }
  });

  const assigneeOptions = (assignees.data ?? []).map((option) => ({
    value: String(option.user_info.id),
    label: option.user_info.full_name,
  }));
  const categoryOptions = (categories.data ?? []).map((category) => ({
    value: String(category.id),
    label:
      `${CATEGORY_ICON_EMOJI[category.icon as keyof typeof CATEGORY_ICON_EMOJI] ?? ''} ${category.name}`.trim(),
  }));
  const onCategory = (value: string | null) => {
    form.setFieldValue('category_id', value);
    // A new ticket takes the category's default SLA unless one was typed.
    const category = categories.data?.find((c) => String(c.id) === value);
    if (!editing && category && category.default_sla > 0) {
      const hours = Math.max(1, Math.round((category.default_sla / 60) * 100) / 100);
      form.setFieldValue('sla_target', hours);
      form.setFieldValue(
        'due_date',
        toFormDate(new Date(Date.now() + category.default_sla * 60_000).toISOString()),
      );
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={editing ? t('tickets.editTitle') : t('tickets.createTitle')}
      size="lg"
      fullScreen={false}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {chat && (
            <Text size="sm" c="dimmed">
              {t('tickets.form.fromChat', { chat: chat.chatId })}
            </Text>
          )}
          <TextInput
            label={t('tickets.form.title')}
            placeholder={t('tickets.form.titlePlaceholder')}
            withAsterisk
            {...form.getInputProps('title')}
          />
          <Textarea
            label={t('tickets.form.description')}
            placeholder={t('tickets.form.descriptionPlaceholder')}
            withAsterisk
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('description')}
          />
          <TextInput
            label={t('tickets.form.customerName')}
            placeholder={t('tickets.form.customerPlaceholder')}
            withAsterisk={Boolean(chat)}
            {...form.getInputProps('customer_name')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label={t('tickets.form.assignee')}
              placeholder={t('tickets.form.assigneePlaceholder')}
              data={assigneeOptions}
              searchable
              withAsterisk
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('assignee_id')}
            />
            <Select
              label={t('tickets.form.category')}
              placeholder={t('tickets.form.categoryPlaceholder')}
              data={categoryOptions}
              withAsterisk
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('category_id')}
              onChange={onCategory}
            />
            <Select
              label={t('tickets.form.priority')}
              data={TICKET_PRIORITIES.map((value) => ({ value, label: t(`tickets.priorities.${value}`) }))}
              withAsterisk
              allowDeselect={false}
              {...form.getInputProps('priority')}
            />
            <Select
              label={t('tickets.form.escalation')}
              data={ESCALATION_LEVELS.map((value) => ({ value, label: t(`tickets.escalations.${value}`) }))}
              withAsterisk
              allowDeselect={false}
              {...form.getInputProps('escalation_level')}
            />
            <NumberInput
              label={t('tickets.form.slaTarget')}
              decimalScale={2}
              clampBehavior="none"
              withAsterisk
              {...form.getInputProps('sla_target')}
            />
            <TextInput
              type="datetime-local"
              step={1}
              label={t('tickets.form.dueDate')}
              withAsterisk
              {...form.getInputProps('due_date')}
            />
            <Select
              label={t('tickets.form.status')}
              data={TICKET_STATUSES.map((value) => ({ value, label: t(`tickets.statuses.${value}`) }))}
              withAsterisk
              allowDeselect={false}
              {...form.getInputProps('status')}
            />
            <TextInput
              label={t('tickets.form.tags')}
              placeholder={t('tickets.form.tagsPlaceholder')}
              {...form.getInputProps('tags')}
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('tickets.form.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {editing ? t('tickets.form.save') : t('tickets.form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
