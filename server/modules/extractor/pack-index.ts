import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { createObjectReader, PackError, readHeader, typeNames, type GitObject } from './pack-reader.ts';

/** An object's id: the SHA-1 of its type, its size and its bytes, as git names it. */
function objectId(object: GitObject): Buffer {
  return createHash('sha1').update(`${object.type} ${object.data.length}\0`).update(object.data).digest();
}

/**
 * The index (version 2) of a pack as a host sent it, made with the platform's zlib and SHA-1: one pass reads each
 * object's header, inflates it to find where it ends (and hashes a whole object at once), then each delta is
 * applied to its base to learn its id. A pack whose checksum, objects or deltas do not add up is refused
 * (PackError), and so is a thin pack, whose bases the host left out. Returns the index's bytes.
 */
export function indexPack(bytes: Buffer): Buffer {
  if (bytes.length < 32 || bytes.toString('latin1', 0, 4) !== 'PACK')
    throw new PackError('The answer holds no pack.');
  const version = bytes.readUInt32BE(4);
  if (version !== 2 && version !== 3) throw new PackError(`A pack of version ${version}.`);
  const count = bytes.readUInt32BE(8);
  const trailer = bytes.length - 20;
  const checksum = bytes.subarray(trailer);
  if (!createHash('sha1').update(bytes.subarray(0, trailer)).digest().equals(checksum))
    throw new PackError('The pack does not match its checksum.');

  const offsets = new Float64Array(count);
  const crcs = new Uint32Array(count);
  const ids: (Buffer | undefined)[] = Array.from({ length: count }, () => undefined);
  const ends = new Map<number, number>();
  const known = new Map<string, number>();
  let at = 12;
  for (let index = 0; index < count; index++) {
    if (at >= trailer) throw new PackError('The pack holds fewer objects than it says.');
    const header = readHeader(bytes, at, trailer);
    let inflated: { buffer: Buffer; engine: { bytesWritten: number } };
    try {
      inflated = zlib.inflateSync(bytes.subarray(header.dataAt, trailer), {
        info: true,
        maxOutputLength: Math.max(1, header.size),
      }) as unknown as typeof inflated;
    } catch (error) {
      throw new PackError(`An object does not inflate: ${(error as Error).message}`);
    }
    if (inflated.buffer.length !== header.size)
      throw new PackError('An object inflates to another size than it says.');
    const end = header.dataAt + inflated.engine.bytesWritten;
    offsets[index] = at;
    ends.set(at, end);
    crcs[index] = zlib.crc32(bytes.subarray(at, end));
    if (header.type in typeNames) {
      const id = objectId({ type: typeNames[header.type as keyof typeof typeNames], data: inflated.buffer });
      ids[index] = id;
      known.set(id.toString('hex'), at);
    }
    at = end;
  }
  if (at !== trailer) throw new PackError('The pack holds more than its objects.');

  // Deltas: a reference delta may name a base that is itself a delta further on, so rounds go until none is left.
  const pack = { id: 0, bytes, ends };
  const reader = createObjectReader((oid) => {
    const offset = known.get(oid.toString('hex'));
    return offset === undefined ? undefined : { pack, offset };
  });
  let waiting = ids.flatMap((id, index) => (id ? [] : [index]));
  while (waiting.length > 0) {
    const still: number[] = [];
    let failure: unknown;
    for (const index of waiting) {
      try {
        const id = objectId(reader.readAt(pack, offsets[index]!));
        ids[index] = id;
        known.set(id.toString('hex'), offsets[index]!);
      } catch (error) {
        if (!(error instanceof PackError)) throw error;
        failure = error;
        still.push(index);
      }
    }
    if (still.length === waiting.length) throw failure;
    waiting = still;
  }
  return writeIndex(ids as Buffer[], crcs, offsets, checksum);
}

/** git's pack index, version 2: fan-out table, sorted ids, CRCs, offsets (large ones apart), both checksums. */
function writeIndex(ids: Buffer[], crcs: Uint32Array, offsets: Float64Array, packChecksum: Buffer): Buffer {
  const order = ids.map((_, index) => index).sort((a, b) => Buffer.compare(ids[a]!, ids[b]!));
  const count = ids.length;
  const large = order.filter((index) => offsets[index]! >= 0x80000000);
  const out = Buffer.alloc(8 + 1024 + count * 28 + large.length * 8 + 40);
  out.writeUInt32BE(0xff744f63, 0);
  out.writeUInt32BE(2, 4);
  const fanout = new Uint32Array(256);
  for (const id of ids) fanout[id[0]!]! += 1;
  let total = 0;
  for (let byte = 0; byte < 256; byte++) {
    total += fanout[byte]!;
    out.writeUInt32BE(total, 8 + byte * 4);
  }
  const namesAt = 8 + 1024;
  const crcsAt = namesAt + count * 20;
  const offsetsAt = crcsAt + count * 4;
  const largeAt = offsetsAt + count * 4;
  let nextLarge = 0;
  order.forEach((index, position) => {
    ids[index]!.copy(out, namesAt + position * 20);
    out.writeUInt32BE(crcs[index]!, crcsAt + position * 4);
    const offset = offsets[index]!;
    if (offset < 0x80000000) out.writeUInt32BE(offset, offsetsAt + position * 4);
    else {
      out.writeUInt32BE((0x80000000 | nextLarge) >>> 0, offsetsAt + position * 4);
      out.writeBigUInt64BE(BigInt(offset), largeAt + nextLarge * 8);
      nextLarge += 1;
    }
  });
  const checksumsAt = largeAt + large.length * 8;
  packChecksum.copy(out, checksumsAt);
  createHash('sha1')
    .update(out.subarray(0, checksumsAt + 20))
    .digest()
    .copy(out, checksumsAt + 20);
  return out;
}
