// Reads what the browser tests' SMTP server received (smtp-sink.ts writes each message to a folder).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTP_SINK_DIR } from '../playwright.config';

/** The newest message to `address` whose subject matches, once it arrived. */
export async function mailTo(address: string, subject: RegExp): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect(async () => {
    const files = readdirSync(SMTP_SINK_DIR).sort().reverse();
    for (const file of files) {
      const mail = await simpleParser(readFileSync(join(SMTP_SINK_DIR, file)));
      const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
      if (to === address && subject.test(mail.subject ?? '')) {
        found = mail;
        return;
      }
    }
    throw new Error(`no message to ${address} yet`);
  }).toPass({ timeout: 20_000 });
  if (!found) throw new Error('unreachable');
  return found;
}
