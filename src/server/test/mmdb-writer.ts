// A small MaxMind DB writer for tests (issue 34): enough of the format to build a GeoLite2-like
// Country database with `country.iso_code` for a few IPv4 and IPv6 networks, read back by the
// `maxmind` reader the server uses. Format: https://maxmind.github.io/MaxMind-DB/
//
// The file is a binary search tree over the address bits (two records per node), 16 zero bytes,
// a data section of typed values, and after "\xAB\xCD\xEFMaxMind.com" the metadata map. The tree is
// an IPv6 one: IPv4 networks sit under ::/96, as in real databases.
import { isIPv4, isIPv6 } from 'node:net';

type Value = string | number | bigint | Value[] | { [key: string]: Value };

/** A value as the data section stores it (uint32 for numbers: the writer needs no other number type). */
function encode(value: Value): Buffer {
  if (typeof value === 'string') return withControl(2, Buffer.from(value, 'utf8'));
  if (typeof value === 'number') return withControl(6, unsigned(BigInt(value)));
  if (typeof value === 'bigint') return withControl(9, unsigned(value));
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map(encode)]);
  const entries = Object.entries(value);
  return Buffer.concat([control(7, entries.length), ...entries.flatMap(([k, v]) => [encode(k), encode(v)])]);
}

function withControl(type: number, payload: Buffer): Buffer {
  return Buffer.concat([control(type, payload.length), payload]);
}

/** Big-endian bytes, as few as the value needs (none for 0). */
function unsigned(value: bigint): Buffer {
  const bytes: number[] = [];
  for (let v = value; v > 0n; v >>= 8n) bytes.unshift(Number(v & 0xffn));
  return Buffer.from(bytes);
}

/** The control byte: type in the top three bits (0 and an extra byte for types above 7), then the size. */
function control(type: number, size: number): Buffer {
  const typeBits = type <= 7 ? type << 5 : 0;
  const extended = type <= 7 ? [] : [type - 7];
  if (size < 29) return Buffer.from([typeBits | size, ...extended]);
  if (size < 285) return Buffer.from([typeBits | 29, ...extended, size - 29]);
  if (size < 65_821) {
    const rest = size - 285;
    return Buffer.from([typeBits | 30, ...extended, rest >> 8, rest & 0xff]);
  }
  throw new Error('values this large are not needed by the tests');
}

/** The 128 bits of an address as IPv6 (IPv4 as ::a.b.c.d), most significant first. */
function bitsOf(ip: string): number[] {
  let bytes: number[];
  if (isIPv4(ip)) bytes = [...Array<number>(12).fill(0), ...ip.split('.').map(Number)];
  else if (isIPv6(ip)) {
    const [head = '', tail = ''] = ip.split('::');
    const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
    const h = groups(head);
    const t = groups(tail);
    const all = ip.includes('::') ? [...h, ...Array<number>(8 - h.length - t.length).fill(0), ...t] : h;
    bytes = all.flatMap((g) => [g >> 8, g & 0xff]);
  } else throw new Error(`not an address: ${ip}`);
  return bytes.flatMap((b) => Array.from({ length: 8 }, (_, i) => (b >> (7 - i)) & 1));
}

type Slot = { node: number } | { data: number } | null;

export interface MmdbNetwork {
  /** CIDR, IPv4 or IPv6: "81.2.69.0/24", "2001:db8::/32". */
  network: string;
  /** The record stored for it, e.g. { country: { iso_code: 'GB' } }. */
  record: { [key: string]: Value };
}

export interface MmdbOptions {
  databaseType?: string;
  recordSize?: 24 | 28;
  buildEpoch?: number;
}

/** A MaxMind DB file holding `networks` (which must not overlap). */
export function writeMmdb(networks: MmdbNetwork[], options: MmdbOptions = {}): Buffer {
  const recordSize = options.recordSize ?? 24;
  const nodes: [Slot, Slot][] = [[null, null]];
  const data: Buffer[] = [];
  const offsets = new Map<string, number>();
  let dataLength = 0;

  for (const { network, record } of networks) {
    const [address = '', prefixText = ''] = network.split('/');
    const prefix = Number(prefixText) + (isIPv4(address) ? 96 : 0);
    const bits = bitsOf(address);
    const key = JSON.stringify(record);
    let offset = offsets.get(key);
    if (offset === undefined) {
      const bytes = encode(record);
      offset = dataLength;
      offsets.set(key, offset);
      data.push(bytes);
      dataLength += bytes.length;
    }
    let node = 0;
    for (let depth = 0; depth < prefix; depth++) {
      const bit = bits[depth] ?? 0;
      const slots = nodes[node];
      if (!slots) throw new Error('lost in the tree');
      if (depth === prefix - 1) {
        slots[bit] = { data: offset };
        break;
      }
      const next = slots[bit];
      if (next && 'data' in next) throw new Error(`${network} overlaps another network`);
      if (next) node = next.node;
      else {
        nodes.push([null, null]);
        slots[bit] = { node: nodes.length - 1 };
        node = nodes.length - 1;
      }
    }
  }

  const nodeCount = nodes.length;
  const valueOf = (slot: Slot) => (slot === null ? nodeCount : 'node' in slot ? slot.node : nodeCount + 16 + slot.data);
  const tree = Buffer.alloc(nodeCount * (recordSize / 4));
  nodes.forEach(([left, right], i) => {
    const l = valueOf(left);
    const r = valueOf(right);
    if (recordSize === 24) {
      tree.writeUIntBE(l, i * 6, 3);
      tree.writeUIntBE(r, i * 6 + 3, 3);
    } else {
      const at = i * 7;
      tree.writeUIntBE(l & 0xffffff, at, 3);
      tree[at + 3] = ((l >> 24) << 4) | (r >> 24);
      tree.writeUIntBE(r & 0xffffff, at + 4, 3);
    }
  });

  const metadata = encode({
    node_count: nodeCount,
    record_size: recordSize,
    ip_version: 6,
    database_type: options.databaseType ?? 'GeoLite2-Country',
    languages: ['en'],
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: BigInt(options.buildEpoch ?? 1_700_000_000),
    description: { en: 'Presale test database' },
  });
  // record_size and the format versions are uint16 in the spec; the reader takes any unsigned type.
  return Buffer.concat([tree, Buffer.alloc(16), ...data, Buffer.from([0xab, 0xcd, 0xef]), Buffer.from('MaxMind.com'), metadata]);
}
