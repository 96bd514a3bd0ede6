import { type BillingPackage, PACKAGE_DEFAULTS } from '@app/contract/billing';
import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPackage, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../shared/api/client.ts';
import { formatRupiah } from '../../shared/format/money.ts';
import { pageCount } from '../../shared/format/pagination.ts';
import { notify } from '../../shared/notify/notify.ts';
import { ConfirmDialog, useConfirmDelete } from '../../shared/ui/ConfirmDialog.tsx';
import { CardGrid, CardHeading, ListState } from '../../shared/ui/ListState.tsx';
import { Pager } from '../../shared/ui/Pager.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { RowActionsMenu } from '../../shared/ui/RowActions.tsx';
import { SearchToolbar, useDebouncedSearch } from '../../shared/ui/SearchField.tsx';
import { PACKAGES_PAGE_SIZE, useDeletePackage, usePackages, useSavePackage } from './packages.api.ts';
import './packages.i18n.ts';

/** Packages are filtered in the browser, 800 ms after typing stops (super-admin §9). */
export const PACKAGE_SEARCH_DEBOUNCE_MS = 800;

type Num = number | string;

const integerRule = (required: string, min: number, tooSmall: string) => (value: Num) =>
  value === '' || value === null ? required : Number(value) < min ? tooSmall : null;

