// Receiving addresses per chain: base58check (P2PKH, P2SH) with the chain's version bytes, bech32 for
// segwit v0 and bech32m for taproot, each with its checksum verified. An address of another chain is
// named as such, since "invalid" would not tell the operator what went wrong.
import { Address } from '@scure/btc-signer';
import { KNOWN_UTXO_CHAINS, CHAINS, type KnownUtxoChain } from './chains';

export type AddressKind = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr';

export type ParsedAddress = { ok: true; address: string; kind: AddressKind } | { ok: false; message: string };

/**
 * Reads a receiving address of `chain`. `address` is its canonical form: bech32 in lower case, and a
 * Litecoin P2SH address in its M… form (Litecoin's older 3… form names the same script).
 */
export function parseUtxoAddress(chain: KnownUtxoChain, input: string): ParsedAddress {
  const text = input.trim();
  if (text === '') return { ok: false, message: `Enter a ${CHAINS[chain].name} address.` };
  if (/\s/.test(text)) return { ok: false, message: 'An address has no spaces in it.' };
  const read = readAddress(chain, text);
  if (read) return { ok: true, ...read };
  const other = KNOWN_UTXO_CHAINS.find((c) => c !== chain && readAddress(c, text));
  if (other) return { ok: false, message: `This is a ${CHAINS[other].name} address, not a ${CHAINS[chain].name} one.` };
  return { ok: false, message: `Not a valid ${CHAINS[chain].name} address (checksum or format is wrong).` };
}

/** An error message for an invalid receiving address of `chain`, or null when it is valid. */
export function utxoAddressProblem(chain: KnownUtxoChain, input: string): string | null {
  const parsed = parseUtxoAddress(chain, input);
  return parsed.ok ? null : parsed.message;
}

function readAddress(chain: KnownUtxoChain, text: string): { address: string; kind: AddressKind } | undefined {
  const params = CHAINS[chain];
  const codecs = [Address(params.network)];
  if (params.legacyScriptHash !== undefined) codecs.push(Address({ ...params.network, scriptHash: params.legacyScriptHash }));
  for (const codec of codecs) {
    try {
      const decoded = codec.decode(text);
      const kind = KINDS[decoded.type];
      if (!kind) continue;
      // A bech32 prefix on a chain without segwit cannot be, whatever the checksum says.
      if ((kind === 'p2wpkh' || kind === 'p2wsh' || kind === 'p2tr') && !params.segwit) continue;
      return { address: Address(params.network).encode(decoded), kind };
    } catch {
      // Not this form: try the next, then report.
    }
  }
  return undefined;
}

const KINDS: Readonly<Record<string, AddressKind>> = { pkh: 'p2pkh', sh: 'p2sh', wpkh: 'p2wpkh', wsh: 'p2wsh', tr: 'p2tr' };
