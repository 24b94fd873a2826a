/** Typed arrays as little-endian bytes, and the length-prefixed names of O3D, `.chr` and `.ani` files. */
import { ByteWriter } from '@relic3d/core';

/** Every platform Node and browsers run on is little-endian; the DataView path keeps others correct. */
export const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/** The bytes of a typed array as stored in the file (a view when the host is little-endian). */
export function leBytes(a: Float32Array | Int32Array | Uint32Array | Uint16Array): Uint8Array {
  if (LITTLE_ENDIAN) return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const out = new Uint8Array(a.byteLength);
  const view = new DataView(out.buffer);
  for (let i = 0; i < a.length; i++) {
    if (a instanceof Float32Array) view.setFloat32(i * 4, a[i], true);
    else if (a instanceof Int32Array) view.setInt32(i * 4, a[i], true);
    else if (a instanceof Uint32Array) view.setUint32(i * 4, a[i], true);
    else view.setUint16(i * 2, a[i], true);
  }
  return out;
}

/** `int length` (including the NUL), the name's bytes, then the NUL (docs/formats/o3d.md §2.4, §3, §4.2). */
export function lengthName(out: ByteWriter, name: Uint8Array): void {
  out.i32(name.length + 1).bytes(name).u8(0);
}

/** Turns names into bytes in the file's code page. */
export type NameBytes = (text: string) => Uint8Array;

/** Arrays at least this big are kept as parts instead of being copied into the writer's buffer. */
const PART_BYTES = 1 << 16;

/** Bytes written straight into the joined result: `fill(target, at)` writes `size` bytes there. */
interface LaterPart {
  size: number;
  fill: (target: Uint8Array, at: number) => void;
}

/**
 * A ByteWriter that keeps big arrays (vertex records, indices) as they are and joins everything
 * once at the end: one copy of the bulk data instead of two (into the buffer, then out of it).
 * Parts made by `later` are written only then, straight into the result (no array of their own).
 * Small fields go through the buffer as usual; nothing may be patched after a part.
 */
export class PartsWriter extends ByteWriter {
  private readonly parts: (Uint8Array | LaterPart)[] = [];
  private total = 0;

  override bytes(data: Uint8Array): this {
    if (data.length < PART_BYTES) return super.bytes(data);
    this.flush();
    this.parts.push(data);
    this.total += data.length;
    return this;
  }

  /** `size` bytes that `fill` writes into the result when it is joined. */
  later(size: number, fill: LaterPart['fill']): this {
    this.flush();
    this.parts.push({ size, fill });
    this.total += size;
    return this;
  }

  override result(): Uint8Array {
    this.flush();
    const out = new Uint8Array(this.total);
    let at = 0;
    for (const part of this.parts) {
      if (part instanceof Uint8Array) {
        out.set(part, at);
        at += part.length;
      } else {
        part.fill(out, at);
        at += part.size;
      }
    }
    return out;
  }

  private flush(): void {
    if (!this.length) return;
    const small = super.result();
    this.parts.push(small);
    this.total += small.length;
    this.length = 0;
  }
}
