import { type BillingPackage, PACKAGE_DEFAULTS } from '@app/contract/billing';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Menu,
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
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconDotsVertical,
  IconPackage,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../shared/api/client.ts';
import { formatRupiah } from '../../shared/format/money.ts';
import { pageCount } from '../../shared/format/pagination.ts';
import { notify } from '../../shared/notify/notify.ts';
import { Pager } from '../../shared/ui/Pager.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
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
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim().toLowerCase(), PACKAGE_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<BillingPackage | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BillingPackage | null>(null);
  const packages = usePackages();
  const remove = useDeletePackage();
  const filtered = (packages.data ?? []).filter(
    (p) => p.name.toLowerCase().includes(debounced) || p.description.toLowerCase().includes(debounced),
  );
  const totalPages = pageCount(filtered.length, PACKAGES_PAGE_SIZE);
  const current = Math.min(page, Math.max(1, totalPages));
  const shown = filtered.slice((current - 1) * PACKAGES_PAGE_SIZE, current * PACKAGES_PAGE_SIZE);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify('success', t('packages.deleted'));
      setDeleting(null);
    } catch (error) {
      notify('error', errorMessage(error));
    }
  };

  return (
    <>
      <PageTitle>{t('pages.packageManagement')}</PageTitle>
      <Group mb="md" gap="sm" wrap="wrap">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('packages.search')}
          aria-label={t('packages.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 220px' }}
          maw={420}
        />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t('packages.add')}
        </Button>
      </Group>
      {packages.isError ? (
        <Alert color="red">{t('errors.withMessage', { message: errorMessage(packages.error) })}</Alert>
      ) : packages.isPending ? (
        <Text c="dimmed">{t('app.loading')}</Text>
      ) : shown.length === 0 ? (
        <Text c="dimmed">{t('packages.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {shown.map((pkg) => (
            <Card key={pkg.id} withBorder padding="md" data-testid="package-card">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Group gap="xs" wrap="nowrap" miw={0}>
                  <IconPackage size={22} aria-hidden style={{ flexShrink: 0 }} />
                  <Text fw={600} truncate>
                    {pkg.name}
                  </Text>
                </Group>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" aria-label={`${t('packages.actions')} ${pkg.name}`}>
                      <IconDotsVertical size={16} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setEditing(pkg)}>
                      {t('packages.edit')}
                    </Menu.Item>
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} />}
                      onClick={() => setDeleting(pkg)}
                    >
                      {t('packages.delete')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
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
        </SimpleGrid>
      )}
      <Pager page={current} totalPages={totalPages} onChange={setPage} />
      {editing && (
        <PackageFormDialog pkg={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('packages.deleteTitle')}>
        <Text size="sm">{t('packages.deleteBody')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDeleting(null)}>
            {t('packages.cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={confirmDelete}>
            {t('packages.confirm')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
