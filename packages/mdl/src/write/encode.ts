import { ByteWriter, type CodePageEncoder, type WarningSink } from '@relic3d/core';
import { ULTRA_MAGIC } from '../file.js';
import type { AnimationRecord, BoneRecord, LodRecord, MeshRecord, NodeRecord, PartRecord } from './records.js';

/**
 * The records as an "Ultra Model" file (docs/formats/mdl.md §2): magic, version, one root NODE.
 * Small fields go through a `ByteWriter`; big arrays (vertex records, indices, morphs, keys) are
 * kept by reference and copied once, into the finished file.
 */
export function encodeMdl(root: NodeRecord, version: number, encoder: CodePageEncoder, sink: WarningSink): Uint8Array {
  const e = new Encoder(encoder, sink, version);
  e.w.bytes(ascii(ULTRA_MAGIC)).i32(version);
  e.node(root);
  return e.result();
}

/** Arrays at least this long are not copied into the small-field writer. */
const BIG = 4096;

class Encoder {
  w = new ByteWriter(BIG);
  private readonly parts: Uint8Array[] = [];
  private readonly strings = new Map<string, Uint8Array>();
  constructor(
    private readonly encoder: CodePageEncoder,
    private readonly sink: WarningSink,
    private readonly version: number,
  ) {}

  /** Bytes as they are: small ones copied along, big ones kept for the final copy. */
  bytes(data: Uint8Array): this {
    if (data.length < BIG) {
      this.w.bytes(data);
      return this;
    }
    this.flush();
    this.parts.push(data);
    return this;
  }

  private flush(): void {
    if (this.w.length === 0) return;
    this.parts.push(this.w.finish());
    this.w = new ByteWriter(BIG);
  }

