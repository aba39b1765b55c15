// An uploaded identity file: decoded from its data URL, its size checked, its type read from its
// first bytes (never from the name or the type the browser claimed).
import { createHash } from 'node:crypto';
import { DOCUMENT_INVALID, DOCUMENT_MAX_BYTES, DOCUMENT_TOO_LARGE, type DocumentMime } from '@/contracts/identity';

/** The file type its first bytes say, of the three accepted, or null. */
export function sniffDocument(data: Uint8Array): DocumentMime | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => data[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  return null;
}

export type ReadDocument = { ok: true; data: Buffer; mime: DocumentMime; sha256: string } | { ok: false; message: string };

export function readDocument(dataUrl: string): ReadDocument {
  const data = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (data.length > DOCUMENT_MAX_BYTES) return { ok: false, message: DOCUMENT_TOO_LARGE };
  const mime = sniffDocument(data);
  if (!mime) return { ok: false, message: DOCUMENT_INVALID };
  return { ok: true, data, mime, sha256: createHash('sha256').update(data).digest('hex') };
}
