import {
  REALTIME_CLOSE,
  REALTIME_PATH,
  REALTIME_RECONNECT,
  type RealtimeEvent,
  type RealtimeHello,
  RealtimeServerMessageSchema,
} from '@sapa/contracts/realtime';
import ReconnectingWebSocket, { type Options } from 'reconnecting-websocket';

/**
 * idle: never opened; connecting: opening or waiting to retry; ready: authenticated and live;
 * unauthenticated: the server refused the token (retried once the token changes); closed: closed on
 * purpose; gaveUp: the retries of spec §9 ran out (the max-retry event).
 */
export type RealtimeStatus = 'idle' | 'connecting' | 'ready' | 'unauthenticated' | 'closed' | 'gaveUp';

export type RealtimeListener = {
  onEvent?: (event: RealtimeEvent) => void;
  /** The server could not replay the gap: refetch what is shown, then carry on. */
  onReset?: () => void;
  onStatus?: (status: RealtimeStatus) => void;
};

export type RealtimeOptions = {
  /** The access token, read at every (re)connection so a refreshed token is used. */
  getToken: () => string | null;
  url?: string;
  /** Another WebSocket implementation (tests). */
  WebSocket?: Options['WebSocket'];
};

function defaultUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${REALTIME_PATH}`;
}

/**
 * The live socket (`/ws`): reconnects with the growing delay of spec §9, authenticates with a hello
 * frame carrying the token and the last sequence seen, and resumes from there after a reconnect.
 */
export class RealtimeConnection {
  private socket: ReconnectingWebSocket | null = null;
  private lastSeq: number | null = null;
  private status: RealtimeStatus = 'idle';
  private readonly listeners = new Set<RealtimeListener>();

  constructor(private readonly options: RealtimeOptions) {}

  get currentStatus(): RealtimeStatus {
    return this.status;
  }

  subscribe(listener: RealtimeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  open(): void {
    if (this.socket) return;
    const socket = new ReconnectingWebSocket(this.options.url ?? defaultUrl(), [], {
      ...REALTIME_RECONNECT,
      ...(this.options.WebSocket ? { WebSocket: this.options.WebSocket } : {}),
    });
    this.socket = socket;
    this.setStatus('connecting');
    socket.addEventListener('open', () => {
      const token = this.options.getToken();
      if (!token) {
        this.close();
        return;
      }
      const hello: RealtimeHello = { type: 'hello', token, lastSeq: this.lastSeq };
      socket.send(JSON.stringify(hello));
    });
    socket.addEventListener('message', (message) => this.receive(message.data));
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return;
      if (event.code === REALTIME_CLOSE.unauthenticated || event.code === REALTIME_CLOSE.sessionEnded) {
        // The token or the session is no longer good: the session logic decides what comes next.
        socket.close();
        this.socket = null;
        this.setStatus('unauthenticated');
        return;
      }
      this.setStatus(socket.retryCount >= REALTIME_RECONNECT.maxRetries ? 'gaveUp' : 'connecting');
    });
  }

  /** Reconnects after the server refused a token that has since been renewed. */
  retryWithNewToken(): void {
    if (this.status === 'unauthenticated') this.open();
  }

  close(): void {
    const socket = this.socket;
    this.socket = null;
    this.lastSeq = null;
    if (socket) socket.close(1000, 'closed by the portal');
    if (this.status !== 'idle') this.setStatus('closed');
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let parsed: ReturnType<typeof RealtimeServerMessageSchema.safeParse>;
    try {
      parsed = RealtimeServerMessageSchema.safeParse(JSON.parse(data));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const message = parsed.data;
    switch (message.type) {
      case 'ready':
        this.lastSeq ??= message.seq;
        this.setStatus('ready');
        break;
      case 'event':
        // A replayed event already seen (overlap at reconnect) is not delivered twice.
        if (this.lastSeq !== null && message.seq <= this.lastSeq) return;
        this.lastSeq = message.seq;
        for (const listener of this.listeners) listener.onEvent?.(message);
        break;
      case 'reset':
        this.lastSeq = message.seq;
        for (const listener of this.listeners) listener.onReset?.();
        break;
      case 'error':
        break;
    }
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const listener of this.listeners) listener.onStatus?.(status);
  }
}
