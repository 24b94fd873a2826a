import { describe, expect, it } from 'vitest';
import { NodeIO, type Document } from '@gltf-transform/core';
import { computeBounds, validateScene, type Scene, type Warning } from '@relic3d/core';
import { ms3dFormat } from '@relic3d/ms3d';
import { readCorpusFile } from '@relic3d/test-harness';
import type { CorpusEntry } from '@relic3d/test-harness';
import { corpusConversion, corpusGlb, corpusModels, loadCorpusScene } from './corpus-scenes.js';
import { makePng } from './scenes.js';
import { gltfExtensions, toGlb, type Lod } from '../src/index.js';
import { describeIssues, validateGltf } from './validate.js';
import { gltfBounds } from './gltf-bounds.js';

const io = new NodeIO().registerExtensions(gltfExtensions);

const all = corpusModels();

/** Converted once per process (corpus-scenes.ts), checked by several tests and suites. */
const convert = corpusConversion;
const byFile = (file: string) => all.find(([name]) => name === file)![1];

// Facts from the corpus MANIFEST notes (independent of the parsers).
const SKINNED: [file: string, joints: number, clips: string[] | number][] = [
  ['ms3d/glscene__Woman4.ms3d', 31, 1],
  ['ms3d/hiero__TBone.ms3d', 4, 1],
  ['ms3d/soulsheng__Model.ms3d', 9, 1],
  ['o3d/mvr_AiBatt.o3d', 14, ['stand', 'walk']],
  ['o3d/Mvr_Lawolf.o3d', 27, ['dmgDie']],
  ['o3d/mvr_harpy.o3d', 29, ['stand']],
  ['o3d/Mvr_PetEggrabbit.o3d', 2, ['idle1']],
  ['o3d/mvr_Scopicon.o3d', 53, ['stand']],
  ['o3d/Part_femaleUpper.o3d', 30, ['GenStand']],
  ['lod/xtreme3d__TRINITYrage.lod', 40, ['TRINITYrage', 'walk', 'run', 'jump', 'long_jump']],
];
const LINKED_LODS: [file: string, levels: number][] = [
  ['o3d/Part_femaleUpper.o3d', 3],
  ['o3d/Obj_DuDkCoPrRock01.o3d', 3],
  ['o3d/mvr_ClockWork.o3d', 3],
];
/** Models the tests after the first read again: their validator report and document are kept from it. */
const REREAD = new Set([...SKINNED.map(([file]) => file), ...LINKED_LODS.map(([file]) => file), 'ms3d/cubby__Human.ms3d', 'ase/assimp__CameraRollAnim.ase', 'ms3d/assimp__jeep1.ms3d']);
const kept = new Map<string, Promise<{ report: Awaited<ReturnType<typeof validateGltf>>; doc: Document }>>();

/** The model's .glb validated and read back by glTF-Transform once (the documents are read only). */
function readBack(entry: CorpusEntry) {
  let read = kept.get(entry.path);
  if (!read) {
    read = corpusGlb(entry).then(async (glb) => ({ report: await validateGltf(glb), doc: await io.readBinary(glb) }));
    if (REREAD.has(all.find(([, e]) => e === entry)![0])) kept.set(entry.path, read);
  }
  return read;
}

describe('every corpus model converts to a .glb the Khronos validator accepts, and the .glb read back by glTF-Transform matches the scene', () => {
  it('finds the corpus', () => {
    if (all.length) expect(all.length).toBeGreaterThanOrEqual(95);
  });

  // One test per model for both checks: the model is parsed and its .glb read by glTF-Transform once
  // (as two tests, each parsed it and read the .glb again).
  it.each(all)('%s', async (_name, entry) => {
    const { scene, warnings: exportWarnings } = await convert(entry);
    expect(validateScene(scene)).toEqual([]);
    const { report, doc } = await readBack(entry);
    expect(report.errors, describeIssues(report.errors)).toEqual([]);
    // No warnings either, but the one glTF gives for a skinned mesh under a transformed parent
    // (the scene model, like glTF, ignores that transform for skinned meshes).
    const warnings = report.warnings.filter((w) => w.code !== 'NODE_SKINNED_MESH_NON_ROOT');
    expect(warnings, describeIssues(warnings)).toEqual([]);
    // Reload: nothing the scene holds is lost on the way.
    const root = doc.getRoot();
    expect(root.listAnimations().length).toBe(scene.animations.filter((a) => a.channels.length).length);
    expect(root.listSkins().length).toBe(scene.skins.filter((s) => s.joints.length).length);
    expect(root.listCameras().length).toBe(scene.cameras.length);
    expect(root.listNodes().length).toBeGreaterThanOrEqual(scene.nodes.length);
    for (const [i, clip] of root.listAnimations().entries()) expect(clip.getName()).toBe(scene.animations[i].name);
    expectRoundTrip(scene, doc, exportWarnings);
  });
});

