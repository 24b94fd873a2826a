import { mirrorZ, type MorphTarget, type Primitive } from '@relic3d/core';
import type { MdlMesh, MdlParseOptions } from '../file.js';

/**
 * Morph targets of one mesh, mirrored like the base vertices. `'absolute'` records (the default)
 * become deltas against the base `position`, `normal` (both mirrored) and the stored tangent.
 */
export function morphTargets(mesh: MdlMesh, position: Float32Array, normal: Float32Array, options: MdlParseOptions): MorphTarget[] {
  const absolute = (options.morphTargets ?? 'absolute') === 'absolute';
  const baseTangent = mirrorZ(mesh.vertices.tangent);
  return mesh.morphs.map((morph, k): MorphTarget => {
    const p = mirrorZ(morph.position), nn = mirrorZ(morph.normal), t = mirrorZ(morph.tangent);
    if (absolute) {
      for (let i = 0; i < p.length; i++) {
        p[i] -= position[i];
        nn[i] -= normal[i];
        t[i] -= baseTangent[i];
      }
    }
    return { name: `morph ${k}`, POSITION: p, NORMAL: nn, TANGENT: t };
  });
}

/** The stored morph bitangents, mirrored (glTF targets have no bitangent; kept in extras). */
export function morphBitangents(mesh: MdlMesh): Float32Array[] {
  return mesh.morphs.map((m) => mirrorZ(m.bitangent));
}

/** Every primitive of a glTF mesh needs the same number of morph targets: pads with zero deltas. Returns the count. */
export function padTargets(primitives: Primitive[]): number {
  const targetCount = Math.max(0, ...primitives.map((p) => p.targets?.length ?? 0));
  if (targetCount > 0) {
    for (const p of primitives) {
      p.targets ??= [];
      while (p.targets.length < targetCount) p.targets.push({ POSITION: new Float32Array(p.attributes.POSITION.length) });
    }
  }
  return targetCount;
}
