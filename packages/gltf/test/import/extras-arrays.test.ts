// Typed arrays in extras through toGlb → fromGltf: every kind comes back as the same typed array
// (type, length, values), bulk ones by default and every one with `extrasArrays: 'all'`; and
// references that do not fit their buffer view are left out with a warning, never an error.
import { describe, expect, it } from 'vitest';
import { addNode, createScene, isFormatError, validateScene, type Scene } from '@relic3d/core';
import { fromGltf, INLINE_ARRAY_LIMIT, toDocument, toGlb, toGltf } from '../../src/index.js';
import { packGlb } from '../../src/io/glb.js';
import { parseGlb } from '../gltf-json.js';
import { describeIssues, validateGltf } from '../validate.js';

type Kind = { new (length: number): ArrayBufferView & { [i: number]: number | bigint; length: number } };
const KINDS: [string, Kind][] = [
  ['Int8Array', Int8Array],
  ['Uint8Array', Uint8Array],
  ['Uint8ClampedArray', Uint8ClampedArray],
  ['Int16Array', Int16Array],
  ['Uint16Array', Uint16Array],
  ['Int32Array', Int32Array],
  ['Uint32Array', Uint32Array],
  ['Float32Array', Float32Array],
  ['Float64Array', Float64Array],
  ['BigInt64Array', BigInt64Array as unknown as Kind],
  ['BigUint64Array', BigUint64Array as unknown as Kind],
];

/** Value i of a kind, by formula (negative where the kind is signed), so expectations need no export. */
function expected(name: string, i: number): number | bigint {
  const signed = !name.startsWith('Uint') && !name.startsWith('BigUint');
  const base = signed ? (i % 2 ? -1 : 1) * ((i * 7) % 100) : (i * 7) % 200;
  if (name.startsWith('Float')) return base + 0.25;
  return name.startsWith('Big') ? BigInt(base) * 1_000_000_007n : base;
}

function filled(name: string, Type: Kind, length: number) {
  const array = new Type(length);
  for (let i = 0; i < length; i++) array[i] = expected(name, i);
  return array;
}

/** One triangle node, with each kind of typed array in the scene's extras at `length` values. */
function sceneWithArrays(length: number): Scene {
  const scene = createScene('test', 1);
  scene.meshes.push({ name: 'triangle', primitives: [{ attributes: { POSITION: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]) } }] });
  addNode(scene, { name: 'triangle', mesh: 0 });
  const arrays: Record<string, unknown> = {};
  for (const [name, Type] of KINDS) arrays[name] = filled(name, Type, length);
  scene.extras = { arrays };
  return scene;
}

function expectKinds(extras: Record<string, unknown> | undefined, length: number): void {
  const arrays = extras?.arrays as Record<string, ArrayLike<number | bigint>>;
  for (const [name] of KINDS) {
    const array = arrays[name];
    expect(array?.constructor.name, name).toBe(name);
    expect(array.length, name).toBe(length);
    // Spot checks at both ends and the middle, against the formula.
    for (const i of [0, 1, 2, length >> 1, length - 1]) expect(array[i], `${name}[${i}]`).toBe(expected(name, i));
  }
}

