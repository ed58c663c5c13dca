import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server (npm smtp-server) on loopback; each accepted message parsed with mailparser.
 * `stepDelayMs` answers MAIL FROM, RCPT TO and the end of DATA that late: a server slow as a whole
 * whose every step is still quick enough for a socket timeout.
 */
export async function startMailbox(options: { stepDelayMs?: number } = {}) {
  const mails: ParsedMail[] = [];
  /** Connection errors other than a sender's reset, for a test to look at. */
  const connectionErrors: Error[] = [];
  /** Messages taken in DATA while holding, never answered. */
  const held: ParsedMail[] = [];
  let holding = false;
  let refuse = 0;
  let delay = options.stepDelayMs ?? 0;
  const later = (callback: () => void) => (delay > 0 ? setTimeout(callback, delay) : callback());
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    size: 5 * 1024 * 1024,
    onMailFrom: (_address, _session, callback) => later(() => callback()),
    onRcptTo: (_address, _session, callback) => later(() => callback()),
    onData(stream, _session, callback) {
      if (holding) {
        // The whole message is read, but the answer to DATA never comes: the sender waits for it.
        simpleParser(stream)
          .then((mail) => held.push(mail))
          .catch(() => stream.resume());
        return;
      }
      if (refuse > 0) {
        refuse--;
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 })),
        );
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          later(() => callback());
        })
        .catch((error: Error) => callback(error));
    },
  });
  // A sender that gives up closes its connection, sometimes with a reset (the mailer aborts a send past
  // its time budget; a test stops a server mid-send): smtp-server reports it as an 'error' event, which
  // without a listener would be an uncaught exception in the test process. A mail server shrugs it off.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') connectionErrors.push(error);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    held,
    connectionErrors,
    /** While on, each message is read into `held` and never answered (a send in flight for a crash test). */
    hold(on: boolean) {
      holding = on;
    },
    /** From now on, answer MAIL FROM, RCPT TO and the end of DATA this late. */
    setStepDelay(ms: number) {
      delay = ms;
    },
    /** The next `count` messages are refused with a temporary error (451). */
    refuseNext(count: number) {
      refuse = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
