import type { ChatConfig, ChatMessage, Conversation } from '@app/contract/chats';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../shared/api/client.ts';
import { getSession } from '../../shared/auth/session.ts';

export const CONVERSATIONS_PAGE_SIZE = 10;
/** Bubbles per room page; the server pages from the newest (page 1) back. */
export const ROOM_PAGE_SIZE = 20;

const roomPath = (room: string) => `/chats/room/${encodeURIComponent(room)}`;

export const conversationsQuery = (page: number, search: string) =>
  queryOptions({
    queryKey: ['chats', 'list', { page, search }],
    queryFn: () =>
      api.get<Conversation[]>('/chats', { query: { page, limit: CONVERSATIONS_PAGE_SIZE, search } }),
    placeholderData: keepPreviousData,
  });

export const roomQuery = (room: string, page: number) =>
  queryOptions({
    queryKey: ['chats', 'room', room, page],
    queryFn: () => api.get<ChatMessage[]>(roomPath(room), { query: { page, limit: ROOM_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const chatConfigQuery = () =>
  queryOptions({
    queryKey: ['chats', 'config'],
    queryFn: async () => (await api.get<ChatConfig>('/chats/configs')).data,
  });

export const useConversations = (page: number, search: string, enabled: boolean) =>
  useQuery({ ...conversationsQuery(page, search), enabled });
export const useRoom = (room: string, page: number, enabled: boolean) =>
  useQuery({ ...roomQuery(room, page), enabled });
export const useChatConfig = (enabled: boolean) => useQuery({ ...chatConfigQuery(), enabled });

/** The 'Use AI' switch: use_bot false and auto_reply true go with it (client-area §9). */
export function useSaveChatConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (useAi: boolean) =>
      api.post<ChatConfig>('/chats/configs', {
        use_ai: useAi,
        use_bot: false,
        auto_reply: true,
        company_id: getSession()?.user?.company_id ?? undefined,
      }),
    onSuccess: (result) => client.setQueryData(chatConfigQuery().queryKey, result.data),
  });
}

export const markRoomRead = (room: string) => api.post<null>(`${roomPath(room)}/read`);
export const deleteRoom = (room: string) => api.delete<null>(roomPath(room));
export const sendMessage = (room: string, message: string) =>
  api.post<ChatMessage>(`${roomPath(room)}/messages`, { message });
export const retryMessage = (room: string, id: number) =>
  api.post<ChatMessage>(`${roomPath(room)}/messages/${id}/retry`);

/**
 * The room as a spreadsheet, saved as chat_{room}.xlsx. Fetched with the bearer (a plain link
 * could not carry it), retried once after a refresh like every other call.
 */
export async function downloadRoom(room: string) {
  const send = () =>
    fetch(`/api${roomPath(room)}/download`, {
      headers: { Authorization: `Bearer ${getSession()?.accessToken ?? ''}` },
    });
  let response = await send();
  if (response.status === 401) {
    // Let the one API client refresh the tokens, then try again.
    await request('GET', '/auth/me').catch(() => undefined);
    response = await send();
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(payload?.message || '');
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `chat_${room}.xlsx`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
