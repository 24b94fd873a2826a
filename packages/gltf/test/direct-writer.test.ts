// The direct writer (issues 25 and 26): shared arrays written once, no recursion on input depth,
// bulk extras arrays in buffer views, corrupt images left out. Every input is built here.
import { describe, expect, it } from 'vitest';
import { addNode, createScene, defaultMaterial, type Scene, type Warning } from '@relic3d/core';
import { extrasArrayOf, FINITE_SCENE, fromGltf, toGlb, toGltf } from '../src/index.js';
import { parseGlb } from './gltf-json.js';
import { makePng, memoryResolver } from './scenes.js';
import { describeIssues, validateGltf } from './validate.js';

const f32 = (...v: number[]) => new Float32Array(v);

/** One triangle mesh (mesh 0) and no nodes yet. */
function triangleScene(name = 'writer'): Scene {
  const scene = createScene(name);
  scene.meshes.push({ name: 'tri', primitives: [{ attributes: { POSITION: f32(0, 0, 0, 1, 0, 0, 0, 1, 0) }, indices: new Uint16Array([0, 1, 2]) }] });
  return scene;
}

async function exported(scene: Scene, options: Parameters<typeof toGlb>[1] = {}) {
  const warnings: Warning[] = [];
  const glb = await toGlb(scene, { onWarning: (w) => warnings.push(w), ...options });
  return { glb, warnings, codes: new Set(warnings.map((w) => w.code)), gltf: parseGlb(glb) };
}

async function expectValid(glb: Uint8Array) {
  const report = await validateGltf(glb);
  expect(report.errors, describeIssues(report.errors)).toEqual([]);
}

describe('shared arrays are written once (issue 26)', () => {
  it('one array as two vertex attributes (a fuzz find): one view with a byteStride, and a valid file', async () => {
    const scene = triangleScene();
    // Unit vectors, so the same array is a valid NORMAL too and nothing makes a fixed copy.
    const positions = f32(1, 0, 0, 0, 1, 0, 0, 0, 1);
    scene.meshes[0].primitives[0].attributes.POSITION = positions;
    scene.meshes[0].primitives[0].attributes.NORMAL = positions;
    addNode(scene, { name: 'n', mesh: 0 });
    const { glb, gltf } = await exported(scene);
    const { attributes } = gltf.json.meshes[0].primitives[0];
    expect(attributes.POSITION).not.toBe(attributes.NORMAL);
    expect(gltf.json.accessors[attributes.POSITION].bufferView).toBe(gltf.json.accessors[attributes.NORMAL].bufferView);
    // Accessors that share a vertex buffer view give it a byteStride.
    const users = new Map<number, number>();
    for (const a of gltf.json.accessors) if (a.bufferView !== undefined) users.set(a.bufferView, (users.get(a.bufferView) ?? 0) + 1);
    for (const [view, count] of users) if (count > 1 && gltf.json.bufferViews[view].target === 34962) expect(gltf.json.bufferViews[view].byteStride).toBeGreaterThan(0);
    await expectValid(glb);
  });

  it('one mesh drawn by 3,000 nodes: one mesh, one accessor per array, a file that does not grow with the nodes', async () => {
    const scene = triangleScene();
    for (let i = 0; i < 3000; i++) addNode(scene, { name: `n${i}`, mesh: 0, translation: [i, 0, 0] });
    const { glb, gltf } = await exported(scene);
    expect(gltf.json.nodes).toHaveLength(3000);
    expect(gltf.json.meshes).toHaveLength(1);
    expect(gltf.json.accessors).toHaveLength(2); // POSITION and indices
    expect(gltf.buffers[0].byteLength).toBe(36 + 8); // 9 floats, 3 u16 indices padded to 4
    await expectValid(glb);
  });

  it('one sampler shared by 3,000 channels: one input and one output accessor, one sampler', async () => {
    const scene = triangleScene();
    const times = f32(0, 0.5, 1);
    const values = f32(0, 0, 0, 1, 0, 0, 2, 0, 0);
    const clip = { name: 'move', duration: 1, channels: [] as Scene['animations'][number]['channels'] };
    for (let i = 0; i < 3000; i++) {
      const node = addNode(scene, { name: `n${i}`, mesh: 0 });
      clip.channels.push({ node, path: 'translation', times, values, interpolation: 'LINEAR' });
    }
    scene.animations.push(clip);
    const { glb, gltf } = await exported(scene);
    const animation = gltf.json.animations[0];
    expect(animation.channels).toHaveLength(3000);
    expect(animation.samplers).toHaveLength(1);
    expect(gltf.json.accessors).toHaveLength(4); // POSITION, indices, times, values
    expect(gltf.json.accessors[2]).toMatchObject({ min: [0], max: [1], count: 3 });
    expect(gltf.buffers[0].byteLength).toBe(44 + 12 + 36);
    await expectValid(glb);
  });

  it('morph target padding shares one zero array per vertex count', async () => {
    const scene = triangleScene();
    const prim = scene.meshes[0].primitives[0];
    scene.meshes[0].primitives.push({ ...prim }, { ...prim, targets: [{ POSITION: f32(0, 1, 0, 0, 1, 0, 0, 1, 0) }, { POSITION: f32(1, 0, 0, 1, 0, 0, 1, 0, 0) }] });
    addNode(scene, { name: 'n', mesh: 0 });
    const { glb, gltf, codes } = await exported(scene);
    expect(codes.has('GLTF_TARGETS_PADDED')).toBe(true);
    const padded = gltf.json.meshes[0].primitives.slice(0, 2).flatMap((p: { targets: { POSITION: number }[] }) => p.targets.map((t) => t.POSITION));
    expect(new Set(padded).size).toBe(1);
    await expectValid(glb);
  });
});

