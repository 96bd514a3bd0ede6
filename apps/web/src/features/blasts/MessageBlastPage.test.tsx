import type { Blast } from '@app/contract/blasts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { startSession } from '../../shared/auth/session.ts';
import { i18n } from '../../shared/i18n/i18n.ts';
import { MessageBlastPage } from './MessageBlastPage.tsx';

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

const blast = (patch: Partial<Blast>): Blast => ({
  id: 1,
  title: 'Promo',
  message: 'Hello all',
  description: null,
  status: 'running',
  status_reason: null,
  integration_id: 2,
  integration_name: 'Demo WhatsApp',
  created_at: new Date().toISOString(),
  updated_at: new Date().toISOString(),
  completed_at: null,
  status_count: { total_recipients: 3, success_count: 1, failed_count: 1, send_percentage: 66.7 },
  ...patch,
});

const json = (data: unknown, meta?: object) =>
  new Response(JSON.stringify({ status_code: 200, message: '', data, meta }), {
    headers: { 'Content-Type': 'application/json' },
  });

/** Answers the list with `blasts` and the quota with `remain`; records every URL asked. */
function serve(blasts: Blast[], remain: number) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/api/blasts')) return json(blasts, { total: blasts.length });
    if (url.startsWith('/api/billings/current'))
      return json({ wa_message_remain: remain, ai_usage_remain: 5 });
    if (url.startsWith('/api/integrations')) return json([]);
    return json(null);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

// The message box grows with its text and listens for web fonts, which jsdom does not have.
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
            <MessageBlastPage />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );

describe('MessageBlastPage', () => {
  it('without blast_read shows the denial and asks for nothing', () => {
    signInWith([]);
    const fetchMock = serve([], 10);
    renderPage();
    expect(screen.getByText("You don't have permission to read blast")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/blasts'))).toBe(false);
  });

  it('loads the listed statuses and shows a card with progress and counts', async () => {
    signInWith(['blast_read', 'blast_create', 'blast_update']);
    const fetchMock = serve([blast({ status_reason: 'Paused: the WhatsApp message quota is used up' })], 10);
    renderPage();
    const card = await screen.findByTestId('blast-card');
    expect(
      String(fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/blasts'))?.[0]),
    ).toContain('status=paused%2Crunning%2Cactive%2Cinactive');
    expect(within(card).getByTestId('blast-progress')).toHaveTextContent('66.7%');
    expect(within(card).getByTestId('blast-sent')).toHaveTextContent('2/3 sent');
    expect(within(card).getByTestId('blast-successful')).toHaveTextContent('33.3%');
    expect(within(card).getByTestId('blast-reason')).toHaveTextContent('quota is used up');
    expect(within(card).getByRole('button', { name: 'Pause Promo' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'New Blast' })).toBeInTheDocument();
    expect(screen.queryByText('Need More Messages?')).not.toBeInTheDocument();
  });

  it('with the quota used up hides New Blast and offers the upgrade', async () => {
    signInWith(['blast_read', 'blast_create']);
    serve([], 0);
    renderPage();
    expect(await screen.findByText('Need More Messages?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/client/billing');
    expect(screen.getByText('No blasts found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Blast' })).not.toBeInTheDocument();
  });

  it('without blast_create has no New Blast even with quota', async () => {
    signInWith(['blast_read']);
    serve([], 10);
    renderPage();
    expect(await screen.findByText('No blasts found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View History' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Blast' })).not.toBeInTheDocument();
  });

  it('counts the message and strips script tags after 1 s without typing', async () => {
    signInWith(['blast_read', 'blast_create']);
    serve([], 10);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'New Blast' }));
    const message = await screen.findByRole('textbox', { name: /Message/ });
    fireEvent.change(message, { target: { value: 'Hi <script>alert(1)</script>' } });
    expect(screen.getByTestId('message-counter')).toHaveTextContent('28/500 characters');
    expect(message).toHaveValue('Hi <script>alert(1)</script>');
    await waitFor(() => expect(message).toHaveValue('Hi '), { timeout: 2500 });
    expect(screen.getByTestId('message-counter')).toHaveTextContent('3/500 characters');
    // Validated on change: the title is untouched, the message is fine.
    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), { target: { value: 'x' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), { target: { value: '' } });
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
  });
});
