import type { HttpClient } from 'isomorphic-git';
import { describe, expect, it } from 'vitest';
import { FetchProtocolError, fetchPackV2 } from './git-fetch.ts';

const pkt = (text: string | Buffer) => {
  const payload = typeof text === 'string' ? Buffer.from(text) : text;
  return Buffer.concat([Buffer.from((payload.length + 4).toString(16).padStart(4, '0')), payload]);
};
const band = (number: number, data: string) => pkt(Buffer.concat([Buffer.from([number]), Buffer.from(data)]));

/** A host that answers every request with these bytes (hostile answers, written out by hand). */
function answering(body: Buffer, statusCode = 200): { http: HttpClient; sent: Buffer[] } {
  const sent: Buffer[] = [];
  return {
    sent,
    http: {
      async request(request) {
        for await (const chunk of request.body ?? []) sent.push(Buffer.from(chunk));
        return {
          url: request.url,
          method: 'POST',
          statusCode,
          statusMessage: '',
          headers: {},
          body: (async function* () {
            yield body;
          })(),
        };
      },
    },
  };
}

const fetchFrom = (http: HttpClient) =>
  fetchPackV2({ http, cloneUrl: 'https://git.example/team/tool.git', commit: 'a'.repeat(40), headers: {} });

async function failure(promise: Promise<unknown>): Promise<FetchProtocolError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof FetchProtocolError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe('fetching a pack with protocol v2', () => {
  it('asks for one commit at depth 1 without a thin pack, and joins the pack from side band 1', async () => {
    const { http, sent } = answering(
      Buffer.concat([
        pkt('shallow-info\n'),
        pkt(`shallow ${'a'.repeat(40)}\n`),
        Buffer.from('0001'),
        pkt('packfile\n'),
        band(2, 'Counting objects\n'),
        band(1, 'PACK-first-'),
        band(1, 'second'),
        Buffer.from('0000'),
      ]),
    );
    expect((await fetchFrom(http)).toString()).toBe('PACK-first-second');
    const request = Buffer.concat(sent).toString();
    expect(request).toContain(`want ${'a'.repeat(40)}\n`);
    expect(request).toContain('deepen 1\n');
    expect(request).toContain('done\n');
    expect(request).not.toContain('thin-pack');
  });

  it('takes a refusal before the pack, or an older protocol, as a host another client may try', async () => {
    const refused = await failure(fetchFrom(answering(pkt('ERR upload-pack: not our ref\n')).http));
    expect(refused).toMatchObject({ notV2: true, message: 'The host refused: upload-pack: not our ref' });
    expect((await failure(fetchFrom(answering(pkt('NAK\n')).http))).notV2).toBe(true);
    expect((await failure(fetchFrom(answering(Buffer.from('0000')).http))).notV2).toBe(true);
  });

  it('refuses an error in the middle of the pack, an HTTP failure and an answer that is not in lines', async () => {
    const stopped = await failure(
      fetchFrom(answering(Buffer.concat([pkt('packfile\n'), band(1, 'PACK'), band(3, 'disk full\n')])).http),
    );
    expect(stopped).toMatchObject({ notV2: false, message: 'The host stopped: disk full' });
    expect(await failure(fetchFrom(answering(Buffer.from(''), 401).http))).toMatchObject({ status: 401 });
    expect((await failure(fetchFrom(answering(Buffer.from('zzzzhello')).http))).message).toBe(
      'The answer is not in lines.',
    );
    expect((await failure(fetchFrom(answering(Buffer.from('00ffshort')).http))).message).toBe(
      'The answer ends inside a line.',
    );
  });
});
