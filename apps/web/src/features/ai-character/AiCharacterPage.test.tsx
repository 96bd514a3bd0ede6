import type { AiCharacter } from '@app/contract/ai-characters';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n.ts';
import { jsonResponse, renderWithProviders, signInWith, stubFetch } from '../../test-utils.tsx';
import { AiCharacterPage } from './AiCharacterPage.tsx';

const character: AiCharacter = {
  conversation_type: 'friendly',
  primary_language: 'en',
  custom_prompt: '',
  categories: [{ id: 5, icon: 'package', title: 'Orders', description: 'Ask for the order number' }],
  updated_at: null,
};

const renderPage = () => renderWithProviders(<AiCharacterPage />);

describe('<AiCharacterPage>', () => {
  beforeEach(() => {
    localStorage.clear();
    void i18n.changeLanguage('en');
  });

  it('adds a category with a temporary id and saves it without one', async () => {
    signInWith(['ai_read', 'ai_update']);
    const posts: unknown[] = [];
    stubFetch(async (_url, init) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posts.push(body);
        return jsonResponse({
          message: 'AI Character settings updated successfully',
          data: { ...character, categories: [character.categories[0], { ...body.categories[1], id: 6 }] },
        });
      }
      return jsonResponse({ data: character });
    });
    renderPage();
    expect(await screen.findByText('Orders')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Add Category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Category' });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Icon is required')).toBeInTheDocument();
    expect(screen.getByText('Category Name is required')).toBeInTheDocument();
    expect(screen.getByText('Category Prompt is required')).toBeInTheDocument();

    fireEvent.click(within(dialog).getAllByLabelText(/^Icon/)[0] as HTMLElement);
    fireEvent.click(await screen.findByRole('option', { name: /Question/, hidden: true }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Category Name' }), { target: { value: 'Hours' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Category Prompt' }), {
      target: { value: 'Answer from the FAQ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.getByText('Hours')).toBeInTheDocument();
    expect(screen.getByText('Not saved yet')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      conversation_type: 'friendly',
      primary_language: 'en',
      custom_prompt: '',
      categories: [
        { id: 5, icon: 'package', title: 'Orders', description: 'Ask for the order number' },
        { icon: 'question', title: 'Hours', description: 'Answer from the FAQ' },
      ],
    });
    await waitFor(() => expect(screen.queryByText('Not saved yet')).toBeNull());
  });

  it('is read-only without ai_update', async () => {
    signInWith(['ai_read']);
    stubFetch(async () => jsonResponse({ data: character }));
    renderPage();
    expect(await screen.findByText('Orders')).toBeInTheDocument();
    expect(screen.getByText('You can view these settings but not change them.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Category' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Orders' })).toBeNull();
    // The simulator still works for saved categories.
    expect(screen.getByRole('button', { name: 'Simulate' })).toBeInTheDocument();
  });

  it('checks the simulator form', async () => {
    signInWith(['ai_read']);
    stubFetch(async () => jsonResponse({ data: character }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Simulate' }));
    expect(await screen.findByText('Category is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
  });
});
