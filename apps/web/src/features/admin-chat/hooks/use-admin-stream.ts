import { API_PREFIX, CHAT_ADMIN_EVENTS, type ChatMessage, ChatMessageSchema } from '@sheetforms/contract';
import { useEffect, useRef, useState } from 'react';
import { getAccessToken } from '@/lib/storage';
import { getStreamTicket } from '../api/get-stream-ticket';

export interface AdminStreamHandlers {
  /** A message in any chat. */
  onMessage: (sessionId: string, message: ChatMessage) => void;
  /** A chat started, closed, was read or went on- or offline. */
  onSession: (sessionId: string) => void;
  /** The stream (re)opened: what happened while it was down must be fetched. */
  onOpen: () => void;
}

/** Before the next ticket and stream: 1 s, doubling up to 30 s, with jitter so admins do not come back in step. */
export function streamBackoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.75 + random() * 0.5));
}

function parseJson(data: unknown): unknown {
  if (typeof data !== 'string') return undefined;
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/**
 * The admins' live events (GET /chat/admin/stream?ticket=…). A ticket is good for one connection, so on
 * any error the stream is closed and a new ticket fetched, after a backoff; the caller polls while the
 * stream is not open. Returns whether it is open.
 */
export function useAdminStream(handlers: AdminStreamHandlers): boolean {
  const [open, setOpen] = useState(false);
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    if (typeof window.EventSource !== 'function' || getAccessToken() === null) return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    const retryLater = () => {
      if (stopped) return;
      clearTimeout(timer);
      timer = setTimeout(() => void connect(), streamBackoffMs(attempt++));
    };

    const connect = async () => {
      let ticket: string;
      try {
        ticket = (await getStreamTicket()).ticket;
      } catch {
        retryLater();
        return;
      }
      if (stopped) return;
      const current = new EventSource(`${API_PREFIX}/chat/admin/stream?ticket=${encodeURIComponent(ticket)}`);
      source = current;
      current.onopen = () => {
        attempt = 0;
        setOpen(true);
        latest.current.onOpen();
      };
      current.onerror = () => {
        // The browser would reconnect with the spent ticket: start over with a new one instead.
        current.close();
        setOpen(false);
        retryLater();
      };
      current.addEventListener(CHAT_ADMIN_EVENTS.message, (event) => {
        const body = parseJson((event as MessageEvent).data) as { sessionId?: unknown; message?: unknown };
        const message = ChatMessageSchema.safeParse(body?.message);
        if (typeof body?.sessionId === 'string' && message.success) {
          latest.current.onMessage(body.sessionId, message.data);
        }
      });
      current.addEventListener(CHAT_ADMIN_EVENTS.session, (event) => {
        const body = parseJson((event as MessageEvent).data) as { sessionId?: unknown } | undefined;
        if (typeof body?.sessionId === 'string') latest.current.onSession(body.sessionId);
      });
    };

    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
      setOpen(false);
    };
  }, []);

  return open;
}
