// Files sent as data URLs (the logo, a prize's picture, identity documents) are checked without a regular
// expression over the whole file: a few megabytes overflowed the engine's stack and answered 500.
import { describe, expect, it } from 'vitest';
import { isBase64DataUrl } from './common';
import { DOCUMENT_INVALID, DOCUMENT_MAX_BYTES, DOCUMENT_TOO_LARGE, identityUploadBodySchema } from './identity';

const dataUrl = (bytes: number, mime = 'image/png') => `data:${mime};base64,${Buffer.alloc(bytes, 7).toString('base64')}`;

describe('an identity file as a data URL', () => {
  it('takes base64 with its padding, and refuses other text, a missing head or misplaced padding', () => {
    expect(isBase64DataUrl('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(isBase64DataUrl('data:application/pdf;base64,JVBERi0x')).toBe(true);
    expect(isBase64DataUrl('data:image/png;base64,')).toBe(false);
    expect(isBase64DataUrl('image/png;base64,iVBORw0KGgo=')).toBe(false);
    expect(isBase64DataUrl('data:image/png;base64,iVBO Rw0K')).toBe(false);
    expect(isBase64DataUrl('data:image/png;base64,iV=BORw0K')).toBe(false);
    expect(isBase64DataUrl('data:image/png;base64,iVBORw0K===')).toBe(false);
  });

  it('checks a file at the limit and refuses one past it at its field, without overflowing', () => {
    const atLimit = identityUploadBodySchema.safeParse({ document: dataUrl(DOCUMENT_MAX_BYTES), selfie: dataUrl(10) });
    expect(atLimit.success).toBe(true);
    const over = identityUploadBodySchema.safeParse({ document: dataUrl(10), selfie: dataUrl(DOCUMENT_MAX_BYTES + 100) });
    expect(over.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['selfie', DOCUMENT_TOO_LARGE]]);
    const text = identityUploadBodySchema.safeParse({ document: 'not a data URL', selfie: dataUrl(10) });
    expect(text.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['document', DOCUMENT_INVALID]]);
  });
});
