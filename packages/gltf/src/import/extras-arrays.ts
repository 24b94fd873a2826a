// Typed arrays in extras, read back: toGlb writes a bulk typed array as a reference to a buffer view
// (`{ bufferView, componentType?, count, arrayType }`, io/extras-arrays.ts). glTF-Transform keeps no
// buffer view that no accessor uses, so references are turned back into arrays here, on the JSON,
// before it reads the file. Only files relic3d wrote are read this way; a reference that does not
// fit its view is left out with a warning (extras are never worth failing an import for).
import { GLB_BUFFER } from '@gltf-transform/core';
import type { WarningSink } from '@relic3d/core';
import { ARRAY_TYPES, isExtrasArrayReference, type ExtrasArrayReference } from '../io/extras-arrays.js';
import { MAX_JSON_DEPTH } from './sanitize.js';
import type { GltfSource } from './source.js';

type Json = Record<string, unknown>;
type ArrayType = ExtrasArrayReference['arrayType'];
type TypedArrayClass = { new (buffer: ArrayBuffer, byteOffset: number, length: number): ArrayBufferView; BYTES_PER_ELEMENT: number };

const ARRAY_CLASSES: Record<ArrayType, TypedArrayClass> = ARRAY_TYPES;

/** The array type an accessor's (or a reference's) glTF component type reads as. */
const COMPONENT_ARRAY: Record<number, ArrayType[]> = {
  5120: ['Int8Array'],
  5121: ['Uint8Array', 'Uint8ClampedArray'],
  5122: ['Int16Array'],
  5123: ['Uint16Array'],
  5125: ['Uint32Array'],
  5126: ['Float32Array'],
};

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether the glTF scene (or the document) carries toGltf's `extras.relic3d` tag. */
function writtenByRelic3d(json: Json): boolean {
  const scenes = Array.isArray(json.scenes) ? json.scenes : [];
  const main = scenes[Number.isInteger(json.scene) ? (json.scene as number) : 0];
  const tagged = (extras: unknown) => isObject(extras) && isObject(extras.relic3d) && typeof extras.relic3d.format === 'string';
  return tagged(isObject(main) ? main.extras : undefined) || tagged(json.extras);
}

/**
 * Replaces every extras reference in `source.json` by the typed array it stands for (a copy; one
 * array per view and type, so an array written once and referenced twice comes back as one).
 * Arrays restored are at most as many bytes as the file's buffers; past that, left out.
 */
export function restoreExtrasArrays(source: GltfSource, warnings: WarningSink): void {
  const json = source.json as unknown as Json;
  if (!writtenByRelic3d(json)) return;
  const reader = new ReferenceReader(source);
  const stack: [Json | unknown[], number, boolean][] = [[json, 0, false]];
  while (stack.length) {
    const [value, depth, inExtras] = stack.pop()!;
    if (depth >= MAX_JSON_DEPTH) continue;
    // Arrays by index: no key list made for the file's long arrays (a tenth of fromGltf's own work was this walk).
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const child: unknown = value[i];
        if (typeof child !== 'object' || child === null) continue;
        if (inExtras && isExtrasArrayReference(child)) value[i] = reader.read(child) ?? null;
        else stack.push([child as Json, depth + 1, inExtras]);
      }
      continue;
    }
    for (const key of Object.keys(value)) {
      const child = value[key];
      if (typeof child !== 'object' || child === null) continue;
      const extras = inExtras || key === 'extras';
      if (extras && isExtrasArrayReference(child)) {
        const array = reader.read(child);
        if (array) value[key] = array;
        else delete value[key];
      } else stack.push([child as Json, depth + 1, extras]);
    }
  }
  for (const [why, { count, first }] of reader.dropped) {
    warnings.warn('GLTF_EXTRAS_ARRAY_DROPPED', `${count} extras array reference(s) left out: ${why} (first: ${first})`);
  }
}

/** Checks references against the file's views and buffers and makes their arrays. */
class ReferenceReader {
  /** Why references were left out → how many, and the first (one warning per reason). */
  readonly dropped = new Map<string, { count: number; first: string }>();
  private readonly views: unknown[];
  private readonly buffers: unknown[];
  /** Component types the accessors read each view as. */
  private readonly accessorTypes = new Map<number, Set<number>>();
  private readonly made = new Map<string, ArrayBufferView>();
  private budget: number;

  constructor(private readonly source: GltfSource) {
    const json = source.json as unknown as Json;
    this.views = Array.isArray(json.bufferViews) ? json.bufferViews : [];
    this.buffers = Array.isArray(json.buffers) ? json.buffers : [];
    for (const accessor of Array.isArray(json.accessors) ? json.accessors : []) {
      if (!isObject(accessor) || !Number.isInteger(accessor.bufferView)) continue;
      const view = accessor.bufferView as number;
      if (!this.accessorTypes.has(view)) this.accessorTypes.set(view, new Set());
      this.accessorTypes.get(view)!.add(accessor.componentType as number);
    }
    this.budget = this.buffers.reduce<number>((sum, _, i) => sum + (this.bytesOf(i)?.byteLength ?? 0), 0);
  }

