import type { HttpClient } from 'isomorphic-git';
import { PackError } from './pack-reader.ts';

/**
 * What the host's answer was, when it was not a pack: `notV2` when no v2 pack section came (an older host, or a
 * refusal another client may word better), else an HTTP status or a refusal in the middle of the pack.
 */
export class FetchProtocolError extends Error {
  override name = 'FetchProtocolError';
  /** The HTTP status, when the answer was not a success. */
  readonly status: number | undefined;
  /** The host answered, but not in protocol v2: another client may still fetch. */
  readonly notV2: boolean;
  constructor(message: string, status?: number, notV2 = false) {
    super(message);
    this.status = status;
    this.notV2 = notV2;
  }
}

/** One pkt-line: four hex digits of length (its own included), then the payload. */
function pktLine(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  return Buffer.concat([Buffer.from((payload.length + 4).toString(16).padStart(4, '0')), payload]);
}
const FLUSH = Buffer.from('0000');
const DELIMITER = Buffer.from('0001');

/** Splits an answer into pkt-lines: a payload, or the special packets flush (0), delimiter (1), end (2). */
function* pktLines(bytes: Buffer): Generator<Buffer | 0 | 1 | 2> {
  let at = 0;
  while (at < bytes.length) {
    if (at + 4 > bytes.length) throw new FetchProtocolError('The answer ends inside a line.');
    const length = Number.parseInt(bytes.toString('latin1', at, at + 4), 16);
    if (!Number.isInteger(length) || length < 0) throw new FetchProtocolError('The answer is not in lines.');
    if (length < 4) {
      if (length === 3) throw new FetchProtocolError('The answer holds a line git does not write.');
      yield length as 0 | 1 | 2;
      at += 4;
      continue;
    }
    if (at + length > bytes.length) throw new FetchProtocolError('The answer ends inside a line.');
    yield bytes.subarray(at + 4, at + length);
    at += length;
  }
}

/**
 * Fetches the pack of one commit at depth 1 with protocol v2's `fetch` command (what `git clone --depth 1` asks
 * for): no thin pack, offset deltas allowed, no progress. Returns the pack's bytes as the host sent them, through
 * side band 1; a message on band 3 or an `ERR` line is the host's refusal.
 */
export async function fetchPackV2(input: {
  http: HttpClient;
  cloneUrl: string;
  commit: string;
  headers: Record<string, string>;
}): Promise<Buffer> {
  const body = Buffer.concat([
    // No capabilities but the command: SHA-1 objects are the default, and an older v2 host refuses any it did not
    // advertise.
    pktLine('command=fetch\n'),
    DELIMITER,
    pktLine('ofs-delta\n'),
    pktLine('no-progress\n'),
    pktLine(`want ${input.commit}\n`),
    pktLine('deepen 1\n'),
    pktLine('done\n'),
    FLUSH,
  ]);
  const response = await input.http.request({
    url: `${input.cloneUrl}/git-upload-pack`,
    method: 'POST',
    headers: {
      ...input.headers,
      'Content-Type': 'application/x-git-upload-pack-request',
      Accept: 'application/x-git-upload-pack-result',
      'Git-Protocol': 'version=2',
    },
    body: (async function* () {
      yield body;
    })(),
  });
  const chunks: Uint8Array[] = [];
  if (response.body) for await (const chunk of response.body) chunks.push(chunk);
  const answer = Buffer.concat(chunks);
  if (response.statusCode < 200 || response.statusCode > 299)
    throw new FetchProtocolError(`The host answered ${response.statusCode}.`, response.statusCode);

  const pack: Buffer[] = [];
  let section: 'start' | 'shallow-info' | 'other' | 'packfile' = 'start';
  for (const line of pktLines(answer)) {
    if (line === 0 || line === 2) {
      if (section === 'packfile') break;
      continue;
    }
    if (line === 1) {
      section = 'start';
      continue;
    }
    if (section === 'packfile') {
      const band = line[0];
      if (band === 1) pack.push(line.subarray(1));
      else if (band === 3)
        throw new FetchProtocolError(`The host stopped: ${line.toString('utf8', 1).trim()}`);
      continue;
    }
    const text = line.toString('utf8').replace(/\n$/, '');
    // Refused before any pack (an older host reads a v2 request as a broken one): another client may still fetch.
    if (text.startsWith('ERR '))
      throw new FetchProtocolError(`The host refused: ${text.slice(4)}`, undefined, true);
    if (section === 'start') {
      if (text === 'packfile') section = 'packfile';
      else if (text === 'shallow-info' || text === 'acknowledgments' || text === 'wanted-refs')
        section = text === 'shallow-info' ? 'shallow-info' : 'other';
      // A protocol v0/v1 answer starts with NAK or a ref advertisement: not a v2 host.
      else
        throw new FetchProtocolError(
          `The host did not answer in protocol v2 (“${text.slice(0, 40)}”).`,
          undefined,
          true,
        );
    }
  }
  if (section !== 'packfile')
    throw new FetchProtocolError('The host did not answer in protocol v2.', undefined, true);
  if (pack.length === 0) throw new PackError('The host sent no pack.');
  return Buffer.concat(pack);
}
