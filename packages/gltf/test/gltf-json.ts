// Test-only: world-space vertices of a glTF read from its JSON and binary data alone (node `matrix`
// or TRS, the spec's sampler and skinning), sharing no code with glTF-Transform or relic3d.
import { mul, sampleGltf, trs } from './gltf-bounds.js';

export { mul };

type M4 = number[];
type Json = any;

export interface Gltf {
  json: Json;
  buffers: Uint8Array[];
  /** Accessors read so far (do not modify them). */
  read?: Map<number, number[]>;
}

/** The JSON and BIN chunks of a .glb. */
export function parseGlb(glb: Uint8Array): Gltf {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength)));
  const at = 20 + jsonLength;
  const bin = at < glb.byteLength ? glb.subarray(at + 8, at + 8 + view.getUint32(at, true)) : new Uint8Array(0);
  return { json, buffers: [bin] };
}

/** A .gltf with its resources (as toGltf returns them). */
export function fromGltf(json: Json, resources: Record<string, Uint8Array>): Gltf {
  return { json, buffers: (json.buffers ?? []).map((b: { uri: string }) => resources[b.uri]) };
}

const COMPONENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT4: 16 };

/** An accessor's values, flattened (shared between calls: copy before changing them). */
export function readAccessor(gltf: Gltf, index: number): number[] {
  const known = gltf.read?.get(index);
  if (known) return known;
  const out = decodeAccessor(gltf, index);
  (gltf.read ??= new Map()).set(index, out);
  return out;
}

function decodeAccessor(gltf: Gltf, index: number): number[] {
  const a = gltf.json.accessors[index];
  const size = COMPONENTS[a.type];
  const out = new Array<number>(a.count * size).fill(0);
  if (a.bufferView === undefined) return out;
  const bv = gltf.json.bufferViews[a.bufferView];
  const bytes = gltf.buffers[bv.buffer];
  const view = new DataView(bytes.buffer, bytes.byteOffset + (bv.byteOffset ?? 0), bv.byteLength);
  const width = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 }[a.componentType as 5126]!;
  const stride = bv.byteStride ?? width * size;
  for (let i = 0; i < a.count; i++) {
    for (let c = 0; c < size; c++) {
      const o = (a.byteOffset ?? 0) + i * stride + c * width;
      out[i * size + c] =
        a.componentType === 5126 ? view.getFloat32(o, true)
        : a.componentType === 5125 ? view.getUint32(o, true)
        : a.componentType === 5123 ? view.getUint16(o, true)
        : a.componentType === 5121 ? view.getUint8(o)
        : NaN;
    }
  }
  return out;
}

/** World matrices of every node of the default scene, posed by animation `clip` at `time` when given. */
export function worldMatrices(gltf: Gltf, clip?: number, time = 0): (M4 | undefined)[] {
  const nodes: Json[] = gltf.json.nodes ?? [];
  const pose = nodes.map((n) => ({ t: n.translation ?? [0, 0, 0], r: n.rotation ?? [0, 0, 0, 1], s: n.scale ?? [1, 1, 1], animated: false }));
  if (clip !== undefined) {
    const animation = gltf.json.animations[clip];
    for (const channel of animation.channels) {
      const sampler = animation.samplers[channel.sampler];
      const { node, path } = channel.target;
      if (path === 'weights') continue;
      const v = sampleGltf(readAccessor(gltf, sampler.input), readAccessor(gltf, sampler.output), sampler.interpolation ?? 'LINEAR', path, time);
      pose[node].animated = true;
      if (path === 'translation') pose[node].t = v;
      else if (path === 'rotation') pose[node].r = v;
      else pose[node].s = v;
    }
  }
  const world: (M4 | undefined)[] = new Array(nodes.length);
  const visit = (i: number, parent: M4 | undefined) => {
    const n = nodes[i];
    const p = pose[i];
    const local = n.matrix && !p.animated ? (n.matrix as number[]) : trs(p.t, p.r, p.s);
    world[i] = parent ? mul(parent, local) : local;
    for (const child of n.children ?? []) visit(child, world[i]);
  };
  for (const root of gltf.json.scenes[gltf.json.scene ?? 0].nodes) visit(root, undefined);
  return world;
}

