// Bone locals (position + rotation, GLScene bones have no scale) at the rest pose and at any clip time.
import { ChannelCursor, math, sampleChannel, type AnimationClip, type Scene } from '@relic3d/core';
import { localOf, rigidOf, type Rig, type Rigid } from './rig.js';

const near = (v: number, to: number) => Math.abs(v - to) <= 1e-6 * Math.max(1, Math.abs(to));

/**
 * Samples bone locals. A bone whose scene parent is its parent bone (or a root bone at the scene
 * root), on a path without matrices or scale, takes its local TRS straight from the node and its
 * channels: no matrix round trip, so a scene read from a .lod gets its own keys back. Any other
 * bone is placed by the rigid part of its world matrix relative to its parent bone's.
 */
export class BoneSampler {
  private readonly direct: boolean[];
  private readonly restT: Float64Array;
  private readonly restR: Float64Array;
  private readonly restS: Float64Array;
  private readonly restScale: number[][];
  private readonly tmp = new Float32Array(4);
  private readonly channelsByClip = new Map<AnimationClip, { bone: number; translation: boolean; cursor: ChannelCursor }[]>();
  /** Every bone's rest local (direct path): its arrays are shared by the frames' locals, never written. */
  private restLocals?: Rigid[];
  readonly anyIndirect: boolean;

  constructor(
    private readonly scene: Scene,
    private readonly rig: Rig,
  ) {
    const n = scene.nodes.length;
    this.restT = new Float64Array(n * 3);
    this.restR = new Float64Array(n * 4);
    this.restS = new Float64Array(n * 3);
    const scaled = new Set<number>();
    for (const clip of scene.animations) for (const c of clip.channels) if (c.path === 'scale') scaled.add(c.node);
    const plain = scene.nodes.map((node, i) => {
      const d = node.matrix ? math.decompose(node.matrix) : undefined;
      this.restT.set(d?.translation ?? node.translation ?? [0, 0, 0], i * 3);
      this.restR.set(d?.rotation ?? node.rotation ?? [0, 0, 0, 1], i * 4);
      this.restS.set(d?.scale ?? node.scale ?? [1, 1, 1], i * 3);
      return !node.matrix && !scaled.has(i) && (node.scale ?? [1, 1, 1]).every((s) => near(s, 1));
    });
    const plainPath = (node: number) => {
      for (let p = node; p >= 0; p = scene.nodes[p].parent) if (!plain[p]) return false;
      return true;
    };
    this.direct = rig.bones.map((node, b) => {
      const parent = scene.nodes[node].parent;
      const parentBone = rig.parents[b] >= 0 ? rig.bones[rig.parents[b]] : -1;
      return parent === parentBone && plainPath(node);
    });
    this.anyIndirect = this.direct.some((d) => !d);
    this.restScale = rig.bones.map((node) => math.decompose(rig.restWorld.subarray(node * 16, node * 16 + 16)).scale);
  }

  /** Bone locals in the rest pose: the skeleton's bind pose. */
  rest(): Rigid[] {
    return this.rig.bones.map((node, b) => {
      if (this.direct[b]) return this.local(this.restT, this.restR, node);
      const parent = this.rig.parents[b];
      return localOf(parent >= 0 ? this.rig.rest[parent] : undefined, this.rig.rest[b]);
    });
  }

  private local(t: Float64Array, r: Float64Array, node: number): Rigid {
    return { t: [t[node * 3], t[node * 3 + 1], t[node * 3 + 2]], q: math.quatNormalize(r.subarray(node * 4, node * 4 + 4)) };
  }

  /**
   * The clip's translation and rotation channels on bones (for the direct path), each with a cursor:
   * frames are sampled in ascending time, so no key is searched twice (a quarter of the writer's
   * time on the bench's skinned file went to `sampleChannel`'s search and allocations).
   */
  private boneChannels(clip: AnimationClip): { bone: number; translation: boolean; cursor: ChannelCursor }[] {
    let list = this.channelsByClip.get(clip);
    if (!list) {
      list = [];
      for (const c of clip.channels) {
        const bone = this.rig.boneOf.get(c.node);
        if (bone !== undefined && c.times.length && (c.path === 'translation' || c.path === 'rotation')) {
          list.push({ bone, translation: c.path === 'translation', cursor: new ChannelCursor(c, c.path === 'translation' ? 3 : 4) });
        }
      }
      this.channelsByClip.set(clip, list);
    }
    return list;
  }

  /** The direct path's rest locals, flat: translation xyz and rotation xyzw per bone. */
  private restFlat?: { t: Float64Array; q: Float64Array };

