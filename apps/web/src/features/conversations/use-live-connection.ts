import { useEffect, useRef, useState } from 'react';
import { refreshTokens } from '../../shared/api/client.ts';
import { getSession } from '../../shared/auth/session.ts';
import { i18n } from '../../shared/i18n/i18n.ts';
import { notify } from '../../shared/notify/notify.ts';
import {
  createWsClient,
  type WsClient,
  type WsErrorKey,
  type WsIncoming,
  type WsStatus,
} from '../../shared/ws/ws-client.ts';

/** Whether a JWT access token expires within `marginMs` (unreadable tokens count as fine). */
export function tokenExpiring(token: string | undefined, now = Date.now(), marginMs = 5_000) {
  try {
    const payload = JSON.parse(atob((token ?? '').split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: number;
    };
    return typeof payload.exp === 'number' && payload.exp * 1000 - marginMs < now;
  } catch {
    return false;
  }
}

/** Toast title of each socket problem (client-area §8). */
const TITLE: Record<WsErrorKey, string> = {
  'ws.notConnected': 'toast.webSocketError',
  'ws.unableToConnect': 'toast.connectionFailed',
  'ws.connectionError': 'toast.connectionError',
  'ws.reconnectFailed': 'toast.connectionFailed',
  'ws.createFailed': 'toast.webSocketError',
  'ws.serverError': 'toast.webSocketError',
};

/**
 * The live connection while a messaging screen is open: joins `room` (if any) on every connect,
 * hands every event to `onEvent`, and shows the spec's toasts. A dropped connection is reported
 * once per outage, not once per reconnect attempt.
 */
export function useLiveConnection(room: string | null, onEvent: (event: WsIncoming) => void) {
  const [status, setStatus] = useState<WsStatus>('connecting');
  const client = useRef<WsClient | null>(null);
  const handler = useRef(onEvent);
  handler.current = onEvent;

  useEffect(() => {
    let reported = false;
    const ws = createWsClient({
      getToken: () => getSession()?.accessToken,
      onMessage: (event) => handler.current(event),
      onStatus: (next) => {
        if (next === 'open') reported = false;
        // The socket carries the token in its URL: renew an expired one before the next attempt.
        if (next === 'reconnecting' && tokenExpiring(getSession()?.accessToken)) void refreshTokens();
        setStatus(next);
      },
      onError: (key, detail) => {
        if (key === 'ws.connectionError') {
          if (reported) return;
          reported = true;
        }
        notify('error', detail ?? i18n.t(key), i18n.t(TITLE[key]));
      },
    });
    client.current = ws;
    if (room) ws.join(room);
    ws.connect();
    return () => {
      client.current = null;
      ws.close();
    };
  }, [room]);

  return { status, client };
}
