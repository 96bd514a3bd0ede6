import {
  ActionIcon,
  Button,
  Card,
  Divider,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { notify } from '../../shared/notify/notify.ts';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import {
  addRefusal,
  emptyChild,
  emptyMenu,
  type MenuDraft,
  menuBody,
  menusToSave,
  placeEntry,
  validateMenu,
  workflowOptions,
} from './chat-menu-form.ts';
import { useActionOptions, useCreateChatMenus, useWorkflowOptions } from './chat-menus.api.ts';
import './chat-menus.i18n.ts';

type Option = { value: string; label: string };
const labelOf = (options: Option[], value: string | null) =>
  options.find((option) => option.value === value)?.label ?? '—';

/**
 * 'Create Chat Menu' (client-area §2): one menu at a time in the editor, with its child menus;
 * 'Add New Menu' moves it into the Temporary Menu List, where each can be edited or removed;
 * 'Save All Menus' sends the list at once.
 */
export function ChatMenuDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { guard } = usePermissions();
  const phone = useMediaQuery('(max-width: 36em)');
  const workflows = useWorkflowOptions(true, true);
  const actions = useActionOptions(true, true);
  const create = useCreateChatMenus();
  const [list, setList] = useState<MenuDraft[]>([]);
  const [editing, setEditing] = useState<number | null>(null);
  const form = useForm<MenuDraft>({
    mode: 'controlled',
    initialValues: emptyMenu(),
    validate: (values) =>
      Object.fromEntries(Object.entries(validateMenu(values)).map(([field, key]) => [field, t(key)])),
  });

  const workflowData = workflowOptions(workflows.data ?? []);
  const actionData = (actions.data ?? []).map((action) => ({
    value: String(action.id),
    label: action.action_name,
  }));

  const refuse = (refusal: string) => {
    form.validate();
    notify('warning', t(refusal));
  };

  /** Back to an empty editor for the next menu. */
  const clearEditor = () => {
    setEditing(null);
    form.setValues(emptyMenu());
    form.clearErrors();
  };

  const addToList = () => {
    const refusal = addRefusal(form.values);
    if (refusal) return refuse(refusal);
    const entry = form.values;
    setList((current) => placeEntry(current, entry, editing));
    clearEditor();
  };

  const edit = (index: number) => {
    const entry = list[index];
    if (!entry) return;
    setEditing(index);
    form.setValues(entry);
    form.clearErrors();
  };

  const removeEntry = (index: number) => {
    setList((current) => current.filter((_, i) => i !== index));
    if (editing === index) {
      clearEditor();
    } else if (editing !== null && index < editing) {
      setEditing(editing - 1);
    }
  };

  const saveAll = async () => {
    if (create.isPending || !guard('chatmenu_create')) return;
    const result = menusToSave(list, form.values, editing);
    if (!result.ok) return refuse(result.refusal);
    try {
      const saved = await create.mutateAsync(result.menus.map(menuBody));
      notify('success', saved.message || t('chatMenus.created'));
      onClose();
    } catch (error) {
      notify('error', errorMessage(error, t('chatMenus.failedCreate')));
    }
  };

  const workflowSelect = (path: string) => (
    <Select
      label={t('chatMenus.workflow')}
      placeholder={t('chatMenus.workflowPlaceholder')}
      withAsterisk
      searchable
      data={workflowData}
      nothingFoundMessage={t('chatMenus.noWorkflows')}
      disabled={workflows.isPending}
      {...form.getInputProps(path)}
    />
  );
  const actionSelect = (path: string) => (
    <Select
      label={t('chatMenus.action')}
      placeholder={t('chatMenus.actionPlaceholder')}
      withAsterisk
      searchable
      data={actionData}
      nothingFoundMessage={t('chatMenus.noActions')}
      disabled={actions.isPending}
      {...form.getInputProps(path)}
    />
  );

  return (
    <Modal opened onClose={onClose} title={t('chatMenus.dialogTitle')} size="xl" fullScreen={phone} centered>
      <Stack gap="sm">
        {(workflows.isError || actions.isError) && (
          <Text c="red" size="sm" role="alert">
            {errorMessage(workflows.error ?? actions.error, t('errors.fetchList'))}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label={t('chatMenus.menuName')} withAsterisk {...form.getInputProps('name')} />
          {workflowSelect('workflow_id')}
          {actionSelect('action_id')}
        </SimpleGrid>
        <Textarea
          label={t('chatMenus.description')}
          withAsterisk
          autosize
          minRows={2}
          maxRows={5}
          {...form.getInputProps('description')}
        />

        <Group justify="space-between" mt="xs">
          <Text fw={600} size="sm">
            {t('chatMenus.childMenus')}
          </Text>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => form.insertListItem('children', emptyChild())}
          >
            {t('chatMenus.addChild')}
          </Button>
        </Group>
        {form.values.children.map((_, index) => (
          <Card
            // biome-ignore lint/suspicious/noArrayIndexKey: child rows are identified by their place in the form
            key={index}
            withBorder
            padding="sm"
            radius="md"
            data-testid="child-menu-row"
            aria-label={t('chatMenus.childMenu', { index: index + 1 })}
            role="group"
          >
            <Group justify="space-between" mb={4}>
              <Text size="xs" c="dimmed">
                {t('chatMenus.childMenu', { index: index + 1 })}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                aria-label={t('chatMenus.removeChild', { index: index + 1 })}
                onClick={() => form.removeListItem('children', index)}
              >
                <IconX size={14} />
              </ActionIcon>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput
                label={t('chatMenus.childMenuName')}
                withAsterisk
                {...form.getInputProps(`children.${index}.name`)}
              />
              {workflowSelect(`children.${index}.workflow_id`)}
              {actionSelect(`children.${index}.action_id`)}
            </SimpleGrid>
            <Textarea
              mt="xs"
              label={t('chatMenus.description')}
              withAsterisk
              autosize
              minRows={1}
              maxRows={4}
              {...form.getInputProps(`children.${index}.description`)}
            />
          </Card>
        ))}

        <Group gap="xs">
          <Button
            variant="light"
            leftSection={editing === null ? <IconPlus size={16} /> : <IconPencil size={16} />}
            onClick={addToList}
          >
            {editing === null ? t('chatMenus.addMenu') : t('chatMenus.updateMenu')}
          </Button>
          {editing !== null && (
            <Button variant="subtle" color="gray" onClick={clearEditor}>
              {t('chatMenus.cancelEdit')}
            </Button>
          )}
        </Group>

        <Divider />
        <Title order={5}>{t('chatMenus.temporaryList')}</Title>
        {list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('chatMenus.temporaryEmpty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped withTableBorder verticalSpacing="xs" aria-label={t('chatMenus.temporaryList')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('chatMenus.columns.name')}</Table.Th>
                  <Table.Th>{t('chatMenus.columns.description')}</Table.Th>
                  <Table.Th>{t('chatMenus.columns.workflow')}</Table.Th>
                  <Table.Th>{t('chatMenus.columns.action')}</Table.Th>
                  <Table.Th>{t('chatMenus.columns.children')}</Table.Th>
                  <Table.Th>{t('chatMenus.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((entry, index) => (
                  <Table.Tr
                    // biome-ignore lint/suspicious/noArrayIndexKey: entries are identified by their place in the list
                    key={index}
                    data-testid="temporary-menu-row"
                    bg={editing === index ? 'var(--mantine-primary-color-light)' : undefined}
                  >
                    <Table.Td fw={600}>{entry.name}</Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={2}>
                        {entry.description}
                      </Text>
                    </Table.Td>
                    <Table.Td>{labelOf(workflowData, entry.workflow_id)}</Table.Td>
                    <Table.Td>{labelOf(actionData, entry.action_id)}</Table.Td>
                    <Table.Td>
                      {entry.children.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          {t('chatMenus.none')}
                        </Text>
                      ) : (
                        <Text size="sm">{entry.children.map((child) => child.name).join(', ')}</Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('chatMenus.editEntry', { name: entry.name })}
                          onClick={() => edit(index)}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('chatMenus.deleteEntry', { name: entry.name })}
                          onClick={() => removeEntry(index)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}

        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('chatMenus.cancel')}
          </Button>
          <Button loading={create.isPending} onClick={() => void saveAll()}>
            {t('chatMenus.saveAll')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
