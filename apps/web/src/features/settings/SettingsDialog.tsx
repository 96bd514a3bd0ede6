import { PHONE_MAX, PHONE_PATTERN } from '@app/contract/constants';
import type { ClientProfile } from '@app/contract/users';
import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustments, IconRobot, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../shared/api/client.ts';
import {
  fromPreferenceLanguage,
  type Language,
  setLanguage,
  toPreferenceLanguage,
} from '../../shared/i18n/i18n.ts';
import { notify } from '../../shared/notify/notify.ts';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';
import {
  type AiType,
  usePreferences,
  useProfile,
  useSetAiPriority,
  useUpdatePreferences,
  useUpdateProfile,
} from './settings.api.ts';

/**
 * The Settings dialog (client-area §2): Profile, Preference and AI Settings; a super admin sees no
 * AI Settings tab and no address field (client-area §6).
 */
export function SettingsDialog({
  opened,
  onClose,
  externalId,
  isSuperAdmin,
}: {
  opened: boolean;
  onClose: () => void;
  externalId: string;
  isSuperAdmin: boolean;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('profile');
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('settings.title')}
      size="lg"
      centered
      fullScreen={phone}
    >
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="profile" leftSection={<IconUser size={16} />}>
            {t('settings.profile')}
          </Tabs.Tab>
          <Tabs.Tab value="preference" leftSection={<IconAdjustments size={16} />}>
            {t('settings.preference')}
          </Tabs.Tab>
          {!isSuperAdmin && (
            <Tabs.Tab value="ai" leftSection={<IconRobot size={16} />}>
              {t('settings.aiSettings')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="profile">
          <ProfileTab externalId={externalId} isSuperAdmin={isSuperAdmin} />
        </Tabs.Panel>
        <Tabs.Panel value="preference">
          <PreferenceTab externalId={externalId} />
        </Tabs.Panel>
        {!isSuperAdmin && (
          <Tabs.Panel value="ai">
            <AiSettingsTab />
          </Tabs.Panel>
        )}
      </Tabs>
    </Modal>
  );
}

function ProfileTab({ externalId, isSuperAdmin }: { externalId: string; isSuperAdmin: boolean }) {
  const { t } = useTranslation();
  const profile = useProfile();
  if (profile.isError)
    return <Alert color="red">{t('errors.withMessage', { message: errorMessage(profile.error) })}</Alert>;
  if (profile.isPending) return <Text c="dimmed">{t('app.loading')}</Text>;
  return <ProfileForm profile={profile.data} externalId={externalId} isSuperAdmin={isSuperAdmin} />;
}

const toDateInput = (value: string | null) => (value ? value.slice(0, 10) : '');
const fromDateInput = (value: string) => (value ? `${value}T00:00:00.000Z` : null);

function ProfileForm({
  profile,
  externalId,
  isSuperAdmin,
}: {
  profile: ClientProfile;
  externalId: string;
  isSuperAdmin: boolean;
}) {
  const { t } = useTranslation();
  const update = useUpdateProfile(externalId);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const info = profile.user_info;
  const form = useForm({
    initialValues: {
      full_name: info.full_name,
      email: info.email,
      phone: info.phone ?? '',
      address: info.address ?? '',
      date_of_birth: toDateInput(info.date_of_birth),
    },
    validate: {
      full_name: (value) => (value.trim() ? null : t('validation.profileNameRequired')),
      phone: (value) =>
        !value.trim()
          ? t('validation.phoneEmpty')
          : PHONE_PATTERN.test(value.trim())
            ? null
            : t('validation.invalidPhone'),
      address: (value) => (isSuperAdmin || value.trim() ? null : t('validation.addressRequired')),
    },
  });

  const submit = form.onSubmit((values) =>
    update.mutate(
      {
        full_name: values.full_name.trim(),
        phone: values.phone.trim(),
        ...(isSuperAdmin ? {} : { address: values.address.trim() }),
        date_of_birth: fromDateInput(values.date_of_birth),
      },
      {
        onSuccess: (result) => notify('success', result.message),
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : [];
          for (const issue of fields)
            if (issue.field in values) form.setFieldError(issue.field, issue.message);
          if (!fields.length) notify('error', errorMessage(error, t('errors.generic')));
        },
      },
    ),
  );

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack>
          {profile.company_name && (
            <TextInput label={t('settings.company')} value={profile.company_name} readOnly />
          )}
          <TextInput label={t('settings.fullName')} required {...form.getInputProps('full_name')} />
          <TextInput label={t('settings.email')} disabled {...form.getInputProps('email')} />
          <TextInput
            label={t('settings.phone')}
            placeholder={t('settings.phonePlaceholder')}
            inputMode="numeric"
            maxLength={PHONE_MAX}
            required
            {...form.getInputProps('phone')}
          />
          {!isSuperAdmin && (
            <Textarea
              label={t('settings.address')}
              required
              autosize
              minRows={2}
              {...form.getInputProps('address')}
            />
          )}
          <TextInput type="date" label={t('settings.dateOfBirth')} {...form.getInputProps('date_of_birth')} />
          <Group justify="space-between">
            <Button variant="default" onClick={() => setPasswordOpen(true)}>
              {t('settings.changePassword')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ChangePasswordDialog opened={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </>
  );
}

function PreferenceTab({ externalId }: { externalId: string }) {
  const { t, i18n } = useTranslation();
  const preferences = usePreferences(externalId, true);
  const update = useUpdatePreferences(externalId);
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      language: (i18n.language === 'id' ? 'id' : 'en') as Language,
      theme: scheme,
      notifications: true,
      email_frequency: 'weekly' as string,
    },
  });
  const [loaded, setLoaded] = useState(false);
  if (preferences.data && !loaded) {
    setLoaded(true);
    form.setValues({
      notifications: preferences.data.notifications,
      email_frequency: preferences.data.email_frequency,
    });
  }

  const submit = form.onSubmit((values) => {
    setError(null);
    update.mutate(
      {
        language: toPreferenceLanguage(values.language),
        theme: values.theme,
        notifications: values.notifications,
        email_frequency: values.email_frequency as 'daily' | 'weekly' | 'monthly' | 'never',
      },
      {
        onSuccess: async (result) => {
          setColorScheme(result.data.theme);
          await setLanguage(fromPreferenceLanguage(result.data.language));
          notify('success', result.message);
        },
        onError: (failure) => setError(errorMessage(failure, t('settings.preferencesFailed'))),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {error && <Alert color="red">{error}</Alert>}
        <Select
          label={t('settings.language')}
          allowDeselect={false}
          data={[
            { value: 'en', label: t('settings.english') },
            { value: 'id', label: t('settings.indonesian') },
          ]}
          comboboxProps={{ zIndex: 400 }}
          {...form.getInputProps('language')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('settings.theme')}
          </Text>
          <SegmentedControl
            data={[
              { value: 'light', label: t('theme.light') },
              { value: 'dark', label: t('theme.dark') },
            ]}
            {...form.getInputProps('theme')}
          />
        </Stack>
        <Switch
          label={t('settings.notifications')}
          description={t('settings.notificationsHint')}
          {...form.getInputProps('notifications', { type: 'checkbox' })}
        />
        <Select
          label={t('settings.emailFrequency')}
          allowDeselect={false}
          data={(['daily', 'weekly', 'monthly', 'never'] as const).map((value) => ({
            value,
            label: t(`settings.${value}`),
          }))}
          comboboxProps={{ zIndex: 400 }}
          {...form.getInputProps('email_frequency')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AiSettingsTab() {
  const { t } = useTranslation();
  const [aiType, setAiType] = useState<AiType>('internal');
  const save = useSetAiPriority();
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('settings.aiHint')}
      </Text>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('settings.aiEngine')}
        </Text>
        <SegmentedControl
          value={aiType}
          onChange={(value) => setAiType(value as AiType)}
          data={[
            { value: 'internal', label: t('settings.native') },
            { value: 'external', label: t('settings.n8n') },
          ]}
        />
      </Stack>
      <Group justify="flex-end">
        <Button
          loading={save.isPending}
          onClick={() =>
            save.mutate(aiType, {
              onSuccess: () => notify('success', t('settings.aiUpdated')),
              onError: (error) => notify('error', errorMessage(error, t('errors.generic'))),
            })
          }
        >
          {t('settings.save')}
        </Button>
      </Group>
    </Stack>
  );
}
