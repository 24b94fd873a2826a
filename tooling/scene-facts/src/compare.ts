import type { Bounds } from '@relic3d/core';
import type { SceneFacts } from './facts.js';

export type FactName = keyof SceneFacts;

export interface CompareOptions {
  /** Compare only these facts. */
  only?: readonly FactName[];
  /** Leave these facts out (what the target format cannot hold; the test expects its warning instead). */
  skip?: readonly FactName[];
  /** Bounds may differ by this fraction of the larger box diagonal (at least 1 unit × it); default 1e-3. */
  tolerance?: number;
  /** Clip durations may differ by this many seconds (formats that key whole frames); default 1e-3. */
  timeTolerance?: number;
}

const FACTS: readonly FactName[] = ['vertices', 'triangles', 'meshNodes', 'joints', 'jointParents', 'materials', 'textures', 'clips', 'lodLevels', 'colliders', 'morphTargets', 'bounds', 'posed'];

function boundsDiff(a: Bounds | null, b: Bounds | null, tolerance: number): string | undefined {
  if (!a || !b) return a === b ? undefined : `${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
  const diag = Math.max(Math.hypot(a.max[0] - a.min[0], a.max[1] - a.min[1], a.max[2] - a.min[2]), Math.hypot(b.max[0] - b.min[0], b.max[1] - b.min[1], b.max[2] - b.min[2]), 1);
  const limit = tolerance * diag;
  for (let c = 0; c < 3; c++) {
    if (!(Math.abs(a.min[c] - b.min[c]) <= limit) || !(Math.abs(a.max[c] - b.max[c]) <= limit)) {
      const f = (v: readonly number[]) => `[${v.map((x) => x.toFixed(4)).join(', ')}]`;
      return `min ${f(a.min)} max ${f(a.max)} ≠ min ${f(b.min)} max ${f(b.max)} (tolerance ${limit.toPrecision(3)})`;
    }
  }
  return undefined;
}

/** The facts on which `a` (expected) and `b` (actual) differ, one line each; empty when they agree. */
export function compareSceneFacts(a: SceneFacts, b: SceneFacts, options: CompareOptions = {}): string[] {
  const tolerance = options.tolerance ?? 1e-3;
  const timeTolerance = options.timeTolerance ?? 1e-3;
  const names = (options.only ?? FACTS).filter((f) => !options.skip?.includes(f));
  const out: string[] = [];
  for (const name of names) {
    if (name === 'bounds') {
      const d = boundsDiff(a.bounds, b.bounds, tolerance);
      if (d) out.push(`bounds: ${d}`);
    } else if (name === 'posed') {
      const clips = Object.keys(a.posed);
      for (const clip of clips) {
        const got = b.posed[clip];
        if (!got) {
          out.push(`posed: clip "${clip}" missing`);
          continue;
        }
        a.posed[clip].forEach((bounds, k) => {
          const d = boundsDiff(bounds, got[k] ?? null, tolerance);
          if (d) out.push(`posed: clip "${clip}" at ${[25, 50, 75][k]}%: ${d}`);
        });
      }
    } else if (name === 'clips') {
      const same = a.clips.length === b.clips.length && a.clips.every((c, i) => c.name === b.clips[i].name && Math.abs(c.duration - b.clips[i].duration) <= timeTolerance);
      if (!same) out.push(`clips: ${JSON.stringify(a.clips)} ≠ ${JSON.stringify(b.clips)}`);
    } else {
      const x = JSON.stringify(a[name]), y = JSON.stringify(b[name]);
      if (x !== y) out.push(`${name}: ${x.length > 300 ? x.slice(0, 300) + '…' : x} ≠ ${y.length > 300 ? y.slice(0, 300) + '…' : y}`);
    }
  }
  return out;
}
