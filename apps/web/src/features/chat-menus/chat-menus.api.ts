import type { ChatMenu } from '@app/contract/chat-menus';
import type { ChatConfig } from '@app/contract/chats';
import type { MenuAction } from '@app/contract/menu-actions';
import type { WorkflowInstance } from '@app/contract/workflows';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client.ts';
import type { MenuBody } from './chat-menu-form.ts';

/** Default page size (client-area §9). */
export const CHAT_MENUS_PAGE_SIZE = 10;
export const CHAT_MENU_SEARCH_DEBOUNCE_MS = 500;
/** Chat menu action and workflow lists load 50 while the dialog is open, else 10 (client-area §9). */
export const OPTIONS_LIMIT = { dialogOpen: 50, closed: 10 } as const;
export const optionsLimit = (dialogOpen: boolean) =>
  dialogOpen ? OPTIONS_LIMIT.dialogOpen : OPTIONS_LIMIT.closed;

const base = ['chat-menus'] as const;

export const chatMenusQuery = (page: number, search: string) =>
  queryOptions({
    queryKey: [...base, 'list', { page, search }],
    queryFn: () =>
      api.get<ChatMenu[]>('/chats/menus', { query: { page, limit: CHAT_MENUS_PAGE_SIZE, search } }),
    placeholderData: keepPreviousData,
  });

export const useChatMenus = (page: number, search: string, enabled: boolean) =>
  useQuery({ ...chatMenusQuery(page, search), enabled });

/** The menu actions a menu entry can carry out (REPLY, RUN_WORKFLOW, HAND_OVER, CREATE_TICKET…). */
export const useActionOptions = (dialogOpen: boolean, enabled: boolean) =>
  useQuery({
    queryKey: [...base, 'actions', optionsLimit(dialogOpen)],
    queryFn: async () =>
      (await api.get<MenuAction[]>('/chats/menus/actions', { query: { limit: optionsLimit(dialogOpen) } }))
        .data,
    enabled,
  });

/** The company's workflows a menu entry can run (labelled by their template's name). */
export const useWorkflowOptions = (dialogOpen: boolean, enabled: boolean) =>
  useQuery({
    queryKey: [...base, 'workflows', optionsLimit(dialogOpen)],
    queryFn: async () =>
      (
        await api.get<WorkflowInstance[]>('/workflow/company', {
          query: { limit: optionsLimit(dialogOpen) },
        })
      ).data,
    enabled,
  });

export function useCreateChatMenus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (menus: MenuBody[]) => api.post<ChatMenu[]>('/chats/menus', { menus }),
    onSettled: () => client.invalidateQueries({ queryKey: base }),
  });
}

export function useDeleteChatMenu() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/chats/menus/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: base }),
  });
}

/** The company's chat configuration, shared with the Conversations screen's 'Use AI' (same key). */
const chatConfigKey = ['chats', 'config'] as const;

export const useChatConfig = (enabled: boolean) =>
  useQuery({
    queryKey: chatConfigKey,
    queryFn: async () => (await api.get<ChatConfig>('/chats/configs')).data,
    enabled,
  });

/** Turns the bot menu on or off, keeping the rest of the configuration as it is. */
export function useSaveBotMenu() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ config, useBot }: { config: ChatConfig; useBot: boolean }) =>
      api.post<ChatConfig>('/chats/configs', {
        use_ai: config.use_ai,
        use_bot: useBot,
        auto_reply: config.auto_reply,
      }),
    onSuccess: (result) => client.setQueryData(chatConfigKey, result.data),
  });
}
