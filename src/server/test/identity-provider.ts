// A stand-in for an identity provider: it signs its verdicts as a real provider does (HMAC-SHA256 of
// the exact bytes it sends, in the X-Identity-Signature header) and posts them over HTTP to a server
// listening on loopback.
import { createHmac } from 'node:crypto';
import { SIGNATURE_HEADER } from '@/contracts/identity';

export interface ProviderVerdict {
  eventId: string;
  userId: number;
  verdict: 'approved' | 'rejected';
  reason?: string;
  /** Unix seconds. */
  timestamp: number;
}

export class IdentityProviderStandIn {
  constructor(
    private readonly baseUrl: string,
    private readonly secret: string,
  ) {}

  /** Posts `event` as JSON text; `sign` decides the signature: the provider's own, none, or another. */
  async send(event: ProviderVerdict | string, sign: 'valid' | 'none' | { secret: string } = 'valid'): Promise<{ status: number; body: unknown }> {
    const body = typeof event === 'string' ? event : JSON.stringify(event);
    return this.post(body, sign === 'none' ? undefined : this.signature(body, sign === 'valid' ? this.secret : sign.secret));
  }

  /** Signs `signed` and sends `sent`: a body changed on the way. */
  sendAltered(signed: string, sent: string): Promise<{ status: number; body: unknown }> {
    return this.post(sent, this.signature(signed, this.secret));
  }

  private signature(body: string, secret: string): string {
    return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  }

  private async post(body: string, signature: string | undefined): Promise<{ status: number; body: unknown }> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (signature !== undefined) headers[SIGNATURE_HEADER] = signature;
    const response = await fetch(`${this.baseUrl}/api/identity/webhook`, { method: 'POST', headers, body });
    return { status: response.status, body: await response.json() };
  }
}
