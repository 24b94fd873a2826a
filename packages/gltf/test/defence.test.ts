// The exporter is the last line of defence: scenes a reader should never produce (non-finite
// numbers, keys out of order, weights that do not add up, indices past the vertices) still give a
// .glb the Khronos validator accepts, with a warning for each fix.
import { describe, expect, it } from 'vitest';
import { NodeIO } from '@gltf-transform/core';
import { addNode, createScene, defaultMaterial, type Scene, type Warning } from '@relic3d/core';
import { GENERATOR, gltfExtensions, toGlb, toGltf } from '../src/index.js';
import { cleanSkinWeights } from '../src/export/sanitize.js';
import { makePng } from './scenes.js';
import { describeIssues, validateGltf } from './validate.js';

const io = new NodeIO().registerExtensions(gltfExtensions);
const f32 = (...v: number[]) => new Float32Array(v);

async function exportChecked(scene: Scene) {
  const warnings: Warning[] = [];
  const glb = await toGlb(scene, { onWarning: (w) => warnings.push(w) });
  const report = await validateGltf(glb);
  expect(report.errors, describeIssues(report.errors)).toEqual([]);
  const tolerated = new Set(['NODE_SKINNED_MESH_NON_ROOT']);
  const reportWarnings = report.warnings.filter((w) => !tolerated.has(w.code));
  expect(reportWarnings, describeIssues(reportWarnings)).toEqual([]);
  return { glb, warnings, codes: new Set(warnings.map((w) => w.code)), doc: await io.readBinary(glb) };
}

function triangle(attributes: Record<string, Float32Array | Uint16Array>, extra: Partial<Scene['meshes'][number]['primitives'][number]> = {}): Scene {
  const scene = createScene('hostile');
  scene.meshes.push({ name: 'tri', primitives: [{ attributes: { POSITION: f32(0, 0, 0, 1, 0, 0, 0, 1, 0), ...attributes }, ...extra }] });
  addNode(scene, { name: 'tri', mesh: 0 });
  return scene;
}

describe('non-finite vertex data', () => {
  it('POSITION, NORMAL, TANGENT, TEXCOORD_0 and COLOR_0 with NaN and ±Infinity are fixed on copies', async () => {
    const position = f32(0, 0, 0, NaN, 0, 0, 0, Infinity, 0);
    const normal = f32(0, 0, 1, NaN, 0, 1, 0, 0, -Infinity);
    const tangent = f32(1, 0, 0, 1, Infinity, 0, 0, 1, 1, 0, 0, NaN);
    const uv = f32(0, 0, NaN, 1, -Infinity, 0);
    const color = f32(1, 1, 1, 1, NaN, 0, 0, 1, 0, 0, 1, 1);
    const scene = triangle({ NORMAL: normal, TANGENT: tangent, TEXCOORD_0: uv, COLOR_0: color });
    scene.meshes[0].primitives[0].attributes.POSITION = position;
    const { doc, codes } = await exportChecked(scene);
    const prim = doc.getRoot().listMeshes()[0].listPrimitives()[0];
    expect(Array.from(prim.getAttribute('POSITION')!.getArray()!)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(Array.from(prim.getAttribute('NORMAL')!.getArray()!)).toEqual([0, 0, 1, 0, 1, 0, 0, 1, 0]);
    expect(Array.from(prim.getAttribute('TEXCOORD_0')!.getArray()!)).toEqual([0, 0, 0, 1, 0, 0]);
    expect(Array.from(prim.getAttribute('COLOR_0')!.getArray()!)).toEqual([1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1, 1]);
    expect(Array.from(prim.getAttribute('TANGENT')!.getArray()!).slice(4)).toEqual([1, 0, 0, 1, 1, 0, 0, 1]);
    expect(codes).toEqual(new Set(['GLTF_VALUES_FIXED', 'GLTF_NORMALS_FIXED', 'GLTF_TANGENTS_FIXED', 'GLTF_COLORS_CLAMPED']));
    // The scene itself is untouched.
    expect(Number.isNaN(position[3])).toBe(true);
  });

  it('keeps the scene’s own arrays when nothing needs fixing (no copies before the one into the file)', async () => {
    const scene = triangle({ NORMAL: f32(0, 0, 1, 0, 0, 1, 0, 0, 1), TEXCOORD_0: f32(0, 0, 1, 0, 0, 1) });
    const { buildGltf } = await import('../src/export/index.js');
    const { layout } = await buildGltf(scene);
    const sources = layout.parts.map((p) => ('bytes' in p ? p.bytes.buffer : undefined));
    const a = scene.meshes[0].primitives[0].attributes;
    for (const own of [a.POSITION!, a.NORMAL!, a.TEXCOORD_0!]) expect(sources).toContain(own.buffer);
  });

  it('morph targets and default weights with non-finite values', async () => {
    const scene = triangle({}, { targets: [{ name: 'up', POSITION: f32(0, NaN, 0, 0, 1, 0, 0, Infinity, 0) }] });
    scene.meshes[0].weights = [NaN];
    scene.nodes[0].weights = [Infinity];
    const { doc, codes } = await exportChecked(scene);
    const mesh = doc.getRoot().listMeshes()[0];
    expect(Array.from(mesh.listPrimitives()[0].listTargets()[0].getAttribute('POSITION')!.getArray()!)).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 0]);
    expect(mesh.getWeights()).toEqual([0]);
    expect(doc.getRoot().listNodes()[0].getWeights()).toEqual([0]);
    expect(codes.has('GLTF_VALUES_FIXED') && codes.has('GLTF_NODE_FIXED')).toBe(true);
  });

  it('indices past the vertices and a partial triangle are left out', async () => {
    const scene = triangle({}, { indices: new Uint16Array([0, 1, 2, 0, 2, 7, 1, 2]) });
    const { doc, codes } = await exportChecked(scene);
    expect(Array.from(doc.getRoot().listMeshes()[0].listPrimitives()[0].getIndices()!.getArray()!)).toEqual([0, 1, 2]);
    expect(codes.has('GLTF_INDICES_FIXED')).toBe(true);
  });

  it('an attribute whose length does not match the vertex count is left out', async () => {
    const { doc, codes } = await exportChecked(triangle({ TEXCOORD_0: f32(0, 0, 1, 0) }));
    expect(doc.getRoot().listMeshes()[0].listPrimitives()[0].getAttribute('TEXCOORD_0')).toBeNull();
    expect(codes.has('GLTF_ATTRIBUTE_SKIPPED')).toBe(true);
  });
});

