import {
  type BadRecipientRow,
  BLAST_FILE_EXTENSIONS,
  BLAST_FILE_MAX_BYTES,
  BLAST_MESSAGE_MAX,
  BLAST_TITLE_MAX,
  type Blast,
  type BlastStatus,
  type RecipientType,
  stripScripts,
} from '@app/contract/blasts';
import type { Contact } from '@app/contract/chats';

/**
 * Who a 'contact' blast goes to: the contacts ticked one by one, or every contact matching a
 * search ('select all', however many there are: the server resolves it from `contact_search`).
 */
export type ContactSelection =
  | { all: false; contacts: Contact[] }
  | { all: true; search: string; total: number };

export const NO_CONTACTS: ContactSelection = { all: false, contacts: [] };

export const selectionCount = (selection: ContactSelection) =>
  selection.all ? selection.total : selection.contacts.length;

export interface BlastFormValues {
  title: string;
  description: string;
  integration_id: string;
  recipent_type: RecipientType | '';
  selection: ContactSelection;
  file: File | null;
  message: string;
}

export const emptyBlastForm = (): BlastFormValues => ({
  title: '',
  description: '',
  integration_id: '',
  recipent_type: '',
  selection: NO_CONTACTS,
  file: null,
  message: '',
});

export const isExcelFile = (file: File) =>
  (BLAST_FILE_EXTENSIONS as readonly string[]).includes(file.name.toLowerCase().split('.').pop() ?? '');

/** The message as it is sent: script elements removed, then trimmed (the server does the same). */
export const cleanMessage = (message: string) => stripScripts(message).trim();

type BlastFormErrors = Partial<Record<keyof BlastFormValues, string>>;

/** The form's rules (client-area §5 Blast form); the values are i18n keys of the messages. */
export function validateBlast(values: BlastFormValues): BlastFormErrors {
  const errors: BlastFormErrors = {};
  const title = values.title.trim();
  if (!title) errors.title = 'blasts.validation.titleRequired';
  else if (title.length > BLAST_TITLE_MAX) errors.title = 'blasts.validation.titleTooLong';
  if (!values.integration_id) errors.integration_id = 'blasts.validation.integrationRequired';
  if (!values.recipent_type) errors.recipent_type = 'blasts.validation.recipientTypeRequired';
  const message = cleanMessage(values.message);
  if (!message) errors.message = 'blasts.validation.messageRequired';
  else if (message.length > BLAST_MESSAGE_MAX) errors.message = 'blasts.validation.messageTooLong';
  if (values.recipent_type === 'contact' && selectionCount(values.selection) === 0)
    errors.selection = 'blasts.validation.contactsRequired';
  if (values.recipent_type === 'excel') {
    if (!values.file) errors.file = 'blasts.validation.fileRequired';
    else if (!isExcelFile(values.file)) errors.file = 'blasts.validation.fileType';
    else if (values.file.size > BLAST_FILE_MAX_BYTES) errors.file = 'blasts.validation.fileTooLarge';
  }
  return errors;
}

/** The multipart body of `POST /blasts`: the text fields, status 'running', and the file part last. */
export function blastFormData(values: BlastFormValues) {
  const form = new FormData();
  form.append('title', values.title.trim());
  form.append('integration_id', values.integration_id);
  form.append('recipent_type', values.recipent_type);
  if (values.recipent_type === 'contact') {
    const { selection } = values;
    if (selection.all) form.append('contact_search', selection.search);
    else form.append('recipent_contact', selection.contacts.map((contact) => contact.chat_id).join(','));
  }
  form.append('message', cleanMessage(values.message));
  const description = values.description.trim();
  if (description) form.append('description', description);
  form.append('status', 'running');
  if (values.recipent_type === 'excel' && values.file) form.append('file', values.file, values.file.name);
  return form;
}

/** The form fields the server may name in a refusal, and where each one shows. */
export const SERVER_FIELDS: Record<string, keyof BlastFormValues> = {
  title: 'title',
  integration_id: 'integration_id',
  recipent_type: 'recipent_type',
  recipent_contact: 'selection',
  contact_search: 'selection',
  message: 'message',
  file: 'file',
};

/** The card toggle: a running blast is paused, anything else runs (client-area §4). */
export const toggledStatus = (status: BlastStatus): 'running' | 'paused' =>
  status === 'running' ? 'paused' : 'running';

/** Entries still sending get a progress bar in the history. */
export const isInProgress = (status: BlastStatus) => status === 'running' || status === 'in_progress';

/** The list asks again every 2 s while a blast is sending (progress is not pushed yet). */
export const anyRunning = (blasts: Blast[] | undefined) =>
  (blasts ?? []).some((blast) => blast.status === 'running');

/** A count's share of the total, 0..100 with one decimal (0 when there is no total). */
export const percentOf = (count: number, total: number) =>
  total > 0 ? Math.round((count / total) * 1000) / 10 : 0;

/** Recipients handled so far (sent or failed): what `send_percentage` measures. */
export const handledCount = (blast: Blast) =>
  blast.status_count.success_count + blast.status_count.failed_count;

/** Which contacts a blast on an integration can reach: its own channel's (by platform name). */
export const chatTypeOfPlatform = (platformName: string): Contact['chat_type'] =>
  /telegram/i.test(platformName) ? 'telegram' : 'wa';

/** After the integration changes, contacts of another channel are dropped from a ticked list. */
export const keepChannel = (selection: ContactSelection, chatType: Contact['chat_type']): ContactSelection =>
  selection.all
    ? selection
    : { all: false, contacts: selection.contacts.filter((contact) => contact.chat_type === chatType) };

/** A row of an uploaded (or typed) list the server refused, as its 400 answer lists them. */
export const badRowsOf = (data: unknown): BadRecipientRow[] =>
  Array.isArray(data)
    ? data.filter(
        (item): item is BadRecipientRow => typeof item?.row === 'number' && typeof item?.reason === 'string',
      )
    : [];
