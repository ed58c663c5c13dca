// One text/event-stream parser for the benches that listen to the chat's server-sent events.

/**
 * Answers a function to feed the stream's text chunks to; `onEvent(name, data, ...extra)` runs for every
 * complete event that carries data (`extra` are the arguments given with the chunk that completed it, say
 * the time it arrived). The event name defaults to 'message'; `data:` lines are joined.
 */
export function eventStreamParser(onEvent) {
  let buffer = '';
  return (chunk, ...extra) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = 'message';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) name = line.slice(6).trim();
        else if (line.startsWith('data:')) data += line.slice(5).trimStart();
      }
      if (data) onEvent(name, data, ...extra);
    }
  };
}
