import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { i18n } from '../i18n/i18n.ts';

/** A lazily loaded screen that could not be fetched (a new deploy, a dropped connection). */
export const isChunkLoadError = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|Failed to fetch|error loading dynamically/i.test(
    error.message,
  );

export function FailurePanel({ title }: { title: string }) {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={3} role="alert">
          {title}
        </Title>
        <Button variant="light" onClick={() => window.location.reload()}>
          {i18n.t('app.reload')}
        </Button>
      </Stack>
    </Center>
  );
}

/** The router's error element: 'Something went wrong', or 'Failed to load application' for a missing chunk. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404)
    return <FailurePanel title={i18n.t('app.notFoundTitle')} />;
  return <FailurePanel title={i18n.t(isChunkLoadError(error) ? 'app.failedToLoad' : 'app.somethingWrong')} />;
}

/** Catches render failures of one section (super-admin §2 "Fallbacks"). */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (this.state.error) {
      return (
        <FailurePanel
          title={i18n.t(isChunkLoadError(this.state.error) ? 'app.failedToLoad' : 'app.somethingWrong')}
        />
      );
    }
    return this.props.children;
  }
}

export function CenteredText({ children }: { children: ReactNode }) {
  return (
    <Center mih="40vh">
      <Text c="dimmed">{children}</Text>
    </Center>
  );
}

/** Shown while a screen's code is being fetched. */
export function PageLoader() {
  return (
    <Center mih="50vh" aria-busy="true">
      <Loader size="sm" />
    </Center>
  );
}
