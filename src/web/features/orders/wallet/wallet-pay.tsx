// Pays an order from a browser wallet (issue 32; decision 029), loaded only once the buyer opens "Pay
// with your wallet": the wallets the browser announces (EIP-6963, via mipd; window.ethereum when none
// does), connect, switch to the order's chain, and one plain transfer of the amount due to the order's
// address. The hash goes to the order by the same request as a pasted one; only the chain credits.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createStore, type EIP6963ProviderDetail } from 'mipd';
import { createPublicClient, createWalletClient, custom, erc20Abi, formatUnits, getAddress, type Address, type EIP1193Provider, type Hash } from 'viem';
import type { Order } from '@/contracts/orders';
import { walletTransfer, type WalletTransfer } from '@/domain/wallet-payment';
import { useAttachTxHash } from '@/web/api/orders';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { ApiError } from '@/web/lib/api-client';
import { networkLabel } from '@/web/lib/network-label';
import { chainOf, publicChain } from './wallet-chains';
import { NOTHING_SENT, WALLET_CODES, walletErrorCode, walletProblem, type WalletStep } from './wallet-problem';

// One store per page load, made when this chunk first loads: it asks the wallets to announce themselves.
const store = createStore();
const subscribe = (onChange: () => void) => store.subscribe(onChange);
const providers = () => store.getProviders();

