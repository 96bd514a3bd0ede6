import { CHANNEL_DEFAULTS, CHANNEL_TYPES, type PaymentChannel, VA_BANK_CODES } from '@app/contract/billing';
import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuildingBank, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../shared/api/client.ts';
import { formatRupiah } from '../../shared/format/money.ts';
import { notify } from '../../shared/notify/notify.ts';
import { ConfirmDialog, useConfirmDelete } from '../../shared/ui/ConfirmDialog.tsx';
import { CardGrid, CardHeading, ListState } from '../../shared/ui/ListState.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { RowActionIcons } from '../../shared/ui/RowActions.tsx';
import { SearchToolbar, useDebouncedSearch } from '../../shared/ui/SearchField.tsx';
import { useChannels, useDeleteChannel, useSaveChannel } from './payment-channels.api.ts';
import './payment-channels.i18n.ts';

/** Channels are filtered in the browser, 800 ms after typing stops (super-admin §9). */
export const CHANNEL_SEARCH_DEBOUNCE_MS = 800;

type Num = number | string;
const TYPE_KEYS: Record<PaymentChannel['type'], string> = {
  VIRTUAL_ACCOUNT: 'paymentChannels.virtualAccount',
  QRIS: 'paymentChannels.qris',
};

function ChannelFormDialog({ channel, onClose }: { channel: PaymentChannel | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveChannel();
  const form = useForm({
    initialValues: {
      name: channel?.name ?? '',
      type: (channel?.type ?? '') as PaymentChannel['type'] | '',
      code: channel?.code ?? '',
      admin_fee: (channel?.admin_fee ?? CHANNEL_DEFAULTS.admin_fee) as Num,
      expired_duration: (channel?.expired_duration ?? CHANNEL_DEFAULTS.expired_duration) as Num,
      is_active: channel?.is_active ?? CHANNEL_DEFAULTS.is_active,
      is_default: channel?.is_default ?? CHANNEL_DEFAULTS.is_default,
      details: channel?.details ?? '',
    },
    validate: {
      name: (v) => (v.trim() ? null : t('paymentChannels.nameRequired')),
      type: (v) => (v ? null : t('paymentChannels.typeRequired')),
      admin_fee: (v) =>
        v === ''
          ? t('paymentChannels.adminFeeRequired')
          : Number(v) < 0
            ? t('paymentChannels.adminFeePositive')
            : null,
      expired_duration: (v) =>
        v === ''
          ? t('paymentChannels.durationRequired')
          : Number(v) < 1
            ? t('paymentChannels.durationMin')
            : null,
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({
        id: channel?.id,
        body: {
          name: values.name.trim(),
          type: values.type as PaymentChannel['type'],
          // Admin fee is a decimal, the expiry whole hours (super-admin §5).
          admin_fee: Number(values.admin_fee),
          expired_duration: Math.trunc(Number(values.expired_duration)),
          is_active: values.is_active,
          is_default: values.is_default,
          code: values.type === 'QRIS' ? 'QRIS' : values.code || undefined,
          details: values.details.trim() || null,
        },
      });
      notify('success', channel ? t('paymentChannels.updated') : t('paymentChannels.created'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields.length) {
        form.setErrors(Object.fromEntries(error.fields.map((f) => [f.field, f.message])));
      }
      notify(
        'error',
        errorMessage(error, channel ? t('paymentChannels.updateFailed') : t('paymentChannels.createFailed')),
      );
    }
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={channel ? t('paymentChannels.edit') : t('paymentChannels.add')}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('paymentChannels.name')} withAsterisk {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label={t('paymentChannels.type')}
              withAsterisk
              data={CHANNEL_TYPES.map((type) => ({ value: type, label: t(TYPE_KEYS[type]) }))}
              {...form.getInputProps('type')}
            />
            {form.values.type === 'VIRTUAL_ACCOUNT' && (
              <Select
                label={t('paymentChannels.code')}
                data={[...VA_BANK_CODES]}
                clearable
                {...form.getInputProps('code')}
              />
            )}
            <NumberInput
              label={t('paymentChannels.adminFee')}
              withAsterisk
              allowNegative={false}
              decimalScale={2}
              {...form.getInputProps('admin_fee')}
            />
            <NumberInput
              label={t('paymentChannels.expiredDuration')}
              withAsterisk
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('expired_duration')}
            />
          </SimpleGrid>
          <Textarea
            label={t('paymentChannels.details')}
            autosize
            minRows={2}
            {...form.getInputProps('details')}
          />
          <Group>
            <Switch
              label={t('paymentChannels.isActive')}
              {...form.getInputProps('is_active', { type: 'checkbox' })}
            />
            <Switch
              label={t('paymentChannels.isDefault')}
              {...form.getInputProps('is_default', { type: 'checkbox' })}
            />
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('paymentChannels.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('paymentChannels.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Payment Channel: client-side debounced search, 'Add Channel', cards with edit and delete. */
export function PaymentChannelsPage() {
  const { t } = useTranslation();
  const search = useDebouncedSearch(CHANNEL_SEARCH_DEBOUNCE_MS);
  const term = search.term.toLowerCase();
  const [editing, setEditing] = useState<PaymentChannel | 'new' | null>(null);
  const channels = useChannels();
  const deletion = useConfirmDelete<PaymentChannel>(useDeleteChannel(), {
    success: t('paymentChannels.deleted'),
    failed: t('paymentChannels.deleteFailed'),
  });
  const shown = (channels.data ?? []).filter(
    (c) => c.name.toLowerCase().includes(term) || c.type.toLowerCase().includes(term),
  );

  return (
    <>
      <PageTitle>{t('pages.paymentChannel')}</PageTitle>
      <SearchToolbar
        label={t('paymentChannels.search')}
        search={search.field}
        add={{ label: t('paymentChannels.add'), onClick: () => setEditing('new') }}
      />
      <ListState query={channels} items={shown} empty={t('paymentChannels.empty')}>
        {(items) => (
          <CardGrid columns={3}>
            {items.map((channel) => (
              <Card key={channel.id} withBorder padding="md" data-testid="channel-card">
                <CardHeading
                  icon={IconBuildingBank}
                  iconSize={22}
                  title={channel.name}
                  subtitle={`${t(TYPE_KEYS[channel.type])} · ${channel.code}`}
                  align="flex-start"
                  actions={
                    <RowActionIcons
                      variant="default"
                      actions={[
                        {
                          label: `${t('paymentChannels.edit')} ${channel.name}`,
                          icon: IconPencil,
                          onClick: () => setEditing(channel),
                        },
                        {
                          label: `${t('paymentChannels.delete')} ${channel.name}`,
                          icon: IconTrash,
                          onClick: () => deletion.ask(channel),
                          color: 'red',
                        },
                      ]}
                    />
                  }
                />
                <Stack gap={2} mt="xs">
                  <Text size="sm">
                    {t('paymentChannels.fee', { amount: formatRupiah(channel.admin_fee) })}
                  </Text>
                  <Text size="sm">{t('paymentChannels.hours', { count: channel.expired_duration })}</Text>
                </Stack>
                <Group gap={6} mt="sm">
                  <Badge color={channel.is_active ? 'teal' : 'gray'} variant="light" tt="none">
                    {channel.is_active ? t('paymentChannels.active') : t('paymentChannels.inactive')}
                  </Badge>
                  {channel.is_default && (
                    <Badge color="blue" variant="light" tt="none">
                      {t('paymentChannels.default')}
                    </Badge>
                  )}
                </Group>
              </Card>
            ))}
          </CardGrid>
        )}
      </ListState>
      {editing && (
        <ChannelFormDialog channel={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        {...deletion.dialog}
        title={t('paymentChannels.deleteTitle')}
        body={t('paymentChannels.deleteBody')}
        confirmLabel={t('paymentChannels.delete')}
        cancelLabel={t('paymentChannels.cancel')}
      />
    </>
  );
}
