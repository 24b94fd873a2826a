// The O3D writer's objects for a static scene, as `write` in packages/o3d/src/write/index.ts builds
// them (from the package's sources), for the O3D write benches (o3d-write-phases.ts, o3d-write-floor.ts).
import { WarningSink, type Scene } from '@relic3d/core';
import { createContext } from '../../packages/o3d/src/write/context.js';
import { applyNameConventions } from '../../packages/o3d/src/write/conventions.js';
import { blockLooks } from '../../packages/o3d/src/write/materials.js';
import { buildGroups } from '../../packages/o3d/src/write/objects.js';
import { isPlan, type GeometryPlan } from '../../packages/o3d/src/write/plan.js';
import { collectBones } from '../../packages/o3d/src/write/skeleton.js';
import { objectSources } from '../../packages/o3d/src/write/sources.js';

export function staticPlans(scene: Scene): GeometryPlan[] {
  const sink = new WarningSink('o3d');
  const ctx = createContext(applyNameConventions(scene, sink), sink, 'bench', 'euc-kr');
  const groups = buildGroups(ctx, objectSources(ctx, collectBones(ctx), blockLooks(ctx)), undefined);
  return groups.flat().map((o) => o.geometry).filter(isPlan);
}
