import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconHistory, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { pageCount } from '../../shared/format/pagination.ts';
import { notify } from '../../shared/notify/notify.ts';
import { QuotaBanner, UpgradePlanButton, useWhatsAppQuota } from '../../shared/outbound/QuotaBanner.tsx';
import { SendCardList } from '../../shared/outbound/SendCardList.tsx';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import { Pager } from '../../shared/ui/Pager.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { BlastCard } from './BlastCard.tsx';
import { BlastHistoryDialog } from './BlastHistoryDialog.tsx';
import { anyRunning } from './blast-form.ts';
import { BLAST_POLL_MS, BLASTS_PAGE_SIZE, useRunningBlasts, useSetBlastStatus } from './blasts.api.ts';
import { CreateBlastDialog } from './CreateBlastDialog.tsx';
import './blasts.i18n.ts';

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
  const quota = useWhatsAppQuota(sending ? BLAST_POLL_MS : false);
  const setStatus = useSetBlastStatus();

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
          {can('blast_create') && quota.left && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => guard('blast_create') && setCreating(true)}
            >
              {t('blasts.newBlast')}
            </Button>
          )}
        </Group>
      </Group>
      {quota.usedUp && (
        <QuotaBanner>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm">{t('blasts.quotaBody')}</Text>
            <UpgradePlanButton />
          </Group>
        </QuotaBanner>
      )}
      <Title order={4}>{t('blasts.running')}</Title>
      <SendCardList
        list={list}
        empty={t('blasts.empty')}
        columns={2}
        skeletons={{ count: 2, height: 260 }}
        testId="running-blasts"
      >
        {(blast) => (
          <BlastCard
            key={blast.id}
            blast={blast}
            toggling={setStatus.isPending && setStatus.variables?.id === blast.id}
            onToggle={(status) => void toggle(blast.id, status)}
          />
        )}
      </SendCardList>
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
