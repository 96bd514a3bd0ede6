import { useEffect, useRef, useState } from 'react';
import { i18n } from '../../shared/i18n/i18n.ts';
import { notify } from '../../shared/notify/notify.ts';
import { liveConnection } from '../../shared/ws/live-connection.ts';
import type { WsErrorKey, WsIncoming, WsStatus } from '../../shared/ws/ws-client.ts';

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
 * The tab's live connection while a messaging screen is open: joins `room` (if any), hands every
 * event to `onEvent`, and shows the spec's toasts (the shell listens quietly, so they show once). A
 * dropped connection is reported once per outage, not once per reconnect attempt.
 */
export function useLiveConnection(room: string | null, onEvent: (event: WsIncoming) => void) {
  const [status, setStatus] = useState<WsStatus>(liveConnection.status);
  const handler = useRef(onEvent);
  handler.current = onEvent;

  useEffect(() => {
    let reported = false;
    const leave = room ? liveConnection.join(room) : undefined;
    const stop = liveConnection.listen({
      onEvent: (event) => handler.current(event),
      onStatus: (next) => {
        if (next === 'open') reported = false;
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
    return () => {
      leave?.();
      stop();
    };
  }, [room]);

  return { status, sendToRoom: liveConnection.sendToRoom };
}