describe('nodes, skins and cameras', () => {
  it('non-finite TRS, a non-finite matrix and a parent cycle', async () => {
    const scene = triangle({});
    scene.nodes[0].translation = [NaN, 1, 2];
    scene.nodes[0].rotation = [0, Infinity, 0, 1];
    scene.nodes[0].scale = [1, NaN, 1];
    const b = addNode(scene, { name: 'matrix' });
    scene.nodes[b].matrix = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, NaN, 0, 0, 1];
    // c and d are each other's parent; neither is a root.
    const c = addNode(scene, { name: 'c' });
    const d = addNode(scene, { name: 'd' });
    scene.roots = scene.roots.filter((r) => r !== c && r !== d);
    scene.nodes[c].parent = d;
    scene.nodes[d].parent = c;
    scene.nodes[c].children = [d];
    scene.nodes[d].children = [c];
    const { doc, codes } = await exportChecked(scene);
    const node = doc.getRoot().listNodes()[0];
    expect(node.getTranslation()).toEqual([0, 1, 2]);
    expect(node.getRotation()).toEqual([0, 0, 0, 1]);
    expect(node.getScale()).toEqual([1, 1, 1]);
    expect(doc.getRoot().listNodes()[1].getTranslation()).toEqual([0, 0, 0]);
    expect(codes).toEqual(new Set(['GLTF_NODE_FIXED', 'GLTF_NODE_CYCLE']));
  });

  it('a skin with non-finite inverse bind matrices and weights that do not add up', async () => {
    const scene = createScene('skinned');
    const joint = addNode(scene, { name: 'joint' });
    const joint2 = addNode(scene, { name: 'joint2', parent: joint });
    const joint3 = addNode(scene, { name: 'joint3', parent: joint2 });
    const joint4 = addNode(scene, { name: 'joint4', parent: joint3 });
    // Two matrices for four joints, the first not finite.
    scene.skins.push({ joints: [joint, joint2, joint3, joint4], inverseBindMatrices: f32(...Array(16).fill(NaN), 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1) });
    // Vertex 0: the float32 weights whose renormalisation used to end in a last weight of −2e-8.
    // Vertex 1: an infinite weight and a duplicate joint. Vertex 2: a joint past the skin only.
    const weights = f32(0.9459818005561829, 0.03486228361725807, 0.00101386324968189, 3.6656857549388633e-9, Infinity, 0.5, 0.5, 0, 0, 0, 0, 1);
    const joints = new Uint16Array([0, 1, 2, 3, 0, 1, 1, 0, 0, 0, 0, 5]);
    scene.meshes.push({ name: 'skinned', primitives: [{ attributes: { POSITION: f32(0, 0, 0, 1, 0, 0, 0, 1, 0), JOINTS_0: joints, WEIGHTS_0: weights } }] });
    addNode(scene, { name: 'body', mesh: 0, skin: 0 });
    const { doc, codes } = await exportChecked(scene);
    const prim = doc.getRoot().listMeshes()[0].listPrimitives()[0];
    const written = prim.getAttribute('WEIGHTS_0')!.getArray() as Float32Array;
    expect(Array.from(written).every((w) => w >= 0)).toBe(true);
    expect(Array.from(prim.getAttribute('JOINTS_0')!.getArray()!).slice(4)).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect(Array.from(doc.getRoot().listSkins()[0].getInverseBindMatrices()!.getArray()!).slice(0, 16)).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    expect(codes.has('GLTF_WEIGHTS_FIXED') && codes.has('GLTF_IBM_FIXED')).toBe(true);
  });

  it('renormalised weights never go negative and add up in float32 as the validator adds them', () => {
    const { weights } = cleanSkinWeights(new Uint16Array([0, 1, 2, 3]), f32(0.9459818005561829, 0.03486228361725807, 0.00101386324968189, 3.6656857549388633e-9), 4);
    const sum = new Float32Array(1);
    for (const w of weights) {
      expect(w).toBeGreaterThan(0);
      sum[0] += w;
    }
    expect(Math.abs(sum[0] - 1)).toBeLessThanOrEqual(8e-7);
  });

  it('cameras and lights with infinite values, materials with non-finite factors', async () => {
    const scene = triangle({ TEXCOORD_0: f32(0, 0, 1, 0, 0, 1) }, { material: 0 });
    scene.cameras.push({ type: 'perspective', yfov: Infinity, znear: Infinity, zfar: Infinity, aspectRatio: Infinity });
    scene.cameras.push({ type: 'orthographic', xmag: Infinity, ymag: NaN, znear: NaN, zfar: Infinity });
    addNode(scene, { name: 'cam', camera: 0 });
    addNode(scene, { name: 'ortho', camera: 1 });
    scene.lights.push({ type: 'spot', color: [NaN, 1, Infinity], intensity: Infinity, range: Infinity, innerConeAngle: NaN, outerConeAngle: Infinity });
    addNode(scene, { name: 'lamp', light: 0 });
    scene.textures.push({ image: { data: makePng(), mimeType: 'image/png' } });
    scene.materials.push({
      ...defaultMaterial('m'),
      baseColorFactor: [NaN, 1, 1, 1],
      emissiveFactor: [Infinity, 0, 0],
      alphaMode: 'MASK',
      alphaCutoff: NaN,
      baseColorTexture: { texture: 0, transform: { offset: [NaN, 0], scale: [Infinity, 1], rotation: NaN } },
    });
    await exportChecked(scene);
  });
});

