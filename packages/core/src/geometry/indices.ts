/**
 * Uint16Array when every index fits, else Uint32Array. An array that already has the chosen type
 * is returned as it is, not copied.
 */
export function compactIndices(indices: ArrayLike<number>, vertexCount: number): Uint16Array | Uint32Array {
  if (vertexCount <= 0xffff) return indices instanceof Uint16Array ? indices : Uint16Array.from(indices);
  return indices instanceof Uint32Array ? indices : Uint32Array.from(indices);
}
