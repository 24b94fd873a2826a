// One drawn node's primitives in file space: posed in the rest pose, axes converted, V flipped.
import { WriteError, computeSkinMatrices, keepMapAlive, math, type Primitive } from '@relic3d/core';
import { skinVertices } from '@relic3d/kernels';
import { FORMAT_ID } from '../file.js';
import type { WriteContext } from './context.js';
import type { DrawnNode, Rig } from './rig.js';

/** A triangle primitive ready to weld: per-vertex arrays in file space. */
export interface GatheredPrimitive {
  primitive: Primitive;
  positions: Float32Array;
  normals?: Float32Array;
  uv0?: Float32Array;
  uv1?: Float32Array;
  /** Triangles (corner → vertex), wound as the file wants them. */
  indices: Uint32Array;
  /** 4 bone indices and 4 weights per vertex (zero weights unused), when the mesh is bound. */
  bones?: Uint16Array;
  weights?: Float32Array;
  /** Morph target position deltas, file space. */
  targets: Float32Array[];
  /** Vertices no triangle uses. */
  unused: number;
  /** `positions` and `normals` are the scene's own arrays, not yet converted or cleaned (scene-space.ts settles them). */
  sceneSpace?: boolean;
}

/** What the gathering found that the format cannot hold, counted for one warning each. */
export interface GatherTally {
  notFinite: number;
  unweighted: number;
  badJoints: number;
  droppedAttributes: Set<string>;
  otherModes: number;
}

export function newTally(): GatherTally {
  return { notFinite: 0, unweighted: 0, badJoints: 0, droppedAttributes: new Set(), otherModes: 0 };
}

// Skinning always on the kernels' TypeScript path: WASM differs in the last bits, and written bytes must
// not depend on whether WASM happened to be ready.
const onTypeScript = { kernels: 'js' } as const;

const DROPPED = ['TANGENT', 'TEXCOORD_2', 'TEXCOORD_3', 'COLOR_0'] as const;

/**
 * NaN and ±infinity → 0 and −0 → 0 (so equal values weld), in place, in one pass; returns how
 * many values were not finite.
 */
export function cleanFloats(values: Float32Array): number {
  let bad = 0;
  for (let i = 0, n = values.length; i < n; i++) {
    const v = values[i];
    if (v - v !== 0) {
      values[i] = 0;
      bad++;
    } else if (v === 0) values[i] = 0;
  }
  return bad;
}

/**
 * xyz triples of `source` into `out` (the same array, or a new one), converted to the file's up
 * axis and cleaned as `cleanFloats` cleans, in one pass (a copy, the axes and the clean were three);
 * returns how many values were not finite.
 */
export function axisClean(source: Float32Array, out: Float32Array, up: 'y' | 'z'): number {
  if (up === 'y') {
    if (out !== source) out.set(source);
    return cleanFloats(out);
  }
  let bad = 0;
  const n = source.length - (source.length % 3);
  for (let i = 0; i < n; i += 3) {
    // yUpToZUp: (x, y, z) → (x, 0 − z, y).
    const x = source[i], y = 0 - source[i + 2], z = source[i + 1];
    if (x - x !== 0) (out[i] = 0), bad++;
    else out[i] = x === 0 ? 0 : x;
    if (y - y !== 0) (out[i + 1] = 0), bad++;
    else out[i + 1] = y === 0 ? 0 : y;
    if (z - z !== 0) (out[i + 2] = 0), bad++;
    else out[i + 2] = z === 0 ? 0 : z;
  }
  // A trailing partial triple is not converted, only cleaned (as yUpToZUp leaves it).
  for (let i = n; i < source.length; i++) {
    const v = source[i];
    if (v - v !== 0) (out[i] = 0), bad++;
    else out[i] = v === 0 ? 0 : v;
  }
  return bad;
}

/** UVs with V flipped (1 − v) and cleaned as `cleanFloats` cleans, into a new array in one pass. */
function flippedUvs(uv: Float32Array, tally: GatherTally): Float32Array {
  const out = new Float32Array(uv.length);
  let bad = 0;
  for (let i = 0; i < uv.length; i++) {
    const v = i & 1 ? 1 - uv[i] : uv[i];
    if (v - v !== 0) (out[i] = 0), bad++;
    else out[i] = v === 0 ? 0 : v;
  }
  tally.notFinite += bad;
  return out;
}

