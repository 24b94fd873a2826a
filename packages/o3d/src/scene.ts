/**
 * Raw structures → core Scene. The Direct3D → glTF conversion happens here (see convert.ts).
 */
import {
  addNode,
  clamp01,
  isTRS,
  zeroNonFinite,
  splitAffine,
  createScene,
  linearColor,
  linearRgb,
  math,
  type AnimationChannel,
  type AnimationClip,
  type Collider,
  type Material,
  type Node,
  type Primitive,
  type Quat,
  type Scene,
  type Vec3,
  type WarningSink,
} from '@relic3d/core';
import { packSkinWeights, unpackO3dWeights, type PackedSkin, type UnpackedSkin } from '@relic3d/kernels';
import { convertBox, convertMatrix, convertVec3, mirrorZInPlace } from './convert.js';
import {
  UNIT_TOLERANCE,
  clientKeyRow,
  d3dxSlerp,
  invert,
  multiply,
  relativeDifference,
  rowMultiply,
  toScene,
} from './pose.js';
import type { AniFile, ChrFile, MotionAttribute, MotionBody, O3dFile, O3dGeometry, O3dMaterial, O3dMaterialBlock, O3dObject } from './types.js';
import { EFFECT, OBJECT_SKIN, PARENT_BONE, PARENT_OBJECT } from './types.js';

/** Updates per second of the client's process loop; frames per second = 60 × perSlerp (spec §5.6). */
export const CLIENT_TICK_HZ = 60;
const SKIN_VERTEX_BYTES = 44;
const IDENTITY = Float32Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);
/** Alpha-test reference of opacity blocks (0xB0). */
export const ALPHA_CUTOFF = 0xb0 / 255;

export interface SceneInput {
  file: O3dFile;
  chr?: ChrFile;
  motions: { name: string; ani: AniFile }[];
  sink: WarningSink;
  kernels?: 'wasm' | 'js';
}

interface Skeleton {
  source: 'embedded' | 'chr';
  names: string[];
  /** Parent bones as the skeleton stores them (a parent that does not precede its bone is -1). */
  parents: number[];
  /** Converted world matrices of the rest pose. */
  worlds: Float32Array[];
  /** Converted inverse bind matrices. */
  inverses: Float32Array[];
  /** Joint node per bone. */
  nodes: number[];
  /** Shear node above a joint whose rest pose or some clip's local matrix is not TRS (see pose.ts). */
  shear: (number | undefined)[];
  /** Bones that need a shear node. */
  split: Set<number>;
  /** Skeleton allows global indices (≤ 28 bones, sendVS). */
  sendVS: number;
  /** The `.chr` local TMs as stored (converted); the node transforms derive from the world TMs. */
  localTMs?: Float32Array[];
}

/** What a clip gives one bone. */
type Track =
  /** Unit-quaternion keys under the skeleton's own parent: channels straight from the keys. */
  | { kind: 'keys'; keys: Float32Array }
  /** One constant local matrix (converted). */
  | { kind: 'constant'; matrix: Float32Array }
  /** The client's local matrix at each evaluated frame (scene space), where keys cannot be used as they are. */
  | { kind: 'matrices'; matrices: Float64Array };

interface ClipPlan {
  name: string;
  frameCount: number;
  fps: number;
  perSlerp: number;
  extras: Record<string, unknown>;
  tracks: Track[];
  /** Frames a 'matrices' track holds: every frame when some bone has keys, else one. */
  frames: number;
  /** Bones whose keys have non-unit quaternions, with their raw keys (for the error report). */
  nonUnit: { bone: number; keys: Float32Array; count: number; min: number; max: number }[];
}

/** Frame rates outside this range give key times a float cannot hold apart (or at all). */
const MIN_FPS = 1e-3;
const MAX_FPS = 1e6;

/** Frames per second for a perSlerp value (30 for the usual 0.5). */
export function framesPerSecond(perSlerp: number): number {
  return Number.isFinite(perSlerp) && perSlerp > 0 ? CLIENT_TICK_HZ * perSlerp : CLIENT_TICK_HZ * 0.5;
}

function baseName(name: string): string {
  return name.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');
}

function trs(matrix: Float32Array): Pick<Node, 'translation' | 'rotation' | 'scale'> {
  const d = math.decompose(matrix);
  const out: Pick<Node, 'translation' | 'rotation' | 'scale'> = {};
  if (d.translation.some((v) => v !== 0)) out.translation = d.translation;
  if (!(d.rotation[0] === 0 && d.rotation[1] === 0 && d.rotation[2] === 0 && d.rotation[3] === 1)) out.rotation = d.rotation;
  if (d.scale.some((v) => Math.abs(v - 1) > 1e-6)) out.scale = d.scale;
  return out;
}

function effectNames(effect: number): string[] {
  const names: string[] = [];
  if (effect & EFFECT.REFLECT) names.push('reflect');
  if (effect & EFFECT.OPACITY) names.push('opacity');
  if (effect & EFFECT.TWO_SIDED) names.push('twoSided');
  if (effect & EFFECT.SELF_ILLUMINATE) names.push('selfIlluminate');
  if (effect & EFFECT.SPECULAR) names.push('specular');
  if (effect & EFFECT.BUMP) names.push('bump');
  return names;
}

const rgb = (c: ArrayLike<number>): [number, number, number] => [c[0], c[1], c[2]];

class SceneBuilder {
  readonly scene: Scene;
  private readonly materialKeys = new Map<string, number>();
  private readonly textureKeys = new Map<string, number>();
  private skeleton?: Skeleton;
  private skinIndex = -1;
  private warned = new Set<string>();
  private root = -1;
  /** Copies of skeleton nodes inside LOD levels, per level: original node → copy. */
  private readonly mirrors = new Map<number, Map<number, number>>();
  /** Non-finite values replaced, by what they were. */
  private readonly notFinite = new Map<string, number>();
  /** Motions that do not fit the skeleton: one warning names them all. */
  private readonly skipped: string[] = [];

  constructor(private readonly input: SceneInput) {
    this.scene = createScene('o3d', input.file.version);
  }

  private warnOnce(code: string, message: string): void {
    if (this.warned.has(code)) return;
    this.warned.add(code);
    this.input.sink.warn(code, message);
  }

