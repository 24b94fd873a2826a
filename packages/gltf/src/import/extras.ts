// Scene-level extras: the glTF scene's extras (the document's, when toGltf had no scene to put
// them on) become the scene's; from a relic3d file, `relic3d` gives back the version and
// `colliders` the colliders, node indices as written (scene node i is glTF node i).
import type { Collider, ColliderShape, Quat, Vec3 } from '@relic3d/core';
import type { ImportContext } from './context.js';
import { extrasWithout, finiteTuple, isPlainObject, textOf } from './values.js';

/** The extras toGltf writes on the scene; read before the other phases (they depend on `ctx.relic3d`). */
export function sceneExtrasOf(ctx: ImportContext): Record<string, unknown> {
  const main = ctx.root.getDefaultScene() ?? ctx.root.listScenes()[0];
  const own = main?.getExtras();
  const document = ctx.root.getExtras();
  return { ...(isPlainObject(document) ? document : {}), ...(isPlainObject(own) ? own : {}) };
}

/** Whether the extras say relic3d wrote the file (`relic3d: { format, version }`). */
export function writtenByRelic3d(extras: Record<string, unknown>): boolean {
  const tag = extras.relic3d;
  return isPlainObject(tag) && typeof tag.format === 'string';
}

/** Scene name, version, extras and (relic3d) colliders. */
export function readSceneExtras(ctx: ImportContext, extras: Record<string, unknown>): void {
  const { scene, root } = ctx;
  const main = root.getDefaultScene() ?? root.listScenes()[0];
  const name = textOf(main?.getName());
  if (name) scene.name = name;
  const asset = root.getAsset();
  if (!ctx.relic3d) {
    scene.version = asset.version;
    scene.extras = extrasWithout(extras) ?? {};
    const about = extrasWithout({ generator: asset.generator, copyright: asset.copyright, extras: asset.extras });
    if (about) scene.extras.asset = about;
    return;
  }
  const tag = extras.relic3d as Record<string, unknown>;
  if (typeof tag.version === 'number' || typeof tag.version === 'string') scene.version = tag.version;
  scene.extras = extrasWithout(extras, 'relic3d', 'colliders') ?? {};
  if (extras.colliders === undefined) return;
  if (!Array.isArray(extras.colliders)) {
    ctx.warn('GLTF_EXTRAS_IGNORED', 'scene extras.colliders is not a list; left out');
    return;
  }
  let dropped = 0;
  for (const item of extras.colliders) {
    const collider = colliderOf(ctx, item);
    if (collider) scene.colliders.push(collider);
    else dropped++;
  }
  if (dropped) ctx.warn('GLTF_EXTRAS_IGNORED', `${dropped} colliders in the scene extras do not describe a collider; left out`);
}

/** A collider as toGltf describes it: `{ name, node, nodeName, shape, translation, rotation, scale, extras }`. */
function colliderOf(ctx: ImportContext, item: unknown): Collider | undefined {
  if (!isPlainObject(item)) return undefined;
  const shape = shapeOf(item.shape);
  if (!shape) return undefined;
  const collider: Collider = { shape };
  if (typeof item.name === 'string') collider.name = item.name;
  const nodes = ctx.scene.nodes;
  if (item.node !== undefined && item.node !== null) {
    const node = item.node as number;
    // The index as written; the name confirms it (or finds the node when the index does not).
    const byIndex = Number.isInteger(node) && node >= 0 && node < ctx.gltfNodes.length ? node : undefined;
    const named = typeof item.nodeName === 'string' ? item.nodeName : undefined;
    if (byIndex !== undefined && (named === undefined || nodes[byIndex].name === named)) collider.node = byIndex;
    else {
      const found = named !== undefined ? nodes.findIndex((n) => n.name === named) : -1;
      if (found < 0) return undefined;
      collider.node = found;
    }
  }
  const t = finiteTuple(item.translation, 3);
  const r = finiteTuple(item.rotation, 4);
  const s = finiteTuple(item.scale, 3);
  if (t) collider.translation = t as Vec3;
  if (r) collider.rotation = r as Quat;
  if (s) collider.scale = s as Vec3;
  if (isPlainObject(item.extras)) collider.extras = item.extras;
  return collider;
}

const positive = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0;

function shapeOf(value: unknown): ColliderShape | undefined {
  if (!isPlainObject(value)) return undefined;
  switch (value.type) {
    case 'box': {
      const size = finiteTuple(value.size, 3);
      return size ? { type: 'box', size: size as Vec3 } : undefined;
    }
    case 'sphere':
      return positive(value.radius) ? { type: 'sphere', radius: value.radius } : undefined;
    case 'capsule':
    case 'cylinder':
    case 'cone':
      return positive(value.radius) && positive(value.height) ? { type: value.type, radius: value.radius, height: value.height } : undefined;
    case 'convex': {
      const positions = numbers(value.positions, 3);
      return positions ? { type: 'convex', positions: Float32Array.from(positions) } : undefined;
    }
    case 'trimesh': {
      const positions = numbers(value.positions, 3);
      const indices = numbers(value.indices, 3);
      if (!positions || !indices) return undefined;
      const n = positions.length / 3;
      if (indices.some((i) => !Number.isInteger(i) || i < 0 || i >= n)) return undefined;
      return { type: 'trimesh', positions: Float32Array.from(positions), indices: Uint32Array.from(indices) };
    }
    default:
      return undefined;
  }
}

/** A list of finite numbers whose length is a multiple of `group`: a JSON list, or a typed array an extras reference restored. */
function numbers(value: unknown, group: number): number[] | undefined {
  const list = ArrayBuffer.isView(value) && !(value instanceof DataView) && !(value instanceof BigInt64Array || value instanceof BigUint64Array)
    ? Array.from(value as unknown as ArrayLike<number>)
    : value;
  if (!Array.isArray(list) || list.length % group) return undefined;
  return list.every((x) => typeof x === 'number' && Number.isFinite(x)) ? (list as number[]) : undefined;
}
