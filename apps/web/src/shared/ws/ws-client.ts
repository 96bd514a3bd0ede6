/**
 * The one live connection (client-area §7): `/api/messages/ws?token=…`. It joins rooms, sends to
 * rooms, and after an abnormal close reconnects up to 5 times with a delay of 2^n seconds capped at
 * 10 s (2, 4, 8, 10, 10); a refusal (4403) is final. Errors are reported as i18n keys (`ws.*`) for
 * the caller to show.
 */
export const WS_PATH = '/api/messages/ws';
export const WS_MAX_RECONNECTS = 5;
export const WS_MAX_DELAY_MS = 10_000;

/** Delay before reconnect attempt `attempt` (1-based). */
export const reconnectDelay = (attempt: number) => Math.min(2 ** attempt * 1000, WS_MAX_DELAY_MS);

export type WsErrorKey =
  | 'ws.notConnected'
  | 'ws.unableToConnect'
  | 'ws.connectionError'
  | 'ws.reconnectFailed'
  | 'ws.createFailed'
  | 'ws.serverError';

export type WsStatus = 'connecting' | 'open' | 'reconnecting' | 'closed' | 'failed';

export type WsIncoming =
  | { type: 'connection_success'; [key: string]: unknown }
  | { type: 'join_response'; room_id?: string; [key: string]: unknown }
  | { type: 'room_message'; room_id: string; message: unknown; [key: string]: unknown }
  | { type: 'error'; message?: string; [key: string]: unknown }
  | { type: string; [key: string]: unknown };

export interface WsClientOptions {
  getToken: () => string | undefined;
  onMessage?: (message: WsIncoming) => void;
  onStatus?: (status: WsStatus) => void;
  /** key names the text; `detail` is the server's own message when it sent one. */
  onError?: (key: WsErrorKey, detail?: string) => void;
  /** Where to connect; defaults to this page's host. */
  baseUrl?: string;
  WebSocketImpl?: typeof WebSocket;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** Rooms are compared by the last colon-separated part of their id (client-area §7). */
export const sameRoom = (a: string, b: string) => a.split(':').pop() === b.split(':').pop();

const NORMAL_CLOSE = 1000;
/** The server's refusal of this person (e.g. no `chat_read`): asking again gets the same answer. */
const REFUSED = 4403;

export function createWsClient(options: WsClientOptions) {
  const Impl = options.WebSocketImpl ?? globalThis.WebSocket;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer =
    options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let socket: WebSocket | null = null;
  let attempts = 0;
  let timer: unknown = null;
  let stopped = false;
  let everOpened = false;
  const rooms = new Set<string>();

  const status = (value: WsStatus) => options.onStatus?.(value);
  const error = (key: WsErrorKey, detail?: string) => options.onError?.(key, detail);

  const url = () => {
    const base =
      options.baseUrl ?? `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}`;
    return `${base}${WS_PATH}?token=${encodeURIComponent(options.getToken() ?? '')}`;
  };

  function scheduleReconnect() {
    if (stopped) return;
    if (attempts >= WS_MAX_RECONNECTS) {
      status('failed');
      error(everOpened ? 'ws.reconnectFailed' : 'ws.unableToConnect');
      return;
    }
    attempts += 1;
    status('reconnecting');
    timer = setTimer(() => {
      timer = null;
      open();
    }, reconnectDelay(attempts));
  }

  function open() {
    if (stopped) return;
    status('connecting');
    let ws: WebSocket;
    try {
      ws = new Impl(url());
    } catch {
      status('failed');
      error('ws.createFailed');
      return;
    }
    socket = ws;
    ws.onopen = () => {
      attempts = 0;
      everOpened = true;
      status('open');
      for (const room of rooms) ws.send(JSON.stringify({ type: 'join', room_id: room, message: null }));
    };
    ws.onmessage = (event) => {
      let parsed: WsIncoming;
      try {
        parsed = JSON.parse(String(event.data)) as WsIncoming;
      } catch {
        return;
      }
      if (parsed.type === 'error') {
        const detail = typeof parsed.message === 'string' && parsed.message ? parsed.message : undefined;
        error('ws.serverError', detail);
      }
      options.onMessage?.(parsed);
    };
    ws.onerror = () => error('ws.connectionError');
    ws.onclose = (event) => {
      if (socket === ws) socket = null;
      if (stopped || event.code === NORMAL_CLOSE) {
        status('closed');
        return;
      }
      if (event.code === REFUSED) {
        status('failed');
        return;
      }
      scheduleReconnect();
    };
  }

  function sendRaw(payload: unknown) {
    if (!socket || socket.readyState !== Impl.OPEN) {
      error('ws.notConnected');
      return false;
    }
    socket.send(JSON.stringify(payload));
    return true;
  }

  return {
    connect() {
      stopped = false;
      attempts = 0;
      open();
    },
    /** Joins now when connected, and again after every reconnect. */
    join(roomId: string) {
      rooms.add(roomId);
      if (socket?.readyState === Impl.OPEN) sendRaw({ type: 'join', room_id: roomId, message: null });
    },
    leave(roomId: string) {
      rooms.delete(roomId);
    },
    sendToRoom(roomId: string, message: string, chatType: string) {
      return sendRaw({ type: 'send_to_room', room_id: roomId, message, chat_type: chatType });
    },
    close() {
      stopped = true;
      if (timer !== null) clearTimer(timer);
      timer = null;
      socket?.close(NORMAL_CLOSE);
      socket = null;
    },
    get attempts() {
      return attempts;
    },
  };
}
export type WsClient = ReturnType<typeof createWsClient>;