describe('animation keys', () => {
  it('non-finite and non-increasing key times are dropped with their values; non-finite values replaced', async () => {
    const scene = triangle({});
    const times = f32(0, 0.5, 0.5, NaN, 1, Infinity, 0.75, 2);
    const values = new Float32Array(times.length * 3).map((_, i) => i);
    values[21] = NaN; // the last key's x
    scene.animations.push({ name: 'walk', duration: 2, channels: [{ node: 0, path: 'translation', interpolation: 'LINEAR', times, values }] });
    // A denormal step (as a bad perSlerp gives) makes every later time infinite.
    const denormal = f32(0, 1, Infinity, Infinity);
    const rotations = f32(0, 0, 0, 1, 0, 0, 0, 2, NaN, 0, 0, 1, 0, 0, 0, 1);
    scene.animations.push({ name: 'spin', duration: 1, channels: [{ node: 0, path: 'rotation', interpolation: 'LINEAR', times: denormal, values: rotations }] });
    const warnings: Warning[] = [];
    const glb = await toGlb(scene, { onWarning: (w) => warnings.push(w) });
    const report = await validateGltf(glb);
    expect(report.errors, describeIssues(report.errors)).toEqual([]);
    const doc = await io.readBinary(glb);
    const [walk, spin] = doc.getRoot().listAnimations();
    const walkSampler = walk.listSamplers()[0];
    expect(Array.from(walkSampler.getInput()!.getArray()!)).toEqual([0, 0.5, 1, 2]);
    expect(Array.from(walkSampler.getOutput()!.getArray()!)).toEqual([0, 1, 2, 3, 4, 5, 12, 13, 14, 0, 22, 23]);
    const spinSampler = spin.listSamplers()[0];
    expect(Array.from(spinSampler.getInput()!.getArray()!)).toEqual([0, 1]);
    expect(Array.from(spinSampler.getOutput()!.getArray()!)).toEqual([0, 0, 0, 1, 0, 0, 0, 1]);
    expect(new Set(warnings.map((w) => w.code))).toEqual(new Set(['GLTF_KEYS_DROPPED', 'GLTF_VALUES_FIXED']));
  });

  it('channels sharing the same key times share one input accessor', async () => {
    const scene = triangle({});
    const b = addNode(scene, { name: 'b' });
    const times = () => f32(0, 1, 2);
    scene.animations.push({
      name: 'both',
      duration: 2,
      channels: [
        { node: 0, path: 'translation', interpolation: 'LINEAR', times: times(), values: new Float32Array(9) },
        { node: b, path: 'translation', interpolation: 'LINEAR', times: times(), values: new Float32Array(9) },
      ],
    });
    const { doc } = await exportChecked(scene);
    const [s0, s1] = doc.getRoot().listAnimations()[0].listSamplers();
    expect(s0.getInput()).toBe(s1.getInput());
  });
});

