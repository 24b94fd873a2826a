// Accessors: one per source array and use, holding the scene's own array when glTF can take it as
// it is, else a fixed copy (sanitize.ts checks first, in one read-only pass).
import type { Accessor } from '@gltf-transform/core';
import { ATTRIBUTE_SIZES, type PrimitiveMode } from '@relic3d/core';
import type { ExportContext } from './context.js';
import { clampColors, finitePositions, finiteValues, unitNormals, unitTangents } from './sanitize.js';

export const TYPE_BY_SIZE = { 1: 'SCALAR', 2: 'VEC2', 3: 'VEC3', 4: 'VEC4', 16: 'MAT4' } as const;

/**
 * One accessor per source array and use: primitives that share an array share its accessor, and
 * `prepare` (a check, or a fixed copy) runs once per array. The data is the scene's own array
 * when nothing needed fixing.
 */
export function accessor<T extends Float32Array | Uint16Array | Uint32Array>(
  ctx: ExportContext,
  source: T,
  size: number,
  usage: string,
  prepare?: (source: T) => T,
): Accessor {
  let byUsage = ctx.accessors.get(source);
  if (!byUsage) {
    byUsage = new Map();
    ctx.accessors.set(source, byUsage);
  }
  let written = byUsage.get(usage);
  if (!written) {
    written = ctx.doc
      .createAccessor()
      .setType(TYPE_BY_SIZE[size as keyof typeof TYPE_BY_SIZE])
      .setArray(prepare ? prepare(source) : source)
      .setBuffer(ctx.buffer);
    byUsage.set(usage, written);
  }
  return written;
}

/** A vertex attribute, checked (and fixed on a copy) for what glTF requires of it. */
export function attributeAccessor(ctx: ExportContext, name: string, data: Float32Array, label: string): Accessor {
  const size = (ATTRIBUTE_SIZES as Record<string, number>)[name] ?? 3;
  return accessor(ctx, data, size, `attribute:${name}`, (array) => {
    if (name === 'POSITION') {
      const fixed = finitePositions(array);
      if (fixed.replaced) ctx.warn('GLTF_VALUES_FIXED', `${label}: ${fixed.replaced} non-finite POSITION values replaced by 0`);
      ctx.positionBounds.set(fixed.data, { min: fixed.min, max: fixed.max });
      return fixed.data;
    }
    if (name === 'NORMAL') {
      // Kept for every scene: O3D files hold zero normals and MDL normals are up to 1e-4 off unit; unit arrays are used as they are.
      const fixed = unitNormals(array);
      if (fixed.replaced) ctx.warn('GLTF_NORMALS_FIXED', `${label}: ${fixed.replaced} zero or non-finite normals replaced by +Y`);
      return fixed.data;
    }
    if (name === 'TANGENT') {
      const fixed = unitTangents(array);
      if (fixed.replaced) ctx.warn('GLTF_TANGENTS_FIXED', `${label}: ${fixed.replaced} zero or non-finite tangents replaced`);
      return fixed.data;
    }
    if (name === 'COLOR_0') {
      const fixed = clampColors(array);
      if (fixed.clamped) ctx.warn('GLTF_COLORS_CLAMPED', `${label}: ${fixed.clamped} colour values clamped to 0..1`);
      return fixed.data;
    }
    const fixed = finiteValues(array);
    if (fixed.replaced) ctx.warn('GLTF_VALUES_FIXED', `${label}: ${fixed.replaced} non-finite ${name} values replaced by 0`);
    return fixed.data;
  });
}

/**
 * Indices glTF accepts: below the vertex count (triangles naming another vertex are left out),
 * a whole number of triangles, and no 0xffff in 16-bit indices (the primitive restart value).
 */
export function indicesFor(ctx: ExportContext, indices: Uint16Array | Uint32Array, count: number, mode: PrimitiveMode, label: string): Uint16Array | Uint32Array | undefined {
  let largest = 0;
  for (let i = 0; i < indices.length; i++) if (indices[i] > largest) largest = indices[i];
  let out = indices;
  const whole = mode !== 'TRIANGLES' || indices.length % 3 === 0;
  if (largest >= count || !whole) {
    if (mode !== 'TRIANGLES') {
      ctx.warn('GLTF_INDICES_FIXED', `${label}: indices name vertex ${largest} of ${count}; primitive left out`);
      return undefined;
    }
    const kept: number[] = [];
    for (let t = 0; t + 2 < indices.length; t += 3) {
      if (indices[t] < count && indices[t + 1] < count && indices[t + 2] < count) kept.push(indices[t], indices[t + 1], indices[t + 2]);
    }
    ctx.warn('GLTF_INDICES_FIXED', `${label}: ${(indices.length - kept.length)} indices left out (past the ${count} vertices, or not a whole triangle)`);
    if (!kept.length) return undefined;
    out = count > 0xffff ? Uint32Array.from(kept) : Uint16Array.from(kept);
    largest = 0;
    for (const i of kept) if (i > largest) largest = i;
  }
  if (out instanceof Uint16Array && largest === 0xffff) out = Uint32Array.from(out);
  return out;
}
