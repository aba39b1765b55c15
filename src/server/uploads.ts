// Files operators and buyers send as data URLs (the logo, a prize's picture, identity documents):
// decoded, their size checked, their type read from their first bytes, never from the name or the
// type the browser claimed.
import { createHash } from 'node:crypto';

export type FileType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'application/pdf';

/** The type a file's first bytes say, or null. */
export function sniffFileType(data: Uint8Array): FileType | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => data[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && data[8] === 0x57 && data[9] === 0x45 && data[10] === 0x42 && data[11] === 0x50) return 'image/webp';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  return null;
}

export type Upload<T extends FileType> = { ok: true; data: Buffer; mime: T; sha256: string } | { ok: false; message: string };

/** A data URL's file, if it is at most `maxBytes` and of one of `types`; else the field's message. */
export function readUpload<T extends FileType>(dataUrl: string, rules: { maxBytes: number; types: readonly T[]; tooLarge: string; invalid: string }): Upload<T> {
  const data = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (data.length > rules.maxBytes) return { ok: false, message: rules.tooLarge };
  const mime = sniffFileType(data);
  if (mime === null || !(rules.types as readonly FileType[]).includes(mime)) return { ok: false, message: rules.invalid };
  return { ok: true, data, mime: mime as T, sha256: createHash('sha256').update(data).digest('hex') };
}
