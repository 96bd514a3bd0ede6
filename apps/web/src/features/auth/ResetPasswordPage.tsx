import { PASSWORD_MIN } from '@app/contract/constants';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../shared/api/client.ts';
import { notify } from '../../shared/notify/notify.ts';
import { AuthCard } from './AuthCard.tsx';
import { completePasswordReset } from './auth.api.ts';

/** The page the reset e-mail links to: a new password twice, then back to sign-in. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(token ? null : t('auth.resetInvalidLink'));
  const form = useForm({
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (value) =>
        !value
          ? t('validation.passwordRequired')
          : value.length < PASSWORD_MIN
            ? t('validation.passwordMin')
            : null,
      confirm: (value, values) =>
        !value
          ? t('validation.required')
          : value !== values.password
            ? t('validation.passwordsDoNotMatch')
            : null,
    },
  });

  const submit = form.onSubmit(async ({ password, confirm }) => {
    setLoading(true);
    setFailure(null);
    try {
      const result = await completePasswordReset(token, password, confirm);
      notify('success', result.message);
      navigate('/login', { replace: true });
    } catch (error) {
      const field = error instanceof ApiError ? error.fieldMessage('new_password') : undefined;
      if (field) form.setFieldError('password', field);
      else setFailure(errorMessage(error, t('errors.generic')));
      setLoading(false);
    }
  });

  return (
    <AuthCard subtitle={t('auth.resetSubtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <PasswordInput
            label={t('auth.newPassword')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('auth.confirmPassword')}
            autoComplete="new-password"
            required
            {...form.getInputProps('confirm')}
          />
          <Button type="submit" fullWidth disabled={loading || !token}>
            {loading ? t('auth.resetting') : t('auth.resetSubmit')}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('auth.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
