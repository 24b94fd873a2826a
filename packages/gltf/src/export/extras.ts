// Extras: whatever the scene says that glTF has no field for, as plain JSON.
import type { ExportContext } from './context.js';

/** Turns format extras into plain JSON: typed arrays become arrays, non-finite numbers null. */
export function toJSONValue(value: unknown, seen: object[] = []): unknown {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'string':
    case 'boolean':
      return value;
    case 'bigint':
      return Number(value);
    case 'function':
    case 'symbol':
      return null;
  }
  const object = value as object;
  // The objects on the path from the root: a cycle becomes null (extras nest a few levels at most).
  if (seen.includes(object)) return null;
  seen.push(object);
  try {
    if (ArrayBuffer.isView(object)) {
      if (object instanceof DataView) return null;
      const array = object as unknown as ArrayLike<number | bigint>;
      const out = new Array<unknown>(array.length);
      for (let i = 0; i < array.length; i++) {
        const x = array[i];
        out[i] = typeof x === 'bigint' ? Number(x) : Number.isFinite(x) ? x : null;
      }
      return out;
    }
    if (object instanceof ArrayBuffer) return Array.from(new Uint8Array(object));
    if (Array.isArray(object)) {
      const out = new Array<unknown>(object.length);
      for (let i = 0; i < object.length; i++) out[i] = toJSONValue(object[i], seen);
      return out;
    }
    if (object instanceof Map) return toJSONValue(Object.fromEntries(object), seen);
    if (object instanceof Set) return toJSONValue([...object], seen);
    if (object instanceof Date) return object.toISOString();
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(object)) {
      const v = (object as Record<string, unknown>)[k];
      if (v === undefined || typeof v === 'function') continue;
      out[k] = toJSONValue(v, seen);
    }
    return out;
  } finally {
    seen.pop();
  }
}

/** Plain-object extras, or undefined when there is nothing to write. */
export function extrasOf(...parts: (Record<string, unknown> | undefined)[]): Record<string, unknown> | undefined {
  let merged: Record<string, unknown> | undefined;
  for (const part of parts) {
    if (!part) continue;
    for (const k of Object.keys(part)) {
      const v = part[k];
      if (v !== undefined) (merged ??= {})[k] = v;
    }
  }
  return merged && (toJSONValue(merged) as Record<string, unknown>);
}

/** The glTF scene's extras: the scene's own, where it came from, and its colliders (node indices as written). */
export function writeSceneExtras(ctx: ExportContext): void {
  const allNodes = ctx.doc.getRoot().listNodes();
  const indexOf = (i: number | undefined) => (i === undefined || i < 0 || !ctx.nodes[i] ? undefined : allNodes.indexOf(ctx.nodes[i]));
  const colliders = ctx.scene.colliders.map((c) => ({
    name: c.name,
    node: indexOf(c.node),
    nodeName: c.node !== undefined && c.node >= 0 ? ctx.scene.nodes[c.node]?.name : undefined,
    shape: c.shape,
    translation: c.translation,
    rotation: c.rotation,
    scale: c.scale,
    extras: c.extras,
  }));
  const extras = extrasOf(ctx.scene.extras, {
    relic3d: { format: ctx.scene.format, version: ctx.scene.version },
    colliders: colliders.length ? colliders : undefined,
  });
  if (extras) ctx.gltfScene.setExtras(extras);
}
