import { EventEmitter } from 'node:events';
import type { ChatMessage, Conversation } from '@app/contract/chats';
import type { Notification } from '@app/contract/notifications';

/** What happens that connected browsers, or the other processes, must hear about. */
export type BusEvent =
  | { type: 'room_message'; companyId: number; roomId: string; message: ChatMessage }
  | { type: 'message_status'; companyId: number; roomId: string; message: ChatMessage }
  | { type: 'conversation_updated'; companyId: number; conversation: Conversation }
  | { type: 'room_deleted'; companyId: number; roomId: string }
  | { type: 'notification'; userId: number; notification: Notification }
  /** Something was written through the API: processes forget the rows they remembered (db/remembered.ts). */
  | { type: 'remembered_stale' };

export interface EventBus {
  publish(event: BusEvent): Promise<void>;
  subscribe(handler: (event: BusEvent) => void): () => void;
  close(): Promise<void>;
}

/** One process: events go straight to this process's hub. */
export function inProcessBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit('event', event);
    },
    subscribe(handler) {
      emitter.on('event', handler);
      return () => emitter.off('event', handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
