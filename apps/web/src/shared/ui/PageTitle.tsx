import { Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

/** The page heading, also the browser tab title. */
export function PageTitle({ children }: { children: string }) {
  useDocumentTitle(`${children} · AI Admin`);
  return (
    <Title order={2} mb="md">
      {children}
    </Title>
  );
}