/** An injected provider that does not announce itself (older wallets, some phone wallets' browsers). */
function legacyWallet(): EIP6963ProviderDetail | null {
  const provider = (window as { ethereum?: EIP1193Provider }).ethereum;
  if (!provider) return null;
  return { info: { uuid: 'window.ethereum', name: 'Browser wallet', icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E', rdns: 'window.ethereum' }, provider };
}

function useWallets(): readonly EIP6963ProviderDetail[] {
  const announced = useSyncExternalStore(subscribe, providers);
  if (announced.length > 0) return announced;
  const legacy = legacyWallet();
  return legacy ? [legacy] : [];
}

interface Connection {
  wallet: EIP6963ProviderDetail;
  account: Address;
  chainId: number;
}

/** Thrown by a check of ours, already in words. */
class Stop extends Error {}

export interface WalletPayProps {
  order: Order;
  /** The amount still due, in the currency's units. */
  due: string;
}

export default function WalletPay({ order, due }: WalletPayProps) {
  const wallets = useWallets();
  const attach = useAttachTxHash(order.id);
  const [connection, setConnection] = useState<Connection | null>(null);
  const [busy, setBusy] = useState<'connect' | 'send' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<{ hash: Hash; saved: boolean } | null>(null);
  const targetChain = order.crypto.chainId ?? 0;
  const network = networkLabel('evm', targetChain, order.crypto.name);
  const words = { network, code: order.crypto.code };
  const provider = connection?.wallet.provider;

  // The wallet tells us when the buyer changes account or chain, or it goes away.
  useEffect(() => {
    if (!provider || typeof provider.on !== 'function') return;
    const onAccounts = (accounts: readonly string[]) => {
      const [first] = accounts;
      if (first) setConnection((c) => (c ? { ...c, account: getAddress(first) } : c));
      else {
        setConnection(null);
        setProblem(`The wallet disconnected. Connect it again. ${NOTHING_SENT}`);
      }
    };
    const onChain = (id: string) => setConnection((c) => (c ? { ...c, chainId: Number(id) } : c));
    const onDisconnect = () => {
      setConnection(null);
      setProblem(`The wallet disconnected. Connect it again. ${NOTHING_SENT}`);
    };
    provider.on('accountsChanged', onAccounts);
    provider.on('chainChanged', onChain);
    provider.on('disconnect', onDisconnect);
    return () => {
      provider.removeListener('accountsChanged', onAccounts);
      provider.removeListener('chainChanged', onChain);
      provider.removeListener('disconnect', onDisconnect);
    };
  }, [provider]);

  async function step<T>(name: WalletStep, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw new Stop(walletProblem(error, name, words));
    }
  }

  async function connect(wallet: EIP6963ProviderDetail) {
    setBusy('connect');
    setProblem(null);
    try {
      const client = createWalletClient({ transport: custom(wallet.provider) });
      const [account] = await step('connect', () => client.requestAddresses());
      if (!account) throw new Stop(`The wallet gave no account. Unlock it and try again. ${NOTHING_SENT}`);
      const chainId = await step('connect', () => client.getChainId());
      setConnection({ wallet, account, chainId });
    } catch (error) {
      setProblem(error instanceof Stop ? error.message : walletProblem(error, 'connect', words));
    } finally {
      setBusy(null);
    }
  }

  async function switchChain(connected: Connection) {
    const client = createWalletClient({ transport: custom(connected.wallet.provider) });
    if ((await step('switch', () => client.getChainId())) === targetChain) return;
    try {
      await client.switchChain({ id: targetChain });
    } catch (error) {
      const chain = publicChain(targetChain);
      if (walletErrorCode(error) !== WALLET_CODES.unknownChain || !chain) throw new Stop(walletProblem(error, 'switch', words));
      // The wallet lacks the chain: add it with its public data, then switch.
      await step('switch', () => client.addChain({ chain }));
      await step('switch', () => client.switchChain({ id: targetChain }));
    }
  }

  /** What the wallet holds of the currency, read through the wallet's own provider. */
  async function holding(connected: Connection, transfer: WalletTransfer): Promise<bigint> {
    const reader = createPublicClient({ transport: custom(connected.wallet.provider) });
    return transfer.kind === 'native'
      ? reader.getBalance({ address: connected.account })
      : reader.readContract({ address: transfer.token, abi: erc20Abi, functionName: 'balanceOf', args: [connected.account] });
  }

  async function send(connected: Connection) {
    setBusy('send');
    setProblem(null);
    try {
      const transfer = walletTransfer({ address: order.address, amount: due, tokenContract: order.crypto.tokenContract, decimals: order.crypto.decimals });
      await switchChain(connected);
      const client = createWalletClient({ transport: custom(connected.wallet.provider) });
      // What is selected now must be what the buyer saw: the account shown, on the order's chain.
      const [account] = await step('send', () => client.getAddresses());
      if (!account) throw new Stop(`The wallet disconnected. Connect it again. ${NOTHING_SENT}`);
      if (account.toLowerCase() !== connected.account.toLowerCase()) {
        setConnection({ ...connected, account: getAddress(account) });
        throw new Stop(`Your wallet now has account ${account} selected, not the one shown. Check it is the account you want to pay from, then send again. ${NOTHING_SENT}`);
      }
      const chainId = await step('send', () => client.getChainId());
      setConnection({ ...connected, chainId });
      if (chainId !== targetChain) throw new Stop(`Your wallet is on ${networkLabel('evm', chainId, '')}, not ${network}. Switch it to ${network} and send again. ${NOTHING_SENT}`);
      const held = await step('send', () => holding(connected, transfer));
      const needed = transfer.kind === 'native' ? transfer.value : transfer.amount;
      if (held < needed) {
        const have = formatUnits(held, order.crypto.decimals ?? 18);
        throw new Stop(`Your wallet holds ${have} ${order.crypto.code}, less than the ${due} ${order.crypto.code} to send. ${NOTHING_SENT}`);
      }
      const chain = chainOf(targetChain, network);
      const hash = await step('send', () =>
        transfer.kind === 'native'
          ? client.sendTransaction({ account, chain, to: transfer.to, value: transfer.value })
          : client.writeContract({ account, chain, address: transfer.token, abi: erc20Abi, functionName: 'transfer', args: [transfer.to, transfer.amount] }),
      );
      setSent({ hash, saved: false });
      try {
        await attach.mutateAsync(hash);
        setSent({ hash, saved: true });
      } catch (error) {
        const why = error instanceof ApiError ? error.message : 'the server could not be reached';
        setProblem(`Your payment was sent in transaction ${hash}, but it could not be added to this order: ${why}. Give this hash to support.`);
      }
    } catch (error) {
      setProblem(error instanceof Stop ? error.message : walletProblem(error, 'send', words));
    } finally {
      setBusy(null);
    }
  }

  const problemLine = problem ? (
    <p id="wallet-problem" role="alert" className="text-destructive text-sm break-words">
      {problem}
    </p>
  ) : null;

  if (sent) {
    return (
      <div className="grid gap-2">
        <p role="status" className="text-sm font-medium">
          {sent.saved ? 'Payment sent, waiting for the chain.' : problem ? 'Payment sent.' : 'Payment sent. Adding it to your order…'}
          {sent.saved && !order.payment ? ' This order pays to the sale’s shared address: the operator will check this payment once it arrives.' : null}
        </p>
        <p className="font-mono text-xs break-all">{sent.hash}</p>
        {problemLine}
      </div>
    );
  }

  if (wallets.length === 0) {
    return (
      <p role="status" className="text-sm">
        No wallet found in this browser. Scan the QR code with your phone’s wallet, or copy the amount and address.
      </p>
    );
  }

  if (!connection) {
    return (
      <div className="grid gap-3">
        <ul className="flex flex-wrap gap-2" aria-label="Wallets in this browser">
          {wallets.map((w) => (
            <li key={w.info.uuid}>
              <Button type="button" variant="outline" disabled={busy !== null} aria-describedby={problem ? 'wallet-problem' : undefined} onClick={() => void connect(w)}>
                {busy === 'connect' ? <Spinner /> : <img src={w.info.icon} alt="" width={20} height={20} className="size-5" />}
                Connect {w.info.name}
              </Button>
            </li>
          ))}
        </ul>
        {problemLine}
      </div>
    );
  }

  return (
    <div className="grid gap-3">
      <dl className="grid gap-1 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-muted-foreground">Connected account</dt>
          <dd className="min-w-0 font-mono text-xs break-all">{connection.account}</dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-muted-foreground">Wallet network</dt>
          <dd>
            {networkLabel('evm', connection.chainId, '')}
            {connection.chainId === targetChain ? null : ` (your wallet will be asked to switch to ${network})`}
          </dd>
        </div>
      </dl>
      {!order.payment ? <p className="text-muted-foreground text-sm">This order pays to the sale’s shared address: the operator will check your payment once it arrives.</p> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="button" disabled={busy !== null} aria-describedby={problem ? 'wallet-problem' : undefined} onClick={() => void send(connection)}>
          {busy === 'send' ? <Spinner /> : null}
          Send {due} {order.crypto.code}
        </Button>
        <Button type="button" variant="ghost" disabled={busy !== null} onClick={() => setConnection(null)}>
          Use another wallet
        </Button>
      </div>
      {problemLine}
    </div>
  );
}
