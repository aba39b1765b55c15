// A real SMTP server on loopback for the tests (npm smtp-server): it receives what Presale sends and
// parses each message with mailparser. `down()` makes it answer 451 to every message until `up()`.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  url: string;
  received: ParsedMail[];
  /** Resolves once `n` messages in all have arrived. */
  waitFor(n: number): Promise<ParsedMail[]>;
  down(): void;
  up(): void;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  let refusing = false;
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (refusing) callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      else callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(n) {
      while (received.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
      return received;
    },
    down: () => (refusing = true),
    up: () => (refusing = false),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