describe('no recursion on input depth (issue 26)', () => {
  it('extras nested 5,000 deep are cut at 64 levels with a warning', async () => {
    const scene = triangleScene();
    addNode(scene, { name: 'n', mesh: 0 });
    let deep: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 5000; i++) deep = { next: deep };
    scene.extras.deep = deep;
    const { glb, gltf, codes } = await exported(scene);
    expect(codes.has('GLTF_EXTRAS_CUT')).toBe(true);
    let level = gltf.json.scenes[0].extras.deep;
    let depth = 0;
    while (level && typeof level === 'object') {
      level = level.next;
      depth++;
    }
    expect(depth).toBeGreaterThan(50);
    expect(depth).toBeLessThanOrEqual(64);
    await expectValid(glb);
  });

  it('a node chain 100,000 deep is written without recursion', async () => {
    const scene = triangleScene();
    let parent = -1;
    for (let i = 0; i < 100_000; i++) parent = addNode(scene, { name: `n${i}`, ...(i === 99_999 ? { mesh: 0 } : {}) }, parent);
    const { gltf } = await exported(scene);
    const nodes = gltf.json.nodes as { children?: number[]; mesh?: number }[];
    expect(nodes).toHaveLength(100_000);
    expect(gltf.json.scenes[0].nodes).toEqual([0]);
    expect(nodes[41].children).toEqual([42]);
    expect(nodes[99_999].mesh).toBe(0);
  });
});

describe('typed arrays in extras (issue 25)', () => {
  const big = () => {
    const tail = new Uint8Array(100_000);
    for (let i = 0; i < tail.length; i++) tail[i] = (i * 7) & 0xff;
    return tail;
  };

  it('a bulk array goes into a buffer view the extras reference, and reads back with extrasArrayOf', async () => {
    const scene = triangleScene();
    addNode(scene, { name: 'n', mesh: 0 });
    const tail = big();
    scene.meshes[0].primitives[0].extras = { unverifiedVertexTail: tail, small: new Uint16Array([1, 2, 3]) };
    const { glb, gltf } = await exported(scene);
    const extras = gltf.json.meshes[0].primitives[0].extras;
    expect(extras.small).toEqual([1, 2, 3]);
    expect(extras.unverifiedVertexTail).toEqual({ bufferView: expect.any(Number), componentType: 5121, count: 100_000, arrayType: 'Uint8Array' });
    // Bytes, not JSON numbers: the file is the array plus a little.
    expect(glb.byteLength).toBeLessThan(100_000 + 2_000);
    const back = extrasArrayOf(extras.unverifiedVertexTail, gltf.json.bufferViews, gltf.buffers);
    expect(back).toEqual(tail);
    await expectValid(glb);
  });

  it("extrasArrays: 'omit' leaves bulk arrays out with a warning", async () => {
    const scene = triangleScene();
    addNode(scene, { name: 'n', mesh: 0 });
    scene.extras.tail = big();
    const { glb, gltf, codes } = await exported(scene, { extrasArrays: 'omit' });
    expect(gltf.json.scenes[0].extras.tail).toBeNull();
    expect(codes.has('GLTF_EXTRAS_ARRAYS_OMITTED')).toBe(true);
    expect(glb.byteLength).toBeLessThan(2_000);
  });

  it('toGltf writes the same reference into its .bin', async () => {
    const scene = triangleScene();
    addNode(scene, { name: 'n', mesh: 0 });
    scene.extras.tail = big();
    const { json, resources } = await toGltf(scene, { basename: 'x' });
    const gltf = json as { bufferViews: { buffer: number; byteOffset?: number; byteLength: number }[]; scenes: { extras: { tail: unknown } }[] };
    expect(extrasArrayOf(gltf.scenes[0].extras.tail, gltf.bufferViews, [resources['x.bin']])).toEqual(scene.extras.tail);
  });
});

