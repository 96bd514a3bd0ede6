import type { Company } from '@app/contract/companies';
import { COMPANY_INDUSTRIES } from '@app/contract/constants';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  Loader,
  Overlay,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  IconBuilding,
  IconEye,
  IconFilter,
  IconLogin2,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
  IconUserPlus,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/client.ts';
import { enterClientAccount } from '../../shared/auth/session-actions.ts';
import { pageCount } from '../../shared/format/pagination.ts';
import { notify } from '../../shared/notify/notify.ts';
import { ConfirmDialog, useConfirmDelete } from '../../shared/ui/ConfirmDialog.tsx';
import { CardGrid, ListState } from '../../shared/ui/ListState.tsx';
import { Pager } from '../../shared/ui/Pager.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { RowActionsMenu } from '../../shared/ui/RowActions.tsx';
import { SearchToolbar, useSubmittedSearch } from '../../shared/ui/SearchField.tsx';
import { CompanyDetailDialog } from './CompanyDetailDialog.tsx';
import { CompanyFormDialog } from './CompanyFormDialog.tsx';
import {
  COMPANIES_PAGE_SIZE,
  type CompanyFilters,
  planOptionsQuery,
  useCompanies,
  useCompanyStatus,
  useDeleteCompany,
} from './companies.api.ts';
import { RegisterUserDialog } from './RegisterUserDialog.tsx';
import './companies.i18n.ts';

/** The 'Kelola' overlay shows this long before the client dashboard opens (super-admin §9). */
export const IMPERSONATION_DELAY_MS = 1000;

const STATUS: Record<Company['status'], { key: string; color: string }> = {
  active: { key: 'clients.statusActive', color: 'teal' },
  trial: { key: 'clients.statusTrial', color: 'blue' },
  suspended: { key: 'clients.statusSuspended', color: 'red' },
  inactive: { key: 'clients.statusInactive', color: 'gray' },
};

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; company: Company }
  | { kind: 'detail'; company: Company }
  | { kind: 'register'; company: Company };

/**
 * Client Management: the searchable (on Enter) company list, 3 per page, with a working filter
 * panel, 'Tambah Client', detail, Add Admin, Edit Client, Suspend/Activate, delete and 'Kelola'.
 */
