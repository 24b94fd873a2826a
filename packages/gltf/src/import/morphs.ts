// Morph targets: POSITION / NORMAL / TANGENT deltas per target, names from the mesh's
// `extras.targetNames` (the convention toGltf and most tools follow), and the same target count
// on every primitive of a mesh, as the scene (and glTF) require.
import type { Mesh as GMesh, Primitive as GPrimitive } from '@gltf-transform/core';
import type { MorphTarget, Primitive } from '@relic3d/core';
import { floats } from './accessors.js';
import type { ImportContext } from './context.js';

const DELTAS = ['POSITION', 'NORMAL', 'TANGENT'] as const;

/** The mesh's target names, when its extras give them. */
export function targetNames(g: GMesh): (string | undefined)[] {
  const names = (g.getExtras() as { targetNames?: unknown }).targetNames;
  return Array.isArray(names) ? names.map((n) => (typeof n === 'string' ? n : undefined)) : [];
}

/** A primitive's targets with the deltas the scene has; others are warned about and left out. */
export function readTargets(ctx: ImportContext, g: GPrimitive, count: number, names: (string | undefined)[], label: string): MorphTarget[] {
  const dropped = new Set<string>();
  let replaced = 0;
  const targets = g.listTargets().map((t, i) => {
    const target: MorphTarget = {};
    if (names[i] !== undefined) target.name = names[i];
    for (const semantic of t.listSemantics()) {
      const accessor = t.getAttribute(semantic)!;
      if (!(DELTAS as readonly string[]).includes(semantic)) {
        dropped.add(semantic);
        continue;
      }
      if (accessor.getElementSize() !== 3 || accessor.getCount() !== count) {
        ctx.warn('GLTF_ATTRIBUTE_DROPPED', `${label}: morph target ${i} ${semantic} has ${accessor.getCount()} elements of ${accessor.getElementSize()} for ${count} vertices of 3; left out`);
        continue;
      }
      const values = floats(ctx, accessor);
      replaced += values.replaced;
      target[semantic as (typeof DELTAS)[number]] = values.data;
    }
    return target;
  });
  if (dropped.size) ctx.warn('GLTF_ATTRIBUTE_DROPPED', `${label}: morph target ${[...dropped].join(', ')} deltas have no scene field; left out`);
  if (replaced) ctx.warn('GLTF_VALUES_FIXED', `${label}: ${replaced} morph target values that are not finite replaced by 0`);
  return targets;
}

/** Gives every primitive the mesh's largest target count (empty targets added); returns that count. */
export function padTargets(ctx: ImportContext, primitives: Primitive[], names: (string | undefined)[], mesh: string): number {
  let most = 0;
  for (const p of primitives) most = Math.max(most, p.targets?.length ?? 0);
  let padded = 0;
  for (const p of primitives) {
    const have = p.targets?.length ?? 0;
    if (have === most) continue;
    p.targets = [...(p.targets ?? [])];
    for (let t = have; t < most; t++, padded++) p.targets.push(names[t] !== undefined ? { name: names[t] } : {});
  }
  if (padded) ctx.warn('GLTF_TARGETS_PADDED', `mesh '${mesh}': ${padded} empty morph targets added so every primitive has ${most}`);
  return most;
}
