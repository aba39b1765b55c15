// What the chain says about the transaction hash a buyer attached (issue 13), for the operator who
// decides the order: looked up on the EVM chain's RPC endpoint or Bitcoin's Esplora API, as the
// operator set them on the Payments page. The operator still decides: this only reads, and says
// what contradicts the order.
import { createPublicClient, decodeEventLog, erc20Abi, formatUnits, getAddress, http, parseUnits, TransactionNotFoundError, type Hash } from 'viem';
import type { TxCheck } from '@/contracts/orders';
import { UTXO_CHAINS } from '@/domain/utxo/chains';
import { dec, toPlain } from '@/domain/decimal';
import { LOOKUP_NETWORKS, type LookupNetwork } from '@/domain/networks';
import type { Queryable } from '../../../db/client';
import { EsploraClient } from '../utxo/esplora-client';
import { endpointErrorText } from '../endpoint-error';
import { hostOf } from '../settings/settings-common';
import { findEvmChain } from '../evm/evm-chains.repository';
import { findUtxoChain } from '../utxo/utxo-chains.repository';
import { findLookupEndpoint } from './lookup-endpoints.repository';
import { lookUpSolana, lookUpTron, type Sighting } from './tron-solana-lookups';


/** The order whose attached hash is looked up, as the lookup needs it. */
export interface CheckedOrder {
  id: number;
  network: string;
  chainId: number | null;
  tokenContract: string | null;
  decimals: number | null;
  address: string;
  payAmount: string;
  cryptoCode: string;
  txHash: string | null;
}

const NETWORK_NAMES: Record<string, string> = { bitcoin: 'Bitcoin', litecoin: 'Litecoin', dogecoin: 'Dogecoin', tron: 'TRON', solana: 'Solana', other: 'this currency' };

/** `alsoOn`: the public id of another order the same hash is attached to, as the orders module found it. */
export async function checkOrderTx(db: Queryable, order: CheckedOrder, alsoOn: string | null): Promise<TxCheck> {
  const txHash = order.txHash;
  if (!txHash) return { txHash: null, state: 'no_hash', source: null, message: 'No transaction hash is attached to this order.', found: null, alsoOn: null, contradictions: [] };
  const base = { txHash, alsoOn, contradictions: alsoOn ? [`The same transaction is attached to order ${alsoOn}.`] : [] };

  const endpoint = await endpointFor(db, order);
  if (!endpoint) {
    const where = order.network === 'evm' ? `chain ${order.chainId ?? '?'}` : NETWORK_NAMES[order.network];
    const how =
      order.network === 'other'
        ? 'Presale cannot look up transactions of this currency: check it on its explorer.'
        : `Set an endpoint for ${where} on the Payments page to look it up here; meanwhile, check it on the explorer.`;
    return { ...base, state: 'no_lookup', source: null, message: how, found: null };
  }

  let seen: Sighting | null;
  try {
    const target = { address: order.address, tokenContract: order.tokenContract };
    seen = await {
      evm: () => lookUpEvm(endpoint.url, txHash as Hash, order),
      bitcoin: () => lookUpEsplora(endpoint.url, txHash, order),
      tron: () => lookUpTron(endpoint.url, txHash, target),
      solana: () => lookUpSolana(endpoint.url, txHash, target),
    }[endpoint.kind]();
  } catch (error) {
    return { ...base, state: 'error', source: endpoint.source, message: `The endpoint could not be asked: ${endpointErrorText(error, 200)}`, found: null };
  }
  if (!seen) {
    return { ...base, state: 'not_found', source: endpoint.source, message: 'The chain does not know this transaction.', found: null, contradictions: ['The chain does not know this transaction.', ...base.contradictions] };
  }

  const decimals = order.decimals ?? 18;
  const asked = parseUnits(order.payAmount, decimals);
  const paid = toPlain(dec(formatUnits(seen.toAddress, decimals)));
  const against: string[] = [];
  if (seen.failed) against.push('The transaction failed on the chain: it moved nothing.');
  else if (seen.toAddress === 0n) against.push(`It pays nothing to this order's address (${order.address}).`);
  else if (seen.toAddress < asked) against.push(`It pays ${paid} ${order.cryptoCode} to the order's address; the order asks ${toPlain(dec(order.payAmount))}.`);
  const depth = seen.confirmations === 0 ? 'not yet in a block' : `${seen.confirmations} ${seen.confirmations === 1 ? 'confirmation' : 'confirmations'}`;
  return {
    ...base,
    state: 'found',
    source: endpoint.source,
    message: seen.failed ? `Found, ${depth}, but it failed.` : `Found: it pays ${paid} ${order.cryptoCode} to the order's address, ${depth}.`,
    found: { amountToAddress: paid, recipients: seen.recipients, confirmations: seen.confirmations, failed: seen.failed },
    contradictions: [...against, ...base.contradictions],
  };
}

