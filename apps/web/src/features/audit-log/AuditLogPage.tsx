import type { AuditEntry } from '@app/contract/audit';
import { ActionIcon, Card, Code, Group, Popover, ScrollArea, Select, Stack, Text } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageCount } from '../../shared/format/pagination.ts';
import { ListState } from '../../shared/ui/ListState.tsx';
import { Pager } from '../../shared/ui/Pager.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { SearchField, useSubmittedSearch } from '../../shared/ui/SearchField.tsx';
import { TableOrCards } from '../../shared/ui/TableOrCards.tsx';
import {
  AUDIT_GROUPS,
  type AuditGroup,
  actingAs,
  actionLabel,
  formatAuditDate,
  formatAuditDetails,
} from './audit-format.ts';
import { AUDIT_PAGE_SIZE, useAuditLog } from './audit-log.api.ts';
import './audit-log.i18n.ts';

const wrap = { overflowWrap: 'anywhere' } as const;

function ActionCell({ action }: { action: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm" fw={600}>
        {actionLabel(action, t)}
      </Text>
      <Code fz="xs" data-testid="audit-action-code">
        {action}
      </Code>
    </Stack>
  );
}

function ActorCell({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const as = actingAs(entry.actor_email, entry.acting_super_admin_email);
  return (
    <Stack gap={0}>
      <Text size="sm" style={wrap}>
        {entry.actor_email ?? '-'}
      </Text>
      {as && (
        <Text size="xs" c="dimmed" style={wrap} data-testid="audit-acting-as">
          {t('auditLog.actingAs', { email: as })}
        </Text>
      )}
    </Stack>
  );
}

/** The entry's details as JSON, in a popover (the table stays one line per entry). */
function DetailsButton({ entry, dash = true }: { entry: AuditEntry; dash?: boolean }) {
  const { t } = useTranslation();
  const json = formatAuditDetails(entry.details);
  if (!json) {
    return dash ? (
      <Text size="sm" c="dimmed" title={t('auditLog.noDetails')}>
        -
      </Text>
    ) : null;
  }
  const label = t('auditLog.detailsOf', { id: entry.id });
  return (
    <Popover position="bottom-end" shadow="md" withArrow width={360} trapFocus>
      <Popover.Target>
        <ActionIcon variant="light" aria-label={label} title={t('auditLog.details')}>
          <IconBraces size={16} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label={label} p="xs" maw="calc(100vw - 32px)">
        <ScrollArea.Autosize mah={320} type="auto">
          {/* Focusable, so the focus trap lands here, Escape closes and the keys scroll long JSON. */}
          <Code block fz="xs" tabIndex={0} data-testid="audit-details-json">
            {json}
          </Code>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * Audit Log (super admins; the production-operations issue): newest first, search submitted on
 * Enter, an action-group filter, 10 per page, a table on wide screens and cards on phones.
 */
export function AuditLogPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const search = useSubmittedSearch(() => setPage(1));
  const [action, setAction] = useState<AuditGroup>('');
  const log = useAuditLog({ page, search: search.term, action });
  const total = log.data?.total ?? 0;
  const company = (entry: AuditEntry) =>
    entry.company_name ?? (entry.company_id === null ? '-' : `#${entry.company_id}`);

  return (
    <>
      <PageTitle>{t('pages.auditLog')}</PageTitle>
      <Text c="dimmed" size="sm" mt={-8} mb="md" data-testid="audit-log-description">
        {t('auditLog.description')}
      </Text>
      <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
        <SearchField
          label={t('auditLog.searchPlaceholder')}
          {...search.field}
          style={{ flex: 1, minWidth: 220 }}
          maw={480}
        />
        <Select
          aria-label={t('auditLog.groupFilter')}
          data={AUDIT_GROUPS.map((group) => ({ value: group.value, label: t(group.labelKey) }))}
          value={action}
          onChange={(value) => {
            setAction((value ?? '') as AuditGroup);
            setPage(1);
          }}
          allowDeselect={false}
          w={{ base: '100%', xs: 240 }}
        />
      </Group>
      <ListState
        query={log}
        items={log.data?.rows}
        errorTitle={t('auditLog.fetchFailed')}
        errorText={(message) => message}
        empty={t('auditLog.empty')}
      >
        {(rows) => (
          <TableOrCards
            items={rows}
            rowKey={(entry) => entry.id}
            minWidth={960}
            tableProps={{ 'data-testid': 'audit-table' }}
            rowProps={(entry) => ({ 'data-testid': 'audit-row', 'data-action': entry.action })}
            columns={[
              {
                header: t('auditLog.columns.when'),
                td: { style: { whiteSpace: 'nowrap' } },
                cell: (entry) => <Text size="sm">{formatAuditDate(entry.created_at)}</Text>,
              },
              { header: t('auditLog.columns.action'), cell: (entry) => <ActionCell action={entry.action} /> },
              {
                header: t('auditLog.columns.company'),
                cell: (entry) => (
                  <Text size="sm" style={wrap}>
                    {company(entry)}
                  </Text>
                ),
              },
              {
                header: t('auditLog.columns.actor'),
                td: { maw: 240 },
                cell: (entry) => <ActorCell entry={entry} />,
              },
              {
                header: t('auditLog.columns.subject'),
                td: { maw: 240 },
                cell: (entry) => (
                  <Text size="sm" style={wrap}>
                    {entry.subject ?? '-'}
                  </Text>
                ),
              },
              {
                header: t('auditLog.columns.ip'),
                cell: (entry) => (
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {entry.ip ?? '-'}
                  </Text>
                ),
              },
              { header: t('auditLog.columns.details'), cell: (entry) => <DetailsButton entry={entry} /> },
            ]}
            cardsProps={{ 'data-testid': 'audit-cards' }}
            card={(entry) => (
              <Card withBorder padding="sm" radius="md" data-testid="audit-card" data-action={entry.action}>
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <ActionCell action={entry.action} />
                  <DetailsButton entry={entry} dash={false} />
                </Group>
                <Text size="xs" c="dimmed" mt={6}>
                  {formatAuditDate(entry.created_at)}
                  {entry.ip ? ` · ${entry.ip}` : ''}
                </Text>
                <Stack gap={2} mt={6}>
                  <ActorCell entry={entry} />
                  {entry.company_id !== null && (
                    <Text size="xs" c="dimmed" style={wrap}>
                      {t('auditLog.columns.company')}: {company(entry)}
                    </Text>
                  )}
                  {entry.subject && (
                    <Text size="xs" c="dimmed" style={wrap}>
                      {t('auditLog.columns.subject')}: {entry.subject}
                    </Text>
                  )}
                </Stack>
              </Card>
            )}
          />
        )}
      </ListState>
      <Pager page={page} totalPages={pageCount(total, AUDIT_PAGE_SIZE)} onChange={setPage} />
    </>
  );
}
