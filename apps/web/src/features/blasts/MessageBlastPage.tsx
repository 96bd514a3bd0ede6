import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconHistory, IconPlus, IconRocket } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/client.ts';
import { pageCount } from '../../shared/format/pagination.ts';
import { notify } from '../../shared/notify/notify.ts';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import { useQuota } from '../../shared/quota/quota.api.ts';
import { Pager } from '../../shared/ui/Pager.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { BlastCard } from './BlastCard.tsx';
import { BlastHistoryDialog } from './BlastHistoryDialog.tsx';
import { anyRunning } from './blast-form.ts';
import { BLAST_POLL_MS, BLASTS_PAGE_SIZE, useRunningBlasts, useSetBlastStatus } from './blasts.api.ts';
import { CreateBlastDialog } from './CreateBlastDialog.tsx';
import './blasts.i18n.ts';

/** 'Need More Messages?': shown instead of New Blast once the WhatsApp quota is used up. */
function QuotaBanner() {
  const { t } = useTranslation();
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconRocket size={18} />}
      title={t('blasts.quotaTitle')}
      data-testid="quota-banner"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{t('blasts.quotaBody')}</Text>
        <Button component={Link} to="/client/billing" size="xs" color="yellow">
          {t('blasts.upgrade')}
        </Button>
      </Group>
    </Alert>
  );
}

/** Message Blast (client-area §2): running blasts with live progress, New Blast, the history. */
export function MessageBlastPage() {
  const { t } = useTranslation();
  const { can, guard } = usePermissions();
  const allowed = can('blast_read');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const list = useRunningBlasts(page, allowed);
  const sending = anyRunning(list.data?.data);
  // A running blast spends the quota: keep it current meanwhile.
  const quota = useQuota(sending ? BLAST_POLL_MS : false);
  const setStatus = useSetBlastStatus();
  const quotaLeft = quota.data !== undefined && quota.data.wa_message_remain > 0;
  const quotaUsedUp = quota.data !== undefined && !quotaLeft;

  const toggle = async (id: number, status: 'running' | 'paused') => {
    if (!guard('blast_update')) return;
    try {
      const result = await setStatus.mutateAsync({ id, status });
      notify('success', result.message || t('blasts.statusChanged'));
    } catch (error) {
      notify('error', errorMessage(error, t('blasts.failedStatus')));
    }
  };

  if (!allowed) {
    return (
      <>
        <PageTitle>{t('blasts.title')}</PageTitle>
        <Alert color="red" title={t('toast.permissionDenied')}>
          {t('blasts.readDenied')}
        </Alert>
      </>
    );
  }

  let body: ReactNode;
  if (list.isError) {
    body = (
      <Alert color="red">
        {t('errors.withMessage', { message: errorMessage(list.error, t('errors.fetchList')) })}
      </Alert>
    );
  } else if (list.isPending) {
    body = (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" aria-busy="true">
        {[0, 1].map((n) => (
          <Skeleton key={n} h={260} radius="md" />
        ))}
      </SimpleGrid>
    );
  } else if (list.data.data.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="xl">
        {t('blasts.empty')}
      </Text>
    );
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" data-testid="running-blasts">
        {list.data.data.map((blast) => (
          <BlastCard
            key={blast.id}
            blast={blast}
            toggling={setStatus.isPending && setStatus.variables?.id === blast.id}
            onToggle={(status) => void toggle(blast.id, status)}
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <PageTitle>{t('blasts.title')}</PageTitle>
        <Group gap="xs" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconHistory size={16} />}
            onClick={() => setShowHistory(true)}
          >
            {t('blasts.viewHistory')}
          </Button>
          {can('blast_create') && quotaLeft && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => guard('blast_create') && setCreating(true)}
            >
              {t('blasts.newBlast')}
            </Button>
          )}
        </Group>
      </Group>
      {quotaUsedUp && <QuotaBanner />}
      <Title order={4}>{t('blasts.running')}</Title>
      {body}
      <Pager
        page={page}
        totalPages={pageCount(list.data?.meta?.total ?? 0, BLASTS_PAGE_SIZE)}
        onChange={setPage}
      />
      {creating && <CreateBlastDialog onClose={() => setCreating(false)} />}
      {showHistory && <BlastHistoryDialog onClose={() => setShowHistory(false)} />}
    </Stack>
  );
}
