// What glTF-Transform's reader takes for granted about an input to optimise: accessors inside their
// buffer views, views inside their buffers. fromGltf checks far more (import/check.ts); this is the
// part that keeps the reader from reading past the bytes given. Views a decoder fills
// (EXT_meshopt_compression) are checked by their declared sizes, decoded by the decoder's own rules.
import { gltfError } from '../import/errors.js';

const COMPONENT_BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
const COMPONENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };

type Json = Record<string, unknown>;
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const num = (value: unknown, fallback = 0): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/** FormatError for an accessor past its view or a view past its buffer. */
export function checkInputLayout(json: unknown, offset: number): void {
  const root = (json ?? {}) as Json;
  const buffers = list(root.buffers);
  const views = list(root.bufferViews);
  for (const [i, view] of views.entries()) {
    const buffer = buffers[num(view?.buffer, -1)];
    const end = num(view?.byteOffset) + num(view?.byteLength);
    if (!buffer || end > num(buffer.byteLength)) throw gltfError('BAD_SIZE', `bufferViews[${i}]`, `a view inside buffer ${String(view?.buffer)}`, `${end} bytes of ${buffer ? num(buffer.byteLength) : 'no buffer'}`, offset);
  }
  for (const [i, accessor] of list(root.accessors).entries()) {
    if (accessor?.bufferView === undefined) continue;
    const view = views[num(accessor.bufferView, -1)];
    const element = (COMPONENT_BYTES[num(accessor.componentType)] ?? 4) * (COMPONENTS[String(accessor.type)] ?? 1);
    const count = num(accessor.count);
    const stride = num(view?.byteStride) || element;
    const end = num(accessor.byteOffset) + (count > 0 ? (count - 1) * stride + element : 0);
    if (!view || end > num(view.byteLength)) {
      throw gltfError('BAD_SIZE', `accessors[${i}]`, `${count} elements inside bufferView ${String(accessor.bufferView)}`, `${end} bytes needed, ${view ? num(view.byteLength) : 'no view'} there`, offset);
    }
  }
}
