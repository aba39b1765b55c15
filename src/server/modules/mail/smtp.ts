// The SMTP transport (nodemailer) for SMTP_URL. Messages are built only from the outbox's own
// fields; nodemailer may not read files or fetch URLs while building them.
import nodemailer from 'nodemailer';
import type { MailTransport } from './mail.service';

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return async (envelope) => {
    await transporter.sendMail({ ...envelope, disableFileAccess: true, disableUrlAccess: true });
  };
}
