/**
 * What the web's tests share: a signed-in session, API answers for a stubbed `fetch`, and rendering
 * inside the providers the app gives every screen (i18n, Mantine with its toasts, React Query,
 * a router). The jsdom gaps Mantine needs are filled once in test-setup.ts.
 */
import type { SessionUser } from '@app/contract/auth';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactElement, type ReactNode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { startSession } from './shared/auth/session.ts';
import { i18n } from './shared/i18n/i18n.ts';

/** A client admin of company 1; `patch` changes what a test needs changed. */
export const testUser = (patch: Partial<SessionUser> = {}): SessionUser => ({
  id: 1,
  external_id: 'u-1',
  email: 'admin@example.com',
  full_name: 'Admin',
  role: 'client_admin',
  roles: ['client_admin'],
  company_id: 1,
  company_external_id: 'c-1',
  permissions: [],
  acting_super_admin: null,
  ...patch,
});

/** Signs the test user in with exactly these permissions. */
export const signInWith = (permissions: string[], patch: Partial<SessionUser> = {}) =>
  startSession({
    access_token: 'a',
    refresh_token: 'r',
    expires_in: 900,
    user: testUser({ ...patch, permissions }),
  });

/** A JSON response with `body` as it is. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A JSON response in the API's envelope: `{ status_code, message, data, meta }`. */
export const apiResponse = (data: unknown, meta?: object, message = '', status = 200) =>
  jsonResponse({ status_code: status, message, data, meta }, status);

type FetchHandler = (url: string, init?: RequestInit) => Response | Promise<Response>;

/** Puts `handler` in place of `fetch`; the mock it returns records every call. */
export function stubFetch(handler: FetchHandler) {
  const fetchMock = vi.fn(handler);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const newQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/**
 * The app's providers, as a wrapper component (also for `renderHook`): i18n, Mantine and its toast
 * host, a query client that does not retry (one for the wrapper's lifetime), and a router.
 */
export function Providers({ children }: { children?: ReactNode }) {
  const [client] = useState(newQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <Notifications />
        <QueryClientProvider client={client}>
          <MemoryRouter>{children}</MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}

/** Renders `ui` (a page, a dialog, a widget) inside the app's providers. */
export const renderWithProviders = (ui: ReactElement) => render(ui, { wrapper: Providers });
