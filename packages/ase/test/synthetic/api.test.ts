// The ASE entry points (parse, parseSync, readAse, the Format) and content sniffing.
import { describe, expect, it } from 'vitest';
import { aseFormat, parse, parseSync, readAse } from '../../src/index.js';
import { aseFile, cube, enc, geom, utf16 } from '@relic3d/fixtures/ase';

describe('API', () => {
  it('parse, parseSync and the Format agree; readAse returns the raw structure in Max axes and ticks', async () => {
    const text = aseFile([geom('Box', cube([10, 20, 30]))]);
    const a = await parse(enc(text));
    const b = parseSync(enc(text));
    const c = await aseFormat.parse(enc(text));
    expect(a.nodes.length).toBe(1);
    expect(b.meshes[0].primitives[0].attributes.POSITION).toEqual(a.meshes[0].primitives[0].attributes.POSITION);
    expect(c.format).toBe('ase');
    expect(a.version).toBe(200);
    expect(a.extras.comment).toBe('relic3d test writer');
    expect(a.extras.ticksPerFrame).toBe(160);
    const raw = readAse(enc(text));
    expect(Array.from(raw.objects[0].mesh!.vertices.subarray(0, 3))).toEqual([9, 19, 29]);
    expect(raw.scene?.frameSpeed).toBe(30);
    expect(aseFormat.id).toBe('ase');
    expect(aseFormat.encoding).toBe('text');
  });

  it('Format.test sniffs content: BOMs, leading keywords, not other text', () => {
    const text = aseFile([]);
    expect(aseFormat.test(enc(text))).toBe(true);
    expect(aseFormat.test(enc(`\uFEFF${text}`))).toBe(true);
    expect(aseFormat.test(utf16(text, false))).toBe(true);
    expect(aseFormat.test(utf16(text, true))).toBe(true);
    expect(aseFormat.test(enc('  \r\n*GEOMOBJECT {'))).toBe(true);
    expect(aseFormat.test(enc('*3dsmax_asciiexport 200'))).toBe(true);
    expect(aseFormat.test(enc('solid cube\nfacet normal 0 0 1'))).toBe(false);
    expect(aseFormat.test(enc('*FOO 1'))).toBe(false);
    expect(aseFormat.test(new Uint8Array(0))).toBe(false);
  });
});
