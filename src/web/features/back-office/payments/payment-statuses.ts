// Where automatic payments stand on each chain, in words (issue 28): what the Payments page says at
// its top, one line per chain family or chain, before the forms that set each step up.
import type { AdminCrypto } from '@/contracts/cryptos';
import type { PaymentSettings, UtxoChainSettings } from '@/contracts/payments';
import { LOOKUP_NETWORKS, type LookupNetwork } from '@/domain/networks';
import { formatDateTime } from '@/web/lib/format';
import { describeChain } from './payment-chain-list';

export type PaymentState = 'off' | 'key-only' | 'watching' | 'on';

export interface PaymentStatus {
  /** The id of the section that sets it up, for a link from the status line. */
  target: string;
  name: string;
  state: PaymentState;
  /** "Off", "Key only — add an endpoint", "Watching". */
  label: string;
  /** What is missing or wrong, in words; empty when nothing is. */
  details: string[];
  /**
   * Whether any of its currencies is on offer (enabled, with an address and a rate); null when the
   * currencies are not known. The page folds the settings of a chain none of whose currencies is.
   */
  offered: boolean | null;
}

const LABELS: Record<PaymentState, string> = { off: 'Off', 'key-only': 'Key only — add an endpoint', watching: 'Watching', on: 'On' };

const NOT_OFFERED = (name: string) => `No ${name} currency is on offer, so its settings are folded below.`;

const LOOKUP_NAMES: Record<LookupNetwork, string> = { bitcoin: 'Bitcoin', tron: 'TRON', solana: 'Solana' };