  build(): Scene {
    const { file } = this.input;
    const scene = this.scene;
    const name = baseName(file.name);
    scene.name = name;
    const fps = this.fps(file.perSlerp, file.frameCount, 'the O3D');
    const box = convertBox(file.bboxMin, file.bboxMax);
    scene.extras = {
      name: file.name,
      id: file.id,
      forces: file.forces.map(convertVec3),
      scrollU: file.scrollU,
      scrollV: file.scrollV,
      bboxMin: box.min,
      bboxMax: box.max,
      perSlerp: file.perSlerp,
      frameCount: file.frameCount,
      fps,
      events: file.events.map(convertVec3),
      lodFlag: file.lodFlag,
      poolSize: file.poolSize,
    };
    if (file.attributes) scene.extras.attributes = attributeExtras(file.attributes);
    if (file.attributeCount !== undefined) scene.extras.attributeCount = file.attributeCount;

    const root = (this.root = addNode(scene, { name }));
    this.skeleton = this.readSkeleton();
    // Clips first: a bone whose local matrix some clip cannot give as TRS gets a shear node.
    const plans: ClipPlan[] = [];
    const embedded = this.skeleton?.source === 'embedded' && file.skeleton?.motion && file.frameCount > 0 ? this.planMotion('embedded', file.skeleton.motion, file.frameCount, file.perSlerp, fps, {}) : undefined;
    for (const motion of this.input.motions) {
      const plan = this.planAni(motion.name, motion.ani);
      if (plan) plans.push(plan);
    }
    this.reportSkipped();
    this.addSkeletonNodes(root);

    const groupNodes = file.groups.map((_, g) => addNode(scene, { name: file.groups.length > 1 ? `${name} LOD${g}` : `${name} objects` }, root));
    if (groupNodes.length > 1) scene.nodes[root].lods = groupNodes.map((node) => ({ node }));

    const tmChannels: AnimationChannel[] = [];
    let nonUnitObjectKeys = 0, worstObjectScale = 0;
    file.groups.forEach((objects, g) => {
      const nodes: number[] = [];
      objects.forEach((object, i) => {
        const node = this.addObject(object, i, g, groupNodes[g], nodes);
        nodes.push(node);
        if (object.tmAnimation) {
          const keys = this.finiteKeys(object.tmAnimation, file.frameCount);
          tmChannels.push(...keyChannels(node, keys, file.frameCount, fps));
          // The keys replace the local TM (L = R · T, no scale): a scaled rest pose animates at 1.
          if (scene.nodes[node].scale) tmChannels.push({ node, path: 'scale', times: new Float32Array([0]), values: Float32Array.of(1, 1, 1), interpolation: 'LINEAR' });
          for (let k = 0; k < file.frameCount * 7; k += 7) {
            const s2 = keys[k] * keys[k] + keys[k + 1] * keys[k + 1] + keys[k + 2] * keys[k + 2] + keys[k + 3] * keys[k + 3];
            if (Math.abs(s2 - 1) > UNIT_TOLERANCE) {
              nonUnitObjectKeys++;
              worstObjectScale = Math.max(worstObjectScale, clientScaleError(keys, k));
            }
          }
        }
      });
    });
    if (nonUnitObjectKeys) {
      this.input.sink.warn(
        'O3D_NON_UNIT_QUATERNION',
        `${nonUnitObjectKeys} object TM keys have non-unit quaternions; the client draws those objects scaled by up to ${percent(worstObjectScale)}, glTF rotations are unit: the objects are drawn unscaled (off by up to ${percent(worstObjectScale)})`,
      );
    }

    if (file.collision) this.addCollider(file.collision, root);

    // The O3D's own clip: embedded bone motion and per-object TM keys share its frame count.
    const embeddedChannels = [...tmChannels];
    if (embedded) embeddedChannels.push(...this.clipChannels(embedded));
    if (embeddedChannels.length && file.frameCount > 0) {
      scene.animations.push(clip('embedded', embeddedChannels, file.frameCount, fps, file.perSlerp, {}));
    }
    for (const plan of plans) scene.animations.push(clip(plan.name, this.clipChannels(plan), plan.frameCount, plan.fps, plan.perSlerp, plan.extras));
    this.mirrorChannels();
    this.scrubTransforms();
    this.reportNotFinite();
    return scene;
  }

  /** Frames per second of a perSlerp; one that gives no usable key times is replaced (a warning when there are frames). */
  private fps(perSlerp: number, frameCount: number, what: string): number {
    const fps = CLIENT_TICK_HZ * perSlerp;
    if (Number.isFinite(perSlerp) && fps >= MIN_FPS && fps <= MAX_FPS) return fps;
    if (frameCount > 1) this.input.sink.warn('O3D_PER_SLERP', `${what} advances ${perSlerp} frames per tick, which gives no usable key times; 0.5 (30 frames per second) is used`);
    return CLIENT_TICK_HZ * 0.5;
  }

  /** The keys with non-finite values replaced (a copy, only when needed): positions 0, quaternions identity. */
  private finiteKeys(keys: Float32Array, frameCount: number): Float32Array {
    const n = Math.min(keys.length, frameCount * 7);
    let bad = 0;
    for (let i = 0; i < n; i++) if (!Number.isFinite(keys[i])) bad++;
    if (!bad) return keys;
    const out = keys.slice(0, n);
    for (let k = 0; k < n; k += 7) {
      if (![0, 1, 2, 3].every((c) => Number.isFinite(out[k + c]))) out.set([0, 0, 0, 1], k);
      for (let c = 4; c < 7; c++) if (!Number.isFinite(out[k + c])) out[k + c] = 0;
    }
    this.countNotFinite('key values', bad);
    return out;
  }

  private countNotFinite(what: string, n: number): void {
    if (n) this.notFinite.set(what, (this.notFinite.get(what) ?? 0) + n);
  }

  /** A converted matrix, or the identity (counted) when it holds non-finite values. */
  private finiteMatrix(m: Float32Array): Float32Array {
    if (m.every(Number.isFinite)) return m;
    this.countNotFinite('matrices', 1);
    return math.identity(new Float32Array(16)) as Float32Array;
  }

  /**
   * Finite inputs can still compose to numbers a float cannot hold (a bone under a parent scaled by
   * 1e-20, re-expressed): node transforms and key values that overflowed become neutral.
   */
  private scrubTransforms(): void {
    let bad = 0;
    const neutral = (values: Float32Array | number[], path: 'translation' | 'rotation' | 'scale') => {
      const size = path === 'rotation' ? 4 : 3;
      for (let at = 0; at + size <= values.length; at += size) {
        let ok = true;
        for (let c = 0; c < size; c++) if (!Number.isFinite(values[at + c])) ok = false;
        if (ok) continue;
        bad++;
        for (let c = 0; c < size; c++) values[at + c] = path === 'rotation' ? (c === 3 ? 1 : 0) : path === 'scale' ? 1 : 0;
      }
    };
    for (const node of this.scene.nodes) {
      if (node.translation) neutral(node.translation, 'translation');
      if (node.rotation) neutral(node.rotation, 'rotation');
      if (node.scale) neutral(node.scale, 'scale');
      if (node.matrix && !Array.from(node.matrix).every(Number.isFinite)) {
        bad++;
        node.matrix = Array.from(IDENTITY);
      }
    }
    const seen = new Set<Float32Array>();
    for (const animation of this.scene.animations) {
      for (const channel of animation.channels) {
        if (channel.path === 'weights' || seen.has(channel.values)) continue;
        seen.add(channel.values);
        neutral(channel.values, channel.path);
      }
    }
    this.countNotFinite('composed transforms (overflowed)', bad);
  }

  private reportNotFinite(): void {
    if (!this.notFinite.size) return;
    const parts = [...this.notFinite].map(([what, n]) => `${n} ${what}`);
    this.input.sink.warn('O3D_NOT_FINITE', `non-finite values (NaN or infinite) replaced: ${parts.join(', ')} (numbers by 0, matrices and key rotations by the identity)`);
  }

  // ---- LOD followers ---------------------------------------------------------------------------

  /**
   * With LOD groups, an object attached to a bone must stay inside its level's subtree (or every
   * level would show it). It hangs on a copy, inside the level, of the bone's chain from the
   * skeleton root: the copies take the bones' rest transforms and, in every clip, the bones' own
   * channels, so the copy moves exactly as the bone at any time (mirrorChannels).
   */
  private follower(bone: number, group: number, groupNode: number): number {
    return this.mirror(this.skeleton!.nodes[bone], group, groupNode);
  }

  private mirror(original: number, group: number, groupNode: number): number {
    let copies = this.mirrors.get(group);
    if (!copies) this.mirrors.set(group, (copies = new Map()));
    const known = copies.get(original);
    if (known !== undefined) return known;
    const source = this.scene.nodes[original];
    const parent = source.parent === this.root ? groupNode : this.mirror(source.parent, group, groupNode);
    const node = addNode(
      this.scene,
      {
        name: `${source.name} (LOD${group} follower)`,
        ...(source.translation ? { translation: [...source.translation] as Vec3 } : {}),
        ...(source.rotation ? { rotation: [...source.rotation] as Quat } : {}),
        ...(source.scale ? { scale: [...source.scale] as Vec3 } : {}),
        extras: { ...(source.joint ? { followsBone: source.extras?.boneIndex } : { followsShearOf: source.extras?.shearOf }) },
      },
      parent,
    );
    copies.set(original, node);
    return node;
  }

