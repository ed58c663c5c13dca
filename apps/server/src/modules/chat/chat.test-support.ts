/** A server-sent event as a test reads it. */
export interface SseEvent {
  event: string;
  id: string | undefined;
  data: unknown;
}

export interface SseClient {
  status: number;
  headers: Headers;
  events: SseEvent[];
  /** Waits for the first event (already received or to come) that `match` accepts. */
  next(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Settles when the stream is over: the server ended it, or `close` was called (at once if not 200). */
  ended: Promise<void>;
  close(): void;
}

/** Opens a text/event-stream with fetch and parses it as EventSource would (event, id, data lines). */
export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  let ended = Promise.resolve();
  if (res.ok && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    ended = (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
            const parsed = parseBlock(block);
            if (parsed) {
              events.push(parsed);
              for (const wake of waiters) wake();
            }
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  return {
    status: res.status,
    headers: res.headers,
    events,
    ended,
    next(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => controller.abort(),
  };
}

function parseBlock(block: string): SseEvent | undefined {
  let event = 'message';
  let id: string | undefined;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':') || line === '') continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'id') id = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return undefined;
  return { event, id, data: JSON.parse(data.join('\n')) };
}
