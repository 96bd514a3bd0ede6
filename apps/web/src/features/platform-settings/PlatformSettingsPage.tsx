import { PLATFORM_LANGUAGES, type PlatformSettings } from '@app/contract/platform';
import {
  Alert,
  Button,
  Card,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTool } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/client.ts';
import { notify } from '../../shared/notify/notify.ts';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { usePlatformSettings, useSavePlatformSettings } from './platform-settings.api.ts';
import './platform-settings.i18n.ts';

/** The platform Settings page: saved to the server, which enforces the password policy and maintenance mode. */
export function PlatformSettingsPage() {
  const { t } = useTranslation();
  const settings = usePlatformSettings();
  const save = useSavePlatformSettings();
  const form = useForm<Omit<PlatformSettings, 'maintenance_mode'>>({
    initialValues: {
      password_policy: 'medium',
      two_factor: false,
      system_alerts: true,
      database_alerts: true,
      default_language: 'English',
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form only when the server's answer changes
  useEffect(() => {
    if (!settings.data) return;
    const { maintenance_mode: _m, ...rest } = settings.data;
    form.setValues(rest);
    form.resetDirty(rest);
  }, [settings.data]);

  const submit = async (body: Partial<PlatformSettings>) => {
    try {
      await save.mutateAsync(body);
      notify('success', t('platformSettings.saved'));
    } catch (error) {
      notify('error', errorMessage(error));
    }
  };

  if (settings.isError) {
    return (
      <>
        <PageTitle>{t('pages.platformSettings')}</PageTitle>
        <Alert color="red">{t('errors.withMessage', { message: errorMessage(settings.error) })}</Alert>
      </>
    );
  }
  if (settings.isPending) {
    return (
      <>
        <PageTitle>{t('pages.platformSettings')}</PageTitle>
        <Text c="dimmed">{t('app.loading')}</Text>
      </>
    );
  }
  const maintenance = settings.data.maintenance_mode;

  return (
    <>
      <PageTitle>{t('pages.platformSettings')}</PageTitle>
      <form onSubmit={form.onSubmit((values) => submit(values))}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Card withBorder padding="md">
            <Title order={4} mb="sm">
              {t('platformSettings.security')}
            </Title>
            <Radio.Group
              label={t('platformSettings.passwordPolicy')}
              {...form.getInputProps('password_policy')}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="high" label={t('platformSettings.high')} />
                <Radio value="medium" label={t('platformSettings.medium')} />
                <Radio value="basic" label={t('platformSettings.basic')} />
              </Stack>
            </Radio.Group>
            <Switch
              mt="md"
              label={t('platformSettings.twoFactor')}
              {...form.getInputProps('two_factor', { type: 'checkbox' })}
            />
          </Card>
          <Card withBorder padding="md">
            <Title order={4} mb="sm">
              {t('platformSettings.alerts')}
            </Title>
            <Stack gap="sm">
              <Switch
                label={t('platformSettings.systemAlerts')}
                {...form.getInputProps('system_alerts', { type: 'checkbox' })}
              />
              <Switch
                label={t('platformSettings.databaseAlerts')}
                {...form.getInputProps('database_alerts', { type: 'checkbox' })}
              />
            </Stack>
            <Title order={4} mt="lg" mb="sm">
              {t('platformSettings.general')}
            </Title>
            <Select
              label={t('platformSettings.defaultLanguage')}
              data={[...PLATFORM_LANGUAGES]}
              allowDeselect={false}
              {...form.getInputProps('default_language')}
            />
          </Card>
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={save.isPending}>
            {t('platformSettings.save')}
          </Button>
        </Group>
      </form>
      <Card withBorder padding="md" mt="md">
        <Title order={4} mb="xs">
          {t('platformSettings.maintenance')}
        </Title>
        <Text size="sm" c={maintenance ? 'orange' : 'dimmed'} mb="sm" data-testid="maintenance-state">
          {maintenance ? t('platformSettings.maintenanceOn') : t('platformSettings.maintenanceOff')}
        </Text>
        <Button
          color={maintenance ? 'teal' : 'orange'}
          leftSection={<IconTool size={16} />}
          loading={save.isPending}
          onClick={() => submit({ maintenance_mode: !maintenance })}
        >
          {maintenance ? t('platformSettings.disableMaintenance') : t('platformSettings.enableMaintenance')}
        </Button>
      </Card>
    </>
  );
}
