import type { Blast } from '@app/contract/blasts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiResponse, renderWithProviders, signInWith, stubFetch } from '../../test-utils.tsx';
import { MessageBlastPage } from './MessageBlastPage.tsx';

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

/** Answers the list with `blasts` and the quota with `remain`; records every URL asked. */
function serve(blasts: Blast[], remain: number) {
  return stubFetch(async (url) => {
    if (url.startsWith('/api/blasts')) return apiResponse(blasts, { total: blasts.length });
    if (url.startsWith('/api/billings/current'))
      return apiResponse({ wa_message_remain: remain, ai_usage_remain: 5 });
    if (url.startsWith('/api/integrations')) return apiResponse([]);
    return apiResponse(null);
  });
}

const renderPage = () => renderWithProviders(<MessageBlastPage />);

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