describe('documents without meshes, and what every file says about itself', () => {
  it('a scene with a texture but no mesh exports (it used to throw "Buffer required…")', async () => {
    const scene = createScene('textures only');
    scene.textures.push({ image: { data: makePng(), mimeType: 'image/png' } });
    scene.materials.push({ ...defaultMaterial('m'), baseColorTexture: { texture: 0 } });
    addNode(scene, { name: 'empty' });
    const { doc } = await exportChecked(scene);
    expect(doc.getRoot().listTextures()).toHaveLength(1);
    const gltf = await toGltf(scene);
    expect(Object.keys(gltf.resources)).toEqual(['texture_0.png']);
  });

  it('asset.generator names relic3d, its version and the package', async () => {
    const { glb } = await exportChecked(triangle({}));
    const { version } = (await import('../package.json')).default as { version: string };
    expect(GENERATOR).toBe(`relic3d ${version} (@relic3d/gltf)`);
    // glTF-Transform's reader does not keep the generator: read the JSON chunk itself.
    const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + new DataView(glb.buffer, glb.byteOffset).getUint32(12, true))));
    expect(json.asset).toEqual({ version: '2.0', generator: GENERATOR });
    expect((await toGltf(triangle({}))).json.asset).toMatchObject({ generator: GENERATOR });
  });

  it('writes the same bytes every time, interleaved or not', async () => {
    const scene = triangle({ NORMAL: f32(0, 0, 1, 0, 0, 1, 0, 0, 1), TEXCOORD_0: f32(0, 0, 1, 0, 0, 1) });
    const a = await toGlb(scene);
    expect(await toGlb(scene)).toEqual(a);
    const interleaved = await toGlb(scene, { interleave: true });
    expect(await toGlb(scene, { interleave: true })).toEqual(interleaved);
    const report = await validateGltf(interleaved);
    expect(report.errors).toEqual([]);
    const views = (json: Uint8Array) => JSON.parse(new TextDecoder().decode(json.subarray(20, 20 + new DataView(json.buffer, json.byteOffset).getUint32(12, true)))).bufferViews;
    expect(views(interleaved).some((v: { byteStride?: number }) => v.byteStride === 32)).toBe(true); // POSITION, NORMAL, TEXCOORD_0 in one view
    expect(views(a).every((v: { byteStride?: number }) => v.byteStride === undefined)).toBe(true);
    const used = (glb: Uint8Array) => JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + new DataView(glb.buffer, glb.byteOffset).getUint32(12, true)))).extensionsUsed;
    expect(used(a)).toBeUndefined(); // the layout helper names no extension
  });

  it('a document from toDocument still dispatches events to listeners added later', async () => {
    const { toDocument } = await import('../src/index.js');
    const doc = await toDocument(triangle({}));
    const node = doc.getRoot().listNodes()[0];
    const onGraph: string[] = [];
    const onNode: string[] = [];
    doc.getGraph().addEventListener('node:change', (e) => onGraph.push(`${(e as unknown as { attribute: string }).attribute}`));
    node.addEventListener('change', (e) => onNode.push(`${(e as unknown as { attribute: string }).attribute}`));
    node.setTranslation([1, 2, 3]);
    expect(onGraph).toEqual(['translation']);
    expect(onNode).toEqual(['translation']);
    let created = 0;
    doc.getGraph().addEventListener('node:create', () => created++);
    doc.createNode('late');
    expect(created).toBe(1);
    expect(doc.getRoot().listNodes().map((n) => n.getName())).toContain('late');
  });
});
