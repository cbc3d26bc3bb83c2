import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressAnswer, decompressAnswer } from '../../server/lib/answer-bytes.js';

/** A JSON answer of about `kilobytes` KB, Korean names among its rows, as the match lists and details are. */
function answerOf(kilobytes: number): string {
  const rows: object[] = [];
  while (JSON.stringify(rows).length < kilobytes * 1024) {
    const index = rows.length;
    rows.push({ matchId: `m${100_000 + index}`, nickname: `저격수${(index * 7919) % 1000}`, clan: `클랜${index % 50}`, kills: index % 31 });
  }
  return JSON.stringify({ data: rows });
}

describe('answer bytes', () => {
  it('compresses a small answer in place and a large one in the pool to the same bytes, at the kept quality', async () => {
    for (const answer of [answerOf(2), answerOf(100)]) {
      const expected = brotliCompressSync(answer, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
      expect(await compressAnswer(answer, 'br')).toEqual(expected);
      expect(await compressAnswer(Buffer.from(answer), 'br')).toEqual(expected);
      expect(gunzipSync(await compressAnswer(answer, 'gzip')).toString('utf8')).toBe(answer);
    }
  });

  it('gives a kept answer\'s JSON bytes back from its brotli form', async () => {
    const answer = answerOf(60);
    const brotli = await compressAnswer(answer, 'br');
    expect(decompressAnswer(brotli).toString('utf8')).toBe(answer);
    expect(decompressAnswer(brotli)).toEqual(brotliDecompressSync(brotli));
  });

});
