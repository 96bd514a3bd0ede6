import { type WsClientMessage, wsClientMessage } from '@app/contract/chats';
import { deniedMessage } from '@app/contract/messages';
import type { WebSocket } from 'ws';
import type { Principal } from '../http/access.ts';
import type { BusEvent, EventBus } from './bus.ts';

/** Rooms are compared by the last colon-separated segment of their id (client-area §7). */
export const roomKey = (roomId: string) => roomId.split(':').pop() ?? roomId;

interface Client {
  socket: WebSocket;
  principal: Principal;
  rooms: Set<string>;
}

export interface HubHandlers {
  /** Answers whether the caller's company has this room. */
  canJoin(principal: Principal, room: string): Promise<boolean>;
  /** Sends a message into a room as the caller; the bus brings it back to the room's sockets. */
  send(principal: Principal, room: string, text: string): Promise<void>;
  /** Re-reads the caller, so a revoked session or a suspended company stops a long-lived socket. */
  refresh(principal: Principal): Promise<Principal | null>;
}

type BrowserEvent = Exclude<BusEvent, { type: 'remembered_stale' }>;

/** This process's WebSocket connections, and delivery of bus events to them. */
export function realtimeHub(bus: EventBus, handlers: HubHandlers) {
  const clients = new Set<Client>();

  const write = (client: Client, payload: unknown) => sendRaw(client, JSON.stringify(payload));
  const sendRaw = (client: Client, text: string) => {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(text);
  };

  /** The frame an event becomes, serialised once however many sockets receive it. */
  function frameOf(event: BrowserEvent): string {
    if (event.type === 'notification')
      return JSON.stringify({ type: 'notification', notification: event.notification });
    if (event.type === 'conversation_updated') {
      return JSON.stringify({ type: 'conversation_updated', conversation: event.conversation });
    }
    if (event.type === 'room_deleted') return JSON.stringify({ type: 'room_deleted', room_id: event.roomId });
    return JSON.stringify({ type: event.type, room_id: event.roomId, message: event.message });
  }

  function deliver(event: BusEvent) {
    if (event.type === 'remembered_stale') return; // for the processes, not the browsers
    let frame: string | undefined;
    for (const client of clients) {
      if (event.type === 'notification') {
        if (client.principal.userId !== event.userId) continue;
      } else {
        if (
          client.principal.companyId !== event.companyId ||
          !client.principal.permissions.has('chat_read')
        ) {
          continue;
        }
        const roomEvent = event.type !== 'conversation_updated' && event.type !== 'room_deleted';
        if (roomEvent && !client.rooms.has(roomKey(event.roomId))) continue;
      }
      frame ??= frameOf(event);
      sendRaw(client, frame);
    }
  }
  const unsubscribe = bus.subscribe(deliver);

  async function onMessage(client: Client, raw: string) {
    let message: WsClientMessage;
    try {
      message = wsClientMessage.parse(JSON.parse(raw));
    } catch {
      write(client, { type: 'error', message: 'Invalid message' });
      return;
    }
    const principal = await handlers.refresh(client.principal);
    if (!principal) {
      write(client, { type: 'error', message: 'Your session has expired. Please sign in again.' });
      client.socket.close(4401, 'session expired');
      return;
    }
    client.principal = principal;
    const room = roomKey(message.room_id);
    if (message.type === 'join') {
      if (!principal.permissions.has('chat_read')) {
        write(client, { type: 'error', message: deniedMessage('chat_read') });
        return;
      }
      if (!(await handlers.canJoin(principal, room))) {
        write(client, { type: 'error', message: 'Chat not found' });
        return;
      }
      client.rooms.add(room);
      write(client, { type: 'join_response', room_id: message.room_id, message: 'Joined room' });
      return;
    }
    try {
      await handlers.send(principal, room, message.message);
    } catch (error) {
      write(client, {
        type: 'error',
        message: error instanceof Error ? error.message : 'Something went wrong',
      });
    }
  }

  return {
    /** Takes a checked socket; `early` are the messages it sent before it was accepted, in order. */
    accept(socket: WebSocket, principal: Principal, early: string[] = []) {
      const client: Client = { socket, principal, rooms: new Set() };
      clients.add(client);
      socket.on('message', (data) => void onMessage(client, data.toString()));
      socket.on('close', () => clients.delete(client));
      write(client, { type: 'connection_success', message: 'Connected' });
      void early.reduce((previous, raw) => previous.then(() => onMessage(client, raw)), Promise.resolve());
    },
    connections: () => clients.size,
    /** Closes every socket with 1012 (service restart), a code the web client reconnects from. */
    close() {
      unsubscribe();
      for (const client of clients) client.socket.close(1012, 'server restarting');
      clients.clear();
    },
  };
}
export type RealtimeHub = ReturnType<typeof realtimeHub>;
