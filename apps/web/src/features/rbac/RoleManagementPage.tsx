import type { Role } from '@app/contract/rbac';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { pageCount } from '../../shared/format/pagination.ts';
import { humanizeRole } from '../../shared/format/role.ts';
import { Pager } from '../../shared/ui/Pager.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { RoleFormDialog } from './RoleFormDialog.tsx';
import { ROLES_PAGE_SIZE, useRoles } from './roles.api.ts';
import './rbac.i18n.ts';

/** Role cards show the first 3 policies, then '+N more' (super-admin §9). */
const SHOWN_POLICIES = 3;

/** Role Management: server-backed, search on Enter, 6 per page, create and edit with policies. */
export function RoleManagementPage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const roles = useRoles(page, search);

  return (
    <>
      <PageTitle>{t('pages.roleManagement')}</PageTitle>
      <Group mb="md" gap="sm" wrap="wrap">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('rbac.searchRoles')}
          aria-label={t('rbac.searchRoles')}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              setSearch(draft.trim());
              setPage(1);
            }
          }}
          style={{ flex: '1 1 220px' }}
          maw={420}
        />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t('rbac.createRole')}
        </Button>
      </Group>
      {roles.isError ? (
        <Alert color="red">{t('errors.withMessage', { message: errorMessage(roles.error) })}</Alert>
      ) : roles.isPending ? (
        <Text c="dimmed">{t('app.loading')}</Text>
      ) : roles.data.data.length === 0 ? (
        <Text c="dimmed">{t('rbac.noRoles')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {roles.data.data.map((role) => {
            const actions = [...new Set(role.policies.map((p) => p.action))];
            return (
              <Card key={role.id} withBorder padding="md" data-testid="role-card">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={4} miw={0}>
                    <Text fw={600}>{humanizeRole(role.name)}</Text>
                    {role.description && (
                      <Text size="sm" c="dimmed">
                        {role.description}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {t('rbac.userCount', { count: role.user_count })} ·{' '}
                      {t('rbac.policyCount', { count: actions.length })}
                    </Text>
                  </Stack>
                  <ActionIcon
                    variant="default"
                    aria-label={`${t('rbac.edit')} ${role.name}`}
                    onClick={() => setEditing(role)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                </Group>
                <Group gap={6} mt="sm">
                  {actions.slice(0, SHOWN_POLICIES).map((action) => (
                    <Badge key={action} variant="light" tt="none">
                      {action}
                    </Badge>
                  ))}
                  {actions.length > SHOWN_POLICIES && (
                    <Badge variant="outline" color="gray" tt="none">
                      {t('rbac.more', { count: actions.length - SHOWN_POLICIES })}
                    </Badge>
                  )}
                </Group>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
      <Pager
        page={page}
        totalPages={pageCount(roles.data?.meta?.total ?? 0, ROLES_PAGE_SIZE)}
        onChange={setPage}
      />
      {editing && (
        <RoleFormDialog role={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
