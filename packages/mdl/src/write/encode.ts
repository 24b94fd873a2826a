import { ByteWriter, type CodePageEncoder, type WarningSink } from '@relic3d/core';
import { ULTRA_MAGIC } from '../file.js';
import type { AnimationRecord, BoneRecord, LodRecord, MeshRecord, NodeRecord, PartRecord } from './records.js';

/**
 * The records as an "Ultra Model" file (docs/formats/mdl.md §2): magic, version, one root NODE.
 * Big arrays go in with one copy each; the buffer is sized up front so it never grows.
 */
export function encodeMdl(root: NodeRecord, version: number, encoder: CodePageEncoder, sink: WarningSink): Uint8Array {
  const e = new Encoder(encoder, sink, version, 64 + sizeOfNode(root));
  e.w.bytes(ascii(ULTRA_MAGIC)).i32(version);
  e.node(root);
  return e.w.result();
}

class Encoder {
  readonly w: ByteWriter;
  private readonly strings = new Map<string, Uint8Array>();
  constructor(
    private readonly encoder: CodePageEncoder,
    private readonly sink: WarningSink,
    private readonly version: number,
    size: number,
  ) {
    this.w = new ByteWriter(size);
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
    this.w.i32(bytes.length).bytes(bytes);
    return this;
  }

  /** Floats; a non-finite one (a NaN transform, key or collider) is written as 0 and warned. */
  floats(values: ArrayLike<number>, what = 'transform values'): this {
    this.w.f32s(this.finite(values, what));
    return this;
  }

  /** Little-endian float32 bytes of `values`, scrubbed like `floats`. */
  floatBytes(values: Float32Array, what: string): this {
    this.w.bytes(bytesOf(this.finite(values, what) as Float32Array));
    return this;
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
    const w = this.w;
    this.tag('NODE').string(node.name, 'node name').string(node.engineProperties, 'engine properties').string(node.userProperties, 'user properties');
    this.floats(node.position).floats(node.rotation).floats(node.scale).floats(node.color);
    if (this.version >= 301) this.floats(node.unknownNodeFloats);
    w.i32(node.lods.length);
    for (const lod of node.lods) this.lod(lod);
    // Node tail as the real files write it: SKEL, ATCH, ASET, PHYS, KIDS (docs/formats/mdl.md §2.2).
    this.tag('SKEL');
    w.i32(node.bones.length);
    for (const bone of node.bones) this.bone(bone);
    this.tag('ATCH');
    w.i32(node.attachBone);
    this.tag('ASET');
    w.i32(node.animations.length);
    for (const animation of node.animations) this.animation(animation);
    this.tag('PHYS');
    this.physics(node.parts);
    this.tag('KIDS');
    w.i32(node.children.length);
    for (const child of node.children) this.node(child);
  }

  lod(lod: LodRecord): void {
    this.tag('LOD_');
    this.w.f32(lod.viewDistance).i32(lod.meshes.length);
    for (const mesh of lod.meshes) this.mesh(mesh);
  }

  mesh(mesh: MeshRecord): void {
    const w = this.w;
    this.tag('MESH');
    w.i32(mesh.polyVerts);
    this.string(mesh.name, 'mesh name').string(mesh.materialPath, 'material path');
    w.i32(mesh.strideField).i32(mesh.vertexCount).bytes(mesh.vertexData);
    w.i32(mesh.indexSize).i32(mesh.indices.length).bytes(bytesOf(mesh.indices));
    // Real order after the indices: PRIM, MSET, PICK.
    this.tag('PRIM');
    w.i32(mesh.primitiveFlags.length).bytes(mesh.primitiveFlags);
    this.tag('MSET');
    w.i32(mesh.morphs.length);
    for (const morph of mesh.morphs) this.tag('MORP').w.bytes(morph);
    this.tag('PICK');
    w.i32(mesh.pick.length).bytes(mesh.pick);
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
    const w = this.w;
    if (parts.length === 0) {
      w.i32(0);
      return;
    }
    const sizeAt = w.length;
    w.i32(0).i32(parts.length);
    for (const part of parts) {
      this.tag('PART').tag(part.shape);
      if (part.shape === 'MESH') {
        w.i32(part.flag).i32(part.polygons.length);
        for (const polygon of part.polygons) {
          w.i32(polygon.length / 3);
          this.floatBytes(polygon, 'collider positions');
        }
      } else {
        this.floats(part.offset, 'collider values').floats(part.rotation, 'collider values').floats(part.size, 'collider values');
      }
    }
    w.patchI32(sizeAt, w.length - sizeAt - 4);
  }
}

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

/** The little-endian bytes of a typed array (every platform relic3d runs on is little-endian). */
function bytesOf(values: Uint16Array | Uint32Array | Float32Array): Uint8Array {
  return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
}

/** An upper bound of the bytes a node takes, names counted at 4 bytes a character. */
function sizeOfNode(node: NodeRecord): number {
  let size = 200 + 4 * (node.name.length + node.engineProperties.length + node.userProperties.length);
  for (const lod of node.lods) {
    size += 12;
    for (const m of lod.meshes) {
      size += 80 + 4 * (m.name.length + m.materialPath.length) + m.vertexData.length + m.indices.byteLength + m.primitiveFlags.length + m.pick.length;
      for (const morph of m.morphs) size += 4 + morph.length;
    }
  }
  const bones = (b: BoneRecord): number => 60 + 4 * b.name.length + b.children.reduce((n, c) => n + bones(c), 0);
  for (const b of node.bones) size += bones(b);
  for (const a of node.animations) size += 24 + 4 * a.name.length + a.tracks.reduce((n, t) => n + 12 + t.keys.byteLength, 0);
  for (const p of node.parts) size += 48 + (p.shape === 'MESH' ? p.polygons.reduce((n, q) => n + 4 + q.byteLength, 0) : 0);
  for (const c of node.children) size += sizeOfNode(c);
  return size;
}