/**
 * Triangle corners of a primitive, checked against its vertex count (a copy only when the
 * winding must change), and how many vertices no corner uses.
 */
function triangles(p: Primitive, name: string, copy: boolean): { indices: Uint32Array; unused: number } {
  const count = p.attributes.POSITION.length / 3;
  if (!p.indices) {
    const out = new Uint32Array(count - (count % 3));
    for (let c = 0; c < out.length; c++) out[c] = c;
    return { indices: out, unused: count % 3 };
  }
  const source = p.indices;
  const corners = source.length - (source.length % 3);
  // Vertices numbered by first use (as the readers number them): all below `next` used, none above, no
  // table; any other order takes the table below.
  let next = 0, c = 0;
  for (; c < corners; c++) {
    const v = source[c];
    if (v < next) continue;
    if (v !== next) break;
    next++;
  }
  if (c === corners && next <= count) {
    if (!copy && source instanceof Uint32Array && corners === source.length) return { indices: source, unused: count - next };
    return { indices: new Uint32Array(source.subarray(0, corners)), unused: count - next };
  }
  const used = new Uint8Array(count);
  let max = 0;
  for (let c = 0; c < corners; c++) {
    const v = source[c];
    if (v > max) max = v;
    used[v] = 1;
  }
  if (corners && max >= count) {
    const bad = Array.prototype.find.call(source, (v: number) => v >= count) as number;
    throw new WriteError({ format: FORMAT_ID, code: 'INVALID_SCENE', limit: 'vertex index', value: bad, max: count - 1, where: `mesh "${name}"` });
  }
  let unused = 0;
  for (let v = 0; v < count; v++) unused += 1 - used[v];
  if (!copy && source instanceof Uint32Array && corners === source.length) return { indices: source, unused };
  // The typed-array constructor converts element by element (`from` walks an iterator).
  return { indices: new Uint32Array(source.subarray(0, corners)), unused };
}

/** Normal matrix (inverse transpose of the upper 3×3) applied and renormalised, in place. */
function transformNormals(m: ArrayLike<number>, normals: Float32Array): void {
  if (isIdentity(m)) return;
  const inv = math.invert(m) ?? math.identity();
  for (let i = 0; i + 2 < normals.length; i += 3) {
    const x = normals[i], y = normals[i + 1], z = normals[i + 2];
    const nx = inv[0] * x + inv[1] * y + inv[2] * z;
    const ny = inv[4] * x + inv[5] * y + inv[6] * z;
    const nz = inv[8] * x + inv[9] * y + inv[10] * z;
    const l = Math.hypot(nx, ny, nz) || 1;
    normals[i] = nx / l;
    normals[i + 1] = ny / l;
    normals[i + 2] = nz / l;
  }
}

const isIdentity = (m: ArrayLike<number>) => Array.prototype.every.call(m, (v: number, i: number) => v === (i % 5 === 0 ? 1 : 0));

/** `values` moved by `m` into a new array; undefined for the identity (the caller copies them as it converts them). */
function transformPoints(m: ArrayLike<number>, values: Float32Array, translate: boolean): Float32Array | undefined {
  if (isIdentity(m)) return undefined;
  const out = new Float32Array(values.length);
  const w = translate ? 1 : 0;
  for (let i = 0; i + 2 < values.length; i += 3) {
    const x = values[i], y = values[i + 1], z = values[i + 2];
    out[i] = m[0] * x + m[4] * y + m[8] * z + m[12] * w;
    out[i + 1] = m[1] * x + m[5] * y + m[9] * z + m[13] * w;
    out[i + 2] = m[2] * x + m[6] * y + m[10] * z + m[14] * w;
  }
  return out;
}

/**
 * Whether every joint matrix (rest world × inverse bind) is the identity within float error: the
 * rest pose is the bind pose, so vertices are written as they are (no skinning round-off).
 */
