import {
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_ICON_EMOJI,
  CATEGORY_ICONS,
  CATEGORY_NAME_MAX,
  type TicketCategory,
} from '@app/contract/tickets';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../shared/api/client.ts';
import { notify } from '../../shared/notify/notify.ts';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import { CenteredText } from '../../shared/ui/errors.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { useCategories, useDeleteCategory, useSaveCategory } from './tickets.api.ts';
import './tickets.i18n.ts';

const emoji = (icon: string) => CATEGORY_ICON_EMOJI[icon as keyof typeof CATEGORY_ICON_EMOJI] ?? '';

function CategoryDialog({ category, onClose }: { category: TicketCategory | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveCategory();
  const form = useForm({
    initialValues: {
      name: category?.name ?? '',
      description: category?.description ?? '',
      default_sla: (category?.default_sla ?? 60) as number | string,
      icon: (category?.icon ?? null) as string | null,
    },
    validate: {
      name: (v) =>
        !v.trim()
          ? t('tickets.config.nameRequired')
          : v.trim().length > CATEGORY_NAME_MAX
            ? t('tickets.config.nameTooLong')
            : null,
      description: (v) =>
        !v.trim()
          ? t('tickets.config.descriptionRequired')
          : v.trim().length > CATEGORY_DESCRIPTION_MAX
            ? t('tickets.config.descriptionTooLong')
            : null,
      default_sla: (v) =>
        v === '' || v === null
          ? t('tickets.config.defaultSlaRequired')
          : typeof v !== 'number' || v < 0
            ? t('tickets.config.defaultSlaPositive')
            : null,
      icon: (v) => (v ? null : t('tickets.config.iconRequired')),
    },
  });
  const submit = form.onSubmit(async (values) => {
    if (save.isPending) return;
    const body = {
      name: values.name.trim(),
      description: values.description.trim(),
      default_sla: Number(values.default_sla),
      icon: values.icon as (typeof CATEGORY_ICONS)[number],
    };
    try {
      await save.mutateAsync({ id: category?.id, body });
      notify('success', t(category ? 'tickets.config.updated' : 'tickets.config.created'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields.length) {
        form.setErrors(Object.fromEntries(error.fields.map((f) => [f.field, f.message])));
      }
      notify(
        'error',
        errorMessage(error, t(category ? 'tickets.config.failedUpdate' : 'tickets.config.failedCreate')),
      );
    }
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={category ? t('tickets.config.editTitle') : t('tickets.config.addTitle')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('tickets.config.name')} withAsterisk {...form.getInputProps('name')} />
          <Textarea
            label={t('tickets.config.description')}
            withAsterisk
            autosize
            minRows={2}
            {...form.getInputProps('description')}
          />
          <NumberInput
            label={t('tickets.config.defaultSla')}
            withAsterisk
            allowDecimal={false}
            {...form.getInputProps('default_sla')}
          />
          <Select
            label={t('tickets.config.icon')}
            placeholder={t('tickets.config.iconPlaceholder')}
            withAsterisk
            data={CATEGORY_ICONS.map((icon) => ({
              value: icon,
              label: `${emoji(icon)} ${t(`tickets.config.icons.${icon}`)}`,
            }))}
            {...form.getInputProps('icon')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('tickets.config.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('tickets.config.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Ticket Configuration (client-area §2): categories with default SLA and icon; add, edit, delete. */
export function TicketConfigurationPage() {
  const { t } = useTranslation();
  const { can, guard } = usePermissions();
  const categories = useCategories(can('ticket_read'));
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<TicketCategory | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TicketCategory | null>(null);

  const confirmDelete = async () => {
    if (!deleting || !guard('ticket_delete')) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify('success', t('tickets.config.deleted'));
      setDeleting(null);
    } catch (error) {
      notify('error', errorMessage(error, t('tickets.config.failedDelete')));
    }
  };

  const rows = categories.data ?? [];
  let body: ReactNode;
  if (categories.isError) {
    body = (
      <Alert color="red">
        {t('errors.withMessage', { message: errorMessage(categories.error, t('tickets.config.failedList')) })}
      </Alert>
    );
  } else if (categories.isPending) {
    body = <CenteredText>{t('tickets.config.loading')}</CenteredText>;
  } else if (rows.length === 0) {
    body = <CenteredText>{t('tickets.config.empty')}</CenteredText>;
  } else {
    body = (
      <Stack gap="sm">
        {rows.map((category) => (
          <Card key={category.id} withBorder padding="md" data-testid="category-card">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
                <Text size="xl" aria-hidden>
                  {emoji(category.icon)}
                </Text>
                <Stack gap={2} miw={0}>
                  <Text fw={600}>{category.name}</Text>
                  <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
                    {category.description}
                  </Text>
                  <Text size="xs">{t('tickets.config.minutes', { count: category.default_sla })}</Text>
                </Stack>
              </Group>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={`${t('tickets.config.edit')} ${category.name}`}
                  onClick={() => guard('ticket_update') && setEditing(category)}
                >
                  <IconPencil size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`${t('tickets.config.delete')} ${category.name}`}
                  onClick={() => guard('ticket_delete') && setDeleting(category)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/client/tickets" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} />
          {t('tickets.config.back')}
        </Group>
      </Anchor>
      <Group justify="space-between" wrap="wrap">
        <PageTitle>{t('tickets.config.title')}</PageTitle>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => guard('ticket_create') && setEditing('new')}
        >
          {t('tickets.config.add')}
        </Button>
      </Group>
      {body}
      {editing && (
        <CategoryDialog category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {deleting && (
        <Modal opened onClose={() => setDeleting(null)} title={t('tickets.config.deleteTitle')}>
          <Text size="sm">{t('tickets.config.deleteBody', { name: deleting.name })}</Text>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('tickets.config.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void confirmDelete()}>
              {t('tickets.config.delete')}
            </Button>
          </Group>
        </Modal>
      )}
    </Stack>
  );
}