  /** Every channel of a mirrored skeleton node, once more for each copy (the key arrays are shared). */
  private mirrorChannels(): void {
    if (!this.mirrors.size) return;
    const copiesOf = new Map<number, number[]>();
    for (const copies of this.mirrors.values()) for (const [original, copy] of copies) copiesOf.set(original, [...(copiesOf.get(original) ?? []), copy]);
    for (const animation of this.scene.animations) {
      const added: AnimationChannel[] = [];
      for (const channel of animation.channels) for (const copy of copiesOf.get(channel.node) ?? []) added.push({ ...channel, node: copy });
      animation.channels.push(...added);
    }
  }

  // ---- skeleton -------------------------------------------------------------------------------

  private readSkeleton(): Skeleton | undefined {
    const { file, chr } = this.input;
    const scene = this.scene;
    let skeleton: Skeleton | undefined;
    if (file.skeleton) {
      const embedded = file.skeleton;
      const motionBones = embedded.motion?.bones;
      skeleton = {
        source: 'embedded',
        names: embedded.baseTMs.map((_, i) => motionBones?.[i]?.name || `Bone${i}`),
        parents: embedded.baseTMs.map((_, i) => motionBones?.[i]?.parentIndex ?? -1),
        worlds: embedded.baseTMs.map((m) => this.finiteMatrix(convertMatrix(m))),
        inverses: embedded.inverseTMs.map((m) => this.finiteMatrix(convertMatrix(m))),
        nodes: [],
        shear: [],
        split: new Set(),
        sendVS: embedded.sendVS,
      };
      if (chr) this.input.sink.warn('O3D_SKELETON_IGNORED', 'the O3D embeds its own skeleton; the .chr skeleton is not used');
    } else if (chr) {
      skeleton = {
        source: 'chr',
        names: chr.bones.map((b) => b.name),
        parents: chr.bones.map((b) => b.parentIndex),
        worlds: chr.bones.map((b) => this.finiteMatrix(convertMatrix(b.tm))),
        inverses: chr.bones.map((b) => this.finiteMatrix(convertMatrix(b.inverseTM))),
        nodes: [],
        shear: [],
        split: new Set(),
        sendVS: chr.sendVS,
        localTMs: chr.bones.map((b) => this.finiteMatrix(convertMatrix(b.localTM))),
      };
      const finite = (m: Float32Array) => Array.from(this.finiteMatrix(convertMatrix(m)));
      scene.extras.skeleton = {
        version: chr.version,
        id: chr.id,
        sendVS: chr.sendVS,
        attachments: {
          rightHand: finite(chr.localRH),
          shield: finite(chr.localShield),
          knuckle: finite(chr.localKnuckle),
          ...(chr.localLH ? { leftHand: finite(chr.localLH) } : {}),
        },
        events: chr.events.map(convertVec3),
        eventParents: Array.from(chr.eventParents),
      };
    }
    if (!skeleton || !skeleton.names.length) return undefined;
    if (skeleton.source === 'embedded') scene.extras.skeleton = { embedded: true, sendVS: skeleton.sendVS, boneCount: skeleton.names.length };
    skeleton.parents.forEach((parent, i) => {
      if (parent !== -1 && !(parent >= 0 && parent < i)) {
        this.input.sink.warn('O3D_BONE_PARENT', `bone ${i} (${skeleton.names[i]}) has parent ${parent}, which does not precede it; made a root`);
        skeleton.parents[i] = -1;
      }
    });
    // A rest local that is not TRS (a sheared bone, or a bone under a non-uniform scale).
    skeleton.worlds.forEach((world, i) => {
      if (!isTRS(this.restLocal64(skeleton, i))) skeleton.split.add(i);
    });
    return skeleton;
  }

  /** Bone i's rest transform relative to its parent's rest world, in double precision. */
  private restLocal64(skeleton: Skeleton, i: number): Float64Array {
    const parent = skeleton.parents[i];
    const inverse = parent >= 0 ? invert(skeleton.worlds[parent]) : undefined;
    return inverse ? multiply(inverse, skeleton.worlds[i]) : Float64Array.from(skeleton.worlds[i]);
  }

  private addSkeletonNodes(root: number): void {
    const skeleton = this.skeleton;
    if (!skeleton) return;
    const scene = this.scene;
    const parentWorldInverse = new Float32Array(16);
    const local = new Float32Array(16);
    for (let i = 0; i < skeleton.names.length; i++) {
      const parent = skeleton.parents[i];
      const extras = { boneIndex: i, ...(skeleton.localTMs ? { localTM: Array.from(skeleton.localTMs[i]) } : {}) };
      const above = parent >= 0 ? skeleton.nodes[parent] : root;
      if (skeleton.split.has(i)) {
        // The rest local as two exact nodes: shear (T · U · Σ) above the joint (Vᵀ).
        const split = splitAffine(this.restLocal64(skeleton, i));
        const shear = addNode(scene, { name: `${skeleton.names[i]} (shear)`, translation: split.translation, rotation: split.rotation, scale: split.scale, extras: { shearOf: i } }, above);
        skeleton.shear[i] = shear;
        skeleton.nodes.push(addNode(scene, { name: skeleton.names[i], joint: true, rotation: split.inner, extras }, shear));
        continue;
      }
      if (parent >= 0 && math.invert(skeleton.worlds[parent], parentWorldInverse)) {
        math.multiply(parentWorldInverse, skeleton.worlds[i], local);
      } else local.set(skeleton.worlds[i]);
      skeleton.nodes.push(addNode(scene, { name: skeleton.names[i], joint: true, ...trs(local), extras }, above));
    }
  }

  private skin(): number {
    if (this.skinIndex >= 0) return this.skinIndex;
    const skeleton = this.skeleton!;
    const ibm = new Float32Array(skeleton.nodes.length * 16);
    skeleton.inverses.forEach((m, i) => ibm.set(m, i * 16));
    this.skinIndex = this.scene.skins.length;
    this.scene.skins.push({
      name: `${this.scene.name} skeleton`,
      joints: [...skeleton.nodes],
      inverseBindMatrices: ibm,
      skeleton: this.scene.roots[0],
      extras: { source: skeleton.source },
    });
    return this.skinIndex;
  }

  // ---- objects --------------------------------------------------------------------------------

  private addObject(object: O3dObject, index: number, group: number, groupNode: number, groupObjects: number[]): number {
    const scene = this.scene;
    const skin = object.type === OBJECT_SKIN;
    const localTM = this.finiteMatrix(convertMatrix(object.localTM));
    const objectBox = convertBox(object.geometry.bboxMin, object.geometry.bboxMax);
    const extras: Record<string, unknown> = {
      id: object.id,
      typeRaw: object.typeRaw >>> 0,
      parentIndex: object.parentIndex,
      parentType: object.parentType,
      opacity: object.geometry.opacity,
      bump: object.geometry.bump,
      rigid: object.geometry.rigid,
      bboxMin: objectBox.min,
      bboxMax: objectBox.max,
      useBones: Array.from(object.useBones),
      vertexListCount: object.geometry.vertexList.length / 3,
      physiqueCount: object.geometry.physique.length,
      materialFlag: object.geometry.materialFlag,
      materialCount: object.geometry.materialCount,
    };
    if (object.light) {
      extras.light = true;
      extras.nightOnly = true;
      extras.blend = 'additive';
    }
    let parent = groupNode;
    const node: Partial<Node> & { name: string } = { name: `${scene.name} LOD${group} object ${index}` };
    if (skin) {
      // Skin objects are drawn with the model matrix only (spec §5.4).
      extras.localTM = Array.from(localTM);
    } else {
      // A sheared local TM is kept whole; keys replace an animated object's (the client never shows it).
      if (object.tmAnimation || isTRS(localTM)) Object.assign(node, trs(localTM));
      else {
        node.matrix = Array.from(localTM);
        extras.sheared = true;
      }
      if (object.parentIndex !== -1) {
        if (object.parentType === PARENT_OBJECT && object.parentIndex >= 0 && object.parentIndex < index) {
          parent = groupObjects[object.parentIndex];
        } else if (object.parentType === PARENT_BONE && this.skeleton && object.parentIndex >= 0 && object.parentIndex < this.skeleton.nodes.length) {
          parent = this.input.file.groups.length > 1 ? this.follower(object.parentIndex, group, groupNode) : this.skeleton.nodes[object.parentIndex];
        } else {
          this.input.sink.warn(
            'O3D_OBJECT_PARENT',
            object.parentType === PARENT_BONE && !this.skeleton
              ? `object ${index} of group ${group} is attached to bone ${object.parentIndex}, but there is no skeleton (pass the .chr); placed in model space`
              : `object ${index} of group ${group} has parent ${object.parentIndex} of type ${object.parentType}, which cannot be resolved; placed in model space`,
          );
        }
      }
    }
    node.extras = extras;
    const mesh = this.addMesh(object, `${scene.name} LOD${group} mesh ${index}`);
    if (mesh !== undefined) {
      node.mesh = mesh.index;
      if (mesh.skinned) node.skin = this.skin();
    }
    return addNode(scene, node, parent);
  }

