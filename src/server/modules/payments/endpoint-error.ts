// An endpoint's failure in words an operator may see: viem's short message, first line only, and never
// the endpoint's URL (it may carry an API key).
export function endpointErrorText(error: unknown, max = 300): string {
  const text = error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error);
  return (text.replace(/https?:\/\/\S+/g, '(endpoint)').split('\n')[0] ?? '').slice(0, max) || 'no answer';
}
