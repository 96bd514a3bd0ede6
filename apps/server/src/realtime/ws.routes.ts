import { MSG } from '@app/contract/messages';
import { z } from 'zod';
import type { Principal } from '../http/access.ts';
import type { App } from '../http/app-type.ts';
import type { RealtimeHub } from './hub.ts';

/**
 * The live connection: `/api/messages/ws?token=…`. Browsers cannot set headers on a WebSocket,
 * so the access token comes in the query; the route checks it itself.
 */
export function wsRoutes(
  app: App,
  hub: RealtimeHub,
  principalOf: (token: string) => Promise<Principal | null>,
) {
  app.get(
    '/api/messages/ws',
    {
      websocket: true,
      config: { access: { public: true } },
      schema: { hide: true, querystring: z.object({ token: z.string().max(4096).optional() }) },
    },
    async (socket, request) => {
      // The browser may send 'join' as soon as the socket opens, while the token is still being
      // checked: those messages wait here and are handled once the socket is accepted.
      const early: string[] = [];
      const hold = (data: Buffer) => void early.push(data.toString());
      socket.on('message', hold);
      const token = (request.query as { token?: string }).token;
      const principal = token ? await principalOf(token) : null;
      socket.off('message', hold);
      const refuse = (message: string, code: number) => {
        socket.send(JSON.stringify({ type: 'error', message }));
        socket.close(code, message.slice(0, 100));
      };
      if (!principal) return refuse(MSG.unauthenticated, 4401);
      // Every signed-in person gets their notifications live; chat events need chat_read (hub).
      hub.accept(socket, principal, early);
    },
  );
}
