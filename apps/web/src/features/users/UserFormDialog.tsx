import '@mantine/dates/styles.layer.css';
import { PASSWORD_MIN, PHONE_MAX, PHONE_PATTERN } from '@app/contract/constants';
import type { User } from '@app/contract/users';
import { Button, Group, Modal, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../shared/api/client.ts';
import { humanizeRole } from '../../shared/format/role.ts';
import { notify } from '../../shared/notify/notify.ts';
import { useSaveUser, useUserRoles } from './users.api.ts';
import './users.i18n.ts';

/** New users get client_user unless another role is chosen (client-area §6). */
export const DEFAULT_USER_ROLE = 'client_user';
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A picked day as the server wants it: null, or midnight UTC as an ISO timestamp ending in Z. */
export const dateOfBirthValue = (day: string | null) => (day ? `${day.slice(0, 10)}T00:00:00.000Z` : null);

/** 'Add New User' / 'Edit User' (client-area §5): the e-mail is fixed on edit, the password is set only on create. */
export function UserFormDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveUser();
  const roles = useUserRoles(true);
  const editing = user !== null;
  const form = useForm({
    initialValues: {
      full_name: user?.full_name ?? '',
      email: user?.email ?? '',
      password: '',
      phone: user?.phone ?? '',
      role: user?.roles[0] ?? DEFAULT_USER_ROLE,
      date_of_birth: (user?.date_of_birth?.slice(0, 10) ?? null) as string | null,
      status: user?.status ?? 'active',
    },
    validate: {
      full_name: (v) => (v.trim() ? null : t('users.fullNameRequired')),
      email: (v) =>
        editing
          ? null
          : !v.trim()
            ? t('users.emailRequired')
            : EMAIL_PATTERN.test(v.trim())
              ? null
              : t('users.invalidEmail'),
      password: (v) =>
        editing
          ? null
          : !v
            ? t('users.passwordRequired')
            : v.length < PASSWORD_MIN
              ? t('users.passwordMin')
              : null,
      phone: (v) =>
        !v.trim() ? t('users.phoneRequired') : PHONE_PATTERN.test(v.trim()) ? null : t('users.invalidPhone'),
      role: (v) => (v ? null : t('users.roleRequired')),
    },
  });

  const roleOptions = (roles.data ?? []).map((role) => ({
    value: role.name,
    label: humanizeRole(role.name),
  }));
  if (form.values.role && !roleOptions.some((option) => option.value === form.values.role)) {
    roleOptions.push({ value: form.values.role, label: humanizeRole(form.values.role) });
  }

  const submit = form.onSubmit(async (values) => {
    if (save.isPending) return;
    const common = {
      full_name: values.full_name.trim(),
      phone: values.phone.trim(),
      roles: [values.role],
      date_of_birth: dateOfBirthValue(values.date_of_birth),
    };
    try {
      if (user) {
        await save.mutateAsync({ id: user.id, body: { ...common, status: values.status } });
        notify('success', t('users.updated'));
      } else {
        await save.mutateAsync({
          body: {
            ...common,
            email: values.email.trim(),
            password: values.password,
            address: null,
            image_url: null,
          },
        });
        notify('success', t('users.registered'));
      }
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields.length) {
        form.setErrors(
          Object.fromEntries(error.fields.map((f) => [f.field === 'roles' ? 'role' : f.field, f.message])),
        );
      }
      notify('error', errorMessage(error, t(user ? 'users.failedUpdate' : 'users.failedCreate')));
    }
  });

  return (
    <Modal opened onClose={onClose} title={editing ? t('users.editTitle') : t('users.addTitle')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('users.fullName')}
            placeholder={t('users.fullNamePlaceholder')}
            withAsterisk
            {...form.getInputProps('full_name')}
          />
          <TextInput
            label={t('users.email')}
            placeholder={t('users.emailPlaceholder')}
            type="email"
            withAsterisk={!editing}
            disabled={editing}
            {...form.getInputProps('email')}
          />
          {!editing && (
            <PasswordInput
              label={t('users.password')}
              placeholder={t('users.passwordPlaceholder')}
              withAsterisk
              autoComplete="new-password"
              {...form.getInputProps('password')}
            />
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={t('users.phone')}
              placeholder={t('users.phonePlaceholder')}
              withAsterisk
              inputMode="numeric"
              maxLength={PHONE_MAX}
              {...form.getInputProps('phone')}
            />
            <DateInput
              label={t('users.dateOfBirth')}
              placeholder={t('users.dateOfBirthPlaceholder')}
              valueFormat="DD/MM/YYYY"
              clearable
              maxDate={new Date()}
              popoverProps={{ withinPortal: true }}
              {...form.getInputProps('date_of_birth')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: editing ? 2 : 1 }} spacing="sm">
            <Select
              label={t('users.role')}
              placeholder={t('users.rolePlaceholder')}
              withAsterisk
              allowDeselect={false}
              data={roleOptions}
              {...form.getInputProps('role')}
            />
            {editing && (
              <Select
                label={t('users.status')}
                allowDeselect={false}
                data={[
                  { value: 'active', label: t('users.active') },
                  { value: 'inactive', label: t('users.inactive') },
                ]}
                {...form.getInputProps('status')}
              />
            )}
          </SimpleGrid>
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('users.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {editing ? t('users.save') : t('users.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
