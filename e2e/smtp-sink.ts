// The browser tests' mail server: a real SMTP server on loopback (npm smtp-server) that writes each
// message it receives to a folder, where the tests read it with mailparser (see mail.ts).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.SMTP_SINK_PORT);
const dir = process.env.SMTP_SINK_DIR ?? '';
if (!port || !dir) throw new Error('SMTP_SINK_PORT and SMTP_SINK_DIR are required');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

let count = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      count += 1;
      // Named in the order received: the tests read the newest first.
      writeFileSync(join(dir, `${String(count).padStart(8, '0')}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
server.listen(port, '127.0.0.1');
