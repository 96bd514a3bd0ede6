import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../shared/api/client.ts';
import { notify } from '../../shared/notify/notify.ts';
import { useChangePassword } from './settings.api.ts';

const FIELD_OF: Record<string, 'current' | 'next' | 'confirm'> = {
  old_password: 'current',
  new_password: 'next',
  confirm_password: 'confirm',
};

/** Change Password (client-area §2, §5): a server error lands on Current Password unless it names another field. */
export function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const phone = useMediaQuery('(max-width: 36em)');
  const form = useForm({
    initialValues: { current: '', next: '', confirm: '' },
    validate: {
      current: (value) => (value ? null : t('validation.required')),
      next: (value) => (value ? null : t('validation.required')),
      confirm: (value, values) =>
        !value
          ? t('validation.required')
          : value !== values.next
            ? t('validation.passwordsDoNotMatch')
            : null,
    },
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((values) =>
    change.mutate(
      { old_password: values.current, new_password: values.next, confirm_password: values.confirm },
      {
        onSuccess: (result) => {
          notify('success', result.message);
          close();
        },
        onError: (error) => {
          const issue = error instanceof ApiError ? error.fields[0] : undefined;
          form.setFieldError(
            (issue && FIELD_OF[issue.field]) ?? 'current',
            issue?.message ?? errorMessage(error, t('errors.generic')),
          );
        },
      },
    ),
  );

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('password.title')}
      centered
      zIndex={300}
      fullScreen={phone}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput
            label={t('password.current')}
            autoComplete="current-password"
            required
            {...form.getInputProps('current')}
          />
          <PasswordInput
            label={t('password.new')}
            autoComplete="new-password"
            required
            {...form.getInputProps('next')}
          />
          <PasswordInput
            label={t('password.confirm')}
            autoComplete="new-password"
            required
            {...form.getInputProps('confirm')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('password.cancel')}
            </Button>
            <Button type="submit" loading={change.isPending}>
              {t('password.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