  /** One primitive per material block, each with its own compact vertex set and palette. */
  private addMesh(object: O3dObject, name: string): { index: number; skinned: boolean } | undefined {
    const g = object.geometry;
    const vertexCount = g.positions.length / 3;
    const skinData = object.type === OBJECT_SKIN && g.weights && g.boneIndices;
    const skinned = !!skinData && !!this.skeleton;
    if (skinData && !this.skeleton) {
      this.warnOnce('O3D_NO_SKELETON', 'skinned objects have no skeleton (pass the .chr through options.skeleton or resolve); drawn in the bind pose');
    }
    this.checkVertexMap(g, name);

    // The builder owns the file's vertex arrays (buildScene). One block per mesh may take them,
    // mirrored in place: one that uses every vertex in stored order, or the last block when it uses
    // every vertex (reordered in place). Other blocks gather and mirror copies.
    const blocks = this.usableBlocks(g, name);
    const primitives: Primitive[] = [];
    const remap = new Int32Array(vertexCount).fill(-1);
    let claimed = false;
    for (let b = 0; b < blocks.length; b++) {
      const block = blocks[b];
      const compact = compactBlock(g.indices, block, vertexCount, remap);
      if (compact.dropped) this.input.sink.warn('O3D_INDEX_RANGE', `${name}: ${compact.dropped} triangles index past the ${vertexCount} vertices; dropped`);
      if (!compact.indices.length) continue;
      const source = compact.source;
      let attributes: Primitive['attributes'];
      const inOrder = !claimed && isIdentity(source, vertexCount);
      if (inOrder || (!claimed && b === blocks.length - 1 && source.length === vertexCount)) {
        if (inOrder) {
          mirrorZInPlace(g.positions);
          mirrorZInPlace(g.normals);
        } else permuteInPlace(g, source, remap);
        claimed = true;
        attributes = { POSITION: g.positions, NORMAL: g.normals, TEXCOORD_0: g.uvs };
      } else attributes = gatherVertices(g, source, !claimed);
      this.countNotFinite('vertex values', zeroNonFinite(attributes.POSITION) + zeroNonFinite(attributes.NORMAL!) + zeroNonFinite(attributes.TEXCOORD_0!));
      const primitive: Primitive = { attributes, indices: compact.indices };
      if (skinned) {
        const packed = this.skinWeights(object, block, source, name);
        primitive.attributes.JOINTS_0 = packed.joints;
        primitive.attributes.WEIGHTS_0 = packed.weights;
      }
      const material = this.material(object, g.materials, block);
      if (material !== undefined) primitive.material = material;
      primitive.extras = {
        textureId: block.textureId,
        effect: block.effect,
        amount: block.amount,
        startIndex: block.startIndex,
        primitiveCount: block.primitiveCount,
        useBones: Array.from(block.useBones),
      };
      primitives.push(primitive);
    }
    if (!primitives.length) return undefined;
    const index = this.scene.meshes.length;
    this.scene.meshes.push({ name, primitives });
    return { index, skinned };
  }

  private checkVertexMap(g: O3dGeometry, name: string): void {
    const listCount = g.vertexList.length / 3;
    const map = g.vertexMap;
    let bad = 0;
    for (let i = 0, n = map.length; i < n; i++) if (map[i] >= listCount) bad++;
    if (bad) {
      this.input.sink.warn(
        'O3D_VERTEX_MAP_RANGE',
        `${name}: ${bad} vertex-buffer entries map past the ${listCount}-entry vertex list; the map is not used (the render vertices are complete)`,
      );
    }
  }

  /** Material blocks validated against the index buffer; a whole-mesh block when there are none. */
  private usableBlocks(g: O3dGeometry, name: string): O3dMaterialBlock[] {
    const triangles = Math.floor(g.indices.length / 3);
    if (!g.blocks.length) {
      return [{ startIndex: 0, primitiveCount: triangles, textureId: 0, effect: 0, amount: 0, useBones: new Int32Array(0) }];
    }
    const out: O3dMaterialBlock[] = [];
    g.blocks.forEach((block, i) => {
      const ok =
        Number.isInteger(block.startIndex) &&
        block.startIndex >= 0 &&
        block.primitiveCount >= 0 &&
        block.startIndex + block.primitiveCount * 3 <= g.indices.length;
      if (ok) out.push(block);
      else {
        this.input.sink.warn(
          'O3D_BLOCK_RANGE',
          `${name}: material block ${i} (start ${block.startIndex}, ${block.primitiveCount} triangles) lies outside the ${g.indices.length} indices; skipped`,
        );
      }
    });
    return out;
  }

  /**
   * JOINTS_0/WEIGHTS_0 for the block's vertices: palette block → object → global, index / 3.
   * Valid data goes through the `unpackO3dWeights` kernel; data it rejects (an index that is no
   * palette slot, a bone past the skeleton, weights that are not usable) takes the tolerant loop
   * below, which warns and binds bad references to bone 0. Both give the same result on valid data.
   */
  private skinWeights(object: O3dObject, block: O3dMaterialBlock, source: Uint32Array, name: string): PackedSkin {
    const g = object.geometry;
    const boneCount = this.skeleton!.nodes.length;
    const palette = block.useBones.length > 0 ? block.useBones : object.useBones.length > 0 ? object.useBones : undefined;
    const viaKernel = g.skinRecords && this.skinWeightsKernel(g.skinRecords, source, palette, boneCount);
    return viaKernel || this.skinWeightsTolerant(g, source, palette, boneCount, name);
  }

  private skinWeightsKernel(records: Uint8Array, source: Uint32Array, palette: Int32Array | undefined, boneCount: number): PackedSkin | undefined {
    if (palette && palette.some((bone) => !(bone >= 0 && bone < boneCount))) return undefined;
    // The block's records, cut to the 24 bytes the kernel reads (position, w1, w2, idxA, idxB).
    // A block over every record in stored order reads them in place.
    const n = source.length;
    let picked = records;
    let stride = SKIN_VERTEX_BYTES;
    if (!(isIdentity(source, n) && n * SKIN_VERTEX_BYTES <= records.length)) {
      stride = 24;
      picked = new Uint8Array(n * stride);
      for (let v = 0, o = 0; v < n; v++) {
        const at = source[v] * SKIN_VERTEX_BYTES;
        if (at + SKIN_VERTEX_BYTES > records.length) return undefined;
        for (let b = at, end = at + stride; b < end; b++) picked[o++] = records[b];
      }
    }
    let packed: UnpackedSkin;
    try {
      packed = unpackO3dWeights(picked, n, palette, { kernels: this.input.kernels, stride });
    } catch (e) {
      if (e instanceof RangeError) return undefined;
      throw e;
    }
    if (packed.unskinned) return undefined;
    for (let i = 0; i < packed.joints.length; i++) if (packed.joints[i] >= boneCount || !Number.isFinite(packed.weights[i])) return undefined;
    return { joints: packed.joints, weights: packed.weights };
  }

