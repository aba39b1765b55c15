// What a wallet's refusal or failure says to the buyer, at the button (issue 32). Wallets report by
// EIP-1193 / JSON-RPC codes; viem wraps the wallet's error in its own, so the code may sit on a cause.

/** The request the wallet was answering: connecting, switching chains, or sending the payment. */
export type WalletStep = 'connect' | 'switch' | 'send';

/** EIP-1193 provider error codes (https://eips.ethereum.org/EIPS/eip-1193#provider-errors) and EIP-3326's unknown chain. */
export const WALLET_CODES = { refused: 4001, unauthorized: 4100, disconnected: 4900, chainDisconnected: 4901, unknownChain: 4902, requestPending: -32002 } as const;

function causes(error: unknown): object[] {
  const chain: object[] = [];
  let e: unknown = error;
  while (typeof e === 'object' && e !== null && chain.length < 10 && !chain.includes(e)) {
    chain.push(e);
    e = (e as { cause?: unknown }).cause;
  }
  return chain;
}

/** The first numeric `code` on the error or any error it wraps. */
export function walletErrorCode(error: unknown): number | null {
  for (const e of causes(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'number') return code;
  }
  return null;
}

function saysInsufficientFunds(error: unknown): boolean {
  return causes(error).some((e) => {
    const { name, message, details } = e as { name?: unknown; message?: unknown; details?: unknown };
    return name === 'InsufficientFundsError' || [message, details].some((m) => typeof m === 'string' && /insufficient funds|exceeds balance/i.test(m));
  });
}

/** The wallet's own words, short: viem's shortMessage, else the message's first line. */
function shortText(error: unknown): string {
  const [first] = causes(error);
  const { shortMessage, message } = (first ?? {}) as { shortMessage?: unknown; message?: unknown };
  const text = typeof shortMessage === 'string' ? shortMessage : typeof message === 'string' ? message : '';
  return (text.split('\n')[0] ?? '').slice(0, 160).replace(/\.$/, '') || 'no reason given';
}

export const NOTHING_SENT = 'Nothing was sent.';

/** The message for a failed wallet request; `network` names the order's chain ("Ethereum (chain 1)"), `code` its currency. */
export function walletProblem(error: unknown, step: WalletStep, ctx: { network: string; code: string }): string {
  const code = walletErrorCode(error);
  if (code === WALLET_CODES.refused) {
    switch (step) {
      case 'connect':
        return `You declined the connection in your wallet. ${NOTHING_SENT}`;
      case 'switch':
        return `Your wallet did not switch to ${ctx.network}. Switch it there and try again. ${NOTHING_SENT}`;
      case 'send':
        return `You declined the transaction in your wallet. ${NOTHING_SENT}`;
    }
  }
  if (code === WALLET_CODES.disconnected || code === WALLET_CODES.chainDisconnected) return `The wallet disconnected. Connect it again. ${NOTHING_SENT}`;
  if (code === WALLET_CODES.unauthorized) return `Your wallet has not given this page its account. Connect again. ${NOTHING_SENT}`;
  if (code === WALLET_CODES.unknownChain) return `Your wallet does not know ${ctx.network}. Add that network in your wallet, then try again. ${NOTHING_SENT}`;
  if (code === WALLET_CODES.requestPending) return 'Your wallet already has a request open. Finish or close it in the wallet, then try again.';
  if (step === 'send' && saysInsufficientFunds(error)) return `Your wallet does not hold enough ${ctx.code} for this payment and its network fee. ${NOTHING_SENT}`;
  switch (step) {
    case 'connect':
      return `The wallet could not connect: ${shortText(error)}.`;
    case 'switch':
      return `The wallet could not switch to ${ctx.network}: ${shortText(error)}. ${NOTHING_SENT}`;
    case 'send':
      // The wallet may or may not have sent it: say so rather than guess.
      return `The wallet reported an error: ${shortText(error)}. Check your wallet's activity before trying again.`;
  }
}
