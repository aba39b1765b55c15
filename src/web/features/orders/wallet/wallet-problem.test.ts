import { describe, expect, it } from 'vitest';
import { InsufficientFundsError, TransactionExecutionError, UserRejectedRequestError, SwitchChainError, BaseError } from 'viem';
import { walletErrorCode, walletProblem } from './wallet-problem';

const ctx = { network: 'Ethereum (chain 1)', code: 'ETH' };
const rpcError = (code: number, message = 'wallet says no') => Object.assign(new Error(message), { code });

describe('wallet problems in words', () => {
  it('tells a refusal apart by what was refused', () => {
    expect(walletProblem(rpcError(4001), 'connect', ctx)).toBe('You declined the connection in your wallet. Nothing was sent.');
    expect(walletProblem(rpcError(4001), 'switch', ctx)).toBe('Your wallet did not switch to Ethereum (chain 1). Switch it there and try again. Nothing was sent.');
    expect(walletProblem(rpcError(4001), 'send', ctx)).toBe('You declined the transaction in your wallet. Nothing was sent.');
  });

  it('finds the code under viem’s wrapping', () => {
    const wrapped = new TransactionExecutionError(new UserRejectedRequestError(rpcError(4001)), { account: null, chain: undefined });
    expect(walletErrorCode(wrapped)).toBe(4001);
    expect(walletProblem(wrapped, 'send', ctx)).toBe('You declined the transaction in your wallet. Nothing was sent.');
    expect(walletProblem(new SwitchChainError(rpcError(4902)), 'switch', ctx)).toBe('Your wallet does not know Ethereum (chain 1). Add that network in your wallet, then try again. Nothing was sent.');
  });

  it('names a disconnected wallet, a missing permission and an open request', () => {
    expect(walletProblem(rpcError(4900), 'send', ctx)).toBe('The wallet disconnected. Connect it again. Nothing was sent.');
    expect(walletProblem(rpcError(4901), 'switch', ctx)).toBe('The wallet disconnected. Connect it again. Nothing was sent.');
    expect(walletProblem(rpcError(4100), 'send', ctx)).toBe('Your wallet has not given this page its account. Connect again. Nothing was sent.');
    expect(walletProblem(rpcError(-32002), 'connect', ctx)).toBe('Your wallet already has a request open. Finish or close it in the wallet, then try again.');
  });

  it('says when the wallet holds too little, however the wallet words it', () => {
    const viemWrapped = new TransactionExecutionError(new InsufficientFundsError({ cause: new BaseError('insufficient funds for gas * price + value') }), { account: null, chain: undefined });
    expect(walletProblem(viemWrapped, 'send', ctx)).toBe('Your wallet does not hold enough ETH for this payment and its network fee. Nothing was sent.');
    expect(walletProblem(rpcError(3, 'execution reverted: ERC20: transfer amount exceeds balance'), 'send', ctx)).toMatch(/^Your wallet does not hold enough ETH/);
  });

  it('passes anything else on in the wallet’s words, without claiming nothing was sent', () => {
    expect(walletProblem(rpcError(-32603, 'Internal JSON-RPC error.\nstack…'), 'send', ctx)).toBe(
      "The wallet reported an error: Internal JSON-RPC error. Check your wallet's activity before trying again.",
    );
    expect(walletProblem('odd', 'connect', ctx)).toBe('The wallet could not connect: no reason given.');
    expect(walletErrorCode({ cause: { cause: { code: 4001 } } })).toBe(4001);
    const loop: { cause?: unknown } = {};
    loop.cause = loop;
    expect(walletErrorCode(loop)).toBeNull();
  });
});