  private skinWeightsTolerant(g: O3dGeometry, source: Uint32Array, palette: Int32Array | undefined, boneCount: number, name: string): PackedSkin {
    const joints = new Uint16Array(source.length * 2);
    const weights = new Float32Array(source.length * 2);
    let bad = 0;
    const resolve = (stored: number): number => {
      const slot = Math.floor(stored / 3);
      const bone = palette ? (slot < palette.length ? palette[slot] : -1) : slot;
      if (stored % 3 !== 0 || !(bone >= 0 && bone < boneCount)) {
        bad++;
        return -1;
      }
      return bone;
    };
    for (let v = 0; v < source.length; v++) {
      const s = source[v];
      const w1 = g.weights![s * 2], w2 = g.weights![s * 2 + 1];
      const a = resolve(g.boneIndices![s * 2]);
      // The second index is junk when w2 = 0 (spec §2.3).
      const b = w2 !== 0 ? resolve(g.boneIndices![s * 2 + 1]) : a;
      joints[v * 2] = Math.max(a, 0);
      joints[v * 2 + 1] = Math.max(b, 0);
      weights[v * 2] = a >= 0 && Number.isFinite(w1) ? Math.max(w1, 0) : 0;
      weights[v * 2 + 1] = b >= 0 && w2 !== 0 && Number.isFinite(w2) ? Math.max(w2, 0) : 0;
    }
    if (bad) {
      this.input.sink.warn('O3D_BONE_INDEX', `${name}: ${bad} bone references do not resolve to one of the ${boneCount} bones; bound to bone 0`);
    }
    return packSkinWeights(source.length, 2, joints, weights, { kernels: this.input.kernels });
  }

  private texture(name: string): number {
    const key = name.toLowerCase();
    let index = this.textureKeys.get(key);
    if (index === undefined) {
      index = this.scene.textures.length;
      this.scene.textures.push({ name, uri: name, wrapS: 'REPEAT', wrapT: 'REPEAT' });
      this.textureKeys.set(key, index);
    }
    return index;
  }

  private material(object: O3dObject, materials: O3dMaterial[], block: O3dMaterialBlock): number | undefined {
    // No material list: a plain white material still carries the block's effects and the light flag.
    if (!materials.length && !block.effect && !object.light) return undefined;
    if (!materials.length) materials = [{ diffuse: [1, 1, 1, 0], ambient: [1, 1, 1, 0], specular: [0, 0, 0, 0], emissive: [0, 0, 0, 0], power: 0, textureName: '' }];
    let textureId = block.textureId;
    if (!(textureId >= 0 && textureId < materials.length)) {
      this.input.sink.warn('O3D_MATERIAL_INDEX', `material block names material ${textureId} of ${materials.length}; used material 0`);
      textureId = 0;
    }
    const m = materials[textureId];
    const key = JSON.stringify([m, block.effect, block.amount, object.light]);
    const known = this.materialKeys.get(key);
    if (known !== undefined) return known;

    const opacity = (block.effect & EFFECT.OPACITY) !== 0;
    const blend = opacity && block.amount > 0 && block.amount < 255;
    const material: Material = {
      name: m.textureName || `material ${this.scene.materials.length}`,
      // Diffuse alpha is 0 in every real file: opacity comes from the block (spec §9.7).
      // D3D material colours are gamma-space values; glTF factors are linear.
      baseColorFactor: m.textureName ? [1, 1, 1, blend ? block.amount / 255 : 1] : linearColor(m.diffuse, blend ? block.amount / 255 : 1),
      metallicFactor: 0,
      roughnessFactor: 1,
      emissiveFactor: linearRgb(m.emissive),
      alphaMode: blend ? 'BLEND' : opacity ? 'MASK' : 'OPAQUE',
      doubleSided: (block.effect & EFFECT.TWO_SIDED) !== 0,
      legacy: { diffuse: [...m.diffuse], ambient: [...m.ambient], specular: [...m.specular], emissive: [...m.emissive], shininess: m.power },
      extras: { effect: block.effect, amount: block.amount, effects: effectNames(block.effect), textureName: m.textureName },
    };
    if (opacity && !blend) material.alphaCutoff = ALPHA_CUTOFF;
    if (block.effect & EFFECT.SELF_ILLUMINATE) material.unlit = true;
    if (object.light) {
      // Light objects: additive (ONE/ONE), no depth writes, no culling, unlit (spec §5.4).
      material.alphaMode = 'BLEND';
      material.doubleSided = true;
      material.unlit = true;
      material.extras!.blend = 'additive';
      material.extras!.depthWrite = false;
      material.extras!.light = true;
    }
    if (m.textureName) material.baseColorTexture = { texture: this.texture(m.textureName) };
    const index = this.scene.materials.length;
    this.scene.materials.push(material);
    this.materialKeys.set(key, index);
    return index;
  }

  /** A GMObject's own bounding box, in scene space. */
  private boxExtras(g: O3dGeometry): { bboxMin: number[]; bboxMax: number[] } {
    const box = convertBox(g.bboxMin, g.bboxMax);
    return { bboxMin: box.min, bboxMax: box.max };
  }

  private addCollider(g: O3dGeometry, root: number): void {
    const positions = mirrorZInPlace(g.positions);
    this.countNotFinite('collision vertex values', zeroNonFinite(positions));
    const count = positions.length / 3;
    const corners = g.indices.length - (g.indices.length % 3);
    let indices = new Uint32Array(corners);
    let kept = 0;
    for (let t = 0; t < corners; t += 3) {
      const a = g.indices[t], b = g.indices[t + 1], c = g.indices[t + 2];
      if (a < count && b < count && c < count) {
        indices[kept++] = a;
        indices[kept++] = c;
        indices[kept++] = b;
      }
    }
    if (kept < corners) {
      indices = indices.slice(0, kept);
      this.input.sink.warn('O3D_INDEX_RANGE', `collision mesh: triangles index past its ${count} vertices; dropped`);
    }
    const collider: Collider = {
      name: `${this.scene.name} collision`,
      shape: { type: 'trimesh', positions, indices },
      node: root,
      extras: { faceCount: g.faceCount, ...this.boxExtras(g) },
    };
    this.scene.colliders.push(collider);
  }

  // ---- animation ------------------------------------------------------------------------------

  private reportSkipped(): void {
    const n = this.skipped.length;
    if (!n) return;
    const bones = this.skeleton ? `the skeleton has ${this.skeleton.names.length} bones` : 'there is no skeleton';
    const named = this.skipped.slice(0, NAMED_SKIPS).join(', ') + (n > NAMED_SKIPS ? ` and ${n - NAMED_SKIPS} more` : '');
    this.input.sink.warn('O3D_MOTION_SKIPPED', `${n} of ${this.input.motions.length} motions do not fit (${bones}); skipped: ${named}`);
  }

  private planAni(name: string, ani: AniFile): ClipPlan | undefined {
    const skeleton = this.skeleton;
    if (!skeleton) {
      this.skipped.push(`'${name}' (no skeleton)`);
      return undefined;
    }
    const bones = ani.motion.bones;
    if (bones.length !== skeleton.names.length) {
      this.skipped.push(`'${name}' (${bones.length} bones)`);
      return undefined;
    }
    const renamed = bones.filter((b, i) => b.name.toLowerCase() !== skeleton.names[i].toLowerCase()).length;
    if (renamed) this.input.sink.warn('O3D_MOTION_BONE_NAMES', `motion '${name}': ${renamed} bone names differ from the skeleton's; bones are matched by index`);
    const fps = this.fps(ani.perSlerp, ani.frameCount, `motion '${name}'`);
    const extras: Record<string, unknown> = { id: ani.id };
    if (ani.path) extras.rootPath = Array.from(this.finitePath(mirrorZInPlace(ani.path.slice())));
    if (ani.events.length) extras.events = ani.events.map(convertVec3);
    const flagged = attributeExtras(ani.attributes);
    if (flagged.length) extras.attributes = flagged;
    return this.planMotion(name, ani.motion, ani.frameCount, ani.perSlerp, fps, extras);
  }