describe('skinned and animated files keep their skeletons and clips', () => {
  it.each(SKINNED)('%s: %i joints', async (file, joints, clips) => {
    if (!all.length) return;
    const { doc } = await readBack(byFile(file));
    const skins = doc.getRoot().listSkins();
    expect(skins.length).toBeGreaterThanOrEqual(1);
    expect(Math.max(...skins.map((s) => s.listJoints().length))).toBe(joints);
    const names = doc.getRoot().listAnimations().map((a) => a.getName());
    if (typeof clips === 'number') expect(names).toHaveLength(clips);
    else expect(names).toEqual(clips);
    for (const clip of doc.getRoot().listAnimations()) expect(clip.listChannels().length).toBeGreaterThan(0);
  });

  it('cubby__Human.ms3d (animation only, 25 joints, no geometry) keeps its joints and clip', async () => {
    if (!all.length) return;
    const { doc } = await readBack(byFile('ms3d/cubby__Human.ms3d'));
    expect(doc.getRoot().listMeshes()).toHaveLength(0);
    const animated = new Set(doc.getRoot().listAnimations().flatMap((a) => a.listChannels().map((c) => c.getTargetNode())));
    expect(animated.size).toBe(25);
  });
});

describe('textures, cameras and LODs from real files', () => {
  it('assimp__jeep1.ms3d embeds its 512×512 JPEG found through the resolver', async () => {
    if (!all.length) return;
    const { report } = await readBack(byFile('ms3d/assimp__jeep1.ms3d'));
    const resources = (report.info?.resources ?? []) as { mimeType?: string; image?: { width: number; height: number } }[];
    const images = resources.filter((r) => r.image);
    expect(images).toHaveLength(1);
    expect(images[0].mimeType).toBe('image/jpeg');
    expect(images[0].image).toMatchObject({ width: 512, height: 512 });
  });

  it('assimp__CameraRollAnim.ase keeps its camera and its animation', async () => {
    if (!all.length) return;
    const { doc } = await readBack(byFile('ase/assimp__CameraRollAnim.ase'));
    expect(doc.getRoot().listCameras()).toHaveLength(1);
    expect(doc.getRoot().listAnimations().length).toBeGreaterThanOrEqual(1);
  });

  it.each(LINKED_LODS)('%s: %i LOD groups are linked with MSFT_lod', async (file, levels) => {
    if (!all.length) return;
    const { doc } = await readBack(byFile(file));
    const hosts = doc.getRoot().listNodes().filter((n) => n.getExtension('MSFT_lod'));
    expect(hosts.length).toBeGreaterThanOrEqual(1);
    for (const host of hosts) expect(host.getExtension<Lod>('MSFT_lod')!.listLods()).toHaveLength(levels - 1);
  });

  it('Obj_DuDkCoPrRock01.o3d with { lod } draws 80 / 55 / 40 triangles per level (spec §5.7)', async () => {
    if (!all.length) return;
    const scene = await loadCorpusScene(byFile('o3d/Obj_DuDkCoPrRock01.o3d'));
    const triangles: number[] = [];
    for (const lod of [0, 1, 2]) {
      const doc = await io.readBinary(await toGlb(scene, { lod }));
      let count = 0;
      for (const node of doc.getRoot().listNodes()) {
        for (const prim of node.getMesh()?.listPrimitives() ?? []) count += (prim.getIndices()?.getCount() ?? prim.getAttribute('POSITION')!.getCount()) / 3;
      }
      triangles.push(count);
    }
    expect(triangles).toEqual([80, 55, 40]);
  });

  it.each(['o3d/Part_femaleUpper.o3d', 'o3d/Obj_DuDkCoPrRock01.o3d', 'o3d/mvr_ClockWork.o3d'])(
    '%s with { lod: 0 | 1 | 2 } draws the box computeBounds gives for that level',
    async (file) => {
      if (!all.length) return;
      const scene = await loadCorpusScene(byFile(file));
      for (const lod of [0, 1, 2]) {
        const glb = await toGlb(scene, { lod });
        expect((await validateGltf(glb)).errors).toEqual([]);
        const expected = computeBounds(scene, { lod });
        expectSameBox(gltfBounds(await io.readBinary(glb)), expected, `lod ${lod}`);
      }
    },
  );
});