function restIsBind(jointMatrices: Float32Array, inverseBind: Float32Array): boolean {
  for (let j = 0; j < jointMatrices.length; j += 16) {
    const reach = Math.max(1, Math.abs(inverseBind[j + 12]), Math.abs(inverseBind[j + 13]), Math.abs(inverseBind[j + 14]));
    for (let k = 0; k < 16; k++) {
      const want = k % 5 === 0 ? 1 : 0; // the diagonal: 0, 5, 10, 15
      if (!(Math.abs(jointMatrices[j + k] - want) <= (k >= 12 ? 1e-5 * reach : 1e-5))) return false;
    }
  }
  return true;
}

/** Per-vertex influences in rig bone numbers: merged, zeros dropped, renormalised, largest first. */
function influences(p: Primitive, skinJoints: number[], rig: Rig, tally: GatherTally): { bones: Uint16Array; weights: Float32Array } {
  const J = p.attributes.JOINTS_0!, W = p.attributes.WEIGHTS_0!;
  const count = p.attributes.POSITION.length / 3;
  const bones = new Uint16Array(count * 4);
  const weights = new Float32Array(count * 4);
  const fallback = rig.boneOf.get(skinJoints[0]) ?? 0;
  // Each skin joint's bone once (−1: none), not a map lookup per influence.
  const boneOfJoint = Int32Array.from(skinJoints, (node) => rig.boneOf.get(node) ?? -1);
  const b = new Int32Array(4), w = new Float64Array(4);
  for (let v = 0; v < count; v++) {
    let n = 0, total = 0;
    for (let k = 0; k < 4; k++) {
      const weight = W[v * 4 + k];
      if (!(weight > 0)) continue;
      const bone = boneOfJoint[J[v * 4 + k]] as number | undefined;
      if (bone === undefined || bone < 0) {
        tally.badJoints++;
        continue;
      }
      let at = 0;
      while (at < n && b[at] !== bone) at++;
      if (at < n) w[at] += weight;
      else (b[n] = bone), (w[n++] = weight);
      total += weight;
    }
    if (n === 0 || !(total > 0) || !Number.isFinite(total)) {
      tally.unweighted++;
      bones[v * 4] = fallback;
      weights[v * 4] = 1;
      continue;
    }
    // Largest first, then lower bone (a total order: bones are distinct); insertion sort of ≤ 4
    // in place of an array sort with a closure per vertex.
    for (let i = 1; i < n; i++) {
      const bi = b[i], wi = w[i];
      let m = i;
      for (; m > 0 && (w[m - 1] < wi || (w[m - 1] === wi && b[m - 1] > bi)); m--) (b[m] = b[m - 1]), (w[m] = w[m - 1]);
      (b[m] = bi), (w[m] = wi);
    }
    for (let i = 0; i < n; i++) {
      bones[v * 4 + i] = b[i];
      weights[v * 4 + i] = w[i] / total;
    }
  }
  return { bones, weights };
}

/**
 * The triangle primitives of a drawn node in file space. Skinned meshes are skinned into the
 * rest pose (the skeleton's bind pose in the file); rigid meshes take their node's rest world
 * matrix (a mirroring one reverses the winding, so front faces stay front faces).
 */
