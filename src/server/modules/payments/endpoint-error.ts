// An endpoint's failure in words an operator may see. An endpoint is any URL the operator typed, so it
// may be an internal service that answers with its own secrets: what the browser is shown (a probe's
// field message, a watcher's stored last error) is a fixed category, never text from the answer, and
// never the endpoint's URL (it may carry an API key). Only faults this server words itself
// (EndpointFault) are shown as they are.

/** A fault worded by this server, from nothing the endpoint sent but numbers and checked hashes: shown as it is. */
export class EndpointFault extends Error {}

const CONNECTION_CODES: Record<string, string> = {
  ECONNREFUSED: 'The endpoint refused the connection.',
  ENOTFOUND: 'The endpoint’s host name was not found.',
  EAI_AGAIN: 'The endpoint’s host name was not found.',
  ECONNRESET: 'The endpoint dropped the connection.',
  UND_ERR_SOCKET: 'The endpoint dropped the connection.',
  ETIMEDOUT: 'The endpoint timed out.',
  UND_ERR_CONNECT_TIMEOUT: 'The endpoint timed out.',
  UND_ERR_HEADERS_TIMEOUT: 'The endpoint timed out.',
  UND_ERR_BODY_TIMEOUT: 'The endpoint timed out.',
};

export const ENDPOINT_FAULTS = {
  timeout: 'The endpoint timed out.',
  unreachable: 'The endpoint could not be reached.',
  notJson: 'The endpoint’s answer is not JSON.',
  shape: 'The endpoint’s answer is not in the form expected.',
  other: 'The endpoint did not answer as expected.',
  status: (status: number) => `The endpoint answered with HTTP ${status}.`,
  rpc: (code: number) => `The endpoint refused the request (JSON-RPC error ${code}).`,
} as const;

/** The fixed category of an endpoint's failure, or the text of a fault this server worded itself. */
export function endpointErrorText(error: unknown, max = 300): string {
  if (error instanceof EndpointFault) return (error.message.replace(/https?:\/\/\S+/g, '(endpoint)').split('\n')[0] ?? '').slice(0, max) || ENDPOINT_FAULTS.other;
  const chain = causes(error);
  if (chain.some((e) => e.name === 'TimeoutError' || e.name === 'AbortError')) return ENDPOINT_FAULTS.timeout;
  for (const e of chain) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return CONNECTION_CODES[code] ?? ENDPOINT_FAULTS.unreachable;
  }
  for (const e of chain) {
    const status = (e as { status?: unknown }).status;
    if (typeof status === 'number' && Number.isInteger(status) && (status < 200 || status > 299)) return ENDPOINT_FAULTS.status(status);
  }
  if (chain.some((e) => e instanceof SyntaxError)) return ENDPOINT_FAULTS.notJson;
  for (const e of chain) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'number' && Number.isInteger(code)) return ENDPOINT_FAULTS.rpc(code);
  }
  if (chain.some((e) => e.name === 'ZodError')) return ENDPOINT_FAULTS.shape;
  if (chain.some((e) => e instanceof TypeError && e.message === 'fetch failed')) return ENDPOINT_FAULTS.unreachable;
  return ENDPOINT_FAULTS.other;
}

/** The error and its causes, outermost first (a few deep: a cycle cannot hold it). */
function causes(error: unknown): Error[] {
  const out: Error[] = [];
  for (let e: unknown = error; e instanceof Error && out.length < 8; e = e.cause) out.push(e);
  return out;
}
