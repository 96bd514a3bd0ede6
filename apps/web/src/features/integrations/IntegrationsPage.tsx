import type { Integration } from '@app/contract/integrations';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconBrandTelegram,
  IconBrandWhatsapp,
  IconMessageCircle,
  IconPlus,
  IconRobot,
  IconSearch,
  IconSettings,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { pageCount } from '../../shared/format/pagination.ts';
import { relativeTime } from '../../shared/format/relative-time.ts';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import { Pager } from '../../shared/ui/Pager.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { IntegrationDialog } from './IntegrationDialog.tsx';
import { INTEGRATIONS_PAGE_SIZE, type IntegrationFilter, useIntegrations } from './integrations.api.ts';
import './integrations.i18n.ts';

function TypeIcon({ integration }: { integration: Integration }) {
  const name = integration.platform_name.toLowerCase();
  if (integration.type === 'ai') return <IconRobot size={20} />;
  if (name.includes('telegram')) return <IconBrandTelegram size={20} />;
  if (name.includes('whats')) return <IconBrandWhatsapp size={20} />;
  return <IconMessageCircle size={20} />;
}

/** Integrations (client-area §2): cards with status and last sync, add/edit dialog, 'Show QR'. */
export function IntegrationsPage() {
  const { t } = useTranslation();
  const { can, guard } = usePermissions();
  const [draft, setDraft] = useState('');
  const [search] = useDebouncedValue(draft.trim(), 500);
  const [status, setStatus] = useState<IntegrationFilter['status']>('');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ integration: Integration | null; key: number } | null>(null);
  const allowed = can('integration_read');
  const list = useIntegrations({ page, search, status });
  const total = list.data?.meta?.total ?? 0;
  const typeLabel = (type: Integration['type']) =>
    t(
      type === 'ai'
        ? 'integrations.typeAi'
        : type === 'other'
          ? 'integrations.typeOther'
          : 'integrations.typeMessagePlatform',
    );
  const when = (value: string) =>
    relativeTime(value, new Date(), (unit, count) =>
      unit === 'justNow' ? t('time.justNow') : t(`time.${unit}`, { count }),
    );

  if (!allowed) {
    return (
      <>
        <PageTitle>{t('integrations.title')}</PageTitle>
        <Alert color="red">{t('integrations.denied')}</Alert>
      </>
    );
  }

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <PageTitle>{t('integrations.title')}</PageTitle>
        </div>
        {can('integration_create') && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setDialog({ integration: null, key: Date.now() })}
          >
            {t('integrations.add')}
          </Button>
        )}
      </Group>
      <Text c="dimmed" size="sm" mt={-8} mb="md">
        {t('integrations.subtitle')}
      </Text>
      <Group gap="sm" mb="md" wrap="wrap">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('integrations.searchPlaceholder')}
          aria-label={t('integrations.searchPlaceholder')}
          value={draft}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 220px' }}
          maw={420}
        />
        <Select
          aria-label={t('integrations.status')}
          data={[
            { value: '', label: t('integrations.allStatuses') },
            { value: 'active', label: t('integrations.statusActive') },
            { value: 'inactive', label: t('integrations.statusInactive') },
          ]}
          value={status}
          onChange={(value) => {
            setStatus((value ?? '') as IntegrationFilter['status']);
            setPage(1);
          }}
          allowDeselect={false}
          w={170}
        />
      </Group>
      {list.isError ? (
        <Alert color="red">
          {t('errors.withMessage', { message: errorMessage(list.error, t('errors.fetchList')) })}
        </Alert>
      ) : list.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} h={140} radius="md" />
          ))}
        </SimpleGrid>
      ) : list.data.data.length === 0 ? (
        <Stack align="center" gap={4} py="xl">
          <Text fw={600}>{t('integrations.empty')}</Text>
          <Text c="dimmed" size="sm">
            {t('integrations.emptyHint')}
          </Text>
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {list.data.data.map((integration) => (
            <Card key={integration.id} withBorder padding="md" radius="md" data-testid="integration-card">
              <Stack gap="xs" h="100%">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Group gap="sm" wrap="nowrap" miw={0}>
                    <ThemeIcon variant="light" size="lg" radius="md" aria-label={typeLabel(integration.type)}>
                      <TypeIcon integration={integration} />
                    </ThemeIcon>
                    <Stack gap={0} miw={0}>
                      <Text fw={600} truncate>
                        {integration.title}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {typeLabel(integration.type)} · {integration.platform_name}
                      </Text>
                    </Stack>
                  </Group>
                  <Badge color={integration.status === 'active' ? 'teal' : 'gray'} variant="light" tt="none">
                    {t(
                      integration.status === 'active'
                        ? 'integrations.statusActive'
                        : 'integrations.statusInactive',
                    )}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {integration.last_sync_at
                    ? t('integrations.lastSync', { time: when(integration.last_sync_at) })
                    : t('integrations.neverSynced')}
                </Text>
                {integration.last_error && (
                  <Text size="xs" c="red" lineClamp={2}>
                    {integration.last_error}
                  </Text>
                )}
                <Group justify="flex-end" mt="auto">
                  <Button
                    variant="light"
                    size="xs"
                    leftSection={<IconSettings size={14} />}
                    onClick={() => {
                      if (guard('integration_update')) setDialog({ integration, key: Date.now() });
                    }}
                  >
                    {t('integrations.configure')}
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <Pager page={page} totalPages={pageCount(total, INTEGRATIONS_PAGE_SIZE)} onChange={setPage} />
      {dialog && (
        <IntegrationDialog
          key={dialog.key}
          opened
          integration={dialog.integration}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