/** World-space positions (and unit normals, when the primitive has them) of node `node`'s primitives. */
export function worldVertices(gltf: Gltf, world: (M4 | undefined)[], node: number): { positions: number[]; normals?: number[] }[] {
  const n = gltf.json.nodes[node];
  if (n.mesh === undefined || !world[node]) return [];
  const mesh = gltf.json.meshes[n.mesh];
  const skin = n.skin !== undefined ? gltf.json.skins[n.skin] : undefined;
  const ibm = skin ? readAccessor(gltf, skin.inverseBindMatrices) : [];
  const jointMatrices: M4[] | undefined = skin?.joints.map((j: number, k: number) => mul(world[j]!, ibm.slice(k * 16, k * 16 + 16)));
  const weights: number[] = n.weights ?? mesh.weights ?? [];
  return mesh.primitives.map((prim: Json) => {
    const p = readAccessor(gltf, prim.attributes.POSITION).slice();
    const normal = prim.attributes.NORMAL !== undefined ? readAccessor(gltf, prim.attributes.NORMAL) : undefined;
    (prim.targets ?? []).forEach((target: Json, k: number) => {
      if (!weights[k] || target.POSITION === undefined) return;
      const d = readAccessor(gltf, target.POSITION);
      for (let i = 0; i < p.length; i++) p[i] += weights[k] * d[i];
    });
    const joints = prim.attributes.JOINTS_0 !== undefined && jointMatrices ? readAccessor(gltf, prim.attributes.JOINTS_0) : undefined;
    const jw = joints ? readAccessor(gltf, prim.attributes.WEIGHTS_0) : undefined;
    const positions: number[] = [];
    const normals: number[] | undefined = normal ? [] : undefined;
    for (let v = 0; v < p.length / 3; v++) {
      let m: M4 = world[node]!;
      if (joints && jw) {
        m = new Array<number>(16).fill(0);
        for (let k = 0; k < 4; k++) if (jw[v * 4 + k]) for (let c = 0; c < 16; c++) m[c] += jw[v * 4 + k] * jointMatrices![joints[v * 4 + k]][c];
      }
      const [x, y, z] = [p[v * 3], p[v * 3 + 1], p[v * 3 + 2]];
      for (let r = 0; r < 3; r++) positions.push(m[r] * x + m[4 + r] * y + m[8 + r] * z + m[12 + r]);
      if (normal && normals) normals.push(...normalTransform(m, [normal[v * 3], normal[v * 3 + 1], normal[v * 3 + 2]]));
    }
    return { positions, normals };
  });
}

/** A normal under a matrix: its inverse transpose (cofactors), made unit. */
export function normalTransform(m: ArrayLike<number>, n: number[]): number[] {
  const c = (a: number, b: number) => [m[a * 4 + 1] * m[b * 4 + 2] - m[a * 4 + 2] * m[b * 4 + 1], m[a * 4 + 2] * m[b * 4] - m[a * 4] * m[b * 4 + 2], m[a * 4] * m[b * 4 + 1] - m[a * 4 + 1] * m[b * 4]];
  // Columns of the cofactor matrix: cross products of the other two columns.
  const c0 = c(1, 2), c1 = c(2, 0), c2 = c(0, 1);
  const out = [0, 1, 2].map((r) => c0[r] * n[0] + c1[r] * n[1] + c2[r] * n[2]);
  const det = m[0] * c0[0] + m[1] * c0[1] + m[2] * c0[2];
  const l = Math.hypot(...out) * Math.sign(det || 1);
  return out.map((x) => x / l);
}
