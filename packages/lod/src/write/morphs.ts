// Morph targets → MMD1 frames and MAN1 collections (docs/formats/lod.md §6; unverified, no public reader).
import type { LodMorphCollection, LodMorphCollections } from '../file.js';
import { MORPH_COLLECTION_WITH_GAP_SIZE } from '../read/layout.js';
import type { LodWriter } from './chunks.js';
import { record, type WriteContext } from './context.js';
import type { FileMesh } from './weld.js';

/** One MMD1 record: a mesh (MSL1 index) and its frames. */
interface MorphRecord {
  meshIndex: number;
  mesh: FileMesh;
  collectionName: string;
}

/** Axis-aligned box, centre and radius of one frame (the per-frame collider of MAN1). */
function frameCollider(frame: Float32Array): number[] {
  const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < frame.length; i++) {
    min[i % 3] = Math.min(min[i % 3], frame[i]);
    max[i % 3] = Math.max(max[i % 3], frame[i]);
  }
  if (!frame.length) return new Array(10).fill(0);
  const centre = [0, 1, 2].map((c) => (min[c] + max[c]) / 2);
  return [...min, ...max, ...centre, Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]) / 2];
}

/**
 * A collection per morphed mesh: the clips that play its targets one after another (weights keys
 * one-hot on targets first, first + 1, … at an even whole-millisecond step) become its animations.
 * Other weight animation cannot be written: frames are played in order, not blended.
 */
function collectionFor(ctx: WriteContext, node: number, mesh: FileMesh): LodMorphCollection {
  const animations: LodMorphCollection['animations'] = [];
  let first = 0;
  const skipped: string[] = [];
  for (const clip of ctx.scene.animations) {
    const channel = clip.channels.find((c) => c.node === node && c.path === 'weights');
    if (!channel) continue;
    const n = channel.times.length;
    const k = mesh.morphTargets;
    const step = n > 1 ? channel.times[1] - channel.times[0] : 0.1;
    const ms = Math.round(step * 1000);
    const fits =
      channel.interpolation !== 'CUBICSPLINE' &&
      channel.values.length === n * k &&
      first + n <= k &&
      ms >= 1 &&
      Array.from(channel.times).every((t, i) => Math.abs(t - i * step) < 1e-4) &&
      Array.from({ length: n }, (_, i) => Array.from(channel.values.subarray(i * k, i * k + k)).every((v, j) => v === (j === first + i ? 1 : 0))).every(Boolean);
    if (!fits) {
      skipped.push(clip.name);
      continue;
    }
    animations.push({ name: clip.name, mode: 2, interval: ms, frameCount: n });
    first += n;
  }
  if (skipped.length) ctx.sink.warn('LOD_WRITE_MORPH_ANIMATION', `MAN1 plays morph frames one after another; the weights of mesh "${mesh.name}" in ${skipped.join(', ')} blend targets otherwise and are not written`);
  const frames = animations.reduce((s, a) => s + a.frameCount, 0);
  const size = mesh.positions.length;
  const colliders = new Float32Array(frames * 10);
  // Animations play targets 0, 1, … in order, so collection frame f is target f.
  for (let f = 0; f < frames; f++) colliders.set(frameCollider(mesh.morphFrames!.subarray(f * size, (f + 1) * size)), f * 10);
  return { name: mesh.name, colliderName: '', boneCount: 0, animCount: animations.length, parentId: -1, parentBone: 0, proxyId: -1, bones: [], animations, matrices: new Float32Array(0), colliders };
}

