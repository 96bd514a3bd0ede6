import { ROLE } from '@app/contract/permissions';
import { Anchor, Button, Group, PasswordInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/client.ts';
import { STORAGE, startSession } from '../../shared/auth/session.ts';
import { AuthCard } from './AuthCard.tsx';
import { signIn } from './auth.api.ts';

/** Where the contact-support link points; set VITE_SUPPORT_URL at build time. */
const SUPPORT_URL = import.meta.env.VITE_SUPPORT_URL ?? 'mailto:support@example.com';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remembered = localStorage.getItem(STORAGE.rememberedEmail) ?? '';
  const [loading, setLoading] = useState(false);
  const form = useForm({
    initialValues: { email: remembered, password: '', remember: Boolean(remembered) },
    validate: {
      email: (value) => (value.trim() ? null : t('validation.emailRequired')),
      password: (value) => (value ? null : t('validation.passwordRequired')),
    },
  });

  const submit = form.onSubmit(async ({ email, password, remember }) => {
    setLoading(true);
    try {
      const { data } = await signIn(email.trim(), password);
      if (remember) localStorage.setItem(STORAGE.rememberedEmail, email.trim());
      else localStorage.removeItem(STORAGE.rememberedEmail);
      startSession(data);
      navigate(data.user.roles.includes(ROLE.superAdmin) ? '/super-admin/dashboard' : '/client/dashboard', {
        replace: true,
      });
    } catch (error) {
      // Server errors (wrong password, suspended, too many attempts) sit under the email field.
      form.setFieldError('email', errorMessage(error, t('errors.generic')));
      setLoading(false);
    }
  });

  return (
    <AuthCard subtitle={t('auth.signInSubtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('auth.email')}
            placeholder={t('auth.emailPlaceholder')}
            type="email"
            autoComplete="username"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('auth.password')}
            placeholder={t('auth.passwordPlaceholder')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="space-between" wrap="nowrap">
            <Switch label={t('auth.rememberMe')} {...form.getInputProps('remember', { type: 'checkbox' })} />
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t('auth.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={false} disabled={loading}>
            {loading ? t('auth.signingIn') : t('auth.signIn')}
          </Button>
          <Text size="sm" c="dimmed" ta="center">
            {t('auth.needHelp')}{' '}
            <Anchor href={SUPPORT_URL} size="sm">
              {t('auth.contactSupport')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
