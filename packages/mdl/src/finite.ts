import { zeroNonFinite, type Scene, type WarningSink } from '@relic3d/core';

/**
 * Replaces non-finite floats (NaN/Infinity bit patterns in damaged files) so every accepted file
 * gives a valid scene: arrays get 0, node TRS fall back to identity parts. One warning says how many.
 * Arrays in `knownFinite` were checked while they were built and are skipped. A generic scene pass;
 * a candidate for core.
 */
export function sanitizeScene(scene: Scene, sink: WarningSink, knownFinite: ReadonlySet<Float32Array> = new Set()): void {
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
  if (fixed) sink.warn('MDL_NOT_FINITE', `${fixed} non-finite values (NaN or infinity) were replaced`);
}

