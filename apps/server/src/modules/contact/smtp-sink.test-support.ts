import net from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and body) as the client sent it. */
  data: string;
}

export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  /** Connections opened so far (a server that sends nothing opens none). */
  connections: number;
  close(): Promise<void>;
}

/**
 * A tiny SMTP server on loopback for tests: just enough of RFC 5321 for nodemailer (EHLO without
 * extensions, MAIL, RCPT, DATA, QUIT). `silent` accepts connections and never greets (a hung server).
 * Bounded: each message at most 1 MB, each connection closed with the sink.
 */
export async function startSmtpSink(options: { silent?: boolean } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<net.Socket>();
  const sink = { connections: 0 };
  const server = net.createServer((socket) => {
    sink.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    if (options.silent) return;
    let buffer = '';
    let inData = false;
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost test SMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      if (buffer.length > 1_048_576) return socket.destroy();
      while (true) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          mail.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(mail);
          mail = { from: '', to: [], data: '' };
          reply('250 OK queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 localhost');
        else if (verb === 'MAIL') {
          mail.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 OK');
        } else if (verb === 'RCPT') {
          mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
          return;
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        else reply('502 Command not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get connections() {
      return sink.connections;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
