import { describe, expect, it } from 'vitest';
import { readLod } from '@relic3d/lod';
import { rng } from '@relic3d/test-harness';
import { staticMesh } from '@relic3d/fixtures/lod-files';
import { lodFile, msl1, skl1 } from '@relic3d/fixtures/lod';
import { writeSampleMdl } from '@relic3d/fixtures/mdl';
import { quad, writeMs3d } from '@relic3d/fixtures/ms3d';
import { IDENTITY, writeAni, writeChr } from '@relic3d/fixtures/o3d';
import { aseMutators, latin1, latin1Text } from '../src/mutate/ase.js';
import { lodChunks, lodMutators } from '../src/mutate/lod.js';
import { mdlMutators, mdlTags } from '../src/mutate/mdl.js';
import { byteMutators } from '../src/mutate/bytes.js';
import { gltfMutators } from '../src/mutate/gltf.js';
import { ms3dLayout, ms3dMutators } from '../src/mutate/ms3d.js';
import { aniFields, chrFields, o3dMutators } from '../src/mutate/o3d.js';
import { inputAt, makePlan, type PlanOptions } from '../src/generate.js';
import type { Mutator, Seed } from '../src/types.js';

const i32 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset).getInt32(at, true);
const u16 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset).getUint16(at, true);

/** Runs a mutator with successive seeds until its label matches (mutators pick their target at random). */
function mutateUntil(mutator: Mutator, bytes: Uint8Array, label: RegExp): { bytes: Uint8Array; label: string } {
  for (let seed = 1; seed < 500; seed++) {
    const m = mutator(bytes, rng(seed), { donors: [] });
    if (m && label.test(m.label)) return m;
  }
  throw new Error(`no mutation matched ${label}`);
}

describe('LOD chunk mutations', () => {
  const file = lodFile([skl1([{ id: 0, parent: -1, name: 'a' }]), msl1([staticMesh])]);

  it('walks the chunk tree the writer built', () => {
    expect(lodChunks(file).map((c) => c.id)).toEqual(['LOD1', 'SKL1', 'MSL1', 'MSH1']);
    const [lod, skl, msl, msh] = lodChunks(file);
    expect(lod.at).toBe(8); // after the 8-byte signature
    expect(skl.at).toBe(20);
    expect(msl.at).toBe(skl.at + 12 + i32(file, skl.at + 4));
    expect(msh.ancestors).toEqual([8, msl.at]);
    expect(lod.size).toBe(file.length - 20);
  });

  it('duplicating a mesh fixes the sizes of its ancestors: the reader reads two meshes', () => {
    expect(readLod(file).meshes).toHaveLength(1);
    const duplicate = lodMutators[3];
    const m = mutateUntil(duplicate, file, /duplicate MSH1@\d+×1$/);
    expect(readLod(m.bytes).meshes).toHaveLength(2);
    const dropped = mutateUntil(lodMutators[4], file, /drop MSH1/);
    expect(readLod(dropped.bytes).meshes).toHaveLength(0);
  });

  it('nesting moves a chunk into another container, still a consistent tree', () => {
    const m = mutateUntil(lodMutators[5], file, /nest SKL1@20 into MSL1/);
    const chunks = lodChunks(m.bytes);
    expect(chunks.map((c) => c.id)).toEqual(['LOD1', 'MSL1', 'SKL1', 'MSH1']);
    expect(chunks[2].ancestors).toEqual([8, chunks[1].at]);
    expect(chunks[0].size).toBe(m.bytes.length - 20);
  });

  it('size, count and ID lies change exactly the header field', () => {
    const size = mutateUntil(lodMutators[0], file, /size MSH1/);
    const at = lodChunks(file)[3].at;
    expect(Array.from(size.bytes.subarray(0, at + 4))).toEqual(Array.from(file.subarray(0, at + 4)));
    expect(i32(size.bytes, at + 4)).not.toBe(i32(file, at + 4));
    const tag = mutateUntil(lodMutators[2], file, /tag SKL1@20→MSH1/);
    expect(latin1ToString(tag.bytes.subarray(20, 24))).toBe('MSH1');
  });
});

