// Reads what the browser tests' SMTP server received (smtp-sink.ts writes each message to a folder).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTP_SINK_DIR } from '../playwright.config';

/** The messages to `address` whose subject matches, once at least `count` arrived (in the order received). */
export async function mailsTo(address: string, subject: RegExp, count = 1): Promise<ParsedMail[]> {
  let found: ParsedMail[] = [];
  await expect(async () => {
    const matching: ParsedMail[] = [];
    for (const file of readdirSync(SMTP_SINK_DIR).sort()) {
      const mail = await simpleParser(readFileSync(join(SMTP_SINK_DIR, file)));
      const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
      if (to === address && subject.test(mail.subject ?? '')) matching.push(mail);
    }
    if (matching.length < count) throw new Error(`${String(matching.length)} of ${String(count)} messages to ${address} so far`);
    found = matching;
  }).toPass({ timeout: 20_000 });
  return found;
}

/** The newest message to `address` whose subject matches, once one arrived. */
export async function mailTo(address: string, subject: RegExp): Promise<ParsedMail> {
  const mails = await mailsTo(address, subject);
  const newest = mails.at(-1);
  if (!newest) throw new Error('unreachable');
  return newest;
}
