import type { Deps } from '../../deps.ts';
import type { InboundEvent } from '../../providers/channels/port.ts';
import type { EventBus } from '../../realtime/bus.ts';
import { type ChatConfigRow, chatConfigsRepo } from '../chats/chat-configs.repo.ts';
import { chatTypeOfKind, presentConversation, presentMessage } from '../chats/chats.presenter.ts';
import { type ContactRow, inboundRepo, type MessageRow } from '../chats/chats.repo.ts';
import type { IntegrationWithPlatform, WebhookIntegration } from '../integrations/integrations.repo.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';

/** A later step of the inbound pipeline (the AI agent, the bot menu) sees each new message. */
export type InboundStep = (input: {
  integration: IntegrationWithPlatform;
  contact: ContactRow;
  message: MessageRow;
  /** The company's chat settings (Use AI, Use Bot…), read once for the webhook's messages. */
  config: ChatConfigRow;
}) => Promise<void>;

const BLOCKED_COMPANY = ['suspended', 'inactive'];

/** What happens to provider events once the webhook is verified and parsed. */
export function inboundService(deps: Deps, bus: EventBus, notifications: NotificationsService) {
  const repo = inboundRepo(deps.db);
  const steps: InboundStep[] = [];
  // Every inbound message's steps read them: remembered for a moment (db/remembered.ts).
  const configs = deps.remembered.cache<number, ChatConfigRow>();

  return {
    /** Later issues add their steps here (AI replies, bot menu). */
    use(step: InboundStep) {
      steps.push(step);
    },

    async handle(found: WebhookIntegration, events: InboundEvent[]) {
      const { integration, platform } = found;
      if (integration.status !== 'active') {
        deps.log.info({ integration: integration.id }, 'webhook for an inactive integration ignored');
        return;
      }
      if (!found.companyStatus || BLOCKED_COMPANY.includes(found.companyStatus)) return;
      const chatType = chatTypeOfKind(platform.kind);
      let config: ChatConfigRow | undefined;
      for (const event of events) {
        if (event.kind === 'status') {
          const updated = await repo.applyStatus(
            integration.id,
            event.providerMessageId,
            event.status,
            event.error,
          );
          if (updated) {
            await bus.publish({
              type: 'message_status',
              companyId: integration.companyId,
              roomId: updated.contact.chatId,
              message: presentMessage(updated.contact, updated.message),
            });
          }
          continue;
        }
        const stored = await repo.ingest(
          { id: integration.id, companyId: integration.companyId, chatType },
          event,
        );
        if (!stored) continue; // seen before
        const { contact, message } = stored;
        // Published together, so that they go out in one statement on PostgreSQL (pg-bus.ts).
        await Promise.all([
          bus.publish({
            type: 'room_message',
            companyId: contact.companyId,
            roomId: contact.chatId,
            message: presentMessage(contact, message),
          }),
          bus.publish({
            type: 'conversation_updated',
            companyId: contact.companyId,
            conversation: presentConversation(contact, integration.title),
          }),
        ]);
        if (contact.totalMessages === 1) {
          await notifications.notify(
            { companyId: contact.companyId },
            {
              title: 'New chat conversation',
              body: `${contact.name}: ${message.content.slice(0, 120)}`,
              typeMessage: 'Chat',
            },
          );
        }
        config ??= await configs.get(integration.companyId, () =>
          chatConfigsRepo(deps.db, integration.companyId).get(),
        );
        for (const step of steps) {
          await step({ integration: found, contact, message, config }).catch((error: Error) =>
            deps.log.error({ err: error, message: message.id }, 'inbound step failed'),
          );
        }
      }
    },
  };
}
export type InboundService = ReturnType<typeof inboundService>;
