// What every message is, and what it knows, apart from how it is laid out: the mail service reads
// these without loading the templates (React and @react-email load with the first message rendered).

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** What every message knows: the sale it is from and where the app lives. */
export interface MailContext {
  saleName: string;
  /** Whether the sale has a logo: it is shown above the name, attached to the message by `LOGO_CID`. */
  logo: boolean;
  publicUrl: string;
  supportContact: string;
}

/** The content id of the sale's logo in a message that shows it. */
export const LOGO_CID = 'logo@presale';