/** "A", "A and B", "A, B and C". */
function listOf(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

type Offered = Pick<AdminCrypto, 'code' | 'network' | 'chainId' | 'offered'>;

function problemsOf(name: string, w: { lastError: string | null; noBlockSince: string | null }): string[] {
  if (w.lastError) return [`${name}: the last scan failed (${w.lastError}).`];
  if (w.noBlockSince) return [`${name}: no new block since ${formatDateTime(w.noBlockSince)}; the endpoint may have stopped following the chain.`];
  return [];
}

function evmStatus(settings: PaymentSettings, cryptos: readonly Offered[] | null): PaymentStatus {
  const { evmKey, chains } = settings;
  const offered = cryptos?.filter((c) => c.network === 'evm' && c.offered) ?? null;
  const state: PaymentState = evmKey && chains.length > 0 ? 'watching' : evmKey ? 'key-only' : 'off';
  const details: string[] = [];
  if (!evmKey && chains.length === 0) details.push('No account key (step 1) and no endpoint (step 2): buyers pay to each currency’s single wallet address, and you approve each payment.');
  else if (!evmKey) details.push('An endpoint is saved but no account key (step 1): buyers pay to each currency’s single wallet address, and you approve each payment.');
  else if (chains.length === 0) details.push('No endpoint (step 2): payments to the buyers’ deposit addresses are not seen yet.');
  else details.push(`Watching ${listOf(chains.map((c) => describeChain(c.chainId)))}.`);
  if (evmKey && offered) {
    // A currency on offer on a chain without an endpoint is paid to a deposit address nobody reads.
    const unwatched = [...new Set(offered.filter((c) => c.chainId !== null && !chains.some((ch) => ch.chainId === c.chainId)).map((c) => c.chainId as number))];
    for (const chainId of unwatched) {
      const codes = offered.filter((c) => c.chainId === chainId).map((c) => c.code);
      details.push(`${listOf(codes)} on ${describeChain(chainId)}: no endpoint, so these payments are not seen.`);
    }
  }
  if (evmKey) for (const c of chains) details.push(...problemsOf(describeChain(c.chainId), c));
  if (offered?.length === 0) details.push(NOT_OFFERED('EVM'));
  return { target: 'evm-payments', name: 'EVM chains', state, label: LABELS[state], details, offered: offered ? offered.length > 0 : null };
}

function utxoStatus(chain: UtxoChainSettings, cryptos: readonly Offered[] | null): PaymentStatus {
  const { name, key, watcher } = chain;
  const state: PaymentState = key && watcher ? 'watching' : key ? 'key-only' : 'off';
  const details: string[] = [];
  if (!key && !watcher) details.push(`No account key (step 1) and no endpoint (step 2): buyers pay to the single ${name} wallet address, and you approve each payment.`);
  else if (!key) details.push(`An endpoint is saved but no account key (step 1): buyers pay to the single ${name} wallet address, and you approve each payment.`);
  else if (!watcher) details.push(`No endpoint (step 2): payments to the buyers’ ${name} addresses are not seen yet.`);
  else details.push(`Watching through ${watcher.esploraHost}.`);
  if (key && watcher) details.push(...problemsOf(name, watcher));
  const offered = cryptos ? cryptos.some((c) => c.network === chain.chain && c.offered) : null;
  if (offered === false) details.push(NOT_OFFERED(name));
  return { target: `${chain.chain}-payments`, name, state, label: LABELS[state], details, offered };
}

function tronStatus(tron: PaymentSettings['tron'], cryptos: readonly Offered[] | null): PaymentStatus {
  const { watcher } = tron;
  // An imported address list in use stands for the key.
  const list = tron.addressList?.active ? tron.addressList : null;
  const key = tron.key ?? list;
  const state: PaymentState = key && watcher ? 'watching' : key ? 'key-only' : 'off';
  const details: string[] = [];
  if (!key && !watcher) details.push('No account key (step 1) and no endpoint (step 2): buyers pay to the single TRON wallet address, and you approve each payment.');
  else if (!key) details.push('An endpoint is saved but no account key (step 1): buyers pay to the single TRON wallet address, and you approve each payment.');
  else if (!watcher) details.push('No endpoint (step 2): payments to the buyers’ TRON addresses are not seen yet.');
  else details.push(`Watching through ${watcher.apiHost}.`, ...problemsOf('TRON', watcher));
  if (list?.left === 0) details.push('No imported TRON address is left: TRON orders from new buyers are refused until you import more.');
  else if (list?.fewLeft) details.push(`Only ${list.left} imported TRON ${list.left === 1 ? 'address is' : 'addresses are'} left: import more before they run out.`);
  const offered = cryptos ? cryptos.some((c) => c.network === 'tron' && c.offered) : null;
  if (offered === false) details.push(NOT_OFFERED('TRON'));
  return { target: 'tron-payments', name: 'TRON', state, label: LABELS[state], details, offered };
}

function lookupStatus(lookups: PaymentSettings['lookups']): PaymentStatus {
  const set = LOOKUP_NETWORKS.filter((n) => lookups.some((l) => l.network === n)).map((n) => LOOKUP_NAMES[n]);
  const missing = LOOKUP_NETWORKS.filter((n) => !lookups.some((l) => l.network === n)).map((n) => LOOKUP_NAMES[n]);
  const details: string[] = [];
  if (set.length > 0) details.push(`Pasted ${listOf(set)} transaction hashes are looked up.`);
  if (missing.length > 0) details.push(`No endpoint for ${listOf(missing)}: ${missing.length === 1 ? 'its' : 'their'} pasted hashes are not checked.`);
  const state: PaymentState = set.length > 0 ? 'on' : 'off';
  return { target: 'lookups-title', name: 'Transaction lookups', state, label: LABELS[state], details, offered: null };
}

/** One status per chain family or chain, in the page's order: EVM chains, Bitcoin, Litecoin, Dogecoin, TRON, lookups. */
export function paymentStatuses(settings: PaymentSettings, cryptos: readonly Offered[] | null): PaymentStatus[] {
  return [evmStatus(settings, cryptos), ...settings.utxoChains.map((c) => utxoStatus(c, cryptos)), tronStatus(settings.tron, cryptos), lookupStatus(settings.lookups)];
}

/** The three steps of a chain, from what is saved: its rules are saved with its endpoint. */
export function setupSteps(hasKey: boolean, hasEndpoint: boolean): { label: string; done: boolean }[] {
  return [
    { label: 'Account key', done: hasKey },
    { label: 'Endpoint', done: hasEndpoint },
    { label: 'Rules', done: hasEndpoint },
  ];
}
