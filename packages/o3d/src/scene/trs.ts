import { math, type Node } from '@relic3d/core';

/** A matrix as node translation, rotation and scale, each only when it is not the identity's. */
export function trs(matrix: Float32Array): Pick<Node, 'translation' | 'rotation' | 'scale'> {
  const d = math.decompose(matrix);
  const out: Pick<Node, 'translation' | 'rotation' | 'scale'> = {};
  if (d.translation.some((v) => v !== 0)) out.translation = d.translation;
  if (!(d.rotation[0] === 0 && d.rotation[1] === 0 && d.rotation[2] === 0 && d.rotation[3] === 1)) out.rotation = d.rotation;
  if (d.scale.some((v) => Math.abs(v - 1) > 1e-6)) out.scale = d.scale;
  return out;
}
