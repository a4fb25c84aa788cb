import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';

/** A git object as stored: its kind and its inflated bytes. */
export interface GitObject {
  type: 'commit' | 'tree' | 'blob' | 'tag';
  data: Buffer;
}

/** A pack that does not read as git writes one: a fetched repository's bytes are not to be trusted. */
export class PackError extends Error {
  override name = 'PackError';
}

/** The kinds of whole objects, by their type number in a pack (6 and 7 are deltas). */
export const typeNames = { 1: 'commit', 2: 'tree', 3: 'blob', 4: 'tag' } as const;
const OFS_DELTA = 6;
const REF_DELTA = 7;
/** Deeper chains than git itself writes (50 by default, 4095 at most) mean a hostile pack. */
const MAX_DELTA_DEPTH = 4096;
/** Inflated bases kept for the deltas that follow them, counted by the memory they hold on to. */
const BASE_CACHE_BYTES = 16 * 1024 * 1024;

/** One pack and its index (version 2), both in memory. */
export interface Pack {
  /** Names the pack in the cache's keys. */
  id: number;
  bytes: Buffer;
  /** The sorted object ids, 20 bytes each. */
  names: Buffer;
  fanout: Uint32Array;
  /** Each object's offset, in the order of `names`. */
  offsets: Float64Array;
  /** Where each object's bytes end: the next object's offset, or the pack's trailer. */
  ends: Map<number, number>;
}

function parseIndex(id: number, index: Buffer, bytes: Buffer, file: string): Pack {
  if (index.length < 8 + 1024 || index.readUInt32BE(0) !== 0xff744f63 || index.readUInt32BE(4) !== 2)
    throw new PackError(`${file} is not a version 2 pack index.`);
  const fanout = new Uint32Array(256);
  for (let i = 0; i < 256; i++) fanout[i] = index.readUInt32BE(8 + i * 4);
  const count = fanout[255]!;
  const namesAt = 8 + 1024;
  const offsetsAt = namesAt + count * 20 + count * 4;
  const largeAt = offsetsAt + count * 4;
  if (index.length < largeAt + 40) throw new PackError(`${file} is cut short.`);
  const offsets = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const small = index.readUInt32BE(offsetsAt + i * 4);
    offsets[i] =
      small & 0x80000000 ? Number(index.readBigUInt64BE(largeAt + (small & 0x7fffffff) * 8)) : small;
  }
  if (bytes.length < 32 || bytes.toString('latin1', 0, 4) !== 'PACK')
    throw new PackError(`${file} has no pack beside it.`);
  const sorted = [...offsets].sort((a, b) => a - b);
  const ends = new Map<number, number>();
  // The pack ends with the 20-byte checksum of what comes before it.
  sorted.forEach((offset, i) => ends.set(offset, sorted[i + 1] ?? bytes.length - 20));
  if (sorted.some((offset) => offset < 12 || offset >= bytes.length - 20))
    throw new PackError(`${file} points outside its pack.`);
  return { id, bytes, names: index.subarray(namesAt, namesAt + count * 20), fanout, offsets, ends };
}

/** The offset of `oid` in the pack, or undefined: a binary search of the sorted ids under its first byte. */
function offsetOf(pack: Pack, oid: Buffer): number | undefined {
  const first = oid[0]!;
  let low = first === 0 ? 0 : pack.fanout[first - 1]!;
  let high = pack.fanout[first]!;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const order = pack.names.compare(oid, 0, 20, middle * 20, middle * 20 + 20);
    if (order === 0) return pack.offsets[middle];
    if (order < 0) low = middle + 1;
    else high = middle;
  }
  return undefined;
}

