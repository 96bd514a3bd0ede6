import type { Schedule } from '@app/contract/schedules';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { startSession } from '../../shared/auth/session.ts';
import { i18n } from '../../shared/i18n/i18n.ts';
import { ScheduledMessagesPage } from './ScheduledMessagesPage.tsx';

const signInWith = (permissions: string[]) =>
  startSession({
    access_token: 'a',
    refresh_token: 'r',
    expires_in: 900,
    user: {
      id: 1,
      external_id: 'u-1',
      email: 'admin@example.com',
      full_name: 'Admin',
      role: 'client_admin',
      roles: ['client_admin'],
      company_id: 1,
      company_external_id: 'c-1',
      permissions,
      acting_super_admin: null,
    },
  });

const schedule = (patch: Partial<Schedule> = {}): Schedule => ({
  id: 4,
  external_id: 'sch-4',
  integration_id: 2,
  integration_name: 'Demo WhatsApp',
  company_id: 1,
  title: 'Monday news',
  description: 'Good morning',
  status: 'running',
  schedule_type: 'repeat',
  repeat_type: 'weekly',
  day: 1,
  start_time: '2026-11-23T09:00:00Z',
  end_time: '2027-11-23T09:00:00Z',
  recipent_type: 'contact',
  recipients_count: 3,
  next_run_at: null,
  last_run_at: null,
  status_count: { executions: 2, total_recipients: 6, success_count: 5, failed_count: 1 },
  created_by: 1,
  created_at: new Date().toISOString(),
  updated_at: new Date().toISOString(),
  ...patch,
});

const json = (data: unknown, meta?: object) =>
  new Response(JSON.stringify({ status_code: 200, message: '', data, meta }), {
    headers: { 'Content-Type': 'application/json' },
  });

/** Answers the list with `schedules` and the quota with `remain`; records every call. */
function serve(schedules: Schedule[], remain: number) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/status') && init?.method === 'PUT') return json(schedules[0]);
    if (url.startsWith('/api/schedules')) return json(schedules, { total: schedules.length });
    if (url.startsWith('/api/billings/current'))
      return json({ wa_message_remain: remain, ai_usage_remain: 5 });
    return json([]);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

// The description box grows with its text and listens for web fonts, which jsdom does not have.
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

const renderPage = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter>
            <ScheduledMessagesPage />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );

describe('ScheduledMessagesPage', () => {
  it('without schedule_read shows the spec text and asks for no schedules', () => {
    signInWith([]);
    const fetchMock = serve([], 10);
    renderPage();
    expect(screen.getByRole('heading', { name: 'Scheduled Messages' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "You don't have permission to view scheduled messages. Please contact your administrator.",
      ),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/schedules'))).toBe(false);
  });

  it('lists the listed statuses with counts, and the toggle of a running one sends active', async () => {
    signInWith(['schedule_read', 'schedule_create', 'schedule_update']);
    const fetchMock = serve([schedule()], 10);
    renderPage();
    expect(screen.getByText('Manage automated and recurring messages')).toBeInTheDocument();
    const card = await screen.findByTestId('schedule-card');
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain(
      'status=pending%2Cactive%2Crunning%2Cpaused%2Cinactive',
    );
    expect(within(card).getByTestId('schedule-repeat')).toHaveTextContent('Weekly on Monday');
    expect(within(card).getByTestId('schedule-recipients')).toHaveTextContent('3');
    expect(within(card).getByTestId('schedule-successful')).toHaveTextContent('83.3%');
    expect(within(card).getByTestId('schedule-failed')).toHaveTextContent('16.7%');
    expect(within(card).getByTestId('schedule-last-sent')).toHaveTextContent('Never');
    expect(await screen.findByRole('button', { name: 'Schedule Message' })).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('switch', { name: 'Set Monday news to active' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.find(
          ([url, init]) => String(url).endsWith('/status') && init?.method === 'PUT',
        )?.[1]?.body,
      ).toBe(JSON.stringify({ status: 'active' })),
    );
  });

  it('with the WhatsApp limit reached hides Schedule Message and shows the amber banner', async () => {
    signInWith(['schedule_read', 'schedule_create']);
    serve([], 0);
    renderPage();
    expect(await screen.findByText('Need More Messages?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/client/billing');
    expect(screen.getByText('No Scheduled Messages')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Schedule Message' })).not.toBeInTheDocument();
  });

  it('the dialog names what is missing and the once type hides the repeat fields', async () => {
    signInWith(['schedule_read', 'schedule_create']);
    serve([], 10);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule Message' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create Schedule' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Schedule type is required')).toBeInTheDocument();
    expect(screen.getByText('Start time is required')).toBeInTheDocument();
    expect(screen.getByText('Integration is required')).toBeInTheDocument();
    expect(screen.getByText('Recipient type is required')).toBeInTheDocument();
    expect(screen.queryByText('End Time')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });
});