  read(ref: ExtrasArrayReference): ArrayBufferView | undefined {
    const drop = (why: string, detail = ''): undefined => {
      const seen = this.dropped.get(why);
      if (seen) seen.count++;
      else this.dropped.set(why, { count: 1, first: `bufferView ${ref.bufferView}, ${ref.count} × ${ref.arrayType}${detail}` });
      return undefined;
    };
    const Type = ARRAY_CLASSES[ref.arrayType];
    const size = Type.BYTES_PER_ELEMENT;
    if (ref.componentType !== undefined && !COMPONENT_ARRAY[ref.componentType]?.includes(ref.arrayType)) {
      return drop(`componentType does not match arrayType`);
    }
    const view = this.views[ref.bufferView];
    if (ref.bufferView < 0 || !isObject(view)) return drop('no such buffer view', `; the file has ${this.views.length}`);
    if (view.byteStride !== undefined) return drop(`the buffer view is interleaved (byteStride), not an array`);
    if (isObject(view.extensions) && view.extensions.EXT_meshopt_compression !== undefined) return drop(`the buffer view is compressed`);
    const byteLength = view.byteLength as number;
    if (ref.count < 1 || ref.count * size !== byteLength) {
      return drop("count × element size is not the view's length", `; the view has ${byteLength} bytes`);
    }
    const offset = Number.isInteger(view.byteOffset) ? (view.byteOffset as number) : 0;
    if (offset % Math.min(size, 4)) return drop("the buffer view's offset is not aligned to the element size", `; offset ${offset}`);
    const used = this.accessorTypes.get(ref.bufferView);
    if (used && [...used].some((type) => !COMPONENT_ARRAY[type]?.includes(ref.arrayType))) {
      return drop(`accessors read the buffer view as another type`);
    }
    const bytes = this.bytesOf(view.buffer as number);
    if (!bytes || offset + byteLength > bytes.byteLength) return drop(`the buffer view's bytes are not there`);
    const key = `${ref.bufferView}:${ref.arrayType}`;
    const known = this.made.get(key);
    if (known) return known;
    if (byteLength > this.budget) return drop(`the arrays would be more bytes than the file's buffers`);
    this.budget -= byteLength;
    const copy = new Uint8Array(bytes.subarray(offset, offset + byteLength)); // not slice(): a Buffer's is a view
    const array = new Type(copy.buffer, 0, ref.count);
    this.made.set(key, array);
    return array;
  }

  /** The bytes of buffer `i`, as loadResources keyed them. */
  private bytesOf(i: number): Uint8Array | undefined {
    const buffer = this.buffers[i];
    if (!isObject(buffer)) return undefined;
    if (typeof buffer.uri === 'string') return this.source.resources[buffer.uri];
    return i === 0 ? this.source.resources[GLB_BUFFER] : undefined;
  }
}

/**
 * A Document has no buffer views of its own (glTF-Transform's reader drops the views no accessor
 * uses), so the references in its extras point at nothing: they are left out of the scene's extras,
 * with one warning, rather than written again as objects a later file would misread. The
 * Document's own extras are never changed (copied where a reference is removed).
 */
export function dropExtrasReferences(scene: object, warnings: WarningSink): void {
  let dropped = 0;
  const done = new Map<object, unknown>();
  const strip = (value: unknown, depth: number): unknown => {
    if (!value || typeof value !== 'object' || ArrayBuffer.isView(value) || depth >= MAX_JSON_DEPTH) return value;
    if (done.has(value)) return done.get(value);
    done.set(value, value); // a cycle back here keeps the original
    let out: Json | unknown[] | undefined;
    const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
    for (const [key, item] of entries) {
      const reference = isExtrasArrayReference(item);
      const kept = reference ? null : strip(item, depth + 1);
      if (reference) dropped++;
      if (kept === item) continue;
      out ??= Array.isArray(value) ? value.slice() : { ...(value as Json) };
      if (reference && !Array.isArray(out)) delete out[key as string];
      else (out as Json)[key] = kept;
    }
    done.set(value, out ?? value);
    return out ?? value;
  };
  // The scene's own objects hold the extras (each phase made them); only what is under `extras` is stripped.
  const stack: [Json, number][] = [[scene as Json, 0]];
  while (stack.length) {
    const [holder, depth] = stack.pop()!;
    for (const key of Object.keys(holder)) {
      const child = holder[key];
      if (key === 'extras') {
        const kept = strip(child, 0);
        if (kept !== child) holder[key] = kept;
      }
      else if (child && typeof child === 'object' && !ArrayBuffer.isView(child) && depth < 8) stack.push([child as Json, depth + 1]);
    }
  }
  if (dropped) warnings.warn('GLTF_EXTRAS_ARRAY_DROPPED', `${dropped} extras array reference(s) left out: a Document keeps no buffer views for them (read the .glb instead)`);
}