const latin1ToString = (b: Uint8Array) => String.fromCharCode(...b);

describe('MS3D layout walk', () => {
  it('finds the counts, indices and names where the spec puts them', () => {
    const bytes = writeMs3d(quad({ groups: [{ name: 'q', triangles: [0, 1], material: 0 }], joints: [{ name: 'a' }, { name: 'b', parent: 'a' }] }));
    const layout = ms3dLayout(bytes);
    const at = (what: string) => layout.fields.find((f) => f.what === what)!.at;
    // Header 14 bytes; 4 vertices of 15 bytes; 2 triangles of 70; group: flags, 32-byte name.
    expect(at('vertices')).toBe(14);
    expect(at('triangles')).toBe(14 + 2 + 4 * 15);
    expect(at('groups')).toBe(76 + 2 + 2 * 70);
    expect(at('group 0 triangle indices')).toBe(218 + 2 + 1 + 32);
    expect([u16(bytes, at('vertices')), u16(bytes, at('triangles')), u16(bytes, at('groups')), u16(bytes, at('group 0 triangle indices'))]).toEqual([4, 2, 1, 2]);
    expect(layout.fields.filter((f) => f.kind === 'triangleIndex').map((f) => u16(bytes, f.at))).toEqual([0, 1]);
    expect(u16(bytes, at('joints'))).toBe(2);
    expect(layout.jointNames.map((o) => latin1ToString(bytes.subarray(o, o + 1)))).toEqual(['a', 'b']);
    expect(latin1ToString(bytes.subarray(at('joint 1 parent'), at('joint 1 parent') + 1))).toBe('a');
  });
});

describe('MDL tags and O3D companion fields', () => {
  it('finds the tags of the sample model in file order', () => {
    const tags = mdlTags(writeSampleMdl()).map((t) => t.tag);
    expect(tags[0]).toBe('NODE');
    expect(tags).toContain('MESH');
    expect(tags.indexOf('LOD_')).toBeLessThan(tags.indexOf('MESH'));
    expect(mdlTags(writeSampleMdl())[0].at).toBe(8); // 'G3D\0' + version
  });

  it('finds every .chr and .ani bone parent', () => {
    const bones = ['Hips', 'Spine', 'Head'].map((name, i) => ({ name, tm: IDENTITY, inverse: IDENTITY, local: IDENTITY, parent: i - 1 }));
    const chr = writeChr({ bones });
    expect(chrFields(chr).parents.map((f) => i32(chr, f.at))).toEqual([-1, 0, 1]);
    const ani = writeAni({ frameCount: 2, bones: bones.map((b) => ({ name: b.name, parent: b.parent })) });
    expect(aniFields(ani).parents.map((f) => i32(ani, f.at))).toEqual([-1, 0, 1]);
    expect(i32(ani, aniFields(ani).count.find((f) => f.what === 'frame count')!.at)).toBe(2);
  });
});

describe('ASE mutations', () => {
  const text = '*3DSMAX_ASCIIEXPORT 200\n*GEOMOBJECT {\n*NODE_NAME "a"\n*MESH {\n*MESH_NUMVERTEX 3\n*MESH_NUMFACES 1\n}\n}\n';
  it('a count lie replaces the number after a count keyword and nothing else', () => {
    const m = mutateUntil(aseMutators[2], latin1(text), /count \*MESH_NUMVERTEX/);
    const out = latin1ToString(m.bytes);
    expect(out).not.toContain('*MESH_NUMVERTEX 3\n');
    expect(out.replace(/\*MESH_NUMVERTEX -?[\d.e+]+/, '*MESH_NUMVERTEX 3')).toBe(text);
  });
  it('nesting adds the braces it says', () => {
    const m = mutateUntil(aseMutators[5], latin1(text), /open×1000@/);
    expect(latin1ToString(m.bytes).split('{').length - text.split('{').length).toBe(1000);
  });
  it('Latin-1 is a byte per character both ways: all 256 bytes, a view inside a larger buffer, and a character past 255 kept to its low byte', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const text = latin1Text(all);
    expect(text.length).toBe(256);
    expect([...text].map((c) => c.charCodeAt(0))).toEqual([...all]);
    expect(latin1Text(all.subarray(65, 68))).toBe('ABC');
    expect([...latin1(text)]).toEqual([...all]);
    // '１' (U+FF11, a hostile number) and U+0141 as a Uint8Array store keeps them: 0x11, 0x41.
    const out = latin1('１\u0141\u00ff');
    expect(out.constructor).toBe(Uint8Array);
    expect([...out]).toEqual([0x11, 0x41, 0xff]);
  });
  it('UTF-16 text is mutated as text and stays UTF-16', () => {
    const m = mutateUntil(aseMutators[2], latin1(`\xff\xfe${Array.from(text, (c) => `${c}\0`).join('')}`), /count/);
    expect([m.bytes[0], m.bytes[1]]).toEqual([0xff, 0xfe]);
    expect(new TextDecoder('utf-16le').decode(m.bytes.subarray(2))).toMatch(/^\*3DSMAX_ASCIIEXPORT 200\n/);
  });
});

