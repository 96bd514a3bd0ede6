import type { KnowledgeItem } from '@app/contract/knowledge';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../shared/auth/session.ts';
import { i18n } from '../../shared/i18n/i18n.ts';
import { KnowledgeBasePage } from './KnowledgeBasePage.tsx';

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

const item = (id: number, patch: Partial<KnowledgeItem>): KnowledgeItem => ({
  id,
  name: `Doc ${id}`,
  content: null,
  total_entry: 0,
  company_id: 1,
  filename: `doc-${id}.pdf`,
  file_type: 'pdf',
  size: 1536,
  status: 'ready',
  error: null,
  file: `/api/integrations/knowledges/id/${id}/file`,
  created_at: new Date().toISOString(),
  updated_at: new Date().toISOString(),
  ...patch,
});

const renderPage = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <KnowledgeBasePage />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );

const answer = (data: KnowledgeItem[]) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify({ status_code: 200, message: 'ok', data, meta: { total: data.length } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  );

describe('<KnowledgeBasePage>', () => {
  beforeEach(() => {
    localStorage.clear();
    void i18n.changeLanguage('en');
  });

  it('shows the denied text without knowledge_read and asks nothing', () => {
    signInWith([]);
    const fetchMock = answer([]);
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    expect(
      screen.getByText(
        "You don't have permission to view knowledge base. Please contact your administrator.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload Knowledge' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lists items with their entries, size, processing state and error', async () => {
    signInWith(['knowledge_read']);
    vi.stubGlobal(
      'fetch',
      answer([
        item(1, { name: 'FAQ', total_entry: 3 }),
        item(2, { name: 'Prices', status: 'processing', file_type: 'xlsx', filename: 'p.xlsx' }),
        item(3, { name: 'Broken', status: 'failed', error: 'The file could not be read' }),
      ]),
    );
    renderPage();
    expect(await screen.findByText('FAQ')).toBeInTheDocument();
    expect(screen.getByText('3 entries')).toBeInTheDocument();
    expect(screen.getByText('doc-1.pdf · 1.5 KB')).toBeInTheDocument();
    expect(screen.getByText('Processing...')).toBeInTheDocument();
    expect(screen.getByText('The file could not be read')).toBeInTheDocument();
    expect(screen.getAllByText(/^Last updated just now$/)).toHaveLength(3);
    // Without knowledge_create there is no upload.
    expect(screen.queryByRole('button', { name: 'Upload Knowledge' })).toBeNull();
  });

  it("shows 'No knowledge found' and checks the upload form before sending", async () => {
    signInWith(['knowledge_read', 'knowledge_create']);
    const fetchMock = answer([]);
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    expect(await screen.findByText('No knowledge found')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Upload Knowledge' }));
    expect(await screen.findByText('PDF, XLSX or DOCX · max 50MB')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('File is required')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