export function ClientsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const search = useSubmittedSearch(() => setPage(1));
  const [filters, setFilters] = useState<CompanyFilters>({});
  const [cityDraft, setCityDraft] = useState('');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [entering, setEntering] = useState(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const companies = useCompanies(page, search.term, filters);
  const plans = useQuery({ ...planOptionsQuery(), enabled: filtersOpen });
  const setStatus = useCompanyStatus();
  const deletion = useConfirmDelete<Company>(useDeleteCompany(), { success: t('companies.deleted') });
  const total = companies.data?.meta?.total ?? 0;

  const filter = (change: CompanyFilters) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  };

  const manage = async (company: Company) => {
    setEntering(true);
    try {
      // The overlay shows first; the tokens change only then, since that leaves the super-admin area.
      await new Promise((resolve) => setTimeout(resolve, IMPERSONATION_DELAY_MS));
      await enterClientAccount(company.external_id);
      navigate('/client/dashboard', { replace: true });
    } catch (error) {
      setEntering(false);
      notify('error', errorMessage(error, t('errors.generic')));
    }
  };

  const toggleStatus = async (company: Company) => {
    try {
      await setStatus.mutateAsync({
        id: company.id,
        status: company.status === 'suspended' ? 'active' : 'suspended',
      });
      notify('success', t('companies.statusUpdated'));
    } catch (error) {
      notify('error', errorMessage(error, t('companies.failedStatus')));
    }
  };

  return (
    <>
      {entering && (
        <Overlay fixed zIndex={400} blur={2} center>
          <Paper withBorder shadow="md" p="lg" radius="md" role="status">
            <Stack align="center" gap="xs">
              <Loader size="sm" />
              <Text fw={600}>{t('clients.redirecting')}</Text>
            </Stack>
          </Paper>
        </Overlay>
      )}
      <PageTitle>{t('pages.clientManagement')}</PageTitle>
      <SearchToolbar
        label={t('clients.searchPlaceholder')}
        search={search.field}
        add={{ label: t('companies.addClient'), onClick: () => setDialog({ kind: 'create' }) }}
        align="flex-start"
      >
        <Button
          variant={filtersOpen ? 'light' : 'default'}
          leftSection={<IconFilter size={16} />}
          onClick={() => setFiltersOpen((open) => !open)}
          aria-expanded={filtersOpen}
        >
          {t('companies.filters')}
        </Button>
      </SearchToolbar>
      <Collapse expanded={filtersOpen}>
        <Paper withBorder p="sm" mb="md" data-testid="company-filters">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <Select
              label={t('companies.filterStatus')}
              allowDeselect={false}
              value={filters.status ?? 'all'}
              onChange={(value) =>
                filter({ status: !value || value === 'all' ? undefined : (value as Company['status']) })
              }
              data={[
                { value: 'all', label: t('companies.all') },
                { value: 'active', label: t('companies.active') },
                { value: 'trial', label: t('companies.trial') },
                { value: 'suspended', label: t('companies.suspended') },
              ]}
            />
            <Select
              label={t('companies.filterPlan')}
              clearable
              placeholder={t('companies.all')}
              value={filters.package_id ? String(filters.package_id) : null}
              onChange={(value) => filter({ package_id: value ? Number(value) : undefined })}
              data={(plans.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
            />
            <Select
              label={t('companies.filterIndustry')}
              clearable
              placeholder={t('companies.all')}
              value={filters.industry ?? null}
              onChange={(value) => filter({ industry: value ?? undefined })}
              data={[...COMPANY_INDUSTRIES]}
            />
            <TextInput
              label={t('companies.filterLocation')}
              value={cityDraft}
              onChange={(event) => setCityDraft(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') filter({ city: cityDraft.trim() || undefined });
              }}
              onBlur={() => filter({ city: cityDraft.trim() || undefined })}
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="sm">
            <Button
              variant="subtle"
              size="xs"
              onClick={() => {
                setFilters({});
                setCityDraft('');
                setPage(1);
              }}
            >
              {t('companies.resetFilters')}
            </Button>
          </Group>
        </Paper>
      </Collapse>
      <ListState query={companies} items={companies.data?.data} empty={t('clients.empty')}>
        {(items) => (
          <CardGrid>
            {items.map((company) => (
              <Card key={company.external_id} withBorder padding="md" data-testid="company-card">
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 200px' }}>
                    <IconBuilding size={28} aria-hidden style={{ flexShrink: 0 }} />
                    <Stack gap={2} miw={0}>
                      <Group gap="xs" wrap="wrap">
                        <Text fw={600} truncate>
                          {company.company_name}
                        </Text>
                        <Badge color={STATUS[company.status]?.color ?? 'gray'} variant="light" tt="none">
                          {t(STATUS[company.status]?.key ?? 'clients.statusInactive')}
                        </Badge>
                      </Group>
                      <Text size="sm" c="dimmed">
                        {company.industry} · {company.city}
                      </Text>
                    </Stack>
                  </Group>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      leftSection={<IconLogin2 size={16} />}
                      onClick={() => manage(company)}
                      disabled={entering}
                    >
                      {t('clients.manage')}
                    </Button>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={t('companies.detail')}
                      onClick={() => setDialog({ kind: 'detail', company })}
                    >
                      <IconEye size={18} />
                    </ActionIcon>
                    <RowActionsMenu
                      label={t('companies.actions')}
                      variant="default"
                      size="lg"
                      actions={[
                        {
                          label: t('companies.addAdmin'),
                          icon: IconUserPlus,
                          onClick: () => setDialog({ kind: 'register', company }),
                        },
                        {
                          label: t('companies.editClient'),
                          icon: IconPencil,
                          onClick: () => setDialog({ kind: 'edit', company }),
                        },
                        company.status === 'suspended'
                          ? {
                              label: t('companies.activate'),
                              icon: IconPlayerPlay,
                              onClick: () => void toggleStatus(company),
                            }
                          : {
                              label: t('companies.suspend'),
                              icon: IconPlayerPause,
                              onClick: () => void toggleStatus(company),
                            },
                        {
                          label: t('companies.deleteClient'),
                          icon: IconTrash,
                          onClick: () => deletion.ask(company),
                          color: 'red',
                          divider: true,
                        },
                      ]}
                    />
                  </Group>
                </Group>
              </Card>
            ))}
          </CardGrid>
        )}
      </ListState>
      <Pager page={page} totalPages={pageCount(total, COMPANIES_PAGE_SIZE)} onChange={setPage} />

      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <CompanyFormDialog
          opened
          onClose={() => setDialog(null)}
          company={dialog.kind === 'edit' ? dialog.company : null}
        />
      )}
      {dialog?.kind === 'detail' && (
        <CompanyDetailDialog companyId={dialog.company.id} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'register' && (
        <RegisterUserDialog company={dialog.company} onClose={() => setDialog(null)} />
      )}
      <ConfirmDialog
        {...deletion.dialog}
        title={t('companies.deleteTitle')}
        body={t('companies.deleteBody')}
        confirmLabel={t('companies.confirmDelete')}
        cancelLabel={t('companies.cancel')}
      />
    </>
  );
}