  result(): Uint8Array {
    this.flush();
    const out = new Uint8Array(this.parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const part of this.parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }

  tag(tag: string): this {
    this.w.bytes(ascii(tag));
    return this;
  }

  /** ISTRING: i32 length + bytes, no NUL. */
  string(text: string, what: string): this {
    let bytes = this.strings.get(text);
    if (!bytes) {
      const encoded = this.encoder.encode(text);
      if (encoded.lossy) this.sink.warn('WRITE_NAME_LOSSY', `${what} "${text}" has characters ${this.encoder.name} cannot hold; written as "?"`);
      bytes = encoded.bytes;
      this.strings.set(text, bytes);
    }
    this.w.i32(bytes.length);
    return this.bytes(bytes);
  }

  /** Floats; a non-finite one (a NaN transform, key or collider) is written as 0 and warned. */
  floats(values: ArrayLike<number>, what = 'transform values'): this {
    this.w.f32s(this.finite(values, what));
    return this;
  }

  /** Little-endian float32 bytes of `values`, scrubbed like `floats`. */
  floatBytes(values: Float32Array, what: string): this {
    if (allFinite(values)) return this.bytes(bytesOf(values));
    return this.bytes(bytesOf(this.finite(values, what) as Float32Array));
  }

  private finite<T extends ArrayLike<number>>(values: T, what: string): T {
    let sum = 0;
    for (let i = 0; i < values.length; i++) sum += values[i];
    if (sum - sum === 0) return values;
    const out = Float32Array.from(values as ArrayLike<number>, (v) => (Number.isFinite(v) ? v : 0));
    this.sink.warn('MDL_WRITE_NOT_FINITE', `non-finite ${what} (NaN or infinity) were written as 0`);
    return out as unknown as T;
  }

  node(node: NodeRecord): void {
    this.tag('NODE').string(node.name, 'node name').string(node.engineProperties, 'engine properties').string(node.userProperties, 'user properties');
    this.floats(node.position).floats(node.rotation).floats(node.scale).floats(node.color);
    if (this.version >= 301) this.floats(node.unknownNodeFloats);
    this.w.i32(node.lods.length);
    for (const lod of node.lods) this.lod(lod);
    // Node tail as the real files write it: SKEL, ATCH, ASET, PHYS, KIDS (docs/formats/mdl.md §2.2).
    this.tag('SKEL');
    this.w.i32(node.bones.length);
    for (const bone of node.bones) this.bone(bone);
    this.tag('ATCH');
    this.w.i32(node.attachBone);
    this.tag('ASET');
    this.w.i32(node.animations.length);
    for (const animation of node.animations) this.animation(animation);
    this.tag('PHYS');
    this.physics(node.parts);
    this.tag('KIDS');
    this.w.i32(node.children.length);
    for (const child of node.children) this.node(child);
  }

  lod(lod: LodRecord): void {
    this.tag('LOD_');
    this.w.f32(lod.viewDistance).i32(lod.meshes.length);
    for (const mesh of lod.meshes) this.mesh(mesh);
  }

  mesh(mesh: MeshRecord): void {
    this.tag('MESH');
    this.w.i32(mesh.polyVerts);
    this.string(mesh.name, 'mesh name').string(mesh.materialPath, 'material path');
    this.w.i32(mesh.strideField).i32(mesh.vertexCount);
    this.bytes(mesh.vertexData);
    this.w.i32(mesh.indexSize).i32(mesh.indices.length);
    this.bytes(bytesOf(mesh.indices));
    // Real order after the indices: PRIM, MSET, PICK.
    this.tag('PRIM');
    this.w.i32(mesh.primitiveFlags.length);
    this.bytes(mesh.primitiveFlags);
    this.tag('MSET');
    this.w.i32(mesh.morphs.length);
    for (const morph of mesh.morphs) this.tag('MORP').bytes(morph);
    this.tag('PICK');
    this.w.i32(mesh.pick.length);
    this.bytes(mesh.pick);
  }

  bone(bone: BoneRecord): void {
    this.tag('BONE').string(bone.name, 'bone name');
    this.floats(bone.position).floats(bone.rotation).floats(bone.scale);
    this.w.i32(bone.children.length);
    for (const child of bone.children) this.bone(child);
  }

  animation(animation: AnimationRecord): void {
    this.tag('ANIM').string(animation.name, 'animation name');
    this.w.f32(animation.speed).i32(animation.keyframeCount).i32(animation.tracks.length);
    for (const track of animation.tracks) {
      this.tag('BONE');
      this.w.i32(track.boneId).i32(track.flags);
      this.floatBytes(track.keys, `keys of animation '${animation.name}'`);
    }
  }

  /** PHYS: i32 byte size, then i32 part count and the parts (§2.6); 0 = no collider. */
  physics(parts: PartRecord[]): void {
    const size = parts.length === 0 ? 0 : 4 + parts.reduce((n, p) => n + 8 + (p.shape === 'MESH' ? 8 + p.polygons.reduce((m, q) => m + 4 + q.byteLength, 0) : 40), 0);
    this.w.i32(size);
    if (size === 0) return;
    this.w.i32(parts.length);
    for (const part of parts) {
      this.tag('PART').tag(part.shape);
      if (part.shape === 'MESH') {
        this.w.i32(part.flag).i32(part.polygons.length);
        for (const polygon of part.polygons) {
          this.w.i32(polygon.length / 3);
          this.floatBytes(polygon, 'collider positions');
        }
      } else {
        this.floats(part.offset, 'collider values').floats(part.rotation, 'collider values').floats(part.size, 'collider values');
      }
    }
  }
}

/** Every float finite: its own loop on Float32Array (the generic `finite` also sees plain arrays, and was a sixth of a skinned write). */
function allFinite(values: Float32Array): boolean {
  let sum = 0;
  for (let i = 0, n = values.length; i < n; i++) sum += values[i];
  return sum - sum === 0;
}

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

/** The little-endian bytes of a typed array (every platform relic3d runs on is little-endian). */
function bytesOf(values: Uint16Array | Uint32Array | Float32Array): Uint8Array {
  return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
}
