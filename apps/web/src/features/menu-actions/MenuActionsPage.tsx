import type { MenuAction } from '@app/contract/menu-actions';
import { ActionIcon, Button, Card, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBolt, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { notify } from '../../shared/notify/notify.ts';
import { CardGrid, CardHeading, ListState } from '../../shared/ui/ListState.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { RowActionIcons } from '../../shared/ui/RowActions.tsx';
import { SearchToolbar, useDebouncedSearch } from '../../shared/ui/SearchField.tsx';
import {
  type ActionInput,
  useDeleteMenuAction,
  useMenuActions,
  useSaveMenuActions,
} from './menu-actions.api.ts';
import './menu-actions.i18n.ts';

/** Menu actions are filtered in the browser, 700 ms after typing stops (super-admin §9). */
export const MENU_ACTION_SEARCH_DEBOUNCE_MS = 700;

function MenuActionDialog({ action, onClose }: { action: MenuAction | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveMenuActions();
  const form = useForm<{ actions: ActionInput[] }>({
    initialValues: {
      actions: [{ action_code: action?.action_code ?? '', action_name: action?.action_name ?? '' }],
    },
    validate: {
      actions: {
        action_code: (v) => (v.trim() ? null : t('menuActions.codeRequired')),
        action_name: (v) => (v.trim() ? null : t('menuActions.nameRequired')),
      },
    },
  });

  const submit = form.onSubmit(async ({ actions }) => {
    try {
      await save.mutateAsync({
        id: action?.id,
        actions: actions.map((a) => ({
          action_code: a.action_code.trim(),
          action_name: a.action_name.trim(),
        })),
      });
      notify('success', action ? t('menuActions.updated') : t('menuActions.created'));
      onClose();
    } catch (error) {
      notify('error', errorMessage(error), t('menuActions.failed'));
    }
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={action ? t('menuActions.edit') : t('menuActions.create')}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {form.values.actions.map((_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are identified by their place in the form
            <Group key={index} align="flex-start" gap="xs" wrap="nowrap">
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" style={{ flex: 1 }}>
                <TextInput
                  label={t('menuActions.actionCode')}
                  withAsterisk
                  {...form.getInputProps(`actions.${index}.action_code`)}
                />
                <TextInput
                  label={t('menuActions.actionName')}
                  withAsterisk
                  {...form.getInputProps(`actions.${index}.action_name`)}
                />
              </SimpleGrid>
              {form.values.actions.length > 1 && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={28}
                  aria-label={t('menuActions.removeRow', { index: index + 1 })}
                  onClick={() => form.removeListItem('actions', index)}
                >
                  <IconX size={16} />
                </ActionIcon>
              )}
            </Group>
          ))}
          {!action && (
            <Button
              variant="subtle"
              leftSection={<IconPlus size={16} />}
              onClick={() => form.insertListItem('actions', { action_code: '', action_name: '' })}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('menuActions.addRow')}
            </Button>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('menuActions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('menuActions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Menu Action Management: client-side search (700 ms), 'Create Action', edit, delete with a browser confirmation. */
export function MenuActionsPage() {
  const { t } = useTranslation();
  const search = useDebouncedSearch(MENU_ACTION_SEARCH_DEBOUNCE_MS);
  const term = search.term.toLowerCase();
  const [editing, setEditing] = useState<MenuAction | 'new' | null>(null);
  const actions = useMenuActions();
  const remove = useDeleteMenuAction();
  const shown = (actions.data ?? []).filter(
    (a) => a.action_code.toLowerCase().includes(term) || a.action_name.toLowerCase().includes(term),
  );

  const destroy = async (action: MenuAction) => {
    if (!window.confirm(t('menuActions.confirmDelete'))) return;
    try {
      await remove.mutateAsync(action.id);
      notify('success', t('menuActions.deleted'));
    } catch (error) {
      notify('error', errorMessage(error), t('menuActions.failed'));
    }
  };

  return (
    <>
      <PageTitle>{t('pages.menuAction')}</PageTitle>
      <SearchToolbar
        label={t('menuActions.search')}
        search={search.field}
        add={{ label: t('menuActions.create'), onClick: () => setEditing('new') }}
      />
      <ListState query={actions} items={shown} empty={t('menuActions.empty')}>
        {(items) => (
          <CardGrid columns={3}>
            {items.map((action) => (
              <Card key={action.id} withBorder padding="sm" data-testid="menu-action-card">
                <CardHeading
                  icon={IconBolt}
                  title={action.action_name}
                  subtitle={action.action_code}
                  subtitleProps={{ ff: 'monospace', truncate: true }}
                  actions={
                    <RowActionIcons
                      variant="default"
                      actions={[
                        {
                          label: `${t('menuActions.edit')} ${action.action_code}`,
                          icon: IconPencil,
                          onClick: () => setEditing(action),
                        },
                        {
                          label: `${t('menuActions.delete')} ${action.action_code}`,
                          icon: IconTrash,
                          onClick: () => void destroy(action),
                          color: 'red',
                        },
                      ]}
                    />
                  }
                />
              </Card>
            ))}
          </CardGrid>
        )}
      </ListState>
      {editing && (
        <MenuActionDialog action={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
