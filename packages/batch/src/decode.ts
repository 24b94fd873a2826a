import { baseNameOf, requireFormat, serializeError, type Resolver, type Scene } from '@relic3d/core';
import { inputFormats } from '@relic3d/formats';
import { ready } from '@relic3d/kernels';
import type { BatchInput, BatchResult } from './types.js';

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/** Companions match by base name, in any case. */
const companionKey = (name: string) => baseNameOf(name).toLowerCase();

/** Plain-data copy of any thrown value (FormatError fields kept); core's serializer. */
export { serializeError };

/** Detects and parses one input. Never throws: errors come back in the result. */
export async function decodeOne(input: BatchInput, index: number, kernels?: 'wasm' | 'js'): Promise<BatchResult> {
  const start = now();
  const result: BatchResult = { index, name: input.name, ms: 0 };
  try {
    if (kernels !== 'js') await ready();
    const format = requireFormat(input.bytes, input.name, inputFormats, { byExtension: true });
    result.format = format.id;
    const companions = new Map(Object.entries(input.companions ?? {}).map(([k, v]) => [companionKey(k), v]));
    // The format decides which companions it wants (an O3D its own motions) from list().
    const resolve = ((name: string) => companions.get(companionKey(name))) as Resolver;
    resolve.list = () => Object.keys(input.companions ?? {}).map(baseNameOf);
    const scene: Scene = await format.parse(input.bytes, { fileName: input.name, resolve, kernels });
    result.scene = scene;
  } catch (error) {
    result.error = serializeError(error);
    if (!result.format && result.error.format && result.error.format !== 'unknown') result.format = result.error.format;
  }
  result.ms = now() - start;
  return result;
}

/** The ArrayBuffers under every typed array reachable from `value` (each once; never shared memory). */
export function transferables(value: unknown, out = new Set<ArrayBuffer>(), seen = new Set<object>()): ArrayBuffer[] {
  if (value && typeof value === 'object' && !seen.has(value)) {
    seen.add(value);
    if (ArrayBuffer.isView(value)) {
      if (value.buffer instanceof ArrayBuffer) out.add(value.buffer);
    } else if (value instanceof ArrayBuffer) out.add(value);
    else if (value instanceof Map) for (const v of value.values()) transferables(v, out, seen);
    else for (const v of Object.values(value)) transferables(v, out, seen);
  }
  return [...out];
}
