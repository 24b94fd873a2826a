// The one write budget (issue 26): a writer's work grows with its input. Where a format truly needs
// expansion (instances baked into world-space copies, keys sampled over a time span, text output),
// the expansion is measured before anything is allocated and refused past the budget.
import type { Scene } from '../scene/types.js';
import { WriteError } from './errors.js';

/** The budget is this many times the scene's own typed-array bytes… */
export const WRITE_BUDGET_FACTOR = 8;
/** …plus this many bytes (64 MB: a small scene may still write a few ordinary files). */
export const WRITE_BUDGET_BASE = 64 * 1024 * 1024;

/**
 * Bytes of the scene's own typed arrays: vertex attributes, indices, morph targets, inverse binds,
 * animation keys, embedded images and collider meshes. An array shared by several owners (a mesh
 * drawn by many nodes, a sampler's times used by many channels) counts once.
 */
export function sceneDataBytes(scene: Scene): number {
  const seen = new Set<ArrayBufferLike>();
  let bytes = 0;
  const add = (data: unknown) => {
    if (!ArrayBuffer.isView(data)) return;
    // Views of one buffer count the buffer once (glTF accessors share a buffer).
    if (seen.has(data.buffer)) return;
    seen.add(data.buffer);
    bytes += data.buffer.byteLength;
  };
  for (const mesh of scene.meshes ?? []) {
    for (const p of mesh?.primitives ?? []) {
      for (const data of Object.values(p.attributes ?? {})) add(data);
      add(p.indices);
      for (const t of p.targets ?? []) for (const data of Object.values(t)) add(data);
    }
  }
  for (const skin of scene.skins ?? []) add(skin?.inverseBindMatrices);
  for (const clip of scene.animations ?? []) for (const c of clip?.channels ?? []) (add(c?.times), add(c?.values));
  for (const texture of scene.textures ?? []) add(texture?.image?.data);
  for (const collider of scene.colliders ?? []) {
    const shape = collider?.shape as { positions?: unknown; indices?: unknown } | undefined;
    add(shape?.positions);
    add(shape?.indices);
  }
  return bytes;
}

/** Most bytes a writer may allocate for, or write from, `scene`: 8 × its typed-array bytes + 64 MB. */
export function writeBudget(scene: Scene): number {
  return WRITE_BUDGET_FACTOR * sceneDataBytes(scene) + WRITE_BUDGET_BASE;
}

/** Refuses `bytes` of `what` past `budget` (WriteError OVER_LIMIT: what, how much, the limit). */
export function checkBudget(format: string, what: string, bytes: number, budget: number, where?: string): void {
  if (bytes <= budget) return;
  throw new WriteError({
    format,
    code: 'OVER_LIMIT',
    limit: what,
    value: Number.isFinite(bytes) ? Math.ceil(bytes) : String(bytes),
    max: budget,
    ...(where !== undefined ? { where } : {}),
    message: `${format}: ${what} would take ${Number.isFinite(bytes) ? Math.ceil(bytes) : bytes} bytes; the write budget is ${budget} (8 × the scene's data + 64 MB)${where ? ` (${where})` : ''}`,
  });
}

/**
 * The frames of `seconds` sampled at `fps` (first and last included), checked before any per-frame
 * work: a non-finite span, or frames × `bytesPerFrame` past the budget, is refused OVER_LIMIT.
 */
export function sampledFrames(format: string, seconds: number, fps: number, bytesPerFrame: number, budget: number, where?: string): number {
  if (seconds === Infinity) checkBudget(format, 'sampled frames (an endless clip)', Infinity, budget, where);
  const span = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  // float32 durations sit a hair above whole frames (1.3333334 s × 30); a thousandth of a frame is noise.
  const frames = Math.ceil(span * fps - 1e-3) + 1;
  checkBudget(format, `sampled frames (${frames} frames at ${fps} fps × ${Math.max(1, bytesPerFrame)} bytes)`, frames * Math.max(1, bytesPerFrame), budget, where);
  return frames;
}

/** What a format without instances bakes: every drawing node's own copy of its mesh. */
export interface DrawnCopies {
  /** Nodes that draw a mesh. */
  draws: number;
  /** Vertices over all drawing nodes (a mesh drawn by n nodes counts n times). */
  vertices: number;
  /** Triangles (or other elements) likewise. */
  triangles: number;
}

/** Counts the vertices and triangles a writer bakes when each drawing node gets its own copy. */
export function drawnCopies(scene: Scene): DrawnCopies {
  const perMesh = (scene.meshes ?? []).map((mesh) => {
    let vertices = 0, triangles = 0;
    for (const p of mesh?.primitives ?? []) {
      const count = (p.attributes?.POSITION?.length ?? 0) / 3;
      vertices += count;
      triangles += (p.indices?.length ?? count) / 3;
    }
    return { vertices, triangles };
  });
  const out: DrawnCopies = { draws: 0, vertices: 0, triangles: 0 };
  for (const node of scene.nodes ?? []) {
    const m = node?.mesh !== undefined ? perMesh[node.mesh] : undefined;
    if (!m) continue;
    out.draws++;
    out.vertices += m.vertices;
    out.triangles += m.triangles;
  }
  return out;
}

/**
 * Refuses a scene whose baked copies (one per drawing node) would take more than the budget:
 * `bytesPerVertex` and `bytesPerTriangle` are what the writer holds or writes for each.
 */
export function checkDrawnCopies(format: string, scene: Scene, bytesPerVertex: number, bytesPerTriangle: number, budget = writeBudget(scene)): DrawnCopies {
  const copies = drawnCopies(scene);
  const bytes = copies.vertices * bytesPerVertex + copies.triangles * bytesPerTriangle;
  checkBudget(format, `meshes baked per drawing node (${copies.draws} nodes, ${copies.vertices} vertices, ${Math.floor(copies.triangles)} triangles)`, bytes, budget);
  return copies;
}