const LOOKUP_NAMES: Record<LookupNetwork, string> = { bitcoin: 'Esplora', tron: 'TronGrid API', solana: 'Solana RPC' };

async function endpointFor(db: Queryable, order: CheckedOrder): Promise<{ kind: 'evm' | LookupNetwork; url: string; source: string } | null> {
  if (order.network === 'evm' && order.chainId !== null) {
    const chain = await findEvmChain(db, order.chainId);
    return chain ? { kind: 'evm', url: chain.rpcUrl, source: `RPC at ${hostOf(chain.rpcUrl)}` } : null;
  }
  const network = LOOKUP_NETWORKS.find((n) => n === order.network);
  const endpoint = network ? await findLookupEndpoint(db, network) : undefined;
  if (network && endpoint) return { kind: network, url: endpoint.url, source: `${LOOKUP_NAMES[network]} at ${hostOf(endpoint.url)}` };
  // A Bitcoin-family chain's watcher reads an Esplora API: it answers for pasted hashes too.
  const chain = UTXO_CHAINS.find((c) => c === order.network);
  const watcher = chain ? await findUtxoChain(db, chain) : undefined;
  return watcher ? { kind: 'bitcoin', url: watcher.esploraUrl, source: `Esplora at ${hostOf(watcher.esploraUrl)}` } : null;
}

/** Ether to the address, or the token's Transfer logs to it; null when the endpoint does not know the hash. */
async function lookUpEvm(rpcUrl: string, hash: Hash, order: CheckedOrder): Promise<Sighting | null> {
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0, timeout: 10_000 }) });
  const tx = await client.getTransaction({ hash }).catch((error: unknown) => {
    if (error instanceof TransactionNotFoundError) return null;
    throw error;
  });
  if (!tx) return null;
  const address = order.address.toLowerCase();
  // Typed as mined, but a pending transaction has no block yet.
  const blockNumber = tx.blockNumber as bigint | null;
  if (blockNumber === null) {
    // Pending: a token transfer's logs exist only once it is mined.
    const toAddress = !order.tokenContract && tx.to?.toLowerCase() === address ? tx.value : 0n;
    return { toAddress, recipients: toAddress > 0n || !tx.to ? [] : [getAddress(tx.to)], confirmations: 0, failed: false };
  }
  const [receipt, head] = await Promise.all([client.getTransactionReceipt({ hash }), client.getBlockNumber({ cacheTime: 0 })]);
  const confirmations = Number(head - blockNumber + 1n);
  const failed = receipt.status !== 'success';
  if (!order.tokenContract) {
    const toAddress = !failed && tx.to?.toLowerCase() === address ? tx.value : 0n;
    return { toAddress, recipients: tx.to && tx.to.toLowerCase() !== address ? [getAddress(tx.to)] : [], confirmations, failed };
  }
  const token = order.tokenContract.toLowerCase();
  let toAddress = 0n;
  const recipients = new Set<string>();
  for (const log of receipt.logs) {
    if (log.address.toLowerCase() !== token) continue;
    try {
      const event = decodeEventLog({ abi: erc20Abi, data: log.data, topics: log.topics });
      if (event.eventName !== 'Transfer') continue;
      if (event.args.to.toLowerCase() === address) toAddress += event.args.value;
      else recipients.add(getAddress(event.args.to));
    } catch {
      // Another event of the token contract.
    }
  }
  return { toAddress: failed ? 0n : toAddress, recipients: toAddress > 0n ? [] : [...recipients], confirmations, failed };
}

/** The outputs to the address (summed), and where the transaction paid when not there. */
async function lookUpEsplora(esploraUrl: string, txid: string, order: CheckedOrder): Promise<Sighting | null> {
  const client = new EsploraClient({ baseUrl: esploraUrl });
  const tx = await client.getTx(txid.toLowerCase());
  if (!tx) return null;
  const toAddress = tx.outputs.reduce((sum, o) => (o.address === order.address ? sum + o.units : sum), 0n);
  const confirmations = tx.status.confirmed ? (await client.getTipHeight()) - tx.status.blockHeight + 1 : 0;
  const recipients = toAddress > 0n ? [] : tx.outputs.flatMap((o) => (o.address ? [o.address] : []));
  return { toAddress, recipients, confirmations, failed: false };
}
