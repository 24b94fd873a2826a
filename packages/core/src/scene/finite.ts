import type { Scene } from './types.js';

/** Sets NaN and ±Infinity in a float array to 0, in place; returns how many there were. */
export function zeroNonFinite(values: Float32Array): number {
  let bad = 0;
  for (let i = 0, n = values.length; i < n; i++) {
    // x − x is 0 for every finite x and NaN otherwise: one test for NaN and ±Infinity.
    if (values[i] - values[i] !== 0) {
      values[i] = 0;
      bad++;
    }
  }
  return bad;
}


/**
 * `scene[FINITE_SCENE] === true`: the reader vouches that every float in the scene is finite, so
 * the glTF exporter does not scan the arrays again (Symbol.for: one symbol across package copies).
 */
export const FINITE_SCENE: unique symbol = Symbol.for('relic3d.sceneFinite') as never;

/** Attributes `scrubNonFinite` zeroes; the exporter fixes NORMAL, TANGENT and COLOR_0 on every scene. */
const SCRUBBED_ATTRIBUTES = new Set(['POSITION', 'NORMAL', 'TANGENT', 'TEXCOORD_0', 'TEXCOORD_1', 'COLOR_0', 'WEIGHTS_0', 'JOINTS_0']);

/**
 * Sets FINITE_SCENE on a scene `scrubNonFinite` has just scrubbed, unless a primitive has an
 * attribute that scrub does not cover (then the exporter checks it). Returns whether it was set.
 */
export function markScrubbedFinite(scene: Scene): boolean {
  for (const mesh of scene.meshes) for (const p of mesh.primitives) for (const key of Object.keys(p.attributes)) if (!SCRUBBED_ATTRIBUTES.has(key)) return false;
  (scene as Scene & { [FINITE_SCENE]?: boolean })[FINITE_SCENE] = true;
  return true;
}

/**
 * Non-finite values (NaN, ±infinity, or beyond float32, which glTF stores) replaced by a fallback
 * and counted, so one warning can say how many were. One per parse.
 */
export class FiniteScrub {
  count = 0;

  value(v: number, fallback = 0): number {
    if (Number.isFinite(Math.fround(v))) return v;
    this.count++;
    return fallback;
  }

  vec<T extends number[]>(v: T): T {
    return v.map((x) => this.value(x)) as T;
  }
}

/**
 * Replaces the non-finite floats left in a built scene (NaN/infinity bit patterns in damaged files),
 * so every accepted file gives a valid scene: arrays get 0, node and collider TRS fall back to
 * identity parts. Arrays in `knownFinite` were checked while they were built and are skipped.
 * Returns how many values or vectors were replaced; the format says so in its own warning.
 */
export function scrubNonFinite(scene: Scene, knownFinite: ReadonlySet<Float32Array> = new Set()): number {
  let fixed = 0;
  const array = (a: Float32Array | undefined) => {
    if (a && !knownFinite.has(a)) fixed += zeroNonFinite(a);
  };
  const vector = <T extends number[]>(v: T | undefined, fallback: T): T | undefined => {
    if (!v || v.every(Number.isFinite)) return v;
    fixed++;
    return fallback;
  };
  for (const node of scene.nodes) {
    node.translation = vector(node.translation, [0, 0, 0]);
    node.rotation = vector(node.rotation, [0, 0, 0, 1]);
    node.scale = vector(node.scale, [1, 1, 1]);
  }
  for (const mesh of scene.meshes) {
    for (const p of mesh.primitives) {
      const a = p.attributes;
      for (const key of ['POSITION', 'NORMAL', 'TANGENT', 'TEXCOORD_0', 'TEXCOORD_1', 'COLOR_0', 'WEIGHTS_0'] as const) array(a[key]);
      for (const t of p.targets ?? []) {
        array(t.POSITION);
        array(t.NORMAL);
        array(t.TANGENT);
      }
      const d = p.extras?.displacement;
      if (typeof d === 'number' && !Number.isFinite(d)) p.extras!.displacement = 0;
      else if (d instanceof Float32Array) array(d);
    }
  }
  for (const skin of scene.skins) array(skin.inverseBindMatrices);
  for (const clip of scene.animations) for (const ch of clip.channels) array(ch.values);
  for (const c of scene.colliders) {
    c.translation = vector(c.translation, [0, 0, 0]);
    c.rotation = vector(c.rotation, [0, 0, 0, 1]);
    const s = c.shape as unknown as Record<string, unknown>;
    for (const [k, v] of Object.entries(s)) {
      if (typeof v === 'number' && !Number.isFinite(v)) {
        s[k] = 0;
        fixed++;
      } else if (v instanceof Float32Array) array(v);
      else if (Array.isArray(v) && !v.every(Number.isFinite)) {
        s[k] = v.map((x) => (Number.isFinite(x) ? x : 0));
        fixed++;
      }
    }
  }
  return fixed;
}
