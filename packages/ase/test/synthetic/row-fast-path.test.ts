// The list rows' byte fast path (src/read/row-scan.ts) against the general reader: the same file with
// every number written in a form the fast path refuses (`0.5000e0`, `12e0`, lower-case face labels)
// goes through the general loop only, and must give the same raw file and warnings.
import { aseFile, cube, enc, geom, helper, tmAnimation, IDENTITY_ROWS } from '@relic3d/fixtures/ase';
import { FormatError } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { readAse } from '../../src/index.js';

const box = cube([1, 2, 3]);
const skinned = {
  ...box,
  tverts: box.vertices.map(([x, y]) => [x / 4, y / 8, 0] as [number, number, number]),
  tfaces: box.faces,
  cverts: box.vertices.map((_, i) => [i / 8, 0.5, 1] as [number, number, number]),
  cfaces: box.faces,
  weights: { bones: ['B0', 'B1'], vertices: box.vertices.map((_, i) => ({ index: i, pairs: [[0, 0.75], [1, 0.25]] as [number, number][] })) },
};
const keys = ['*CONTROL_POS_SAMPLE 0\t0.0000\t1.5000\t-2.2500', '*CONTROL_POS_SAMPLE 160\t0.1250\t1.5000\t-2.2500'];
const rotKeys = ['*CONTROL_ROT_SAMPLE 0\t0.0000\t0.0000\t1.0000\t0.0000', '*CONTROL_ROT_SAMPLE 160\t0.0000\t0.0000\t1.0000\t0.5236'];
const text = aseFile([
  helper('B0', IDENTITY_ROWS), helper('B1', IDENTITY_ROWS),
  geom('M', skinned, { tail: [tmAnimation('M', { CONTROL_POS_TRACK: keys, CONTROL_ROT_TRACK: rotKeys })] }),
]);

/** The raw file without input offsets (the two forms differ in length). */
const withoutOffsets = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(withoutOffsets);
  if (!v || typeof v !== 'object' || ArrayBuffer.isView(v)) return v;
  return Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'offset').map(([k, x]) => [k, withoutOffsets(x)]));
};
const same = (a: unknown, b: unknown) => expect(withoutOffsets(a)).toEqual(withoutOffsets(b));

/** Every number in a form only the general reader takes (same value), face labels lower-case. */
const slowForms = (t: string) =>
  t
    .split('\n')
    .map((line) => (line.includes('"') ? line : line.replace(/(?<=\s)(-?\d+(?:\.\d+)?)(?=\s|$)/g, '$1e0').replace(/\b(A|B|C|AB|BC|CA):/g, (l) => l.toLowerCase())))
    .join('\n');

describe('list rows: fast path = general path', () => {
  it('reads a skinned, animated, textured, coloured cube the same way in both forms', () => {
    const slow = slowForms(text);
    expect(slow).toContain('*MESH_VERTEX 0e0\t0.0000e0\t1.0000e0\t2.0000e0');
    expect(slow).toContain('a:');
    const fast = readAse(enc(text)), general = readAse(enc(slow));
    same(fast, general);
    // Independent facts of the cube as written (4 decimals, float32 lists).
    const m = fast.objects.find((o) => o.name === 'M')!.mesh!;
    expect(Array.from(m.vertices)).toEqual(box.vertices.flat().map((v) => Math.fround(Number(v.toFixed(4)))));
    expect(Array.from(m.faces)).toEqual(box.faces.flat());
    expect(Array.from(m.edges)).toEqual(box.faces.flatMap(() => [1, 1, 0]));
    expect(Array.from(m.smoothing)).toEqual(box.faces.map((_, i) => 1 << (i >> 1)));
    expect(Array.from(m.channels[0].tverts.subarray(0, 3))).toEqual([0, 0, 0].map((_, k) => Math.fround(Number(skinned.tverts[0][k].toFixed(4)))));
    expect(Array.from(m.cfaces!)).toEqual(box.faces.flat());
    expect(m.normals!.vertexNormalVertex.length).toBe(36);
    expect(Array.from(m.normals!.faceNormals.subarray(0, 3))).toEqual([0, 0, -1]);
    expect(m.weights!.vertices[7]).toEqual({ index: 7, bones: [0, 1], weights: [0.75, 0.25] });
    const anim = fast.objects.find((o) => o.name === 'M')!.animations[0];
    expect(anim.pos!.keys).toEqual([{ time: 0, values: [0, 1.5, -2.25] }, { time: 160, values: [0.125, 1.5, -2.25] }]);
    expect(anim.rot!.keys[1]).toEqual({ time: 160, values: [0, 0, 1, 0.5236] });
  });

  it('falls back row by row: odd rows among fast ones read as the general path reads them', () => {
    const odd = text
      .replace('*MESH_VERTEX 2\t', '*MESH_VERTEX 2\t1e-3 ')
      .replace(/(\*MESH_VERTEXNORMAL 3\t)\S+/, '$11.#QNAN')
      .replace(/(\*MESH_FACE {4}4:.*?)CA: {4}0/, '$1')
      .replace(/(\*MESH_TVERT 5\t)\S+/, '$10.1234567890123456')
      .replace('*CONTROL_POS_SAMPLE 160\t0.1250', '*CONTROL_POS_SAMPLE 160\t-0.1250 7')
      .replace('*MESH_SMOOTHING 3 ', '*MESH_SMOOTHING 3,4 ');
    expect(odd).not.toBe(text);
    const fast = readAse(enc(odd)), general = readAse(enc(slowForms(odd)));
    same(fast, general);
    const m = fast.objects.find((o) => o.name === 'M')!.mesh!;
    expect(m.vertices[6]).toBe(Math.fround(1e-3)); // the exponent form, then a dropped fourth value
    expect(m.edges[14]).toBe(-1); // face 4 without CA:
    expect(m.smoothing[4]).toBe((1 << 2) | (1 << 3));
    expect(m.channels[0].tverts[15]).toBe(Math.fround(0.1234567890123456));
    expect(fast.objects.find((o) => o.name === 'M')!.animations[0].pos!.keys[1].values).toEqual([-0.125, 7, 1.5, -2.25]);
  });

  it('a row cut by the end of the file fails as the general path does', () => {
    const cut = text.slice(0, text.indexOf('*MESH_VERTEX 3') + '*MESH_VERTEX 3\t1.0000\t'.length);
    const error = (t: string) => {
      try {
        readAse(enc(t));
      } catch (e) {
        return e;
      }
      return undefined;
    };
    const e = error(cut);
    expect(e).toBeInstanceOf(FormatError);
    expect((e as FormatError).code).toBe((error(slowForms(cut)) as FormatError).code);
  });
});
