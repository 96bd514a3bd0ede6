import {
  BLAST_FILE_MAX_BYTES,
  BLAST_MESSAGE_MAX,
  BLAST_TITLE_MAX,
  type Blast,
  type BlastStatus,
} from '@app/contract/blasts';
import { cleanMessage } from '../../shared/outbound/message.ts';
import {
  isExcelFile,
  NO_CONTACTS,
  type RecipientValues,
  selectionCount,
} from '../../shared/outbound/recipient-selection.ts';

// Shared with the schedules now; re-exported for the blast form's tests, which import them from here.
export { percentOf } from '../../shared/format/percent.ts';
export {
  badRowsOf,
  chatTypeOfPlatform,
  keepChannel,
  selectionCount,
} from '../../shared/outbound/recipient-selection.ts';

export interface BlastFormValues extends RecipientValues {
  title: string;
  description: string;
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

/** Recipients handled so far (sent or failed): what `send_percentage` measures. */
export const handledCount = (blast: Blast) =>
  blast.status_count.success_count + blast.status_count.failed_count;
