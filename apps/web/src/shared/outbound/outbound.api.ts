import type { Integration } from '@app/contract/integrations';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';

/** Integrations a company has are few; one page holds them all. */
const INTEGRATION_OPTIONS_LIMIT = 100;

/** The active integrations a blast or a schedule can go out through. */
export const useIntegrationOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['integrations', 'blast-options'],
    queryFn: async () =>
      (
        await api.get<Integration[]>('/integrations', {
          query: { status: 'active', limit: INTEGRATION_OPTIONS_LIMIT, order_by: 'title', sort_by: 'asc' },
        })
      ).data.filter((integration) => integration.type === 'message_platform'),
    enabled,
  });
