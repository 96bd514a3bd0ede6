import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMessageChatbot } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ThemeToggle } from '../../shared/ui/ThemeToggle.tsx';

/** The frame of the sign-in, forgot-password and reset-password screens. */
export function AuthCard({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-body)">
      <Box w="100%" maw={420}>
        <Group justify="flex-end" mb="sm">
          <ThemeToggle />
        </Group>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap={4} align="center" mb="lg">
            <IconMessageChatbot size={40} color="var(--mantine-color-teal-6)" aria-hidden />
            <Title order={1} fz={26}>
              {t('app.name')}
            </Title>
            <Text c="dimmed" size="sm" ta="center">
              {subtitle}
            </Text>
          </Stack>
          {children}
        </Paper>
      </Box>
    </Center>
  );
}
