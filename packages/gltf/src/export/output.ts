// The file being written: glTF JSON built as plain objects, and the binary buffer planned up front.
// Each array is placed once (by identity) and copied once, into the output, when it is packed.

import { arrayTypeName } from '../io/extras-arrays.js';

export type Json = Record<string, unknown>;

/** The glTF JSON as the phases build it; empty lists are dropped when it is finished. */
export interface GltfJson {
  asset: { version: '2.0'; generator: string };
  extensionsUsed: string[];
  extensions?: Json;
  scene?: number;
  scenes: Json[];
  nodes: Json[];
  meshes: Json[];
  accessors: Json[];
  bufferViews: Json[];
  buffers: Json[];
  materials: Json[];
  textures: Json[];
  images: Json[];
  samplers: Json[];
  skins: Json[];
  animations: Json[];
  cameras: Json[];
  extras?: Json;
}

export const ARRAY_BUFFER = 34962;
export const ELEMENT_ARRAY_BUFFER = 34963;

export const COMPONENT_TYPES = { Int8Array: 5120, Uint8Array: 5121, Int16Array: 5122, Uint16Array: 5123, Uint32Array: 5125, Float32Array: 5126 } as const;

export type ComponentArray = Float32Array | Uint32Array | Uint16Array | Int16Array | Uint8Array | Int8Array;

export function componentTypeOf(array: ComponentArray): number {
  return COMPONENT_TYPES[arrayTypeName(array) as keyof typeof COMPONENT_TYPES];
}

/** A region of the binary buffer: one array's bytes, or several arrays interleaved vertex by vertex. */
export type Part =
  | { offset: number; bytes: Uint8Array }
  | { offset: number; stride: number; count: number; members: { bytes: Uint8Array; at: number; size: number }[] };

const bytesOf = (a: ArrayBufferView): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
const align4 = (n: number) => (n + 3) & ~3;

/**
 * The binary buffer's layout: where every array goes. Nothing is copied until `pack`; an array
 * placed twice with the same target gets the same buffer view (primitives, samplers and skins
 * that share an array share its bytes).
 */
export class BinaryLayout {
  readonly parts: Part[] = [];
  byteLength = 0;
  private readonly views = new Map<ArrayBufferView, Map<number, number>>();
  /** The element size of the accessor a view was placed for. */
  private readonly elementSizes = new Map<number, number>();

  // The JSON's bufferViews only, not the JSON: the tree can go once it is text, while the parts are packed.
  constructor(private readonly bufferViews: Json[]) {}

  /**
   * The buffer view holding `array` (placed now when it is new), 4-byte aligned. Vertex data
   * (`ARRAY_BUFFER`) shared by two accessors needs a `byteStride` (glTF 3.6.2.4): the element
   * size when it is a multiple of 4 (and ≤ 252), else the second accessor gets a view of its own.
   */
  view(array: ArrayBufferView, target = 0, elementSize = 0): number {
    let byTarget = this.views.get(array);
    if (!byTarget) this.views.set(array, (byTarget = new Map()));
    let index = byTarget.get(target);
    if (index !== undefined && target === ARRAY_BUFFER) {
      const def = this.bufferViews[index];
      const strideOk = elementSize > 0 && elementSize % 4 === 0 && elementSize <= 252 && this.elementSizes.get(index) === elementSize;
      if (strideOk) def.byteStride = elementSize;
      else return this.place(array, target);
    }
    if (index === undefined) {
      index = this.place(array, target);
      byTarget.set(target, index);
      this.elementSizes.set(index, elementSize);
    }
    return index;
  }

  private place(array: ArrayBufferView, target: number): number {
    const index = this.bufferViews.length;
    const offset = this.byteLength;
    this.parts.push({ offset, bytes: bytesOf(array) });
    this.byteLength = align4(offset + array.byteLength);
    this.bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: array.byteLength, ...(target ? { target } : {}) });
    return index;
  }

  /**
   * One vertex buffer view with `members` interleaved (each element a multiple of 4 bytes);
   * returns the view and each member's offset in a vertex.
   */
  interleaved(members: { array: ArrayBufferView; size: number }[], count: number): { view: number; at: number[] } {
    let stride = 0;
    const at = members.map((m) => {
      const here = stride;
      stride += m.size;
      return here;
    });
    const offset = this.byteLength;
    this.parts.push({ offset, stride, count, members: members.map((m, k) => ({ bytes: bytesOf(m.array), at: at[k], size: m.size })) });
    this.byteLength = align4(offset + stride * count);
    const view = this.bufferViews.length;
    this.bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: stride * count, byteStride: stride, target: ARRAY_BUFFER });
    return { view, at };
  }

  /** Copies every part into `out` at `start` (the one copy each array gets). */
  pack(out: Uint8Array, start: number): void {
    for (const part of this.parts) {
      if ('bytes' in part) {
        out.set(part.bytes, start + part.offset);
        continue;
      }
      // Interleaved: element by element (sizes are whole words, so copy 4 bytes at a time).
      const base = start + part.offset;
      for (const m of part.members) {
        const words = m.size >> 2;
        const src = wordsOf(m.bytes);
        const dst = new Uint32Array(out.buffer, out.byteOffset + base + m.at, ((part.count - 1) * part.stride + m.size) >> 2);
        const step = part.stride >> 2;
        for (let v = 0, s = 0, d = 0; v < part.count; v++, d += step) for (let w = 0; w < words; w++) dst[d + w] = src[s++];
      }
    }
  }
}

/** The bytes as 32-bit words (copied only when they do not start on a 4-byte boundary). */
function wordsOf(bytes: Uint8Array): Uint32Array {
  if (bytes.byteOffset % 4 === 0) return new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);
  // A copy with new Uint8Array, not slice(): a Node Buffer's slice is a view of the whole buffer.
  return new Uint32Array(new Uint8Array(bytes).buffer, 0, bytes.byteLength >> 2);
}

export function emptyJson(generator: string): GltfJson {
  return {
    asset: { version: '2.0', generator },
    extensionsUsed: [],
    scenes: [],
    nodes: [],
    meshes: [],
    accessors: [],
    bufferViews: [],
    buffers: [],
    materials: [],
    textures: [],
    images: [],
    samplers: [],
    skins: [],
    animations: [],
    cameras: [],
  };
}

/** The JSON as written: glTF forbids empty lists, so they are left out. */
export function finishedJson(json: GltfJson): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(json)) {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    out[key] = value;
  }
  return out;
}
