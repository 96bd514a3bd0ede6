import type { AuditEntry } from '@app/contract/audit';
import {
  ActionIcon,
  Alert,
  Card,
  Code,
  Group,
  Popover,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBraces, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { pageCount } from '../../shared/format/pagination.ts';
import { Pager } from '../../shared/ui/Pager.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
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
  const phone = useMediaQuery('(max-width: 48em)');
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [action, setAction] = useState<AuditGroup>('');
  const [page, setPage] = useState(1);
  const log = useAuditLog({ page, search, action });
  const rows = log.data?.rows ?? [];
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
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('auditLog.searchPlaceholder')}
          aria-label={t('auditLog.searchPlaceholder')}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              setSearch(draft.trim());
              setPage(1);
            }
          }}
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
      {log.isError ? (
        <Alert color="red" title={t('auditLog.fetchFailed')}>
          {errorMessage(log.error)}
        </Alert>
      ) : log.isPending ? (
        <Text c="dimmed">{t('app.loading')}</Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('auditLog.empty')}</Text>
      ) : phone ? (
        <Stack gap="sm" data-testid="audit-cards">
          {rows.map((entry) => (
            <Card
              key={entry.id}
              withBorder
              padding="sm"
              radius="md"
              data-testid="audit-card"
              data-action={entry.action}
            >
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
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={960}>
          <Table striped highlightOnHover verticalSpacing="sm" data-testid="audit-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('auditLog.columns.when')}</Table.Th>
                <Table.Th>{t('auditLog.columns.action')}</Table.Th>
                <Table.Th>{t('auditLog.columns.company')}</Table.Th>
                <Table.Th>{t('auditLog.columns.actor')}</Table.Th>
                <Table.Th>{t('auditLog.columns.subject')}</Table.Th>
                <Table.Th>{t('auditLog.columns.ip')}</Table.Th>
                <Table.Th>{t('auditLog.columns.details')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((entry) => (
                <Table.Tr key={entry.id} data-testid="audit-row" data-action={entry.action}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatAuditDate(entry.created_at)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <ActionCell action={entry.action} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={wrap}>
                      {company(entry)}
                    </Text>
                  </Table.Td>
                  <Table.Td maw={240}>
                    <ActorCell entry={entry} />
                  </Table.Td>
                  <Table.Td maw={240}>
                    <Text size="sm" style={wrap}>
                      {entry.subject ?? '-'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {entry.ip ?? '-'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <DetailsButton entry={entry} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager page={page} totalPages={pageCount(total, AUDIT_PAGE_SIZE)} onChange={setPage} />
    </>
  );
}
