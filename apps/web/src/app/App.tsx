import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { ApiError, onSessionExpired } from '../shared/api/client.ts';
import { i18n } from '../shared/i18n/i18n.ts';
import { TOAST_MS } from '../shared/notify/notify.ts';
import { ColorSchemeSync, colorSchemeManager, theme } from '../shared/theme/theme.ts';
import { ErrorBoundary } from '../shared/ui/errors.tsx';
import { createRouter } from './router.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change by asking again; a network blip might.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

export function App() {
  const [router] = useState(createRouter);
  useEffect(
    () =>
      onSessionExpired(() => {
        queryClient.clear();
        void router.navigate('/login', { replace: true });
      }),
    [router],
  );
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto">
        <ColorSchemeSync />
        <Notifications position="top-right" autoClose={TOAST_MS.client} zIndex={1000} />
        <QueryClientProvider client={queryClient}>
          <ErrorBoundary>
            <RouterProvider router={router} />
          </ErrorBoundary>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
