import type { Company } from '@app/contract/companies';
import { PHONE_MAX, PHONE_PATTERN } from '@app/contract/constants';
import { Button, Group, Modal, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../shared/api/client.ts';
import { humanizeRole } from '../../shared/format/role.ts';
import { notify } from '../../shared/notify/notify.ts';
import { registerRolesQuery, useRegisterUser } from './companies.api.ts';
import './companies.i18n.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** 'Register New User': adds a user to the company, a client_admin unless another role is chosen. */
export function RegisterUserDialog({ company, onClose }: { company: Company; onClose: () => void }) {
  const { t } = useTranslation();
  const register = useRegisterUser();
  const roles = useQuery(registerRolesQuery());
  const form = useForm({
    initialValues: { full_name: '', email: '', password: '', phone: '', role: 'client_admin' },
    validate: {
      full_name: (v) => (v.trim() ? null : t('companies.fullNameRequired')),
      email: (v) =>
        !v.trim() ? t('companies.emailRequired') : EMAIL.test(v.trim()) ? null : t('companies.invalidEmail'),
      password: (v) => (v ? null : t('companies.passwordRequired')),
      phone: (v) =>
        !v.trim()
          ? t('companies.phoneEmpty')
          : PHONE_PATTERN.test(v.trim())
            ? null
            : t('companies.invalidPhone'),
    },
  });

  const submit = form.onSubmit(async ({ role, ...values }) => {
    try {
      await register.mutateAsync({ ...values, roles: [role], company_id: company.id });
      notify('success', t('companies.registered'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields.length) {
        form.setErrors(
          Object.fromEntries(error.fields.map((f) => [f.field === 'roles' ? 'role' : f.field, f.message])),
        );
      }
      notify('error', errorMessage(error));
    }
  });

  const roleOptions = [...new Set(['client_admin', ...(roles.data ?? [])])].map((name) => ({
    value: name,
    label: humanizeRole(name),
  }));

  return (
    <Modal opened onClose={onClose} title={`${t('companies.registerTitle')} · ${company.company_name}`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('companies.fullName')} withAsterisk {...form.getInputProps('full_name')} />
          <TextInput
            label={t('companies.email')}
            type="email"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <PasswordInput label={t('companies.password')} withAsterisk {...form.getInputProps('password')} />
          <TextInput
            label={t('companies.phone')}
            withAsterisk
            maxLength={PHONE_MAX}
            placeholder="628123456789"
            {...form.getInputProps('phone')}
          />
          <Select
            label={t('companies.role')}
            data={roleOptions}
            allowDeselect={false}
            {...form.getInputProps('role')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('companies.cancel')}
            </Button>
            <Button type="submit" loading={register.isPending}>
              {t('companies.register')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