describe('plan', () => {
  const seed = (name: string, size: number): Seed => ({ name, fileName: `${name}.lod`, bytes: new Uint8Array(size).fill(7), companions: {}, source: 'synthetic' });
  const options: PlanOptions = { format: 'lod', count: 1000, runSeed: 1, smallLimit: 16384, truncationShare: 0.25, stress: false };

  it('cuts the smallest seeds at every offset, then samples the rest within the share', () => {
    const plan = makePlan([seed('big', 5000), seed('a', 10), seed('b', 20), seed('huge', 20000)], options);
    expect(plan.truncations).toHaveLength(250);
    expect(plan.truncations.slice(0, 30).map((t) => `${t.file}:${t.length}`)).toEqual([...Array.from({ length: 10 }, (_, n) => `a.lod:${n}`), ...Array.from({ length: 20 }, (_, n) => `b.lod:${n}`)]);
    expect(plan.truncations.slice(30).every((t) => t.file === 'big.lod')).toBe(true); // 'huge' is over the limit
  });

  it('every offset of every small seed when they fit', () => {
    const plan = makePlan([seed('a', 10), seed('b', 20)], { ...options, count: 200 });
    expect(plan.truncations).toHaveLength(30);
    expect(inputAt(plan, 29).label).toBe('truncate 19/20');
  });

  it('rebuilds any input from its index alone', () => {
    const seeds = [seed('a', 300), { ...seed('b', 400), bytes: lodFile([msl1([staticMesh])]) }];
    const a = makePlan(seeds, options);
    const b = makePlan(seeds, options);
    for (const k of [300, 301, 777, 999]) {
      expect(inputAt(a, k).bytes).toEqual(inputAt(b, k).bytes);
      expect(inputAt(a, k).label).toBe(inputAt(b, k).label);
    }
    expect(inputAt(a, 300).label).not.toBe(inputAt(a, 301).label);
  });
});

describe('every mutator', () => {
  // Stacked mutations can leave an input of a few bytes; the long run met one (MDL string-length lie
  // on 3 bytes: a RangeError in the fuzzer, counted as a crash of the reader).
  it('takes inputs shorter than any field without throwing', () => {
    const all = [...byteMutators, ...lodMutators, ...mdlMutators, ...ms3dMutators, ...o3dMutators, ...aseMutators, ...gltfMutators];
    for (const [m, mutator] of all.entries()) {
      for (let length = 0; length <= 16; length++) {
        for (const fill of [0x00, 0x05, 0x41, 0xff]) {
          for (let seed = 1; seed <= 8; seed++) {
            const bytes = new Uint8Array(length).fill(fill);
            if (length > 1) bytes[0] = 0x55; // 'U' (Ultra Model), a tag-like start for the MDL walkers
            expect(() => mutator(bytes, rng(seed), { donors: [bytes] }), `mutator ${m}, ${length} bytes of ${fill}, seed ${seed}`).not.toThrow();
          }
        }
      }
    }
  });
});
