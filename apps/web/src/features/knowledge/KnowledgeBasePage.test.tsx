import type { KnowledgeItem } from '@app/contract/knowledge';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n.ts';
import { apiResponse, renderWithProviders, signInWith, stubFetch } from '../../test-utils.tsx';
import { KnowledgeBasePage } from './KnowledgeBasePage.tsx';

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

const renderPage = () => renderWithProviders(<KnowledgeBasePage />);

/** Answers every request with the list `data`; records every call. */
const serve = (data: KnowledgeItem[]) =>
  stubFetch(async () => apiResponse(data, { total: data.length }, 'ok'));

describe('<KnowledgeBasePage>', () => {
  beforeEach(() => {
    localStorage.clear();
    void i18n.changeLanguage('en');
  });

  it('shows the denied text without knowledge_read and asks nothing', () => {
    signInWith([]);
    const fetchMock = serve([]);
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
    serve([
      item(1, { name: 'FAQ', total_entry: 3 }),
      item(2, { name: 'Prices', status: 'processing', file_type: 'xlsx', filename: 'p.xlsx' }),
      item(3, { name: 'Broken', status: 'failed', error: 'The file could not be read' }),
    ]);
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
    const fetchMock = serve([]);
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
