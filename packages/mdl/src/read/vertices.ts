import { deinterleave } from '@relic3d/kernels';
import type { ParseOptions } from '@relic3d/core';
import type { MdlVertices } from '../file.js';
import {
  G3D_DOCUMENTED_VERTEX_SIZE,
  G3D_LAYOUT,
  ULTRA_HEAD_LAYOUT,
  ULTRA_HEAD_LAYOUT_NO_TEXCOORD1,
  ULTRA_LAYOUT,
  ULTRA_TAIL_START,
  ULTRA_VERTEX_SIZE,
} from './layout.js';

type Kernels = Pick<ParseOptions, 'kernels'>;

/**
 * Which zero-filled byte ranges the records have: `tail` when any of bytes 60–95 of any record is
 * non-zero, `texcoord1` when any of bytes 32–39 is. Read as 32-bit words. The scan stops at the
 * first used tail (a skinned file's first record): then every field is read, so `texcoord1` is
 * only decided for records whose tails are all zero.
 */
export function ultraUsedRanges(data: Uint8Array, count: number): { tail: boolean; texcoord1: boolean } {
  if ((data.byteOffset & 3) === 0 && data.byteLength >= count * ULTRA_VERTEX_SIZE) return ultraUsedWords(new Uint32Array(data.buffer, data.byteOffset, (count * ULTRA_VERTEX_SIZE) >> 2), count);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  // Locals, not imported bindings, in the loop: a module-transforming runner reads those through getters.
  const stride = ULTRA_VERTEX_SIZE, tailStart = ULTRA_TAIL_START;
  let tail = 0, texcoord1 = 0;
  for (let base = 0; base < count * stride; base += stride) {
    texcoord1 |= view.getUint32(base + 32) | view.getUint32(base + 36);
    const t = base + tailStart;
    tail |=
      view.getUint32(t) | view.getUint32(t + 4) | view.getUint32(t + 8) |
      view.getUint32(t + 12) | view.getUint32(t + 16) | view.getUint32(t + 20) |
      view.getUint32(t + 24) | view.getUint32(t + 28) | view.getUint32(t + 32);
    if (tail !== 0) break;
  }
  return { tail: tail !== 0, texcoord1: texcoord1 !== 0 };
}

/** `ultraUsedRanges` of records at a 4-byte boundary, read as native words (only zero or not matters). */
function ultraUsedWords(words: Uint32Array, count: number): { tail: boolean; texcoord1: boolean } {
  const stride = ULTRA_VERTEX_SIZE >> 2, tailStart = ULTRA_TAIL_START >> 2;
  let tail = 0, texcoord1 = 0;
  for (let base = 0; base < count * stride; base += stride) {
    texcoord1 |= words[base + 8] | words[base + 9];
    const t = base + tailStart;
    tail |= words[t] | words[t + 1] | words[t + 2] | words[t + 3] | words[t + 4] | words[t + 5] | words[t + 6] | words[t + 7] | words[t + 8];
    if (tail !== 0) break;
  }
  return { tail: tail !== 0, texcoord1: texcoord1 !== 0 };
}

export function decodeUltraVertices(data: Uint8Array, count: number, options: Kernels): MdlVertices {
  const used = ultraUsedRanges(data, count);
  const kernels = { kernels: options.kernels };
  if (used.tail) return { ...deinterleave(data, ULTRA_VERTEX_SIZE, count, ULTRA_LAYOUT, kernels), tailUsed: true };
  // All-zero fields (the tail in every real file) are fresh zero arrays instead: no copy and,
  // untouched, no resident memory.
  const head = used.texcoord1
    ? deinterleave(data, ULTRA_VERTEX_SIZE, count, ULTRA_HEAD_LAYOUT, kernels)
    : { ...deinterleave(data, ULTRA_VERTEX_SIZE, count, ULTRA_HEAD_LAYOUT_NO_TEXCOORD1, kernels), texcoord1: new Float32Array(count * 2) };
  return {
    position: head.position,
    normal: head.normal,
    texcoord0: head.texcoord0,
    texcoord1: head.texcoord1,
    color: head.color,
    displacement: head.displacement,
    tangent: head.tangent,
    bitangent: new Float32Array(count * 3),
    boneIds: new Uint16Array(count * 4),
    boneWeights: new Uint8Array(count * 4),
    unknown: new Float32Array(count * 3),
    tailUsed: false,
  };
}

export function decodeG3dVertices(data: Uint8Array, stride: number, count: number, options: Kernels): MdlVertices {
  const v = deinterleave(data, stride, count, G3D_LAYOUT, { kernels: options.kernels });
  const extra = stride - G3D_DOCUMENTED_VERTEX_SIZE;
  const padding = new Uint8Array(count * extra);
  if (extra > 0) {
    for (let i = 0; i < count; i++) {
      const from = i * stride + G3D_DOCUMENTED_VERTEX_SIZE;
      padding.set(data.subarray(from, from + extra), i * extra);
    }
  }
  return { ...v, padding };
}