  private finitePath(path: Float32Array): Float32Array {
    let bad = 0;
    for (let i = 0; i < path.length; i++) if (!Number.isFinite(path[i])) {
      path[i] = 0;
      bad++;
    }
    this.countNotFinite('root path values', bad);
    return path;
  }

  /**
   * What a motion gives each bone, as the client computes it (CMotion::AnimateBone): keys are used
   * as they are unless their quaternions are not unit (D3DX does not normalise) or the motion
   * parents the bone elsewhere than the skeleton (the client follows the motion's parents); then
   * the client's local matrix relative to the skeleton parent is computed per frame. A bone whose
   * matrices are not TRS gets a shear node.
   */
  private planMotion(name: string, motion: MotionBody, frameCount: number, perSlerp: number, fps: number, extras: Record<string, unknown>): ClipPlan {
    const skeleton = this.skeleton!;
    const n = skeleton.names.length;
    const keyed = motion.tracks.some((t) => t.keys);
    // A clip of constant matrices has one pose, whatever its stored frame count.
    const frames = keyed ? frameCount : 1;
    const tracks: Track[] = [];
    for (let i = 0; i < n; i++) {
      const track = motion.tracks[i];
      tracks.push(track?.keys ? { kind: 'keys', keys: this.finiteKeys(track.keys, frameCount) } : { kind: 'constant', matrix: this.finiteMatrix(convertMatrix(track?.matrix ?? IDENTITY)) });
    }
    const plan: ClipPlan = { name, frameCount, fps, perSlerp, extras, tracks, frames, nonUnit: [] };
    // The client's local of bone i at frame f (D3D rows), from the scrubbed keys or matrix.
    const sources = tracks.slice();
    const clientLocal = (i: number, f: number, out: Float64Array) => {
      const source = sources[i];
      return source.kind === 'keys' ? clientKeyRow(source.keys, f * 7, out) : source.kind === 'constant' ? toScene(source.matrix, out) : out;
    };

    // Non-unit quaternions: the client's matrices, key by key.
    tracks.forEach((track, i) => {
      if (track.kind !== 'keys') return;
      let count = 0, min = Infinity, max = 0;
      for (let k = 0; k < frameCount * 7; k += 7) {
        const s = Math.hypot(track.keys[k], track.keys[k + 1], track.keys[k + 2], track.keys[k + 3]);
        if (Math.abs(s * s - 1) > UNIT_TOLERANCE) {
          count++;
          min = Math.min(min, s);
          max = Math.max(max, s);
        }
      }
      if (!count) return;
      plan.nonUnit.push({ bone: i, keys: track.keys, count, min, max });
      const matrices = new Float64Array(frameCount * 16);
      const row = new Float64Array(16);
      for (let f = 0; f < frameCount; f++) toScene(clientKeyRow(track.keys, f * 7, row), matrices.subarray(f * 16, f * 16 + 16));
      tracks[i] = { kind: 'matrices', matrices };
    });

    // Parents that differ from the skeleton's: re-expressed under the skeleton parent, frame by frame.
    const moved: string[] = [];
    const unusable: string[] = [];
    const parents = skeleton.parents.map((own, i) => {
      const theirs = motion.bones[i]?.parentIndex ?? own;
      if (theirs === own) return own;
      if (theirs === -1 || (theirs >= 0 && theirs < i)) {
        moved.push(`bone ${i} '${skeleton.names[i]}' (${theirs} in the motion, ${own} in the skeleton)`);
        return theirs;
      }
      // A parent that does not precede its bone reads a stale matrix in the client: not reproducible.
      if (skeleton.source === 'chr') unusable.push(`bone ${i} '${skeleton.names[i]}' (${theirs})`);
      return own;
    });
    if (moved.length) this.reexpress(plan, parents, clientLocal);
    if (moved.length) {
      this.input.sink.warn(
        'O3D_MOTION_PARENT',
        `motion '${name}': ${moved.length} bones have other parents than in the skeleton: ${moved.slice(0, NAMED_SKIPS).join(', ')}${moved.length > NAMED_SKIPS ? ` and ${moved.length - NAMED_SKIPS} more` : ''}; the client animates with the motion's parents, so their keys are re-expressed under the skeleton's (equal at every frame)`,
      );
    }
    if (unusable.length) {
      this.input.sink.warn('O3D_MOTION_PARENT', `motion '${name}': ${unusable.join(', ')} name a parent that does not precede the bone (the client reads a stale matrix there); the skeleton's parent is used`);
    }

    // Matrices glTF cannot hold as TRS: the bone gets a shear node.
    tracks.forEach((track, i) => {
      if (track.kind === 'constant' && !isTRS(track.matrix)) skeleton.split.add(i);
      if (track.kind === 'matrices') {
        for (let f = 0; f * 16 < track.matrices.length; f++) {
          if (!isTRS(track.matrices.subarray(f * 16, f * 16 + 16))) {
            skeleton.split.add(i);
            break;
          }
        }
      }
    });
    return plan;
  }

  /**
   * The client's world matrices, frame by frame, with the motion's own parents (row vectors:
   * World = Local × Parent); bones parented elsewhere than in the skeleton then get, as local, their
   * world relative to the skeleton parent's world.
   */
  private reexpress(plan: ClipPlan, parents: number[], clientLocal: (bone: number, frame: number, out: Float64Array) => Float64Array): void {
    const skeleton = this.skeleton!;
    const n = skeleton.names.length;
    const frames = plan.frames;
    const moved = parents.map((p, i) => p !== skeleton.parents[i]);
    const out = moved.map((m) => (m ? new Float64Array(frames * 16) : undefined));
    const worlds = Array.from({ length: n }, () => new Float64Array(16));
    const local = new Float64Array(16);
    for (let f = 0; f < frames; f++) {
      for (let i = 0; i < n; i++) {
        clientLocal(i, f, local);
        if (parents[i] >= 0) rowMultiply(local, worlds[parents[i]], worlds[i]);
        else worlds[i].set(local);
      }
      for (let i = 0; i < n; i++) {
        if (!out[i]) continue;
        const p = skeleton.parents[i];
        const inverse = p >= 0 ? invert(worlds[p]) : undefined;
        const row = inverse ? rowMultiply(worlds[i], inverse) : worlds[i];
        toScene(row, out[i]!.subarray(f * 16, f * 16 + 16));
      }
    }
    out.forEach((matrices, i) => {
      if (matrices) plan.tracks[i] = { kind: 'matrices', matrices };
    });
  }

