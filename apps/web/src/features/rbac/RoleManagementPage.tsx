import type { Role } from '@app/contract/rbac';
import { ActionIcon, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageCount } from '../../shared/format/pagination.ts';
import { humanizeRole } from '../../shared/format/role.ts';
import { CardGrid, ListState } from '../../shared/ui/ListState.tsx';
import { Pager } from '../../shared/ui/Pager.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { SearchToolbar, useSubmittedSearch } from '../../shared/ui/SearchField.tsx';
import { RoleFormDialog } from './RoleFormDialog.tsx';
import { ROLES_PAGE_SIZE, useRoles } from './roles.api.ts';
import './rbac.i18n.ts';

/** Role cards show the first 3 policies, then '+N more' (super-admin §9). */
const SHOWN_POLICIES = 3;

/** Role Management: server-backed, search on Enter, 6 per page, create and edit with policies. */
export function RoleManagementPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const search = useSubmittedSearch(() => setPage(1));
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const roles = useRoles(page, search.term);

  return (
    <>
      <PageTitle>{t('pages.roleManagement')}</PageTitle>
      <SearchToolbar
        label={t('rbac.searchRoles')}
        search={search.field}
        add={{ label: t('rbac.createRole'), onClick: () => setEditing('new') }}
      />
      <ListState query={roles} items={roles.data?.data} empty={t('rbac.noRoles')}>
        {(items) => (
          <CardGrid columns={2}>
            {items.map((role) => {
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
          </CardGrid>
        )}
      </ListState>
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
