import {
  type AiCharacter,
  CATEGORY_PROMPT_MAX,
  CATEGORY_TITLE_MAX,
  type ConversationType,
  CUSTOM_PROMPT_MAX,
  DUMMY_ID_PREFIX,
  type MessageCategory,
  type PrimaryLanguage,
  type SaveAiCharacterBody,
  SIMULATION_MESSAGE_MAX,
} from '@app/contract/ai-characters';

/** A category in the form: saved ones keep their number, new ones carry a temporary 'dummy-…' id. */
export type DraftCategory = Omit<MessageCategory, 'id'> & { id: number | string };

export interface AiCharacterFormValues {
  conversation_type: ConversationType | '';
  primary_language: PrimaryLanguage | '';
  custom_prompt: string;
  categories: DraftCategory[];
}

export interface CategoryFormValues {
  icon: MessageCategory['icon'] | null;
  title: string;
  description: string;
}

export interface SimulationFormValues {
  category_id: string | null;
  message: string;
}

let sequence = 0;
/** A temporary id for a category that is not saved yet (client-area §3). */
export function dummyId() {
  sequence += 1;
  return `${DUMMY_ID_PREFIX}${Date.now().toString(36)}-${sequence}`;
}

export const isSaved = (category: DraftCategory): category is MessageCategory =>
  typeof category.id === 'number';

export const formValuesOf = (character: AiCharacter): AiCharacterFormValues => ({
  conversation_type: character.conversation_type,
  primary_language: character.primary_language,
  custom_prompt: character.custom_prompt,
  categories: character.categories,
});

/**
 * The body of POST /ai-characters: temporary ids are removed (a new category has none); saved ids
 * stay, and saved categories left out of the list are deleted by the server.
 */
export function toSaveBody(values: AiCharacterFormValues): SaveAiCharacterBody {
  return {
    conversation_type: values.conversation_type as ConversationType,
    primary_language: values.primary_language as PrimaryLanguage,
    custom_prompt: values.custom_prompt.trim(),
    categories: values.categories.map((category) => ({
      ...(isSaved(category) ? { id: category.id } : {}),
      icon: category.icon,
      title: category.title.trim(),
      description: category.description.trim(),
    })),
  };
}

type Errors<T> = Partial<Record<keyof T, string>>;

/** The personality form's rules (client-area §5 AI settings); values are i18n keys. */
export function validatePersonality(values: AiCharacterFormValues) {
  const errors: Errors<AiCharacterFormValues> = {};
  if (!values.conversation_type) errors.conversation_type = 'aiCharacter.validation.conversationTypeRequired';
  if (!values.primary_language) errors.primary_language = 'aiCharacter.validation.primaryLanguageRequired';
  if (values.custom_prompt.trim().length > CUSTOM_PROMPT_MAX)
    errors.custom_prompt = 'aiCharacter.validation.customPromptTooLong';
  return errors;
}

/** The category dialog's rules. */
export function validateCategory(values: CategoryFormValues) {
  const errors: Errors<CategoryFormValues> = {};
  const title = values.title.trim();
  const description = values.description.trim();
  if (!values.icon) errors.icon = 'aiCharacter.validation.iconRequired';
  if (!title) errors.title = 'aiCharacter.validation.categoryNameRequired';
  else if (title.length > CATEGORY_TITLE_MAX) errors.title = 'aiCharacter.validation.categoryNameTooLong';
  if (!description) errors.description = 'aiCharacter.validation.categoryPromptRequired';
  else if (description.length > CATEGORY_PROMPT_MAX)
    errors.description = 'aiCharacter.validation.categoryPromptTooLong';
  return errors;
}

/** The response simulator's rules. */
export function validateSimulation(values: SimulationFormValues) {
  const errors: Errors<SimulationFormValues> = {};
  const message = values.message.trim();
  if (!values.category_id) errors.category_id = 'aiCharacter.validation.categoryRequired';
  if (!message) errors.message = 'aiCharacter.validation.messageRequired';
  else if (message.length > SIMULATION_MESSAGE_MAX) errors.message = 'aiCharacter.validation.messageTooLong';
  return errors;
}
