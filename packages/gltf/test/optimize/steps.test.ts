// The steps on scenes built here, where the expected result is known by construction: presets and
// turned-off steps, dedup of twin meshes and textures, weld of an unindexed quad, extras arrays
// left out, and the feature scene (every exporter feature) still valid.
import { describe, expect, it } from 'vitest';
import { addNode, createScene, defaultMaterial, type Scene } from '@relic3d/core';
import { describeIssues, validateGltf } from '../validate.js';
import { featureScene, makePng } from '../scenes.js';
import { resolve } from '../synthetic/helpers.js';
import { optimizeGlb, optimizeGlbToGltf, optimizePlan, toGlb, type OptimizeOptions } from '../../src/index.js';
import { drawnTriangles, readGlb } from './helpers.js';

const GRID = 16;

/** An unindexed grid of GRID × GRID quads: 6 vertices a quad, (GRID + 1)² distinct. */
function unindexedGrid() {
  const positions: number[] = [];
  const uvs: number[] = [];
  for (let y = 0; y < GRID; y++) {
    for (let x = 0; x < GRID; x++) {
      for (const [dx, dy] of [[0, 0], [1, 0], [1, 1], [0, 0], [1, 1], [0, 1]]) {
        positions.push(x + dx, y + dy, 0);
        uvs.push((x + dx) / GRID, (y + dy) / GRID);
      }
    }
  }
  return { POSITION: new Float32Array(positions), TEXCOORD_0: new Float32Array(uvs) };
}

/** Two nodes drawing twin grids (equal data, separate arrays), each with its own twin texture, plus an unused texture. */
function twinsScene(): Scene {
  const scene = createScene('test');
  const png = makePng(8, 8, [10, 200, 30, 255]);
  for (let i = 0; i < 3; i++) scene.textures.push({ name: `t${i}`, image: { mimeType: 'image/png', data: png.slice() } });
  for (let i = 0; i < 2; i++) {
    scene.materials.push({ ...defaultMaterial(`m${i}`), baseColorTexture: { texture: i } });
    scene.meshes.push({ name: `grid${i}`, primitives: [{ attributes: unindexedGrid(), material: i }] });
    addNode(scene, { name: `n${i}`, mesh: i, translation: [i * 20, 0, 0] });
  }
  return scene;
}

/** The validator on a .gltf's JSON, its resources given by URI. */
async function validateGltfJson(json: Record<string, unknown>, resources: Record<string, Uint8Array>) {
  return validateGltf(new TextEncoder().encode(JSON.stringify(json)), resources);
}

async function optimizedDoc(scene: Scene, options: OptimizeOptions) {
  const glb = await optimizeGlb(await toGlb(scene, { resolve }), { compress: 'none', quantize: false, ...options });
  const report = await validateGltf(glb);
  expect(report.errors, describeIssues(report.errors)).toEqual([]);
  return readGlb(glb);
}

describe('optimizePlan', () => {
  it('default keeps the structure; size adds instance, flatten and join; fast drops weld, resample and reorder', () => {
    const d = optimizePlan();
    expect(d).toMatchObject({ preset: 'default', compress: 'meshopt', meshoptLevel: 'high', dedup: true, weld: true, resample: true, quantize: true, reorder: true, prune: true, textures: true, instance: false, flatten: false, join: false, pruneLeaves: false });
    expect(optimizePlan({ preset: 'size' })).toMatchObject({ instance: true, flatten: true, join: true, pruneLeaves: true, weld: true });
    expect(optimizePlan({ preset: 'fast' })).toMatchObject({ weld: false, resample: false, reorder: false, dedup: true, quantize: true, meshoptLevel: 'medium' });
  });

  it('a step set to false is off, whatever the preset; true never turns one on', () => {
    expect(optimizePlan({ preset: 'size', join: false, weld: false })).toMatchObject({ join: false, weld: false, flatten: true });
    expect(optimizePlan({ preset: 'fast', weld: true }).weld).toBe(false);
  });

  it('an unknown preset or compression is a RangeError naming the choices', () => {
    expect(() => optimizePlan({ preset: 'tiny' as never })).toThrow(/default, size, fast/);
    expect(() => optimizePlan({ compress: 'zip' as never })).toThrow(/meshopt, draco, none/);
  });
});