  /** The channels of a planned clip: per bone, on its joint, or on its shear node and joint. */
  private clipChannels(plan: ClipPlan): AnimationChannel[] {
    const skeleton = this.skeleton!;
    const channels: AnimationChannel[] = [];
    const { frameCount, fps } = plan;
    const one = new Float32Array([0]);
    const frameTimes = (count: number) => {
      const times = new Float32Array(count);
      for (let f = 0; f < count; f++) times[f] = f / fps;
      return times;
    };
    let matrixTimes: Float32Array | undefined;
    const errors: number[] = [];
    plan.tracks.forEach((track, i) => {
      const node = skeleton.nodes[i];
      const shear = skeleton.shear[i];
      if (shear === undefined) {
        if (track.kind === 'keys') {
          channels.push(...keyChannels(node, track.keys, frameCount, fps));
          // Keys carry no scale (L = R · T), so a bone whose rest pose has one gets an explicit 1.
          if (this.scene.nodes[node].scale) channels.push({ node, path: 'scale', times: one, values: Float32Array.of(1, 1, 1), interpolation: 'LINEAR' });
          return;
        }
        if (track.kind === 'constant') {
          const d = math.decompose(track.matrix);
          channels.push(
            { node, path: 'translation', times: one, values: Float32Array.from(d.translation), interpolation: 'LINEAR' },
            { node, path: 'rotation', times: one, values: Float32Array.from(d.rotation), interpolation: 'LINEAR' },
          );
          if (this.scene.nodes[node].scale || d.scale.some((v) => Math.abs(v - 1) > 1e-6)) {
            channels.push({ node, path: 'scale', times: one, values: Float32Array.from(d.scale), interpolation: 'LINEAR' });
          }
          return;
        }
        const count = track.matrices.length / 16;
        const times = count === 1 ? one : (matrixTimes ??= frameTimes(count));
        const t = new Float32Array(count * 3), r = new Float32Array(count * 4), s = new Float32Array(count * 3);
        let scaled = !!this.scene.nodes[node].scale;
        for (let f = 0; f < count; f++) {
          const d = math.decompose(track.matrices.subarray(f * 16, f * 16 + 16));
          t.set(d.translation, f * 3);
          r.set(d.rotation, f * 4);
          s.set(d.scale, f * 3);
          if (d.scale.some((v) => Math.abs(v - 1) > 1e-6)) scaled = true;
        }
        math.makeQuaternionsContinuous(r);
        channels.push(
          { node, path: 'translation', times, values: t, interpolation: 'LINEAR' },
          { node, path: 'rotation', times, values: r, interpolation: 'LINEAR' },
        );
        if (scaled) channels.push({ node, path: 'scale', times, values: s, interpolation: 'LINEAR' });
        return;
      }
      // Shear node and joint: every local matrix split in two exact nodes.
      const count = track.kind === 'keys' ? frameCount : track.kind === 'constant' ? 1 : track.matrices.length / 16;
      const times = count === 1 ? one : track.kind === 'keys' ? frameTimes(count) : (matrixTimes ??= frameTimes(count));
      const t = new Float32Array(count * 3), r = new Float32Array(count * 4), s = new Float32Array(count * 3), inner = new Float32Array(count * 4);
      const m = new Float64Array(16), row = new Float64Array(16);
      let v: Float64Array | undefined;
      for (let f = 0; f < count; f++) {
        if (track.kind === 'keys') toScene(clientKeyRow(track.keys, f * 7, row), m);
        else if (track.kind === 'constant') m.set(track.matrix);
        else m.set(track.matrices.subarray(f * 16, f * 16 + 16));
        const split = splitAffine(m, v);
        v = split.v;
        t.set(split.translation, f * 3);
        r.set(split.rotation, f * 4);
        s.set(split.scale, f * 3);
        inner.set(split.inner, f * 4);
      }
      math.makeQuaternionsContinuous(r);
      math.makeQuaternionsContinuous(inner);
      channels.push(
        { node: shear, path: 'translation', times, values: t, interpolation: 'LINEAR' },
        { node: shear, path: 'rotation', times, values: r, interpolation: 'LINEAR' },
        { node: shear, path: 'scale', times, values: s, interpolation: 'LINEAR' },
        { node, path: 'rotation', times, values: inner, interpolation: 'LINEAR' },
      );
      const unit = plan.nonUnit.find((u) => u.bone === i);
      if (unit) errors.push(betweenKeysError(unit.keys, count, t, r, s, inner));
    });
    if (plan.nonUnit.length) {
      const keys = plan.nonUnit.reduce((k, u) => k + u.count, 0);
      const min = Math.min(...plan.nonUnit.map((u) => u.min)), max = Math.max(...plan.nonUnit.map((u) => u.max));
      let scale = 0;
      for (const u of plan.nonUnit) for (let k = 0; k < u.keys.length; k += 7) scale = Math.max(scale, clientScaleError(u.keys, k));
      const between = errors.length ? Math.max(...errors) : 0;
      this.input.sink.warn(
        'O3D_NON_UNIT_QUATERNION',
        `motion '${plan.name}': ${keys} keys on ${plan.nonUnit.length} bones have non-unit quaternions (|q| ${min.toFixed(4)} to ${max.toFixed(4)}); the client does not normalise them and draws those bones scaled by up to ${percent(scale)}. Reproduced exactly at every key (a shear node above each such joint); between keys within ${percent(between)} of the client`,
      );
    }
    return channels;
  }
}

/** How far the client's matrix of a key is from the rotation of its normalised quaternion (largest singular value off 1). */
function clientScaleError(keys: ArrayLike<number>, o: number): number {
  const s2 = keys[o] * keys[o] + keys[o + 1] * keys[o + 1] + keys[o + 2] * keys[o + 2] + keys[o + 3] * keys[o + 3];
  if (!(s2 > 0)) return 1;
  // (1 − s²)·I + s²·R scales by |1 − s² + s²·e^{iθ}| across the axis, θ the rotation angle.
  const cos = Math.min(1, Math.max(-1, 1 - (2 * (keys[o] * keys[o] + keys[o + 1] * keys[o + 1] + keys[o + 2] * keys[o + 2])) / s2));
  return Math.abs(Math.sqrt(1 + 2 * s2 * (s2 - 1) * (1 - cos)) - 1);
}

const percent = (x: number) => `${(100 * x).toPrecision(2)}%`;

/**
 * The largest difference, halfway between keys, of the client's local matrix (D3DX slerp of the raw
 * quaternions, lerp of positions) and what the shear node and joint give there (glTF interpolation).
 */
function betweenKeysError(keys: Float32Array, count: number, t: Float32Array, r: Float32Array, s: Float32Array, inner: Float32Array): number {
  let worst = 0;
  const q = [0, 0, 0, 0], mid = new Float64Array(7), row = new Float64Array(16), client = new Float64Array(16);
  const ours = new Float64Array(16), a = new Float64Array(16), b = new Float64Array(16);
  for (let f = 0; f + 1 < count; f++) {
    d3dxSlerp(keys, f * 7, keys, f * 7 + 7, 0.5, q);
    mid.set(q);
    for (let c = 4; c < 7; c++) mid[c] = (keys[f * 7 + c] + keys[f * 7 + 7 + c]) / 2;
    toScene(clientKeyRow(mid, 0, row), client);
    const lerp = (v: Float32Array, size: number) => Array.from({ length: size }, (_, c) => (v[f * size + c] + v[f * size + size + c]) / 2);
    math.fromTRS(lerp(t, 3), math.quatSlerp(r.subarray(f * 4, f * 4 + 4), r.subarray(f * 4 + 4, f * 4 + 8), 0.5), lerp(s, 3), a);
    math.fromTRS([0, 0, 0], math.quatSlerp(inner.subarray(f * 4, f * 4 + 4), inner.subarray(f * 4 + 4, f * 4 + 8), 0.5), [1, 1, 1], b);
    multiply(a, b, ours);
    worst = Math.max(worst, relativeDifference(client, ours));
  }
  return worst;
}

/** At most this many skipped motions are named in the warning. */
const NAMED_SKIPS = 8;

interface CompactBlock {
  /** Triangle corners (a, c, b) over the compact vertex set. */
  indices: Uint16Array | Uint32Array;
  /** Stored vertex of each compact vertex. */
  source: Uint32Array;
  /** Triangles dropped for an index past the vertices. */
  dropped: number;
}

/**
 * A block's triangles, winding reversed (a, c, b), over its own vertices numbered in order of first
 * use: what `unweld` (or the keyless `unweldByVertex`) gives, with a direct table since keys are u16
 * vertex indices. Kept local: filtering, winding, u16 output and the reused `remap` are fused here,
 * and `unweldByVertex` plus those passes measured 1.3–3.4× slower on this step.
 * `remap` holds -1 for every vertex and is left that way.
 */
function compactBlock(all: Uint16Array, block: O3dMaterialBlock, vertexCount: number, remap: Int32Array): CompactBlock {
  const start = block.startIndex;
  const end = start + block.primitiveCount * 3;
  const source = new Uint32Array(Math.min(vertexCount, block.primitiveCount * 3));
  let indices: Uint16Array | Uint32Array;
  let counts: { unique: number; corners: number };
  // At most vertexCount vertices: u16 indices unless there are 65,536 (compactIndices' rule).
  if (vertexCount <= 0xffff) {
    const out = new Uint16Array(end - start);
    counts = compactU16(all, start, end, vertexCount, remap, source, out);
    indices = out;
  } else {
    const out = new Uint32Array(end - start);
    counts = compactU32(all, start, end, vertexCount, remap, source, out);
    indices = counts.unique <= 0xffff ? Uint16Array.from(out.subarray(0, counts.corners)) : out;
  }
  const { unique, corners } = counts;
  for (let v = 0; v < unique; v++) remap[source[v]] = -1;
  if (corners < indices.length) indices = indices.slice(0, corners);
  return { indices, source: unique < source.length ? source.subarray(0, unique) : source, dropped: block.primitiveCount - corners / 3 };
}