/** `a` and `b` agree within 1e-4 of the box's diagonal (relative, as float32 data allows). */
function expectSameBox(a: { min: number[]; max: number[] }, b: { min: number[]; max: number[] }, what: string) {
  const diagonal = Math.hypot(...b.max.map((v, i) => v - b.min[i]));
  const tolerance = 1e-4 * Math.max(diagonal, 1e-6);
  for (let i = 0; i < 3; i++) {
    expect(Math.abs(a.min[i] - b.min[i]), `${what}: min[${i}] ${a.min[i]} vs ${b.min[i]}`).toBeLessThanOrEqual(tolerance);
    expect(Math.abs(a.max[i] - b.max[i]), `${what}: max[${i}] ${a.max[i]} vs ${b.max[i]}`).toBeLessThanOrEqual(tolerance);
  }
}

/**
 * The round trip each model's test above checks: the export is faithful, not just valid. The .glb
 * read back by glTF-Transform has the scene's vertices, triangles, joints and clips, and the same
 * world-space box at rest and in the middle of every clip (glTF side: glTF-Transform's node
 * transforms, the spec's sampler and skinning formulas).
 */
function expectRoundTrip(scene: Scene, doc: Document, warnings: Warning[]) {
  const root = doc.getRoot();
  const nodes = root.listNodes();
  const codes = new Set(warnings.map((w) => w.code));
  for (const dropped of ['GLTF_CHANNEL_SKIPPED', 'GLTF_ANIMATION_EMPTY', 'GLTF_PRIMITIVE_EMPTY', 'GLTF_SKIN_MISSING', 'GLTF_SKIN_UNUSED', 'GLTF_MATRIX_NOT_TRS']) {
    expect(codes.has(dropped), `exporter warning ${dropped}`).toBe(false);
  }

  // Nodes keep their order; each draws the scene's vertex and triangle counts.
  let sceneVertices = 0, sceneTriangles = 0, gltfVertices = 0, gltfTriangles = 0;
  scene.nodes.forEach((node, i) => {
    expect(nodes[i].getName()).toBe(node.name || `node_${i}`);
    if (node.mesh === undefined) return;
    for (const prim of scene.meshes[node.mesh].primitives) {
      const count = prim.attributes.POSITION.length / 3;
      sceneVertices += count;
      if ((prim.mode ?? 'TRIANGLES') === 'TRIANGLES') sceneTriangles += (prim.indices?.length ?? count) / 3;
    }
    for (const prim of nodes[i].getMesh()?.listPrimitives() ?? []) {
      const count = prim.getAttribute('POSITION')!.getCount();
      gltfVertices += count;
      if (prim.getMode() === 4) gltfTriangles += (prim.getIndices()?.getCount() ?? count) / 3;
    }
  });
  expect(gltfVertices).toBe(sceneVertices);
  expect(gltfTriangles).toBe(sceneTriangles);

  // Skins: the same joint nodes and inverse bind matrices.
  const skins = root.listSkins();
  expect(skins).toHaveLength(scene.skins.length);
  scene.skins.forEach((skin, s) => {
    expect(skins[s].listJoints().map((j) => nodes.indexOf(j))).toEqual(skin.joints);
    // The skeleton root the scene names (a common ancestor of the joints) is kept.
    if (skin.skeleton !== undefined) expect(nodes.indexOf(skins[s].getSkeleton()!)).toBe(skin.skeleton);
    const ibm = skins[s].getInverseBindMatrices()!.getArray()!;
    for (let k = 0; k < skin.inverseBindMatrices.length; k++) {
      if (k % 4 !== 3) expect(Math.abs(ibm[k] - skin.inverseBindMatrices[k])).toBeLessThan(1e-5 * Math.max(1, Math.abs(skin.inverseBindMatrices[k])));
    }
  });

  // Colliders travel in the scene extras, pointing at the same nodes.
  const colliders = ((root.getDefaultScene()?.getExtras() ?? root.getExtras()) as { colliders?: { node?: number; shape: { type: string } }[] }).colliders ?? [];
  expect(colliders.map((c) => [c.shape.type, c.node ?? -1])).toEqual(scene.colliders.map((c) => [c.shape.type, c.node ?? -1]));

  // World-space box at rest.
  const rest = computeBounds(scene);
  if (rest.min[0] <= rest.max[0]) expectSameBox(gltfBounds(doc), rest, 'rest pose');

  // Clips: names, channels, last key time, and the posed box at 0.37 of each clip.
  const clips = scene.animations.filter((a) => a.channels.length);
  const animations = root.listAnimations();
  expect(animations.map((a) => a.getName())).toEqual(clips.map((c) => c.name));
  clips.forEach((clip, c) => {
    const animation = animations[c];
    expect(animation.listChannels()).toHaveLength(clip.channels.length);
    const sceneLast = Math.max(...clip.channels.map((ch) => ch.times[ch.times.length - 1]));
    const gltfLast = Math.max(...animation.listSamplers().map((s) => s.getInput()!.getMax([])[0]));
    expect(gltfLast).toBeCloseTo(sceneLast, 5);
    const duration = (animation.getExtras() as { duration?: number }).duration ?? gltfLast;
    expect(duration).toBeCloseTo(clip.duration, 5);
    if (rest.min[0] <= rest.max[0]) {
      const time = 0.37 * sceneLast;
      expectSameBox(gltfBounds(doc, animation, time), computeBounds(scene, { animation: clip, time }), `clip '${clip.name}' at ${time} s`);
    }
  });
}

