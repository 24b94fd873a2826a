import { math, type Vec3 } from '@relic3d/core';
import type { LodFile } from '../file.js';
import type { BuildContext } from './context.js';
import { shapeFromScale } from './shapes.js';
import type { Bones } from './skeleton.js';

const COLLIDER_TYPES = ['sphere', 'capsule', 'cylinder', 'box'];

/** COL1 skeleton colliders → scene colliders on their bone nodes. */
export function buildColliders(file: LodFile, { scene, axis, sink, finite }: BuildContext, bones: Bones): void {
  file.colliderSets.forEach((set, s) => {
    set.colliders.forEach((c, i) => {
      const m = Array.from(c.matrix, (v) => finite.value(v));
      // GLScene keeps the collider's scale in [0][3], [1][3], [2][3] and zeroes them before use.
      const scale: Vec3 = [m[3], m[7], m[11]];
      m[3] = m[7] = m[11] = 0;
      // Stored row-major for row vectors, so the 16 floats read column-major give the column-vector matrix.
      const d = math.decompose(axis.matrix(m));
      const node = bones.nodeById.get(c.boneId);
      if (node === undefined) sink.warn('LOD_COLLIDER_BONE', `collider '${c.name}' names BoneID ${c.boneId}, which does not exist`);
      const typeName = COLLIDER_TYPES[c.type] ?? 'sphere';
      scene.colliders.push({
        name: c.name || `collider ${i}`,
        shape: shapeFromScale(typeName, axis.scale(scale), finite)!,
        node: node ?? -1,
        translation: d.translation,
        rotation: math.quatNormalize(d.rotation),
        extras: { source: 'COL1', set: set.name, setIndex: s, type: typeName, scale, tag: c.tag, tagFloat: c.tagFloat, visible: c.visible, jointAxis: c.jointAxis, matrix: Array.from(c.matrix) },
      });
    });
  });
}