export function gatherNode(ctx: WriteContext, rig: Rig, drawn: DrawnNode, tally: GatherTally): GatheredPrimitive[] {
  const { scene, axis } = ctx;
  const node = scene.nodes[drawn.node];
  const mesh = scene.meshes[node.mesh!];
  const world = rig.restWorld.subarray(drawn.node * 16, drawn.node * 16 + 16);
  const skin = drawn.skin !== undefined ? scene.skins[drawn.skin] : undefined;
  const jointMatrices = skin ? computeSkinMatrices(scene, drawn.skin!, rig.restWorld) : undefined;
  const asBound = jointMatrices !== undefined && restIsBind(jointMatrices, skin!.inverseBindMatrices);
  const mirrored = !skin && math.determinant3(world) < 0;
  const rigidBone = drawn.bone !== undefined ? rig.boneOf.get(drawn.bone) : undefined;
  const out: GatheredPrimitive[] = [];
  for (const p of mesh.primitives) {
    if ((p.mode ?? 'TRIANGLES') !== 'TRIANGLES') {
      tally.otherModes++;
      continue;
    }
    for (const name of DROPPED) if (p.attributes[name]) tally.droppedAttributes.add(name);
    const { indices, unused } = triangles(p, node.name, mirrored);
    if (!indices.length) continue;
    const a = p.attributes;
    // Arrays the writer made (converted in place), or undefined: the scene's own, converted into a new one.
    let positions: Float32Array | undefined;
    let normals: Float32Array | undefined;
    const targets: (Float32Array | undefined)[] = [];
    const sourceTargets: Float32Array[] = [];
    const skinned = skin && a.JOINTS_0 && a.WEIGHTS_0;
    for (const t of p.targets ?? []) if (t.POSITION) sourceTargets.push(t.POSITION);
    if (skinned && asBound) {
      for (let k = 0; k < sourceTargets.length; k++) targets.push(undefined);
    } else if (skinned) {
      positions = new Float32Array(a.POSITION.length);
      normals = a.NORMAL ? new Float32Array(a.NORMAL.length) : undefined;
      skinVertices(a.POSITION, a.JOINTS_0!, a.WEIGHTS_0!, jointMatrices!, positions, a.NORMAL, normals, onTypeScript);
      for (const t of sourceTargets) {
        const moved = a.POSITION.map((v, i) => v + t[i]);
        const posed = new Float32Array(moved.length);
        skinVertices(moved, a.JOINTS_0!, a.WEIGHTS_0!, jointMatrices!, posed, undefined, undefined, onTypeScript);
        targets.push(posed.map((v, i) => v - positions![i]));
      }
    } else {
      positions = transformPoints(world, a.POSITION, true);
      if (a.NORMAL && !isIdentity(world)) transformNormals(world, (normals = a.NORMAL.slice()));
      for (const t of sourceTargets) targets.push(transformPoints(world, t, false));
    }
    const converted = (own: Float32Array | undefined, source: Float32Array | undefined): Float32Array | undefined => {
      if (!source && !own) return undefined;
      const into = own ?? new Float32Array(source!.length);
      tally.notFinite += axisClean(own ?? source!, into, axis.up);
      return into;
    };
    // Drawn where it stands: the scene's own arrays, converted later or as they are written (scene-space.ts).
    const sceneSpace = positions === undefined && normals === undefined && !skinned && rigidBone === undefined && !sourceTargets.length;
    const filePositions = sceneSpace ? a.POSITION : converted(positions, a.POSITION)!;
    const fileNormals = sceneSpace ? a.NORMAL : converted(normals, a.NORMAL);
    const fileTargets = targets.map((t, k) => converted(t, sourceTargets[k])!);
    const flip = (uv: Float32Array | undefined) => (uv ? flippedUvs(uv, tally) : undefined);
    if (mirrored) for (let c = 0; c < indices.length; c += 3) [indices[c + 1], indices[c + 2]] = [indices[c + 2], indices[c + 1]];
    // Every field in the literal (bones and weights set below, never added: an added field is a transition
    // map V8 holds weakly, and skinOf was compiled again after each full GC); one such record kept (below).
    const gathered: GatheredPrimitive = { primitive: p, positions: filePositions, normals: fileNormals, uv0: flip(a.TEXCOORD_0), uv1: flip(a.TEXCOORD_1), indices, targets: fileTargets, unused, sceneSpace, bones: undefined, weights: undefined };
    if (skinned) Object.assign(gathered, influences(p, skin!.joints, rig, tally));
    else if (rigidBone !== undefined) {
      const count = filePositions.length / 3;
      gathered.bones = new Uint16Array(count * 4).fill(0);
      gathered.weights = new Float32Array(count * 4);
      for (let v = 0; v < count; v++) {
        gathered.bones[v * 4] = rigidBone;
        gathered.weights[v * 4] = 1;
      }
    }
    out.push(gathered);
  }
  return out;
}

// One record of each shape kept, fields in the order they are made: a literal's map is held by no literal
// (V8's map cache holds it weakly), so it died with a write's records and the code that read it with it.
keepMapAlive({ primitive: { attributes: { POSITION: new Float32Array(0) } }, positions: new Float32Array(0), normals: undefined, uv0: undefined, uv1: undefined, indices: new Uint32Array(0), targets: [], unused: 0, sceneSpace: false, bones: undefined, weights: undefined } satisfies GatheredPrimitive);
keepMapAlive(newTally());
