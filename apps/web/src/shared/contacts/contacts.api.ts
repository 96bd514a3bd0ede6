import type { Contact } from '@app/contract/chats';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';

/** Contacts default page 1, limit 10, latest activity first (client-area §7, §9). */
export const CONTACTS_PAGE_SIZE = 10;
/** Search waits this long after the last key (client-area §9). */
export const CONTACTS_DEBOUNCE_MS = 800;

/** The Contacts screen and the contact pickers (which ask for CONTACT_PICKER_LIMIT a page). */
export const contactsQuery = (page: number, search: string, limit = CONTACTS_PAGE_SIZE) =>
  queryOptions({
    queryKey: ['contacts', 'list', { page, search, limit }],
    queryFn: () =>
      api.get<Contact[]>('/chats/contacts', {
        query: { page, limit, search, order_by: 'timestamp', sort_by: 'desc' },
      }),
    placeholderData: keepPreviousData,
  });

export const useContacts = (page: number, search: string, limit = CONTACTS_PAGE_SIZE, enabled = true) =>
  useQuery({ ...contactsQuery(page, search, limit), enabled });