describe('images are checked before they are embedded (issue 26)', () => {
  const png = makePng(2, 2, [10, 20, 30, 255]);
  // A JPEG with a frame header (8×8) and a scan of two bytes: structurally whole.
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0, 11, 8, 0, 8, 0, 8, 1, 1, 0x11, 0, 0xff, 0xda, 0, 8, 1, 1, 0, 0, 63, 0, 0x12, 0x34, 0xff, 0xd9]);

  function textured(files: Record<string, Uint8Array>): Scene {
    const scene = triangleScene();
    scene.meshes[0].primitives[0].attributes.TEXCOORD_0 = f32(0, 0, 1, 0, 0, 1);
    scene.meshes[0].primitives[0].material = 0;
    for (const [i, uri] of Object.keys(files).entries()) {
      scene.textures.push({ uri });
      scene.materials.push({ ...defaultMaterial(uri), baseColorTexture: { texture: i } });
    }
    scene.meshes[0].primitives[0].material = 0;
    addNode(scene, { name: 'n', mesh: 0 });
    return scene;
  }

  const cases: [string, Uint8Array][] = [
    ['truncated PNG', png.subarray(0, png.length - 10)],
    ['PNG with a wrong CRC', Uint8Array.from(png, (b, i) => (i === 29 ? b ^ 0xff : b))],
    ['PNG without IEND', png.subarray(0, png.length - 12)],
    ['truncated JPEG', jpeg.subarray(0, 20)],
    ['JPEG without a frame size', Uint8Array.from(jpeg, (b, i) => (i === 7 || i === 8 ? 0 : b))],
  ];
  for (const [what, bytes] of cases) {
    it(`a ${what} is left out with GLTF_IMAGE_CORRUPT, and the file stays valid`, async () => {
      const { glb, gltf, codes } = await exported(textured({ 'bad.img': bytes }), { resolve: memoryResolver({ 'bad.img': bytes }) });
      expect(codes.has('GLTF_IMAGE_CORRUPT')).toBe(true);
      expect(gltf.json.images).toBeUndefined();
      expect(gltf.json.materials[0].extras.unresolvedTextures.baseColorTexture.problem).toMatch(/^corrupt/);
      await expectValid(glb);
    });
  }

  it('whole PNG and JPEG images are embedded as they are', async () => {
    const files = { 'a.png': png, 'b.jpg': jpeg };
    const { glb, gltf, codes } = await exported(textured(files), { resolve: memoryResolver(files) });
    expect(codes.has('GLTF_IMAGE_CORRUPT')).toBe(false);
    expect(gltf.json.images).toHaveLength(2);
    const view = gltf.json.bufferViews[gltf.json.images[0].bufferView];
    expect(gltf.buffers[0].subarray(view.byteOffset, view.byteOffset + view.byteLength)).toEqual(png);
    expect(gltf.json.images.map((i: { mimeType: string }) => i.mimeType)).toEqual(['image/png', 'image/jpeg']);
    await expectValid(glb);
    const back = await fromGltf(glb);
    expect(back.textures[0].image?.data).toEqual(png);
  });
});

describe('scrub once', () => {
  // A NaN the reader would never leave: seen only when the exporter scans, which shows whether it does.
  const withNaN = () => {
    const scene = triangleScene();
    scene.meshes[0].primitives[0].attributes.TEXCOORD_0 = f32(0, 0, NaN, 0, 0, 1);
    addNode(scene, { name: 'n', mesh: 0 });
    return scene;
  };

  it('a scene from elsewhere is checked once: non-finite values fixed with a warning', async () => {
    const { glb, codes } = await exported(withNaN());
    expect(codes.has('GLTF_VALUES_FIXED')).toBe(true);
    await expectValid(glb);
  });

  it('a scene its reader marked finite is trusted: its arrays are not scanned again', async () => {
    const scene = Object.assign(withNaN(), { [FINITE_SCENE]: true });
    const { codes } = await exported(scene);
    expect(codes.has('GLTF_VALUES_FIXED')).toBe(false);
  });
});
