// Identity checks in tests (decision 041): the operator's settings saved through the API, and small
// real files (a PNG, a JPEG, a PDF) as the data URLs the browser sends.
import type { FastifyInstance } from 'fastify';
import type { IdentitySettingsBody } from '@/contracts/identity';

const OPERATOR_COOKIE = 'presale_operator_session';

/** A 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** The first bytes of a JPEG (the type is read from them). */
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0', 'latin1'), Buffer.alloc(64, 1)]);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

export const dataUrl = (data: Buffer, mime = 'image/png') => `data:${mime};base64,${data.toString('base64')}`;

export const IDENTITY_SETTINGS: Required<Omit<IdentitySettingsBody, 'retentionDays'>> & { retentionDays: number } = { thresholdUsd: '', mode: 'review', retentionDays: 90, webhookSecret: '', flowUrl: '' };

export async function saveIdentitySettings(app: FastifyInstance, operatorCookie: string, body: Partial<IdentitySettingsBody>): Promise<void> {
  const res = await app.inject({ method: 'PUT', url: '/api/admin/identity/settings', cookies: { [OPERATOR_COOKIE]: operatorCookie }, payload: { ...IDENTITY_SETTINGS, ...body } });
  if (res.statusCode !== 200) throw new Error(`identity settings: ${res.statusCode} ${res.body}`);
}