describe('round trip of real data through the less common glTF paths', () => {
  it.each(['ms3d/glscene__Woman4.ms3d', 'ms3d/hiero__TBone.ms3d'])(
    "%s with positionInterpolation 'hermite': CUBICSPLINE translations pose like the scene at uneven times",
    async (file) => {
      if (!all.length) return;
      const entry = byFile(file);
      const scene = await ms3dFormat.parse(readCorpusFile(entry), { fileName: entry.file, positionInterpolation: 'hermite' } as Parameters<typeof ms3dFormat.parse>[1]);
      expect(validateScene(scene)).toEqual([]);
      const glb = await toGlb(scene);
      expect((await validateGltf(glb)).errors).toEqual([]);
      const doc = await io.readBinary(glb);
      const animation = doc.getRoot().listAnimations()[0];
      const cubic = animation.listChannels().filter((c) => c.getSampler()!.getInterpolation() === 'CUBICSPLINE');
      expect(cubic.length).toBeGreaterThan(0);
      expect(cubic.every((c) => c.getTargetPath() === 'translation')).toBe(true);
      const clip = scene.animations[0];
      const last = Math.max(...clip.channels.map((ch) => ch.times[ch.times.length - 1]));
      for (const f of [0.13, 0.41, 0.77]) {
        const time = f * last;
        expectSameBox(gltfBounds(doc, animation, time), computeBounds(scene, { animation: 0, time }), `${file} at ${time} s`);
      }
    },
  );

  it('assimp__UVTransform_…_Rotate-72 writes its UVW block as KHR_texture_transform on the base colour', async () => {
    if (!all.length) return;
    const entry = byFile('ase/assimp__UVTransform_ScaleUV1-2_OffsetUV0-0.9_Rotate-72_mirrorU.ase');
    // Independent read of the file: the five *UVW_* fields of the diffuse map.
    const text = new TextDecoder('latin1').decode(readCorpusFile(entry));
    const field = (name: string) => Number(new RegExp(`\\*UVW_${name}\\s+(-?[\\d.]+)`).exec(text)![1]);
    const [uOffset, vOffset, uTiling, vTiling, angle] = ['U_OFFSET', 'V_OFFSET', 'U_TILING', 'V_TILING', 'ANGLE'].map(field);
    expect([uOffset, vOffset, uTiling, vTiling, angle]).toEqual([0, 0.9, 1, 2, -1.2566]);
    const scene = await loadCorpusScene(entry);
    // The texture itself is not in the corpus: hand the exporter a stand-in PNG so the slot is written.
    const glb = await toGlb(scene, { resolve: (name) => (/\.png$/i.test(name) ? makePng() : undefined) });
    expect((await validateGltf(glb)).errors).toEqual([]);
    const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + new DataView(glb.buffer, glb.byteOffset).getUint32(12, true))));
    expect(json.extensionsUsed).toContain('KHR_texture_transform');
    const transform = json.materials[0].pbrMetallicRoughness.baseColorTexture.extensions.KHR_texture_transform;
    expect(transform.scale).toEqual([uTiling, vTiling]);
    expect(Math.abs(transform.rotation)).toBeCloseTo(Math.abs(angle), 4);
    expect(Math.abs(transform.offset[0])).toBeCloseTo(uOffset, 6);
    expect(Math.abs(transform.offset[1])).toBeCloseTo(vOffset, 6);
  });
});
