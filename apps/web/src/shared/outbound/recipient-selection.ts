import { type BadRecipientRow, BLAST_FILE_EXTENSIONS, type RecipientType } from '@app/contract/blasts';
import type { Contact } from '@app/contract/chats';

/**
 * Who a 'contact' blast or schedule goes to: the contacts ticked one by one, or every contact
 * matching a search ('select all', however many there are: the server resolves it from
 * `contact_search`).
 */
export type ContactSelection =
  | { all: false; contacts: Contact[] }
  | { all: true; search: string; total: number };

export const NO_CONTACTS: ContactSelection = { all: false, contacts: [] };

export const selectionCount = (selection: ContactSelection) =>
  selection.all ? selection.total : selection.contacts.length;

/** The recipient fields that the blast and the schedule forms share (client-area §5). */
export interface RecipientValues {
  integration_id: string;
  recipent_type: RecipientType | '';
  selection: ContactSelection;
  file: File | null;
}

export const isExcelFile = (file: File) =>
  (BLAST_FILE_EXTENSIONS as readonly string[]).includes(file.name.toLowerCase().split('.').pop() ?? '');

/** Which contacts a message on an integration can reach: its own channel's (by platform name). */
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
