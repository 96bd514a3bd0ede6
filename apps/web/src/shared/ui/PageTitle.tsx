import { Group, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** The page heading, also the browser tab title. */
export function PageTitle({ children }: { children: string }) {
  useDocumentTitle(`${children} · AI Admin`);
  return (
    <Title order={2} mb="md">
      {children}
    </Title>
  );
}

/** A client-area page's heading: the title, its one-line description, and the main action at the right. */
export function PageHeader({
  title,
  subtitle,
  action,
}: {
  title: string;
  subtitle: string;
  action?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="md">
      <div>
        <PageTitle>{title}</PageTitle>
        <Text c="dimmed" size="sm" mt={-8}>
          {subtitle}
        </Text>
      </div>
      {action}
    </Group>
  );
}