function PackageFormDialog({ pkg, onClose }: { pkg: BillingPackage | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSavePackage();
  const form = useForm({
    initialValues: {
      name: pkg?.name ?? '',
      description: pkg?.description ?? '',
      price: (pkg?.price ?? PACKAGE_DEFAULTS.price) as Num,
      wa_message_limit: (pkg?.wa_message_limit ?? PACKAGE_DEFAULTS.wa_message_limit) as Num,
      ai_usage_limit: (pkg?.ai_usage_limit ?? PACKAGE_DEFAULTS.ai_usage_limit) as Num,
      duration_in_days: (pkg?.duration_in_days ?? PACKAGE_DEFAULTS.duration_in_days) as Num,
      is_active: pkg?.is_active ?? PACKAGE_DEFAULTS.is_active,
    },
    validate: {
      name: (v) => (v.trim() ? null : t('packages.nameRequired')),
      price: integerRule(t('packages.priceRequired'), 0, t('packages.pricePositive')),
      wa_message_limit: integerRule(t('packages.messageLimitRequired'), 0, t('packages.limitPositive')),
      ai_usage_limit: integerRule(t('packages.aiLimitRequired'), 0, t('packages.limitPositive')),
      duration_in_days: integerRule(t('packages.durationRequired'), 1, t('packages.durationMin')),
      description: (v) => (v.trim() ? null : t('packages.descriptionRequired')),
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      // Numbers are sent as integers (super-admin §5).
      await save.mutateAsync({
        id: pkg?.id,
        body: {
          name: values.name.trim(),
          description: values.description.trim(),
          price: Math.trunc(Number(values.price)),
          wa_message_limit: Math.trunc(Number(values.wa_message_limit)),
          ai_usage_limit: Math.trunc(Number(values.ai_usage_limit)),
          duration_in_days: Math.trunc(Number(values.duration_in_days)),
          is_active: values.is_active,
        },
      });
      notify('success', pkg ? t('packages.updated') : t('packages.created'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields.length) {
        form.setErrors(Object.fromEntries(error.fields.map((f) => [f.field, f.message])));
      }
      notify('error', errorMessage(error));
    }
  });

  const numberProps = {
    allowDecimal: false,
    allowNegative: false,
    thousandSeparator: '.',
    decimalSeparator: ',',
  };

  return (
    <Modal opened onClose={onClose} title={pkg ? t('packages.edit') : t('packages.add')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('packages.name')} withAsterisk {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <NumberInput
              label={t('packages.price')}
              withAsterisk
              prefix="Rp "
              {...numberProps}
              {...form.getInputProps('price')}
            />
            <NumberInput
              label={t('packages.duration')}
              withAsterisk
              {...numberProps}
              {...form.getInputProps('duration_in_days')}
            />
            <NumberInput
              label={t('packages.waLimit')}
              withAsterisk
              {...numberProps}
              {...form.getInputProps('wa_message_limit')}
            />
            <NumberInput
              label={t('packages.aiLimit')}
              withAsterisk
              {...numberProps}
              {...form.getInputProps('ai_usage_limit')}
            />
          </SimpleGrid>
          <Textarea
            label={t('packages.description')}
            withAsterisk
            autosize
            minRows={2}
            {...form.getInputProps('description')}
          />
          <Switch label={t('packages.isActive')} {...form.getInputProps('is_active', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('packages.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('packages.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Package Management: client-side debounced search, 3 per page, 'Tambah Paket', edit and delete. */
export function PackagesPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const search = useDebouncedSearch(PACKAGE_SEARCH_DEBOUNCE_MS, () => setPage(1));
  const term = search.term.toLowerCase();
  const [editing, setEditing] = useState<BillingPackage | 'new' | null>(null);
  const packages = usePackages();
  const deletion = useConfirmDelete<BillingPackage>(useDeletePackage(), { success: t('packages.deleted') });
  const filtered = (packages.data ?? []).filter(
    (p) => p.name.toLowerCase().includes(term) || p.description.toLowerCase().includes(term),
  );
  const totalPages = pageCount(filtered.length, PACKAGES_PAGE_SIZE);
  const current = Math.min(page, Math.max(1, totalPages));
  const shown = filtered.slice((current - 1) * PACKAGES_PAGE_SIZE, current * PACKAGES_PAGE_SIZE);

  return (
    <>
      <PageTitle>{t('pages.packageManagement')}</PageTitle>
      <SearchToolbar
        label={t('packages.search')}
        search={search.field}
        add={{ label: t('packages.add'), onClick: () => setEditing('new') }}
      />
      <ListState query={packages} items={shown} empty={t('packages.empty')}>
        {(items) => (
          <CardGrid columns={3}>
            {items.map((pkg) => (
              <Card key={pkg.id} withBorder padding="md" data-testid="package-card">
                <CardHeading
                  icon={IconPackage}
                  iconSize={22}
                  title={pkg.name}
                  align="flex-start"
                  actions={
                    <RowActionsMenu
                      label={`${t('packages.actions')} ${pkg.name}`}
                      actions={[
                        { label: t('packages.edit'), icon: IconPencil, onClick: () => setEditing(pkg) },
                        {
                          label: t('packages.delete'),
                          icon: IconTrash,
                          onClick: () => deletion.ask(pkg),
                          color: 'red',
                        },
                      ]}
                    />
                  }
                />
                <Text size="xl" fw={700} mt="xs">
                  {formatRupiah(pkg.price)}
                </Text>
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {pkg.description}
                </Text>
                <Stack gap={2} mt="xs">
                  <Text size="sm">{t('packages.perDays', { days: pkg.duration_in_days })}</Text>
                  <Text size="sm">{t('packages.messages', { count: pkg.wa_message_limit })}</Text>
                  <Text size="sm">{t('packages.aiUses', { count: pkg.ai_usage_limit })}</Text>
                </Stack>
                <Badge mt="sm" color={pkg.is_active ? 'teal' : 'gray'} variant="light" tt="none">
                  {pkg.is_active ? t('packages.active') : t('packages.inactive')}
                </Badge>
              </Card>
            ))}
          </CardGrid>
        )}
      </ListState>
      <Pager page={current} totalPages={totalPages} onChange={setPage} />
      {editing && (
        <PackageFormDialog pkg={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        {...deletion.dialog}
        title={t('packages.deleteTitle')}
        body={t('packages.deleteBody')}
        confirmLabel={t('packages.confirm')}
        cancelLabel={t('packages.cancel')}
      />
    </>
  );
}
