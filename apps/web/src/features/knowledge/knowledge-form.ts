import {
  fileTypeOf,
  KNOWLEDGE_MAX_BYTES,
  KNOWLEDGE_NAME_MAX,
  type KnowledgeItem,
} from '@app/contract/knowledge';

export interface KnowledgeFormValues {
  name: string;
  file: File | null;
}

/**
 * What is wrong with a picked file, as an i18n key: required when uploading (not when editing, where
 * it replaces the current one), one of the accepted types, at most 50MB (client-area §5, §9).
 */
export function knowledgeFileError(file: Pick<File, 'name' | 'size'> | null, required: boolean) {
  if (!file) return required ? 'knowledge.validation.fileRequired' : null;
  if (!fileTypeOf(file.name)) return 'knowledge.validation.fileType';
  if (file.size > KNOWLEDGE_MAX_BYTES) return 'knowledge.validation.fileTooLarge';
  return null;
}

/** The upload/edit form's rules; values are i18n keys of the messages. */
export function validateKnowledge(values: KnowledgeFormValues, editing: boolean) {
  const errors: Partial<Record<keyof KnowledgeFormValues, string>> = {};
  const name = values.name.trim();
  if (!name) errors.name = 'knowledge.validation.nameRequired';
  else if (name.length > KNOWLEDGE_NAME_MAX) errors.name = 'knowledge.validation.nameTooLong';
  const file = knowledgeFileError(values.file, !editing);
  if (file) errors.file = file;
  return errors;
}

/** The name a picked file suggests while the name is still empty: the file name without its type. */
export const nameFromFile = (filename: string) => filename.replace(/\.[^.]+$/, '').trim();

/** While an item is still being indexed the list is asked again every 2 s. */
export const isProcessing = (items: readonly Pick<KnowledgeItem, 'status'>[] | undefined) =>
  Boolean(items?.some((item) => item.status === 'processing'));
