import type { Company } from '@app/contract/companies';
import { COMPANY_INDUSTRIES } from '@app/contract/constants';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  Loader,
  Menu,
  Modal,
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
  IconDotsVertical,
  IconEye,
  IconFilter,
  IconLogin2,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconSearch,
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
import { Pager } from '../../shared/ui/Pager.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
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
  | { kind: 'register'; company: Company }
  | { kind: 'delete'; company: Company };

/**
 * Client Management: the searchable (on Enter) company list, 3 per page, with a working filter
 * panel, 'Tambah Client', detail, Add Admin, Edit Client, Suspend/Activate, delete and 'Kelola'.
 */
export function ClientsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<CompanyFilters>({});
  const [cityDraft, setCityDraft] = useState('');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [entering, setEntering] = useState(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const companies = useCompanies(page, search, filters);
  const plans = useQuery({ ...planOptionsQuery(), enabled: filtersOpen });
  const setStatus = useCompanyStatus();
  const remove = useDeleteCompany();
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

  const confirmDelete = async (company: Company) => {
    try {
      await remove.mutateAsync(company.id);
      notify('success', t('companies.deleted'));
      setDialog(null);
    } catch (error) {
      notify('error', errorMessage(error));
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
      <Group mb="md" gap="sm" wrap="wrap" align="flex-start">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('clients.searchPlaceholder')}
          aria-label={t('clients.searchPlaceholder')}
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
        <Button
          variant={filtersOpen ? 'light' : 'default'}
          leftSection={<IconFilter size={16} />}
          onClick={() => setFiltersOpen((open) => !open)}
          aria-expanded={filtersOpen}
        >
          {t('companies.filters')}
        </Button>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'create' })}>
          {t('companies.addClient')}
        </Button>
      </Group>
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
      {companies.isError ? (
        <Alert color="red">{t('errors.withMessage', { message: errorMessage(companies.error) })}</Alert>
      ) : companies.isPending ? (
        <Text c="dimmed">{t('app.loading')}</Text>
      ) : companies.data.data.length === 0 ? (
        <Text c="dimmed">{t('clients.empty')}</Text>
      ) : (
        <Stack gap="sm">
          {companies.data.data.map((company) => (
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
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="default" size="lg" aria-label={t('companies.actions')}>
                        <IconDotsVertical size={18} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item
                        leftSection={<IconUserPlus size={16} />}
                        onClick={() => setDialog({ kind: 'register', company })}
                      >
                        {t('companies.addAdmin')}
                      </Menu.Item>
                      <Menu.Item
                        leftSection={<IconPencil size={16} />}
                        onClick={() => setDialog({ kind: 'edit', company })}
                      >
                        {t('companies.editClient')}
                      </Menu.Item>
                      <Menu.Item
                        leftSection={
                          company.status === 'suspended' ? (
                            <IconPlayerPlay size={16} />
                          ) : (
                            <IconPlayerPause size={16} />
                          )
                        }
                        onClick={() => toggleStatus(company)}
                      >
                        {company.status === 'suspended' ? t('companies.activate') : t('companies.suspend')}
                      </Menu.Item>
                      <Menu.Divider />
                      <Menu.Item
                        color="red"
                        leftSection={<IconTrash size={16} />}
                        onClick={() => setDialog({ kind: 'delete', company })}
                      >
                        {t('companies.deleteClient')}
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
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
      <Modal
        opened={dialog?.kind === 'delete'}
        onClose={() => setDialog(null)}
        title={t('companies.deleteTitle')}
      >
        <Text size="sm">{t('companies.deleteBody')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDialog(null)}>
            {t('companies.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => dialog?.kind === 'delete' && confirmDelete(dialog.company)}
          >
            {t('companies.confirmDelete')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
