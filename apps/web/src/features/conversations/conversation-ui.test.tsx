import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n.ts';
import { AiReplyDetails } from './conversation-ui.tsx';

describe('<AiReplyDetails>', () => {
  it("shows an 'AI' badge that opens the model, tokens and passages", () => {
    render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <AiReplyDetails
            meta={{
              model: 'gpt-4o-mini',
              mode: 'llm',
              category: 'Opening hours',
              prompt_tokens: 120,
              completion_tokens: 30,
              passages: [{ knowledge: 'Store FAQ', excerpt: 'We are open 08.00-21.00 every day.' }],
            }}
          />
        </MantineProvider>
      </I18nextProvider>,
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
