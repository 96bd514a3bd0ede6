import { AI_MSG, type AiCharacter, DUMMY_ID_PREFIX } from '@app/contract/ai-characters';
import { describe, expect, it } from 'vitest';
import { catalogue } from './ai-character.i18n.ts';
import {
  type AiCharacterFormValues,
  dummyId,
  formValuesOf,
  isSaved,
  toSaveBody,
  validateCategory,
  validatePersonality,
  validateSimulation,
} from './ai-character-form.ts';

const values = (patch: Partial<AiCharacterFormValues> = {}): AiCharacterFormValues => ({
  conversation_type: 'friendly',
  primary_language: 'en',
  custom_prompt: '  Be brief.  ',
  categories: [],
  ...patch,
});

/** The English text of an i18n key of this feature. */
const english = (key: string) =>
  key
    .replace(/^aiCharacter\./, '')
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue.en);

describe('AI character form', () => {
  it('gives new categories distinct temporary ids', () => {
    const a = dummyId();
    const b = dummyId();
    expect(a.startsWith(DUMMY_ID_PREFIX)).toBe(true);
    expect(a).not.toBe(b);
    expect(isSaved({ id: a, icon: 'chat', title: 'x', description: 'y' })).toBe(false);
    expect(isSaved({ id: 3, icon: 'chat', title: 'x', description: 'y' })).toBe(true);
  });

  it('removes temporary ids before saving and keeps saved ones', () => {
    const body = toSaveBody(
      values({
        categories: [
          { id: 4, icon: 'package', title: ' Orders ', description: ' Ask for the order number ' },
          { id: dummyId(), icon: 'money', title: 'Refunds', description: 'Explain the refund policy' },
        ],
      }),
    );
    expect(body).toEqual({
      conversation_type: 'friendly',
      primary_language: 'en',
      custom_prompt: 'Be brief.',
      categories: [
        { id: 4, icon: 'package', title: 'Orders', description: 'Ask for the order number' },
        { icon: 'money', title: 'Refunds', description: 'Explain the refund policy' },
      ],
    });
    expect(JSON.stringify(body)).not.toContain(DUMMY_ID_PREFIX);
  });

  it('starts from the saved character', () => {
    const character: AiCharacter = {
      conversation_type: 'formal',
      primary_language: 'id',
      custom_prompt: 'Hi',
      categories: [{ id: 1, icon: 'note', title: 'T', description: 'D' }],
      updated_at: null,
    };
    expect(formValuesOf(character)).toEqual({
      conversation_type: 'formal',
      primary_language: 'id',
      custom_prompt: 'Hi',
      categories: character.categories,
    });
  });

  it('validates the personality with the spec texts', () => {
    const errors = validatePersonality(
      values({ conversation_type: '', primary_language: '', custom_prompt: 'x'.repeat(501) }),
    );
    expect(Object.values(errors).map(english)).toEqual([
      AI_MSG.conversationTypeRequired,
      AI_MSG.primaryLanguageRequired,
      AI_MSG.customPromptTooLong,
    ]);
    expect(validatePersonality(values({ custom_prompt: 'x'.repeat(500) }))).toEqual({});
  });

  it('validates a category with the spec texts', () => {
    const errors = validateCategory({ icon: null, title: ' ', description: '' });
    expect(Object.values(errors).map(english)).toEqual([
      AI_MSG.iconRequired,
      AI_MSG.categoryNameRequired,
      AI_MSG.categoryPromptRequired,
    ]);
    expect(validateCategory({ icon: 'chat', title: 'x'.repeat(101), description: 'ok' })).toEqual({
      title: 'aiCharacter.validation.categoryNameTooLong',
    });
    expect(validateCategory({ icon: 'chat', title: 'Orders', description: 'ok' })).toEqual({});
  });

  it('validates a simulation with the spec texts', () => {
    expect(Object.values(validateSimulation({ category_id: null, message: '  ' })).map(english)).toEqual([
      AI_MSG.categoryRequired,
      AI_MSG.messageRequired,
    ]);
    expect(validateSimulation({ category_id: '2', message: 'x'.repeat(501) }).message).toBe(
      'aiCharacter.validation.messageTooLong',
    );
    expect(english('aiCharacter.validation.messageTooLong')).toBe('Message must be less than 500 characters');
    expect(validateSimulation({ category_id: '2', message: 'When are you open?' })).toEqual({});
  });
});
