import type { Company } from '@app/contract/companies';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconShieldLock, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/client.ts';
import { pageCount } from '../../shared/format/pagination.ts';
import { humanizeRole } from '../../shared/format/role.ts';
import { notify } from '../../shared/notify/notify.ts';
import { CardGrid, ListState } from '../../shared/ui/ListState.tsx';
import { Pager } from '../../shared/ui/Pager.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { CLIENT_ACCESS_PAGE_SIZE, useClientAccess, useSetClientAccess } from './client-access.api.ts';
import { usePermissions } from './permissions.api.ts';
import { useRoles } from './roles.api.ts';
import './rbac.i18n.ts';

function ModifyAccessDialog({ company, onClose }: { company: Company; onClose: () => void }) {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const save = useSetClientAccess();
  const [level, setLevel] = useState<Company['access_level']>(company.access_level);
  const [chosen, setChosen] = useState<string[]>(company.custom_permissions);

  const submit = async () => {
    try {
      await save.mutateAsync({
        id: company.id,
        access_level: level,
        custom_permissions: level === 'custom' ? chosen : [],
      });
      notify('success', t('rbac.accessUpdated'));
      onClose();
    } catch (error) {
      notify('error', errorMessage(error));
    }
  };

  return (
    <Modal opened onClose={onClose} title={`${t('rbac.modifyAccess')} · ${company.company_name}`} size="lg">
      <Stack gap="sm">
        <Text size="sm" fw={500}>
          {t('rbac.accessLevel')}
        </Text>
        <SegmentedControl
          value={level}
          onChange={(value) => setLevel(value as Company['access_level'])}
          data={[
            { value: 'full', label: t('rbac.full') },
            { value: 'custom', label: t('rbac.custom') },
          ]}
        />
        {level === 'custom' &&
          (permissions.isError ? (
            <Alert color="red">{t('errors.withMessage', { message: errorMessage(permissions.error) })}</Alert>
          ) : (
            <ScrollArea.Autosize mah={320}>
              <Checkbox.Group value={chosen} onChange={setChosen} aria-label={t('rbac.permissions')}>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6}>
                  {(permissions.data ?? []).map((p) => (
                    <Checkbox key={p.id} value={p.name} label={p.name} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
            </ScrollArea.Autosize>
          ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('rbac.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {t('rbac.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Access Control: the roles at a glance, and each client's access level with 'Modify Access'. */
export function AccessControlPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Company | null>(null);
  const roles = useRoles(1, '');
  const clients = useClientAccess(page);

  return (
    <>
      <PageTitle>{t('pages.accessControl')}</PageTitle>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={4}>{t('rbac.roles')}</Title>
        <Group gap="xs">
          <Button component={Link} to="/super-admin/access-control/roles" variant="light" size="xs">
            {t('rbac.manageRoles')}
          </Button>
          <Button component={Link} to="/super-admin/access-control/users" variant="light" size="xs">
            {t('rbac.manageUsers')}
          </Button>
        </Group>
      </Group>
      <ListState query={roles} items={roles.data?.data}>
        {(items) => (
          <Group gap="xs" mb="lg">
            {items.map((role) => (
              <Badge
                key={role.id}
                variant="light"
                size="lg"
                tt="none"
                leftSection={<IconShieldLock size={14} />}
              >
                {humanizeRole(role.name)} · {t('rbac.userCount', { count: role.user_count })}
              </Badge>
            ))}
          </Group>
        )}
      </ListState>
      <Title order={4} mb="sm">
        {t('rbac.clientPermissions')}
      </Title>
      <ListState query={clients} items={clients.data?.data} empty={t('rbac.noClients')}>
        {(items) => (
          <CardGrid columns={3}>
            {items.map((company) => (
              <Card key={company.id} withBorder padding="md" data-testid="client-access-card">
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600} truncate>
                      {company.company_name}
                    </Text>
                    <Badge
                      color={company.access_level === 'full' ? 'teal' : 'orange'}
                      variant="light"
                      tt="none"
                    >
                      {company.access_level === 'full' ? t('rbac.accessFull') : t('rbac.accessCustom')}
                    </Badge>
                  </Group>
                  {company.access_level === 'custom' && (
                    <Text size="xs" c="dimmed">
                      {t('rbac.customCount', { count: company.custom_permissions.length })}
                    </Text>
                  )}
                  <Group gap={4}>
                    <IconUsers size={14} aria-hidden />
                    <Text size="xs" c="dimmed">
                      {company.status}
                    </Text>
                  </Group>
                  <Button variant="light" size="xs" onClick={() => setEditing(company)}>
                    {t('rbac.modifyAccess')}
                  </Button>
                </Stack>
              </Card>
            ))}
          </CardGrid>
        )}
      </ListState>
      <Pager
        page={page}
        totalPages={pageCount(clients.data?.meta?.total ?? 0, CLIENT_ACCESS_PAGE_SIZE)}
        onChange={setPage}
      />
      {editing && <ModifyAccessDialog company={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
