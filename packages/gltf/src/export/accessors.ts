// Accessors: one per source array and use, holding the scene's own array when glTF can take it as
// it is, else a fixed copy (sanitize.ts checks first, in one read-only pass).
import { ATTRIBUTE_SIZES, type PrimitiveMode } from '@relic3d/core';
import type { ExportContext } from './context.js';
import { ARRAY_BUFFER, componentTypeOf, ELEMENT_ARRAY_BUFFER, type ComponentArray, type Json } from './output.js';
import { clampColors, finitePositions, finiteValues, unitNormals, unitTangents } from './sanitize.js';

export const TYPE_BY_SIZE = { 1: 'SCALAR', 2: 'VEC2', 3: 'VEC3', 4: 'VEC4', 16: 'MAT4' } as const;

/** Buffer view target by use: vertex data, indices, or neither (animation, skins). */
function targetOf(usage: string): number {
  if (usage === 'indices') return ELEMENT_ARRAY_BUFFER;
  return /^(attribute|joints|weights|target):/.test(usage) ? ARRAY_BUFFER : 0;
}

/**
 * One accessor per source array and use: primitives that share an array share its accessor, and
 * `prepare` (a check, or a fixed copy) runs once per array. The data is the scene's own array
 * when nothing needed fixing; its bytes are placed once and copied once, when the file is packed.
 * `prepare` may return bounds (required on POSITION and key times).
 */
export function accessor<T extends ComponentArray>(
  ctx: ExportContext,
  source: T,
  size: number,
  usage: string,
  prepare?: (source: T) => T | { data: T; min: number[]; max: number[] },
): number {
  let byUsage = ctx.accessors.get(source);
  if (!byUsage) {
    byUsage = new Map();
    ctx.accessors.set(source, byUsage);
  }
  let written = byUsage.get(usage);
  if (written === undefined) {
    const prepared = prepare ? prepare(source) : source;
    const data = ArrayBuffer.isView(prepared) ? prepared : prepared.data;
    const def: Json = { componentType: componentTypeOf(data), count: data.length / size, type: TYPE_BY_SIZE[size as keyof typeof TYPE_BY_SIZE] };
    if (!ArrayBuffer.isView(prepared)) {
      def.min = prepared.min.map(Math.fround);
      def.max = prepared.max.map(Math.fround);
    }
    const target = targetOf(usage);
    written = ctx.json.accessors.length;
    ctx.json.accessors.push(def);
    // With `interleave`, a primitive's vertex data waits for its interleaved view (meshes.ts).
    if (ctx.options.interleave && target === ARRAY_BUFFER && !usage.startsWith('target:')) ctx.unplaced.set(written, data as Float32Array | Uint16Array);
    else def.bufferView = ctx.layout.view(data, target, data.BYTES_PER_ELEMENT * size);
    byUsage.set(usage, written);
  }
  return written;
}

/** Per-component bounds of vec3 data (finite values), as POSITION accessors need. */
export function vec3Bounds(data: Float32Array): { min: number[]; max: number[] } {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i + 2 < data.length; i += 3) {
    for (let c = 0; c < 3; c++) {
      const x = data[i + c];
      if (x < min[c]) min[c] = x;
      if (x > max[c]) max[c] = x;
    }
  }
  return { min, max };
}

/** Places a primitive's vertex accessors still waiting (`interleave`) in one interleaved view. */
export function interleaveVertices(ctx: ExportContext, accessors: number[], count: number): void {
  const waiting = accessors.filter((a, k) => ctx.unplaced.has(a) && accessors.indexOf(a) === k);
  if (!waiting.length) return;
  const members = waiting.map((a) => {
    const array = ctx.unplaced.get(a)!;
    ctx.unplaced.delete(a);
    return { array, size: array.byteLength / count };
  });
  const { view, at } = ctx.layout.interleaved(members, count);
  waiting.forEach((a, k) => {
    const def = ctx.json.accessors[a];
    def.bufferView = view;
    if (at[k]) def.byteOffset = at[k];
  });
}

/** A vertex attribute, checked (and fixed on a copy) for what glTF requires of it. */
export function attributeAccessor(ctx: ExportContext, name: string, data: Float32Array, label: string): number {
  const size = (ATTRIBUTE_SIZES as Record<string, number>)[name] ?? 3;
  return accessor(ctx, data, size, `attribute:${name}`, (array) => {
    if (name === 'POSITION') {
      const fixed = finitePositions(array);
      if (fixed.replaced) ctx.warn('GLTF_VALUES_FIXED', `${label}: ${fixed.replaced} non-finite POSITION values replaced by 0`);
      return { data: fixed.data, min: fixed.min, max: fixed.max };
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
    if (ctx.finite) return array;
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