/** Reads a delta's variable-length size at `at`; returns it and where the next field starts. */
function deltaSize(delta: Buffer, at: number): [number, number] {
  let size = 0;
  let shift = 0;
  let byte: number;
  do {
    if (at >= delta.length) throw new PackError('A delta is cut short.');
    byte = delta[at++]!;
    size += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [size, at];
}

/** The object a delta makes of its base: git's copy and insert instructions, each checked against both. */
export function applyDelta(base: Buffer, delta: Buffer): Buffer {
  const [baseSize, afterBase] = deltaSize(delta, 0);
  if (baseSize !== base.length) throw new PackError('A delta names a base of another size.');
  const [size, start] = deltaSize(delta, afterBase);
  const out = Buffer.allocUnsafe(size);
  let at = start;
  let written = 0;
  while (at < delta.length) {
    const op = delta[at++]!;
    if (op & 0x80) {
      let offset = 0;
      let length = 0;
      for (let bit = 0; bit < 4; bit++) if (op & (1 << bit)) offset += delta[at++]! * 2 ** (8 * bit);
      for (let bit = 0; bit < 3; bit++) if (op & (0x10 << bit)) length += delta[at++]! * 2 ** (8 * bit);
      if (length === 0) length = 0x10000;
      if (at > delta.length || offset + length > base.length || written + length > size)
        throw new PackError('A delta copies from outside its base.');
      base.copy(out, written, offset, offset + length);
      written += length;
    } else if (op > 0) {
      if (at + op > delta.length || written + op > size) throw new PackError('A delta inserts too much.');
      delta.copy(out, written, at, at + op);
      at += op;
      written += op;
    } else throw new PackError('A delta holds an unknown instruction.');
  }
  if (written !== size) throw new PackError('A delta makes an object of another size.');
  return out;
}

/** What an object's header in a pack says: its type, its inflated size, where its data starts, and its base. */
export interface ObjectHeader {
  type: number;
  size: number;
  dataAt: number;
  /** An offset delta's base, by its offset. */
  baseOffset?: number;
  /** A reference delta's base, by its id. */
  baseId?: Buffer;
}

/** Reads the header of the object at `offset` (its type and size, then a delta's base), up to `end`. */
export function readHeader(bytes: Buffer, offset: number, end: number): ObjectHeader {
  let at = offset;
  let byte = bytes[at++]!;
  const type = (byte >> 4) & 7;
  let size = byte & 15;
  let shift = 4;
  while (byte & 0x80) {
    if (at >= end) throw new PackError('An object header is cut short.');
    byte = bytes[at++]!;
    size += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  }
  const header: ObjectHeader = { type, size, dataAt: at };
  if (type === OFS_DELTA) {
    byte = bytes[at++]!;
    let back = byte & 0x7f;
    while (byte & 0x80) {
      if (at >= end) throw new PackError('A delta header is cut short.');
      byte = bytes[at++]!;
      back = (back + 1) * 128 + (byte & 0x7f);
    }
    if (back <= 0 || back > offset) throw new PackError('A delta points outside its pack.');
    header.baseOffset = offset - back;
  } else if (type === REF_DELTA) {
    header.baseId = bytes.subarray(at, at + 20);
    at += 20;
  } else if (!(type in typeNames)) throw new PackError(`An object of unknown type ${type}.`);
  if (at > end) throw new PackError('An object header runs past the object.');
  header.dataAt = at;
  return header;
}

/** Inflates an object's data, which must come to exactly `size` bytes. */
function inflateExactly(compressed: Buffer, size: number): Buffer {
  let data: Buffer;
  try {
    data = zlib.inflateSync(compressed, { maxOutputLength: Math.max(1, size) });
  } catch (error) {
    throw new PackError(`An object does not inflate: ${(error as Error).message}`);
  }
  if (data.length !== size) throw new PackError('An object inflates to another size than it says.');
  return data;
}

/** Where an object is: its pack (each has an `id`, its bytes and where each object ends) and its offset. */
export interface PackedAt {
  pack: Pick<Pack, 'id' | 'bytes' | 'ends'>;
  offset: number;
}

/**
 * Reads objects out of packs: a delta's chain is followed down to a whole object and applied back up, and
 * bases are kept in a small cache for the deltas that follow them. `locate` finds a reference delta's base.
 */
export function createObjectReader(locate: (oid: Buffer) => PackedAt | undefined) {
  const bases = new Map<string, GitObject>();
  let cachedBytes = 0;
  // A small object may be a slice of a larger buffer; what it keeps alive is the whole buffer.
  const heldBy = (object: GitObject) => Math.max(object.data.length, object.data.buffer.byteLength);

  function remember(key: string, object: GitObject) {
    if (heldBy(object) > BASE_CACHE_BYTES / 4) return;
    bases.set(key, object);
    cachedBytes += heldBy(object);
    // Oldest first: a Map keeps insertion order.
    for (const [oldest, kept] of bases) {
      if (cachedBytes <= BASE_CACHE_BYTES) break;
      bases.delete(oldest);
      cachedBytes -= heldBy(kept);
    }
  }

  /** The object at `offset` of `pack`. Only bases are kept: a file read as itself is read once. */
  function readAt(pack: PackedAt['pack'], offset: number, depth = 0): GitObject {
    const key = `${pack.id}:${offset}`;
    const cached = bases.get(key);
    if (cached) return cached;
    if (depth > MAX_DELTA_DEPTH) throw new PackError('A delta chain is deeper than git writes.');
    const end = pack.ends.get(offset);
    if (end === undefined) throw new PackError('A delta points at no object.');
    const header = readHeader(pack.bytes, offset, end);
    let base: GitObject | undefined;
    if (header.baseOffset !== undefined) base = readAt(pack, header.baseOffset, depth + 1);
    else if (header.baseId) {
      const found = locate(header.baseId);
      if (!found) throw new PackError(`A delta's base ${header.baseId.toString('hex')} is not in the pack.`);
      base = readAt(found.pack, found.offset, depth + 1);
    }
    const data = inflateExactly(pack.bytes.subarray(header.dataAt, end), header.size);
    const object: GitObject = base
      ? { type: base.type, data: applyDelta(base.data, data) }
      : { type: typeNames[header.type as keyof typeof typeNames], data };
    if (depth > 0) remember(key, object);
    return object;
  }

  return { readAt };
}

/**
 * The objects of a fetched repository, read from its packs with the platform's zlib: each pack and its index are
 * read once, an object is found by a binary search of the index, and deltas are applied to bases kept in a small
 * cache. Reading object by object through isomorphic-git costs several file operations and a JavaScript inflate
 * each, which made a large repository's run many times slower than its fetch.
 */
export async function openObjectStore(dir: string) {
  const folder = path.join(dir, '.git', 'objects', 'pack');
  const indexes = (await fs.readdir(folder)).filter((name) => name.endsWith('.idx'));
  const packs: Pack[] = [];
  for (const name of indexes) {
    const [index, bytes] = await Promise.all([
      fs.readFile(path.join(folder, name)),
      fs.readFile(path.join(folder, name.replace(/\.idx$/, '.pack'))),
    ]);
    packs.push(parseIndex(packs.length, index, bytes, name));
  }
  const find = (oid: Buffer): PackedAt | undefined => {
    for (const pack of packs) {
      const offset = offsetOf(pack, oid);
      if (offset !== undefined) return { pack, offset };
    }
    return undefined;
  };
  const reader = createObjectReader(find);

  return {
    /** The object `oid` (40 hex digits); throws PackError when the packs do not hold it. */
    read(oid: string): GitObject {
      const found = /^[0-9a-f]{40}$/.test(oid) ? find(Buffer.from(oid, 'hex')) : undefined;
      if (!found) throw new PackError(`The pack holds no object ${oid}.`);
      return reader.readAt(found.pack, found.offset);
    },
  };
}

export type ObjectStore = Awaited<ReturnType<typeof openObjectStore>>;

/** One entry of a tree object. */
export interface TreeEntry {
  mode: number;
  name: string;
  oid: string;
}

/** The entries of a tree object: `<octal mode> <name>\0<20-byte id>`, one after another. */
export function parseTree(data: Buffer): TreeEntry[] {
  const entries: TreeEntry[] = [];
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    const nul = space === -1 ? -1 : data.indexOf(0, space);
    if (space === -1 || nul === -1 || nul + 21 > data.length) throw new PackError('A tree is cut short.');
    entries.push({
      mode: Number.parseInt(data.toString('latin1', at, space), 8),
      name: data.toString('utf8', space + 1, nul),
      oid: data.toString('hex', nul + 1, nul + 21),
    });
    at = nul + 21;
  }
  return entries;
}

/** The tree a commit object names. */
export function treeOfCommit(data: Buffer): string {
  const tree = /^tree ([0-9a-f]{40})\n/.exec(data.toString('latin1', 0, 46))?.[1];
  if (!tree) throw new PackError('A commit names no tree.');
  return tree;
}
