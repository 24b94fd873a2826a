// Compressed glTF (EXT_meshopt_compression, KHR_draco_mesh_compression) checked before any decoder
// runs: every compressed range inside its buffer, and what it decodes to inside the budget that
// grows with the input, counted from the JSON and the Draco headers (decoders allocate what a
// stream claims, so a few bytes could otherwise ask for gigabytes).
import { GLB_BUFFER } from '@gltf-transform/core';
import { accessorBudget } from './budget.js';
import { dracoCounts } from './draco-header.js';
import { gltfError, shown } from './errors.js';
import type { GltfSource } from './source.js';

type Json = Record<string, unknown>;

export const MESHOPT = 'EXT_meshopt_compression';
export const DRACO = 'KHR_draco_mesh_compression';
const MESHOPT_MODES = new Set(['ATTRIBUTES', 'TRIANGLES', 'INDICES']);
const MESHOPT_FILTERS = new Set(['NONE', 'OCTAHEDRAL', 'QUATERNION', 'EXPONENTIAL']);

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

/** The EXT_meshopt_compression object of a buffer view, when the file uses the extension. */
export function meshoptOf(view: Json, used: readonly string[] | undefined): Json | undefined {
  const ext = isObject(view.extensions) ? view.extensions[MESHOPT] : undefined;
  return used?.includes(MESHOPT) && isObject(ext) ? ext : undefined;
}

/** The bytes of buffer `i` as read (the .glb chunk, a data URI or a resolved file). */
function bufferData(source: GltfSource, i: number): Uint8Array | undefined {
  const buffer = list((source.json as unknown as Json).buffers)[i];
  if (!buffer) return undefined;
  const uri = buffer.uri as string | undefined;
  return uri === undefined ? (i === 0 ? source.resources[GLB_BUFFER] : undefined) : source.resources[uri];
}

/**
 * Checks the compressed data of a structurally checked file whose extensionsUsed is `used`;
 * `inputBytes` sizes the budget. Meshopt views decode to count × byteStride bytes each; a Draco
 * primitive to the faces and vertices its header gives, which may not exceed its accessors' counts.
 */
export function checkCompressed(source: GltfSource, used: readonly string[], inputBytes: number): void {
  const json = source.json as unknown as Json;
  const at = source.jsonOffset;
  const fail = (code: 'BAD_VALUE' | 'BAD_INDEX' | 'BAD_SIZE' | 'BAD_COUNT' | 'UNSUPPORTED', where: string, expected: string, found: unknown): never => {
    throw gltfError(code, where, expected, typeof found === 'string' ? found : shown(found), at);
  };
  const whole = (value: unknown, where: string, min: number, fallback?: number): number => {
    if (value === undefined && fallback !== undefined) return fallback;
    if (!Number.isSafeInteger(value) || (value as number) < min) fail('BAD_VALUE', where, `a whole number ≥ ${min}`, value);
    return value as number;
  };
  const buffers = list(json.buffers);
  const views = list(json.bufferViews);
  let decoded = 0;
  views.forEach((view, i) => {
    const ext = meshoptOf(view, used);
    if (!ext) return;
    const where = `bufferViews[${i}].extensions.${MESHOPT}`;
    const buffer = ext.buffer;
    if (!Number.isInteger(buffer) || (buffer as number) < 0 || (buffer as number) >= buffers.length) fail('BAD_INDEX', `${where}.buffer`, `an index into buffers (0..${buffers.length - 1})`, buffer);
    const offset = whole(ext.byteOffset, `${where}.byteOffset`, 0, 0);
    const length = whole(ext.byteLength, `${where}.byteLength`, 0);
    const stride = whole(ext.byteStride, `${where}.byteStride`, 1);
    const count = whole(ext.count, `${where}.count`, 0);
    if (stride > 256) fail('BAD_VALUE', `${where}.byteStride`, 'at most 256', stride);
    if (!MESHOPT_MODES.has(ext.mode as string)) fail('BAD_VALUE', `${where}.mode`, 'ATTRIBUTES, TRIANGLES or INDICES', shown(ext.mode));
    if (ext.filter !== undefined && !MESHOPT_FILTERS.has(ext.filter as string)) fail('BAD_VALUE', `${where}.filter`, 'NONE, OCTAHEDRAL, QUATERNION or EXPONENTIAL', shown(ext.filter));
    const data = bufferData(source, buffer as number);
    if (!data) fail('BAD_INDEX', `${where}.buffer`, 'a buffer with data', buffer);
    if (offset + length > data!.length) fail('BAD_SIZE', where, `bytes ${offset}..${offset + length} inside buffer ${buffer as number} (${data!.length} bytes)`, `${offset + length - data!.length} bytes past its end`);
    if (count * stride < (view.byteLength as number)) fail('BAD_SIZE', where, `count × byteStride of at least the view's ${view.byteLength as number} bytes`, `${count} × ${stride}`);
    decoded += count * stride;
  });

  const accessors = list(json.accessors);
  const countOf = (index: unknown): number => (Number.isInteger(index) && accessors[index as number] ? (accessors[index as number].count as number) : 0);
  if (used.includes(DRACO)) {
    list(json.meshes).forEach((mesh, m) =>
      list(mesh.primitives).forEach((primitive, p) => {
        const ext = isObject(primitive.extensions) ? primitive.extensions[DRACO] : undefined;
        if (!isObject(ext)) return;
        const where = `meshes[${m}].primitives[${p}].extensions.${DRACO}`;
        const v = ext.bufferView;
        if (!Number.isInteger(v) || (v as number) < 0 || (v as number) >= views.length) fail('BAD_INDEX', `${where}.bufferView`, `an index into bufferViews (0..${views.length - 1})`, v);
        if (!isObject(ext.attributes) || !Object.values(ext.attributes).every((id) => Number.isInteger(id) && (id as number) >= 0)) fail('BAD_VALUE', `${where}.attributes`, 'attribute ids by name', ext.attributes);
        if (primitive.indices === undefined) fail('UNSUPPORTED', `meshes[${m}].primitives[${p}].indices`, 'an indices accessor (Draco meshes are indexed)', 'none');
        const view = views[v as number];
        if (meshoptOf(view, used)) fail('UNSUPPORTED', `${where}.bufferView`, 'Draco data that is not also meshopt-compressed', v);
        const data = bufferData(source, view.buffer as number);
        const start = (view.byteOffset as number | undefined) ?? 0;
        const counts = dracoCounts(data!.subarray(start, start + (view.byteLength as number)));
        if ('problem' in counts) return fail('UNSUPPORTED', where, 'a Draco triangle mesh (bitstream 2.x, no metadata)', counts.problem);
        const vertices = Math.max(0, ...Object.values(primitive.attributes as Json).map(countOf));
        const indices = countOf(primitive.indices);
        if (counts.vertices > vertices) fail('BAD_COUNT', where, `at most the ${vertices} vertices its accessors declare`, `${counts.vertices} in the Draco header`);
        if (counts.faces * 3 > indices) fail('BAD_COUNT', where, `at most the ${indices} indices its accessor declares`, `${counts.faces} faces in the Draco header`);
      }),
    );
  }
  const limit = accessorBudget(inputBytes);
  if (decoded > limit) fail('BAD_COUNT', `bufferViews (${MESHOPT})`, `at most ${limit} decoded bytes for ${inputBytes} bytes of input`, `${decoded} bytes`);
}