  /** Every bone's rest local on the direct path, flat (shared: never written). */
  directRest(): { t: Float64Array; q: Float64Array } {
    if (!this.restFlat) {
      this.restLocals ??= this.rig.bones.map((node) => this.local(this.restT, this.restR, node));
      this.restFlat = flatLocals(this.restLocals);
    }
    return this.restFlat;
  }

  /**
   * Per bone, the cursor of the clip's channel that sets its translation and its rotation on the
   * direct path (`!anyIndirect`): the last in the clip, as each channel overrides the ones before;
   * undefined where the bone keeps its rest. Bones are then independent, so a clip is sampled bone
   * by bone (animation.ts).
   */
  directTracks(clip: AnimationClip): { t: (ChannelCursor | undefined)[]; q: (ChannelCursor | undefined)[] } {
    const bones = this.rig.bones.length;
    const t = new Array<ChannelCursor | undefined>(bones).fill(undefined), q = new Array<ChannelCursor | undefined>(bones).fill(undefined);
    for (const { bone, translation, cursor } of this.boneChannels(clip)) (translation ? t : q)[bone] = cursor;
    return { t, q };
  }

  /** Bone locals at `time` of `clip`, and whether some bone's world scale left its rest value. */
  at(clip: AnimationClip, time: number): { locals: Rigid[]; scaleChanged: boolean } {
    if (!this.anyIndirect) {
      // Every bone direct: its rest TRS, overridden by its own channels; no other node matters.
      this.restLocals ??= this.rig.bones.map((node) => this.local(this.restT, this.restR, node));
      const locals = this.restLocals.map((rest) => ({ t: rest.t, q: rest.q }));
      const v = this.tmp;
      for (const { bone, translation, cursor } of this.boneChannels(clip)) {
        const local = locals[bone];
        cursor.sample(time, v);
        if (translation) local.t = [v[0], v[1], v[2]];
        else local.q = math.quatNormalize(v);
      }
      return { locals, scaleChanged: false };
    }
    const { scene, rig } = this;
    const t = this.restT.slice(), r = this.restR.slice(), s = this.restS.slice();
    const driven = new Set<number>();
    for (const c of clip.channels) {
      if (c.path === 'weights' || !scene.nodes[c.node] || !c.times.length) continue;
      driven.add(c.node);
      const size = c.path === 'rotation' ? 4 : 3;
      const target = c.path === 'translation' ? t : c.path === 'rotation' ? r : s;
      target.set(sampleChannel(c, time, this.tmp.subarray(0, size)), c.node * size);
    }
    let world: Float32Array | undefined;
    if (this.anyIndirect) world = this.worlds(t, r, s, driven);
    const rigid = world ? rig.bones.map((node) => rigidOf(world!.subarray(node * 16, node * 16 + 16))) : undefined;
    let scaleChanged = false;
    const locals = rig.bones.map((node, b) => {
      if (this.direct[b]) return this.local(t, r, node);
      const scale = math.decompose(world!.subarray(node * 16, node * 16 + 16)).scale;
      scaleChanged ||= scale.some((v, k) => Math.abs(v - this.restScale[b][k]) > 1e-3 * Math.max(1, Math.abs(this.restScale[b][k])));
      return localOf(rig.parents[b] >= 0 ? rigid![rig.parents[b]] : undefined, rigid![b]);
    });
    return { locals, scaleChanged };
  }

  /** World matrices from sampled TRS; a node without channels keeps its own matrix. */
  private worlds(t: Float64Array, r: Float64Array, s: Float64Array, driven: Set<number>): Float32Array {
    const { scene } = this;
    const world = new Float32Array(scene.nodes.length * 16);
    const local = new Float32Array(16);
    const visit = (i: number) => {
      const node = scene.nodes[i];
      if (node.matrix && !driven.has(i)) local.set(node.matrix);
      else math.fromTRS(t.subarray(i * 3, i * 3 + 3), r.subarray(i * 4, i * 4 + 4), s.subarray(i * 3, i * 3 + 3), local);
      const out = world.subarray(i * 16, i * 16 + 16);
      if (node.parent >= 0) math.multiply(world.subarray(node.parent * 16, node.parent * 16 + 16), local, out);
      else out.set(local);
    };
    for (const i of this.rig.order) visit(i);
    return world;
  }
}

/** Rigid locals as flat translations (xyz) and rotations (xyzw). */
export function flatLocals(locals: Rigid[]): { t: Float64Array; q: Float64Array } {
  const t = new Float64Array(locals.length * 3), q = new Float64Array(locals.length * 4);
  locals.forEach((l, b) => (t.set(l.t, b * 3), q.set(l.q, b * 4)));
  return { t, q };
}
