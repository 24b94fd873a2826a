// ultraUsedRanges: which zero-filled byte ranges of Ultra vertex records hold data (texcoord1,
// bytes 32–39; the tail, bytes 60–95). Records at a 4-byte boundary are read as words, others
// through a DataView: both answer the same for one non-zero byte anywhere in either range.
import { describe, expect, it } from 'vitest';
import { ultraUsedRanges } from '../src/read/vertices.js';

const COUNT = 9;

function answers(records: Uint8Array): { tail: boolean; texcoord1: boolean }[] {
  return [0, 1, 2, 4].map((shift) => {
    const buffer = new Uint8Array(records.length + shift);
    buffer.set(records, shift);
    return ultraUsedRanges(buffer.subarray(shift), COUNT);
  });
}

describe('ultraUsedRanges', () => {
  it('finds no range in zero records and ignores the bytes outside both ranges', () => {
    const records = new Uint8Array(COUNT * 96);
    for (let v = 0; v < COUNT; v++) records.fill(0xff, v * 96, v * 96 + 32).fill(0xff, v * 96 + 40, v * 96 + 60);
    for (const a of answers(records)) expect(a).toEqual({ tail: false, texcoord1: false });
  });

  it('finds one non-zero byte at each offset of either range, in any vertex', () => {
    for (const [from, to, range] of [[32, 40, 'texcoord1'], [60, 96, 'tail']] as const) {
      for (let byte = from; byte < to; byte++) {
        const records = new Uint8Array(COUNT * 96);
        records[((byte * 5) % COUNT) * 96 + byte] = 1;
        for (const a of answers(records)) expect(a).toEqual({ tail: range === 'tail', texcoord1: range === 'texcoord1' });
      }
    }
  });

  it('reads only the records counted', () => {
    const records = new Uint8Array(COUNT * 96 + 96);
    records[COUNT * 96 + 60] = 1; // a tail byte in the record after the last
    records[COUNT * 96 + 32] = 1;
    for (const a of answers(records)) expect(a).toEqual({ tail: false, texcoord1: false });
  });
});