function writeCollections(w: LodWriter, c: LodMorphCollections): void {
  const all = c.collections;
  w.begin('MAN1', all.length).i32(c.morphCollType);
  const names = all.map((x) => ({
    name: w.text(x.name, 'morph collection name'),
    collider: w.text(x.colliderName, 'morph collider name'),
    bones: x.bones.map((b) => w.text(b.name, 'morph bone name')),
    anims: x.animations.map((a) => w.text(a.name, 'morph animation name')),
  }));
  all.forEach((x, i) => {
    w.i32(names[i].name.length).i32(names[i].collider.length).i32(x.bones.length).i32(x.animations.length);
    if (c.recordSize === MORPH_COLLECTION_WITH_GAP_SIZE) w.i32(x.gap ?? 0);
    w.i32(x.parentId).i32(x.parentBone).i32(x.proxyId);
  });
  all.forEach((x, i) => x.bones.forEach((b, k) => w.i32(names[i].bones[k].length).i32(b.parentId)));
  all.forEach((x, i) => x.animations.forEach((a, k) => w.i32(names[i].anims[k].length).u8(a.mode).i32(a.interval).i32(a.frameCount)));
  names.forEach((n) => {
    w.bytes(n.name).bytes(n.collider);
    n.bones.forEach((b) => w.bytes(b));
    n.anims.forEach((a) => w.bytes(a));
  });
  for (const x of all) w.floats(Float32Array.from(x.matrices));
  for (const x of all) w.floats(Float32Array.from(x.colliders));
  w.end();
}

function writeFrames(w: LodWriter, records: MorphRecord[], morphCollType: number): void {
  w.begin('MMD1', records.length).i32(morphCollType);
  const names = records.map((r) => [w.text(r.mesh.name, 'mesh name'), w.text(r.collectionName, 'morph collection name')]);
  records.forEach((r, i) => w.i32(r.mesh.morphTargets).i32(r.mesh.positions.length / 3).i32(r.meshIndex).i32(names[i][0].length).i32(names[i][1].length));
  names.forEach(([a, b]) => w.bytes(a).bytes(b));
  w.i32(records.reduce((s, r) => s + r.mesh.morphTargets * (r.mesh.positions.length / 3), 0));
  for (const r of records) w.floats(r.mesh.morphFrames!);
  w.end();
}

/**
 * `MAN1` + `MMD1` for the meshes with morph targets: one MMD1 frame per target (absolute
 * positions). A scene read from a .lod gets its MAN1 collections back from `extras`. Returns the
 * number of chunks written.
 */
export function writeMorphs(w: LodWriter, ctx: WriteContext, meshes: FileMesh[], nodes: number[]): number {
  const stored = record(ctx.scene.extras.morphCollections) as LodMorphCollections | undefined;
  const storedFrames = record(ctx.scene.extras.morphFrames);
  const storedMeshes = Array.isArray(storedFrames?.meshes) ? (storedFrames.meshes as { meshName?: unknown; collectionName?: unknown }[]) : [];
  const records: MorphRecord[] = [];
  const generated: LodMorphCollection[] = [];
  meshes.forEach((mesh, meshIndex) => {
    if (!mesh.morphTargets || !mesh.morphFrames) return;
    const known = storedMeshes.find((m) => m.meshName === mesh.name);
    if (stored?.collections && known && typeof known.collectionName === 'string') return void records.push({ meshIndex, mesh, collectionName: known.collectionName });
    const collection = collectionFor(ctx, nodes[meshIndex], mesh);
    generated.push(collection);
    records.push({ meshIndex, mesh, collectionName: collection.name });
  });
  if (!records.length) return 0;
  ctx.sink.warn('LOD_WRITE_MORPHS', `${records.length} mesh(es) with morph targets written as MAN1/MMD1 frames (LODka 3D's morph animation; GLScene does not read it); readers name the clips collection/animation`);
  const collections: LodMorphCollections = stored?.collections
    ? { morphCollType: stored.morphCollType ?? 0, recordSize: stored.recordSize, collections: [...stored.collections, ...generated] }
    : { morphCollType: 0, recordSize: 28, collections: generated };
  writeCollections(w, collections);
  writeFrames(w, records, typeof storedFrames?.morphCollType === 'number' ? storedFrames.morphCollType : 0);
  return 2;
}
