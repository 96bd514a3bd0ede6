import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/client.ts';
import { AuthCard } from './AuthCard.tsx';
import { requestPasswordReset } from './auth.api.ts';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (value) => (value.trim() ? null : t('validation.emailRequired')) },
  });

  const submit = form.onSubmit(async ({ email }) => {
    setLoading(true);
    try {
      const result = await requestPasswordReset(email.trim());
      setSent(result.message);
    } catch (error) {
      form.setFieldError('email', errorMessage(error, t('errors.generic')));
    } finally {
      setLoading(false);
    }
  });

  return (
    <AuthCard subtitle={t('auth.forgotSubtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {sent && (
            <Alert color="teal" role="status">
              {sent}
            </Alert>
          )}
          <TextInput
            label={t('auth.email')}
            placeholder={t('auth.emailPlaceholder')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <Button type="submit" fullWidth disabled={loading}>
            {loading ? t('auth.sending') : t('auth.sendResetLink')}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('auth.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
