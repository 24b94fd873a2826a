// Reading optimised .glb files back for the tests, independently of src/optimize: a NodeIO with
// every glTF-Transform extension and the decoders taken from their packages here.
import { NodeIO, type Document } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import draco3d from 'draco3dgltf';
import { MeshoptDecoder } from 'meshoptimizer/decoder';
import type { CorpusEntry } from '@relic3d/test-harness';
import { corpusGlb } from '../corpus-scenes.js';
import { gltfBounds } from '../gltf-bounds.js';
import { MSFTLod, optimizeGlb } from '../../src/index.js';
import { validateGltf } from '../validate.js';

let reader: Promise<NodeIO> | undefined;

/** A reader for anything the optimiser writes (meshopt, Draco, quantized, instanced). */
export function readerIO(): Promise<NodeIO> {
  reader ??= (async () => {
    await MeshoptDecoder.ready;
    return new NodeIO()
      .registerExtensions([...ALL_EXTENSIONS, MSFTLod])
      .registerDependencies({ 'meshopt.decoder': MeshoptDecoder, 'draco3d.decoder': await draco3d.createDecoderModule() });
  })();
  return reader;
}

export const readGlb = async (glb: Uint8Array): Promise<Document> => (await readerIO()).readBinary(glb);

/** What an optimisation must keep: drawn triangles, joints, clips and their lengths, bounds at rest and posed. */
export interface GlbFacts {
  triangles: number;
  joints: string[];
  clips: { name: string; seconds: number }[];
  rest: { min: number[]; max: number[] };
  /** Bounds at half of each clip. */
  posed: { min: number[]; max: number[] }[];
}

/** Triangles drawn: each node's mesh (LOD levels included), times its GPU instances. */
export function drawnTriangles(doc: Document): number {
  let triangles = 0;
  for (const node of doc.getRoot().listNodes()) {
    const mesh = node.getMesh();
    if (!mesh) continue;
    const instances = (node.getExtension('EXT_mesh_gpu_instancing') as { listAttributes(): { getCount(): number }[] } | null)?.listAttributes()[0]?.getCount() ?? 1;
    for (const prim of mesh.listPrimitives()) {
      if (prim.getMode() !== 4) continue;
      triangles += instances * Math.floor((prim.getIndices()?.getCount() ?? prim.getAttribute('POSITION')!.getCount()) / 3);
    }
  }
  return triangles;
}

/**
 * Animation outputs as floats: meshopt stores rotations as normalized integers, and gltfBounds
 * samples the raw arrays.
 */
function floatAnimationOutputs(doc: Document): void {
  for (const sampler of doc.getRoot().listAnimations().flatMap((a) => a.listSamplers())) {
    const output = sampler.getOutput();
    if (!output?.getNormalized()) continue;
    const size = output.getElementSize();
    const floats = new Float32Array(output.getCount() * size);
    const element: number[] = [];
    for (let i = 0; i < output.getCount(); i++) floats.set(output.getElement(i, element), i * size);
    output.setArray(floats).setNormalized(false);
  }
}

export function glbFacts(doc: Document): GlbFacts {
  floatAnimationOutputs(doc);
  const root = doc.getRoot();
  const joints = [...new Set(root.listSkins().flatMap((s) => s.listJoints().map((j) => j.getName())))].sort();
  const clips = root.listAnimations().map((a) => ({ name: a.getName(), seconds: Math.max(0, ...a.listSamplers().map((s) => s.getInput()?.getMax([])[0] ?? 0)) }));
  return {
    triangles: drawnTriangles(doc),
    joints,
    clips,
    rest: gltfBounds(doc),
    posed: root.listAnimations().map((a, i) => gltfBounds(doc, a, clips[i].seconds / 2)),
  };
}

/** Largest difference between two boxes, over the larger box's diagonal (0 for two empty boxes). */
export function boundsError(a: { min: number[]; max: number[] }, b: { min: number[]; max: number[] }): number {
  if (!Number.isFinite(a.min[0]) && !Number.isFinite(b.min[0])) return 0;
  const diagonal = Math.max(1e-6, ...[a, b].map((box) => Math.hypot(...box.max.map((v, i) => v - box.min[i]))));
  let worst = 0;
  for (let i = 0; i < 3; i++) worst = Math.max(worst, Math.abs(a.min[i] - b.min[i]), Math.abs(a.max[i] - b.max[i]));
  return worst / diagonal;
}

/** A corpus model as our plain .glb (converted once per process, corpus-scenes.ts). */
export const plainGlb = (entry: CorpusEntry): Promise<Uint8Array> => corpusGlb(entry);

/** The generator string in a .glb's JSON chunk. */
export function generatorOf(glb: Uint8Array): string | undefined {
  const length = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length))) as { asset?: { generator?: string } };
  return json.asset?.generator;
}

/** extensionsUsed of a .glb. */
export function extensionsOf(glb: Uint8Array): string[] {
  const length = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length))) as { extensionsUsed?: string[] };
  return (json.extensionsUsed ?? []).slice().sort();
}

/** The models presets.test.ts reads (and optimize/corpus.test.ts, with every other). */
export const PRESET_MODELS = [
  'ms3d/assimp__Wuson.ms3d',
  'ms3d/assimp__jeep1.ms3d',
  'ms3d/glscene__Woman4.ms3d',
  'ase/assimp__MotionCaptureROM.ase',
  'o3d/mvr_AiBatt.o3d',
  'o3d/Part_femaleUpper.o3d',
  'mdl/circuitchaos__genericcharacter_v300.mdl',
  'lod/xtreme3d__TRINITYrage.lod',
];
const shared = new Set(PRESET_MODELS.map((file) => file.split('/')[1]));

/**
 * A memo by corpus path, kept for the models both suites read (one module graph: isolate: false, one
 * worker); the others' outputs are not kept, so the heap does not grow by the corpus.
 */
function memo<T>(make: (entry: CorpusEntry) => Promise<T>): (entry: CorpusEntry) => Promise<T> {
  const made = new Map<string, Promise<T>>();
  return (entry) => {
    let value = made.get(entry.path);
    if (!value) {
      value = make(entry);
      if (shared.has(entry.file)) made.set(entry.path, value);
    }
    return value;
  };
}

/** `make`'s promise, made on the first call. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

/**
 * The model's plain .glb and its default optimisation with the warnings, the validator's report on it and
 * its facts (each made on first use), once per process for the models both suites read (they optimised
 * Wuson, jeep1, genericcharacter and AiBatt alike); `optimized` is `plain` when kept. Read only.
 */
export const defaultOptimized = memo(async (entry) => {
  const plain = await plainGlb(entry);
  const warnings: string[] = [];
  const optimized = await optimizeGlb(plain, { onWarning: (w) => warnings.push(w.code) });
  return { plain, optimized, warnings, report: once(() => validateGltf(optimized)), facts: once(async () => glbFacts(await readGlb(optimized))) };
});

/** glbFacts of the plain .glb, once per model. */
export const plainFacts = memo(async (entry) => glbFacts(await readGlb(await plainGlb(entry))));
