import zlib from 'node:zlib';
import { strToU8, zipSync, type Zippable } from 'fflate';
import tar from 'tar-stream';

/**
 * Archives a hostile person could upload to the repository extractor, and what the guarded reader does with
 * each: refuses it (`refused`: the run fails, nothing kept) or passes over the dangerous entries and reads the
 * rest (`skipped`: links, which could point anywhere).
 */
export interface HostileArchive {
  name: string;
  bytes: Buffer;
  outcome: 'refused' | 'skipped';
}

const zip = (files: Zippable) => Buffer.from(zipSync(files));

/** An entry of a tar written for a test: its header, and its body. */
export type TarEntry = Partial<tar.Header> & { name: string; body?: string | Buffer };

/** A .tar.gz of `entries`, written by tar-stream as `tar` would. */
export async function tarGz(entries: TarEntry[]): Promise<Buffer> {
  const pack = tar.pack();
  const done = (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of pack) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  })();
  for (const { body, ...header } of entries)
    await new Promise<void>((resolve, reject) =>
      pack.entry(header, body ?? '', (error) => (error ? reject(error) : resolve())),
    );
  pack.finalize();
  return zlib.gzipSync(await done);
}

/** Sets the declared uncompressed size of a zip's entries, in their local and central headers. */
export function declareSize(bytes: Buffer, size: number): Buffer {
  const patched = Buffer.from(bytes);
  for (let at = 0; at < patched.length - 4; at++) {
    const signature = patched.readUInt32LE(at);
    if (signature === 0x04034b50) patched.writeUInt32LE(size, at + 22);
    if (signature === 0x02014b50) patched.writeUInt32LE(size, at + 24);
  }
  return patched;
}

const symlink = { os: 3, attrs: (0o120777 << 16) >>> 0 };
const ok = strToU8('export const fine = 1;\n');

/** The corpus, built in memory (a few MB). */
export async function hostileArchives(): Promise<HostileArchive[]> {
  const zeros = new Uint8Array(60 * 1024 * 1024);
  const many: Zippable = {};
  for (let n = 0; n <= 20_000; n++) many[`f/${n}.txt`] = strToU8('x');
  const truncatedZip = zip({ 'a.ts': strToU8('a'.repeat(5000)) });
  const truncatedTar = await tarGz([{ name: 'a.ts', body: 'a'.repeat(100_000) }]);
  const honest = zip({ 'data.ts': [new Uint8Array(4 * 1024 * 1024).fill(65), { level: 9 }] });
  return [
    ...[
      '../evil.sh',
      'a/../../evil.sh',
      '/etc/cron.d/evil',
      'C:/evil.bat',
      '..\\evil.sh',
      'C:\\evil.bat',
    ].map((path): HostileArchive => ({
      name: `zip entry ${path}`,
      bytes: zip({ 'ok.ts': ok, [path]: strToU8('x') }),
      outcome: 'refused',
    })),
    {
      name: 'tar entry ../../.bashrc',
      bytes: await tarGz([{ name: '../../.bashrc', body: 'x' }]),
      outcome: 'refused',
    },
    {
      name: 'tar entry /etc/passwd',
      bytes: await tarGz([{ name: '/etc/passwd', body: 'x' }]),
      outcome: 'refused',
    },
    {
      name: 'zip bomb (60 MB of zeros)',
      bytes: zip({ 'zeros.ts': [zeros, { level: 9 }] }),
      outcome: 'refused',
    },
    {
      name: 'zip whose sizes lie (4 MB declared as 100 bytes)',
      bytes: declareSize(honest, 100),
      outcome: 'refused',
    },
    {
      name: 'gzip bomb (60 MB of zeros in a tar)',
      bytes: await tarGz([{ name: 'zeros.ts', body: Buffer.from(zeros.buffer) }]),
      outcome: 'refused',
    },
    { name: 'zip of 20,001 entries', bytes: zip(many), outcome: 'refused' },
    { name: 'truncated zip', bytes: truncatedZip.subarray(0, truncatedZip.length - 30), outcome: 'refused' },
    {
      name: 'truncated tar.gz',
      bytes: truncatedTar.subarray(0, truncatedTar.length - 40),
      outcome: 'refused',
    },
    {
      name: 'gzip of something that is not a tar',
      bytes: zlib.gzipSync(Buffer.from('not a tar at all'.repeat(64))),
      outcome: 'refused',
    },
    {
      name: 'zip with a symbolic link out of the root',
      bytes: zip({ 'ok.ts': ok, up: [strToU8('../../etc/passwd'), symlink] }),
      outcome: 'skipped',
    },
    {
      name: 'tar with a symbolic link, a hard link and a device',
      bytes: await tarGz([
        { name: 'ok.ts', body: 'export const fine = 1;\n' },
        { name: 'up', type: 'symlink', linkname: '../../etc/passwd' },
        { name: 'hard', type: 'link', linkname: '/etc/shadow' },
        { name: 'tty', type: 'character-device' },
      ]),
      outcome: 'skipped',
    },
  ];
}