/** The hot loop, one monomorphic copy per output type (compactU32 is the same for 65,536 vertices). */
function compactU16(all: Uint16Array, start: number, end: number, vertexCount: number, remap: Int32Array, source: Uint32Array, out: Uint16Array) {
  let unique = 0;
  let o = 0;
  for (let at = start; at < end; at += 3) {
    const a = all[at], b = all[at + 1], c = all[at + 2];
    if (a >= vertexCount || b >= vertexCount || c >= vertexCount) continue;
    let ra = remap[a];
    if (ra < 0) {
      ra = remap[a] = unique;
      source[unique++] = a;
    }
    let rc = remap[c];
    if (rc < 0) {
      rc = remap[c] = unique;
      source[unique++] = c;
    }
    let rb = remap[b];
    if (rb < 0) {
      rb = remap[b] = unique;
      source[unique++] = b;
    }
    out[o++] = ra;
    out[o++] = rc;
    out[o++] = rb;
  }
  return { unique, corners: o };
}

function compactU32(all: Uint16Array, start: number, end: number, vertexCount: number, remap: Int32Array, source: Uint32Array, out: Uint32Array) {
  let unique = 0;
  let o = 0;
  for (let at = start; at < end; at += 3) {
    const a = all[at], b = all[at + 1], c = all[at + 2];
    if (a >= vertexCount || b >= vertexCount || c >= vertexCount) continue;
    let ra = remap[a];
    if (ra < 0) {
      ra = remap[a] = unique;
      source[unique++] = a;
    }
    let rc = remap[c];
    if (rc < 0) {
      rc = remap[c] = unique;
      source[unique++] = c;
    }
    let rb = remap[b];
    if (rb < 0) {
      rb = remap[b] = unique;
      source[unique++] = b;
    }
    out[o++] = ra;
    out[o++] = rc;
    out[o++] = rb;
  }
  return { unique, corners: o };
}

/** POSITION, NORMAL and TEXCOORD_0 of the source vertices, z negated when `mirror` (gather, fused). */
function gatherVertices(g: O3dGeometry, source: Uint32Array, mirror: boolean): Primitive['attributes'] {
  const n = source.length;
  const p = g.positions, nm = g.normals, t = g.uvs;
  const positions = new Float32Array(n * 3);
  const normals = new Float32Array(n * 3);
  const uvs = new Float32Array(n * 2);
  for (let v = 0, o3 = 0, o2 = 0; v < n; v++, o3 += 3, o2 += 2) {
    const s = source[v];
    const s3 = s * 3, s2 = s * 2;
    positions[o3] = p[s3];
    positions[o3 + 1] = p[s3 + 1];
    positions[o3 + 2] = mirror ? 0 - p[s3 + 2] : p[s3 + 2];
    normals[o3] = nm[s3];
    normals[o3 + 1] = nm[s3 + 1];
    normals[o3 + 2] = mirror ? 0 - nm[s3 + 2] : nm[s3 + 2];
    uvs[o2] = t[s2];
    uvs[o2 + 1] = t[s2 + 1];
  }
  return { POSITION: positions, NORMAL: normals, TEXCOORD_0: uvs };
}

/**
 * What gatherVertices gives (mirrored) for a permutation `source` of all vertices, done in place by
 * following its cycles: every vertex is written once. `marks` holds -1 for every vertex and is left
 * that way.
 */
function permuteInPlace(g: O3dGeometry, source: Uint32Array, marks: Int32Array): void {
  const p = g.positions, nm = g.normals, t = g.uvs;
  const n = source.length;
  for (let v = 0; v < n; v++) {
    if (marks[v] >= 0) continue;
    const v3 = v * 3, v2 = v * 2;
    const px = p[v3], py = p[v3 + 1], pz = p[v3 + 2];
    const nx = nm[v3], ny = nm[v3 + 1], nz = nm[v3 + 2];
    const tu = t[v2], tv = t[v2 + 1];
    for (let j = v; ; ) {
      marks[j] = 1;
      const k = source[j];
      const j3 = j * 3, j2 = j * 2;
      if (k === v) {
        p[j3] = px;
        p[j3 + 1] = py;
        p[j3 + 2] = 0 - pz;
        nm[j3] = nx;
        nm[j3 + 1] = ny;
        nm[j3 + 2] = 0 - nz;
        t[j2] = tu;
        t[j2 + 1] = tv;
        break;
      }
      const k3 = k * 3, k2 = k * 2;
      p[j3] = p[k3];
      p[j3 + 1] = p[k3 + 1];
      p[j3 + 2] = 0 - p[k3 + 2];
      nm[j3] = nm[k3];
      nm[j3 + 1] = nm[k3 + 1];
      nm[j3 + 2] = 0 - nm[k3 + 2];
      t[j2] = t[k2];
      t[j2 + 1] = t[k2 + 1];
      j = k;
    }
  }
  marks.fill(-1);
}

/** Whether `source` lists vertices 0..count-1 in order. */
function isIdentity(source: Uint32Array, count: number): boolean {
  if (source.length !== count) return false;
  for (let v = 0; v < count; v++) if (source[v] !== v) return false;
  return true;
}


function attributeExtras(attributes: MotionAttribute[]) {
  return attributes.flatMap((a, i) => (a.flags ? [{ index: i, frame: a.frame, flags: a.flags, soundId: a.soundId }] : []));
}

function clip(name: string, channels: AnimationChannel[], frameCount: number, fps: number, perSlerp: number, extras: Record<string, unknown>): AnimationClip {
  return {
    name,
    duration: Math.max(0, frameCount - 1) / fps,
    channels,
    extras: { frameCount, fps, perSlerp, loopDuration: frameCount / fps, ...extras },
  };
}

/** Translation and rotation channels from keys of 7 floats (quat xyzw, position), one per frame. */
function keyChannels(node: number, keys: Float32Array, frameCount: number, fps: number): AnimationChannel[] {
  const times = new Float32Array(frameCount);
  const translation = new Float32Array(frameCount * 3);
  const rotation = new Float32Array(frameCount * 4);
  // convertQuat and convertVec3 inlined (no per-key arrays); the same operations in the same order.
  for (let f = 0, k = 0, r = 0, t = 0; f < frameCount; f++, k += 7, r += 4, t += 3) {
    times[f] = f / fps;
    const x = keys[k], y = keys[k + 1], z = keys[k + 2], w = keys[k + 3];
    const l = Math.hypot(x, y, z, w) || 1;
    rotation[r] = 0 - x / l;
    rotation[r + 1] = 0 - y / l;
    rotation[r + 2] = z / l;
    rotation[r + 3] = w / l;
    translation[t] = keys[k + 4];
    translation[t + 1] = keys[k + 5];
    translation[t + 2] = 0 - keys[k + 6];
  }
  for (let i = 0; i < rotation.length; i++) if (!Number.isFinite(rotation[i])) rotation[i] = i % 4 === 3 ? 1 : 0;
  for (let i = 0; i < translation.length; i++) if (!Number.isFinite(translation[i])) translation[i] = 0;
  math.makeQuaternionsContinuous(rotation);
  return [
    { node, path: 'translation', times, values: translation, interpolation: 'LINEAR' },
    { node, path: 'rotation', times, values: rotation, interpolation: 'LINEAR' },
  ];
}

/**
 * Builds the scene. It takes ownership of the file's vertex arrays (positions and normals are
 * mirrored in place and become primitive attributes), so pass a file read for this call only.
 */
export function buildScene(input: SceneInput): Scene {
  const scene = new SceneBuilder(input).build();
  return input.sink.attach(scene);
}