describe('typed arrays in extras read back', () => {
  it('bulk arrays of every kind come back with their type, length and values; the .glb is valid', async () => {
    const length = INLINE_ARRAY_LIMIT + 3;
    const glb = await toGlb(sceneWithArrays(length));
    const refs = parseGlb(glb).json.scenes[0].extras.arrays;
    // The file holds references, not numbers (the premise of the read-back).
    expect(Object.values(refs).every((r) => typeof (r as { bufferView: unknown }).bufferView === 'number')).toBe(true);
    const { errors } = await validateGltf(glb);
    expect(errors, describeIssues(errors)).toEqual([]);
    const back = await fromGltf(glb);
    expect(back.warnings).toEqual([]);
    expect(validateScene(back)).toEqual([]);
    expectKinds(back.extras, length);
  });

  it("short arrays stay JSON (plain arrays) by default and keep their type with extrasArrays: 'all'", async () => {
    const plain = await fromGltf(await toGlb(sceneWithArrays(5)));
    expect(Array.isArray((plain.extras.arrays as Record<string, unknown>).Float32Array)).toBe(true);
    const glb = await toGlb(sceneWithArrays(5), { extrasArrays: 'all' });
    const { errors } = await validateGltf(glb);
    expect(errors, describeIssues(errors)).toEqual([]);
    const back = await fromGltf(glb);
    expect(back.warnings).toEqual([]);
    expectKinds(back.extras, 5);
  });

  it("trimesh and convex colliders keep their shapes when their arrays go to buffer views (extrasArrays: 'all')", async () => {
    const scene = createScene('test');
    const node = addNode(scene, { name: 'hull' });
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
    scene.colliders.push({ name: 'mesh', node, shape: { type: 'trimesh', positions, indices: new Uint32Array([0, 1, 2, 0, 2, 3]) } });
    scene.colliders.push({ name: 'hull', node, shape: { type: 'convex', positions } });
    const back = await fromGltf(await toGlb(scene, { extrasArrays: 'all' }));
    expect(back.warnings).toEqual([]);
    expect(back.colliders.map((c) => c.shape.type)).toEqual(['trimesh', 'convex']);
    const [mesh, hull] = back.colliders.map((c) => c.shape as { positions: Float32Array; indices?: Uint32Array });
    expect(Array.from(mesh.indices!)).toEqual([0, 1, 2, 0, 2, 3]);
    expect(Array.from(mesh.positions)).toEqual(Array.from(positions));
    expect(Array.from(hull.positions)).toEqual(Array.from(positions));
  });

  it('a .gltf reads them from its external .bin, through the resolver', async () => {
    const { json, resources } = await toGltf(sceneWithArrays(6), { extrasArrays: 'all', basename: 'arrays' });
    expect(Object.keys(resources)).toEqual(['arrays.bin']);
    const back = await fromGltf(new TextEncoder().encode(JSON.stringify(json)), { resolve: (name) => resources[name] });
    expect(back.warnings).toEqual([]);
    expectKinds(back.extras, 6);
  });

  it('an array referenced twice comes back as one array, and an empty one as an empty list', async () => {
    const scene = sceneWithArrays(3);
    const shared = new Uint16Array([7, 8, 9]);
    scene.extras = { a: shared, b: { again: shared }, empty: new Float32Array(0) };
    const back = await fromGltf(await toGlb(scene, { extrasArrays: 'all' }));
    const extras = back.extras as { a: Uint16Array; b: { again: Uint16Array }; empty: unknown };
    expect(extras.a).toEqual(new Uint16Array([7, 8, 9]));
    expect(extras.b.again).toBe(extras.a);
    expect(extras.empty).toEqual([]);
  });

  it("a Document's references point at no buffer view: left out with one warning, the Document unchanged", async () => {
    const doc = await toDocument(sceneWithArrays(INLINE_ARRAY_LIMIT + 1));
    const extras = doc.getRoot().listScenes()[0].getExtras() as { arrays: Record<string, unknown> };
    const before = JSON.stringify(extras);
    const back = await fromGltf(doc);
    expect(back.warnings.map((w) => w.code)).toEqual(['GLTF_EXTRAS_ARRAY_DROPPED']);
    expect(back.warnings[0].message).toMatch(/^11 extras array reference\(s\) left out: a Document keeps no buffer views/);
    expect(back.extras).toEqual({ arrays: {} });
    expect(JSON.stringify(doc.getRoot().listScenes()[0].getExtras())).toBe(before);
    expect(Object.keys(extras.arrays)).toHaveLength(KINDS.length);
  });

  it('restored arrays own their bytes: changing one does not change the file or another import', async () => {
    const glb = await toGlb(sceneWithArrays(4), { extrasArrays: 'all' });
    const first = await fromGltf(glb);
    const array = (first.extras.arrays as Record<string, Uint8Array>).Uint8Array;
    expect(array.byteOffset).toBe(0);
    expect(array.buffer.byteLength).toBe(4);
    array[0] = 99;
    const second = await fromGltf(glb);
    expect((second.extras.arrays as Record<string, Uint8Array>).Uint8Array[0]).toBe(0);
  });

  it('Node Buffers at unaligned offsets, in the scene and as the file, round-trip by value', async () => {
    // A Buffer's slice() is a view of its whole (pooled) buffer, not a copy.
    const host = Buffer.alloc(64);
    for (let i = 0; i < 64; i++) host[i] = i;
    const scene = sceneWithArrays(4);
    scene.extras = { raw: host.subarray(3, 3 + 41) };
    const glb = await toGlb(scene, { extrasArrays: 'all' });
    const file = Buffer.alloc(glb.length + 8);
    file.set(glb, 5);
    const back = await fromGltf(file.subarray(5, 5 + glb.length));
    expect(Array.from(back.extras.raw as Uint8Array)).toEqual(Array.from({ length: 41 }, (_, i) => i + 3));
  });

  it('a Node Buffer as a mesh accessor is written as unsigned bytes: the .glb is valid and reads back', async () => {
    const scene = sceneWithArrays(4);
    const host = Buffer.from([9, 0, 1, 2]);
    // Typed as u16/u32, but JS callers can hand any bytes: glTF allows unsigned-byte indices.
    scene.meshes[0].primitives[0].indices = host.subarray(1) as unknown as Uint16Array;
    const glb = await toGlb(scene);
    const { errors } = await validateGltf(glb);
    expect(errors, describeIssues(errors)).toEqual([]);
    const back = await fromGltf(glb);
    expect(Array.from(back.meshes[0].primitives[0].indices!)).toEqual([0, 1, 2]);
  });
});