describe('the steps do what they say', () => {
  it('dedup merges the twin meshes and textures, prune drops the unused texture; triangles stay 2 × 2 × GRID²', async () => {
    const doc = await optimizedDoc(twinsScene(), {});
    const root = doc.getRoot();
    expect(root.listMeshes()).toHaveLength(1);
    expect(root.listTextures()).toHaveLength(1);
    expect(drawnTriangles(doc)).toBe(2 * 2 * GRID * GRID);
  });

  it('--no-dedup keeps both meshes; turning off textures keeps the texture twins', async () => {
    const plain = await readGlb(await toGlb(twinsScene(), { resolve }));
    const plainTextures = plain.getRoot().listTextures().length;
    const doc = await optimizedDoc(twinsScene(), { dedup: false, textures: false, prune: false });
    expect(doc.getRoot().listMeshes()).toHaveLength(2);
    expect(doc.getRoot().listTextures()).toHaveLength(plainTextures);
  });

  it('weld indexes the unindexed grid to its (GRID + 1)² distinct vertices; without weld it keeps 6 a quad', async () => {
    const welded = await optimizedDoc(twinsScene(), { dedup: false });
    for (const mesh of welded.getRoot().listMeshes()) {
      const prim = mesh.listPrimitives()[0];
      expect(prim.getAttribute('POSITION')!.getCount()).toBe((GRID + 1) ** 2);
      expect(prim.getIndices()!.getCount()).toBe(6 * GRID * GRID);
    }
    const unwelded = await optimizedDoc(twinsScene(), { dedup: false, weld: false });
    for (const mesh of unwelded.getRoot().listMeshes()) expect(mesh.listPrimitives()[0].getAttribute('POSITION')!.getCount()).toBe(6 * GRID * GRID);
  });

  it('a result no smaller than the input gives the input back, warned', async () => {
    const scene = createScene('test');
    scene.meshes.push({ name: 'tri', primitives: [{ attributes: { POSITION: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]) } }] });
    addNode(scene, { name: 'n', mesh: 0 });
    const glb = await toGlb(scene);
    const warnings: string[] = [];
    expect(await optimizeGlb(glb, { onWarning: (w) => warnings.push(w.code) })).toBe(glb);
    expect(warnings).toEqual(['GLTF_OPTIMIZE_NOT_SMALLER']);
  });

  it('extras arrays stored in buffer views are left out with a warning (their views are rewritten)', async () => {
    const scene = twinsScene();
    scene.extras = { tail: new Float32Array(70_000).fill(1.5), label: 'kept' };
    const glb = await toGlb(scene, { resolve });
    const warnings: string[] = [];
    const optimized = await optimizeGlb(glb, { onWarning: (w) => warnings.push(w.code) });
    expect(warnings).toContain('GLTF_OPTIMIZE_EXTRAS_ARRAYS_OMITTED');
    const extras = (await readGlb(optimized)).getRoot().listScenes()[0].getExtras();
    expect(extras.label).toBe('kept');
    expect(extras.tail).toBeUndefined();
  });

  it.each([['default'], ['size'], ['fast']] as const)('the feature scene (morphs, skin, LODs, lines, cameras, lights) optimises valid with %s', async (preset) => {
    const glb = await toGlb(featureScene(), { resolve });
    const optimized = await optimizeGlb(glb, { preset });
    const report = await validateGltf(optimized);
    expect(report.errors, describeIssues(report.errors)).toEqual([]);
    const doc = await readGlb(optimized);
    expect(doc.getRoot().listSkins()[0].listJoints().map((j) => j.getName())).toEqual(['hips', 'spine']);
    expect(doc.getRoot().listAnimations().length).toBe((await readGlb(glb)).getRoot().listAnimations().length);
  });
});

describe('optimizeGlbToGltf', () => {
  it('writes a valid .gltf with its .bin and images named after the model, meshopt-compressed', async () => {
    const glb = await toGlb(twinsScene(), { resolve });
    const { json, resources } = await optimizeGlbToGltf(glb, { basename: 'grids' });
    expect(Object.keys(resources).sort()).toEqual(['grids.bin', 'grids_0.png']);
    expect(json.extensionsUsed).toEqual(expect.arrayContaining(['EXT_meshopt_compression', 'KHR_mesh_quantization']));
    const report = await validateGltfJson(json, resources);
    expect(report.errors, describeIssues(report.errors)).toEqual([]);
  });
});
