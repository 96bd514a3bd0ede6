import type { Schedule } from '@app/contract/schedules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiResponse, renderWithProviders, signInWith, stubFetch } from '../../test-utils.tsx';
import { ScheduledMessagesPage } from './ScheduledMessagesPage.tsx';

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

/** Answers the list with `schedules` and the quota with `remain`; records every call. */
function serve(schedules: Schedule[], remain: number) {
  return stubFetch(async (url, init) => {
    if (url.endsWith('/status') && init?.method === 'PUT') return apiResponse(schedules[0]);
    if (url.startsWith('/api/schedules')) return apiResponse(schedules, { total: schedules.length });
    if (url.startsWith('/api/billings/current'))
      return apiResponse({ wa_message_remain: remain, ai_usage_remain: 5 });
    return apiResponse([]);
  });
}

const renderPage = () => renderWithProviders(<ScheduledMessagesPage />);

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
