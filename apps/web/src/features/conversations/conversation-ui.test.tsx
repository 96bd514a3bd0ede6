import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils.tsx';
import { AiReplyDetails } from './conversation-ui.tsx';

describe('<AiReplyDetails>', () => {
  it("shows an 'AI' badge that opens the model, tokens and passages", () => {
    renderWithProviders(
      <AiReplyDetails
        meta={{
          model: 'gpt-4o-mini',
          mode: 'llm',
          category: 'Opening hours',
          prompt_tokens: 120,
          completion_tokens: 30,
          passages: [{ knowledge: 'Store FAQ', excerpt: 'We are open 08.00-21.00 every day.' }],
        }}
      />,
    );
    const badge = screen.getByRole('button', { name: 'AI reply: show or hide what it used' });
    expect(badge).toHaveTextContent('AI');
    expect(badge).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(badge);
    expect(badge).toHaveAttribute('aria-expanded', 'true');
    const details = screen.getByTestId('ai-details');
    expect(details).toHaveTextContent('Model: gpt-4o-mini · written by the language model');
    expect(details).toHaveTextContent('Category: Opening hours');
    expect(details).toHaveTextContent('Tokens: 120 prompt + 30 reply');
    expect(details).toHaveTextContent('1 passage used');
    expect(details).toHaveTextContent('Store FAQ: We are open 08.00-21.00 every day.');
  });
});
