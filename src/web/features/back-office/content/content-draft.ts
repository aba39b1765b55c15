import type { Content } from '@/contracts/content';

/** The content form's draft as its sections see it. Paths are dotted, such as `faq.2.answer`. */
export interface ContentDraft {
  values: Content;
  set: <K extends keyof Content>(key: K, value: Content[K]) => void;
  /** The message for `path`, or for something inside it (a guide's step `howToBuy.0.steps.2`). */
  errorIn: (path: string) => string | undefined;
  /** Props that tie a list to its path: the name the errors use, and the list's own message. */
  at: (path: string) => { name: string; error: string | undefined };
}
