import type { Company, CompanyBody } from '@app/contract/companies';
import { COMPANY_INDUSTRIES, EMAIL_MAX, NAME_MAX, PHONE_MAX, PHONE_PATTERN } from '@app/contract/constants';
import { Button, Group, Modal, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../shared/api/client.ts';
import { notify } from '../../shared/notify/notify.ts';
import { useCreateCompany, useUpdateCompany } from './companies.api.ts';
import './companies.i18n.ts';

type Values = Omit<CompanyBody, 'website'> & { website: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** 'Tambah Client' (company on the free package) and 'Edit Client', with the company form rules of super-admin §5. */
export function CompanyFormDialog({
  opened,
  onClose,
  company,
}: {
  opened: boolean;
  onClose: () => void;
  company?: Company | null;
}) {
  const { t } = useTranslation();
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const form = useForm<Values>({
    initialValues: {
      company_name: company?.company_name ?? '',
      industry: (company?.industry as Values['industry']) ?? ('' as Values['industry']),
      city: company?.city ?? '',
      status: company?.status ?? 'active',
      contact_email: company?.contact_email ?? '',
      contact_phone: company?.contact_phone ?? '',
      website: company?.website ?? '',
      address: company?.address ?? '',
    },
    validate: {
      company_name: (v) =>
        !v.trim() ? t('companies.nameRequired') : v.length > NAME_MAX ? t('companies.nameMax') : null,
      industry: (v) => (v ? null : t('companies.industryRequired')),
      city: (v) =>
        !v.trim() ? t('companies.cityRequired') : v.length > NAME_MAX ? t('companies.cityMax') : null,
      status: (v) => (v ? null : t('companies.statusRequired')),
      contact_email: (v) =>
        !v.trim()
          ? t('companies.contactEmailRequired')
          : v.length > EMAIL_MAX || !EMAIL.test(v.trim())
            ? t('companies.invalidEmail')
            : null,
      contact_phone: (v) =>
        !v.trim()
          ? t('companies.contactPhoneRequired')
          : v.length > PHONE_MAX || !PHONE_PATTERN.test(v.trim())
            ? t('companies.invalidPhone')
            : null,
      address: (v) => (v.trim() ? null : t('companies.addressRequired')),
    },
  });

  const pending = create.isPending || update.isPending;

  const submit = form.onSubmit(async (values) => {
    const body: CompanyBody = { ...values, website: values.website.trim() || null };
    try {
      if (company) {
        await update.mutateAsync({ externalId: company.external_id, body });
        notify('success', t('companies.updated'));
      } else {
        await create.mutateAsync(body);
        notify('success', t('companies.created'));
      }
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields.length) {
        form.setErrors(Object.fromEntries(error.fields.map((f) => [f.field, f.message])));
      }
      notify('error', errorMessage(error, company ? t('errors.generic') : t('companies.failedCreate')));
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={company ? t('companies.editClient') : t('companies.addClient')}
      size="lg"
      fullScreen={false}
    >
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('companies.companyName')}
            withAsterisk
            maxLength={NAME_MAX}
            {...form.getInputProps('company_name')}
          />
          <Select
            label={t('companies.industry')}
            withAsterisk
            data={[...COMPANY_INDUSTRIES]}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('industry')}
          />
          <TextInput
            label={t('companies.city')}
            withAsterisk
            maxLength={NAME_MAX}
            {...form.getInputProps('city')}
          />
          <Select
            label={t('companies.status')}
            withAsterisk
            allowDeselect={false}
            data={[
              { value: 'active', label: t('companies.active') },
              { value: 'inactive', label: t('companies.inactive') },
            ]}
            {...form.getInputProps('status')}
          />
          <TextInput
            label={t('companies.contactEmail')}
            type="email"
            withAsterisk
            maxLength={EMAIL_MAX}
            {...form.getInputProps('contact_email')}
          />
          <TextInput
            label={t('companies.contactPhone')}
            withAsterisk
            maxLength={PHONE_MAX}
            placeholder="628123456789"
            {...form.getInputProps('contact_phone')}
          />
          <TextInput label={t('companies.website')} {...form.getInputProps('website')} />
        </SimpleGrid>
        <Textarea
          label={t('companies.address')}
          withAsterisk
          mt="sm"
          autosize
          minRows={2}
          {...form.getInputProps('address')}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t('companies.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('companies.save')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