describe('references that do not fit are left out with a warning', () => {
  /** A relic3d .glb with Uint16Array [1, 2, 3, 4] at extras.ids (a reference), its JSON edited. */
  async function edited(edit: (json: any) => void): Promise<{ scene: Scene; codes: string[]; messages: string[] }> {
    const scene = sceneWithArrays(1);
    scene.extras = { ids: new Uint16Array([1, 2, 3, 4]), kept: 'yes' };
    const { json, buffers } = parseGlb(await toGlb(scene, { extrasArrays: 'all' }));
    edit(json);
    const back = await fromGltf(packGlb(json, buffers[0]));
    expect(validateScene(back)).toEqual([]);
    return { scene: back, codes: back.warnings.map((w) => w.code), messages: back.warnings.map((w) => w.message) };
  }
  const ref = (json: any) => json.scenes[0].extras.ids;

  it('a sound reference is read (the control for the cases below)', async () => {
    const { scene, codes } = await edited(() => {});
    expect(codes).toEqual([]);
    expect(scene.extras.ids).toEqual(new Uint16Array([1, 2, 3, 4]));
  });

  const cases: [string, (json: any) => void, RegExp][] = [
    ['an out-of-range buffer view', (json) => (ref(json).bufferView = 999), /no such buffer view.*the file has \d+/],
    ['a negative buffer view', (json) => (ref(json).bufferView = -1), /no such buffer view/],
    ['a count longer than the view', (json) => (ref(json).count = 5), /not the view's length.*8 bytes/],
    ['a count shorter than the view', (json) => (ref(json).count = 3), /not the view's length/],
    ['a count of zero', (json) => (ref(json).count = 0), /not the view's length/],
    ['a type whose elements do not fill the view', (json) => Object.assign(ref(json), { arrayType: 'Float64Array', componentType: undefined }), /not the view's length/],
    ['a componentType that is not the arrayType', (json) => (ref(json).componentType = 5126), /componentType does not match/],
    [
      'a misaligned view',
      (json) => {
        const view = json.bufferViews[ref(json).bufferView];
        view.byteOffset += 1;
        view.byteLength -= 2;
        ref(json).count = 3;
      },
      /not aligned/,
    ],
    [
      'a reference into mesh data read as another type',
      (json) => Object.assign(ref(json), { bufferView: json.accessors[json.meshes[0].primitives[0].attributes.POSITION].bufferView, count: 18 }),
      /accessors read the buffer view as another type/,
    ],
    [
      'an interleaved view',
      (json) => {
        json.bufferViews[ref(json).bufferView].byteStride = 4;
      },
      /interleaved/,
    ],
  ];
  for (const [what, edit, message] of cases) {
    it(`${what}: left out, one GLTF_EXTRAS_ARRAY_DROPPED warning, the rest of the extras kept`, async () => {
      const { scene, codes, messages } = await edited(edit);
      expect(codes).toEqual(['GLTF_EXTRAS_ARRAY_DROPPED']);
      expect(messages[0]).toMatch(message);
      expect(scene.extras).toEqual({ kept: 'yes' });
    });
  }

  it('a reference into mesh data of the same type is read (toGlb shares views by identity)', async () => {
    const { scene, codes } = await edited((json) => {
      const view = json.accessors[json.meshes[0].primitives[0].attributes.POSITION].bufferView;
      Object.assign(ref(json), { bufferView: view, count: 9, arrayType: 'Float32Array', componentType: 5126 });
    });
    expect(codes).toEqual([]);
    expect(scene.extras.ids).toEqual(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]));
  });

  it('many references to one view make one array; arrays past the bytes of the buffers are left out', async () => {
    let binLength = 0;
    const { scene, codes, messages } = await edited((json) => {
      const r = ref(json);
      binLength = json.buffers[0].byteLength;
      json.scenes[0].extras.many = Array.from({ length: 1000 }, () => ({ ...r }));
      // Every other kind over the same 8 bytes: distinct arrays, 10 × 8 bytes, more than the buffer holds.
      json.scenes[0].extras.kinds = KINDS.filter(([name]) => name !== 'Uint16Array').map(([arrayType, Type]) => ({
        bufferView: r.bufferView,
        arrayType,
        count: 8 / (Type as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT,
      }));
    });
    const many = scene.extras.many as unknown[];
    expect(many.length).toBe(1000);
    expect(many.every((a) => a === scene.extras.ids)).toBe(true);
    const kinds = scene.extras.kinds as (ArrayBufferView | null)[];
    const made = 1 + kinds.filter((k) => k !== null).length;
    expect(binLength).toBeLessThan(11 * 8);
    // As many 8-byte arrays as the buffer has bytes for, and no more.
    expect(made * 8).toBeLessThanOrEqual(binLength);
    expect(made * 8 + 8).toBeGreaterThan(binLength);
    expect(codes).toEqual(['GLTF_EXTRAS_ARRAY_DROPPED']);
    expect(messages[0]).toMatch(new RegExp(`^${10 - (made - 1)} extras array reference\\(s\\) left out: the arrays would be more bytes than the file's buffers`));
  });

  it('a file relic3d did not write keeps reference-shaped extras as written', async () => {
    const { scene, codes } = await edited((json) => {
      delete json.scenes[0].extras.relic3d;
    });
    expect(codes).toEqual([]);
    expect(scene.extras.ids).toMatchObject({ arrayType: 'Uint16Array', count: 4 });
  });
});

describe('mutated references and views never escape as an untyped error', () => {
  it('500 seeded mutations of the references, views and buffers: a scene or a FormatError, arrays only where they fit', async () => {
    const { json, buffers } = parseGlb(await toGlb(sceneWithArrays(6), { extrasArrays: 'all' }));
    let seed = 25;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    const values = [-1, 0, 1, 2, 3, 7, 8, 1e9, 2 ** 53, 0.5, -0, null, 'x', [], {}];
    let scenes = 0;
    let restored = 0;
    for (let i = 0; i < 500; i++) {
      const copy = structuredClone(json);
      for (let m = 0; m < 3; m++) {
        const refs = Object.values(copy.scenes[0].extras.arrays) as Record<string, unknown>[];
        const target = random() < 0.6 ? pick(refs) : pick(copy.bufferViews as Record<string, unknown>[]);
        target[pick(['bufferView', 'count', 'componentType', 'arrayType', 'byteOffset', 'byteLength', 'byteStride', 'buffer'])] =
          random() < 0.2 ? pick(KINDS)[0] : pick(values);
      }
      try {
        const back = await fromGltf(packGlb(copy, buffers[0]));
        scenes++;
        for (const [name, array] of Object.entries((back.extras.arrays ?? {}) as Record<string, unknown>)) {
          if (!ArrayBuffer.isView(array)) continue;
          // Whatever came back as an array is what its (mutated) reference says, filling its view exactly.
          const ref = copy.scenes[0].extras.arrays[name];
          expect(array.constructor.name, name).toBe(ref.arrayType);
          expect((array as unknown as ArrayLike<unknown>).length, name).toBe(ref.count);
          expect(array.byteLength, name).toBe(copy.bufferViews[ref.bufferView].byteLength);
          restored++;
        }
      } catch (e) {
        expect(isFormatError(e), String(e)).toBe(true);
      }
    }
    expect(scenes).toBeGreaterThan(100);
    expect(restored).toBeGreaterThan(100);
  });
});
