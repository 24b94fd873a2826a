// Test-only: world-space bounds of a glTF-Transform Document, posed by one of its animations,
// computed from the glTF side alone (glTF-Transform's node matrices, the glTF spec's sampler and
// skinning formulas) so that it shares no code with relic3d's `computeBounds`.
import type { Animation, Document, Node as GNode } from '@gltf-transform/core';

type M4 = number[];

/** a · b, column-major 4×4. */
export function mul(a: ArrayLike<number>, b: ArrayLike<number>): M4 {
  const out = new Array<number>(16).fill(0);
  for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) for (let k = 0; k < 4; k++) out[c * 4 + r] += a[k * 4 + r] * b[c * 4 + k];
  return out;
}

/** T · R · S, column-major 4×4. */
export function trs(t: ArrayLike<number>, q: ArrayLike<number>, s: ArrayLike<number>): M4 {
  const [x, y, z, w] = [q[0], q[1], q[2], q[3]];
  return [
    (1 - 2 * (y * y + z * z)) * s[0], 2 * (x * y + z * w) * s[0], 2 * (x * z - y * w) * s[0], 0,
    2 * (x * y - z * w) * s[1], (1 - 2 * (x * x + z * z)) * s[1], 2 * (y * z + x * w) * s[1], 0,
    2 * (x * z + y * w) * s[2], 2 * (y * z - x * w) * s[2], (1 - 2 * (x * x + y * y)) * s[2], 0,
    t[0], t[1], t[2], 1,
  ];
}

function slerp(a: number[], b: number[], t: number): number[] {
  let d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
  const bb = d < 0 ? b.map((v) => -v) : b;
  d = Math.abs(d);
  if (d > 0.9995) {
    const out = a.map((v, i) => v + (bb[i] - v) * t);
    const l = Math.hypot(...out);
    return out.map((v) => v / l);
  }
  const theta = Math.acos(Math.min(1, d));
  const sa = Math.sin((1 - t) * theta) / Math.sin(theta), sb = Math.sin(t * theta) / Math.sin(theta);
  return a.map((v, i) => sa * v + sb * bb[i]);
}

/** One sampler at time `t`, following the glTF 2.0 spec (Appendix C) literally. */
export function sampleGltf(input: ArrayLike<number>, output: ArrayLike<number>, interpolation: string, path: string, t: number): number[] {
  const n = input.length;
  const cubic = interpolation === 'CUBICSPLINE';
  const size = output.length / n / (cubic ? 3 : 1);
  const value = (k: number, part = cubic ? 1 : 0) => Array.from({ length: size }, (_, c) => output[(k * (cubic ? 3 : 1) + part) * size + c]);
  if (t <= input[0]) return value(0);
  if (t >= input[n - 1]) return value(n - 1);
  let k = 0;
  while (input[k + 1] <= t) k++;
  const td = input[k + 1] - input[k];
  const u = (t - input[k]) / td;
  if (interpolation === 'STEP') return value(k);
  if (cubic) {
    const vk = value(k), bk = value(k, 2), vk1 = value(k + 1), ak1 = value(k + 1, 0);
    const u2 = u * u, u3 = u2 * u;
    const out = vk.map((_, c) => (2 * u3 - 3 * u2 + 1) * vk[c] + td * (u3 - 2 * u2 + u) * bk[c] + (-2 * u3 + 3 * u2) * vk1[c] + td * (u3 - u2) * ak1[c]);
    if (path === 'rotation') {
      const l = Math.hypot(...out);
      return out.map((v) => v / l);
    }
    return out;
  }
  const a = value(k), b = value(k + 1);
  return path === 'rotation' ? slerp(a, b, u) : a.map((v, c) => v + (b[c] - v) * u);
}

/**
 * World-space box of every mesh drawn by the default scene (MSFT_lod's coarser levels are not in
 * the tree, so this is level 0), at `time` into `animation` when given.
 */
export function gltfBounds(doc: Document, animation?: Animation, time = 0): { min: number[]; max: number[] } {
  const local = new Map<GNode, { t: number[]; r: number[]; s: number[]; w?: number[] }>();
  for (const node of doc.getRoot().listNodes()) local.set(node, { t: [...node.getTranslation()], r: [...node.getRotation()], s: [...node.getScale()] });
  for (const channel of animation?.listChannels() ?? []) {
    const node = channel.getTargetNode()!;
    const sampler = channel.getSampler()!;
    const v = sampleGltf(sampler.getInput()!.getArray()!, sampler.getOutput()!.getArray()!, sampler.getInterpolation(), channel.getTargetPath()!, time);
    const pose = local.get(node)!;
    if (channel.getTargetPath() === 'translation') pose.t = v;
    else if (channel.getTargetPath() === 'rotation') pose.r = v;
    else if (channel.getTargetPath() === 'scale') pose.s = v;
    else pose.w = v;
  }
  const world = new Map<GNode, M4>();
  const visit = (node: GNode, parent: M4 | undefined) => {
    const p = local.get(node)!;
    const m = parent ? mul(parent, trs(p.t, p.r, p.s)) : trs(p.t, p.r, p.s);
    world.set(node, m);
    for (const child of node.listChildren()) visit(child, m);
  };
  for (const root of doc.getRoot().getDefaultScene()?.listChildren() ?? []) visit(root, undefined);

  const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
  for (const [node, m] of world) {
    const mesh = node.getMesh();
    if (!mesh) continue;
    const skin = node.getSkin();
    const jointMatrices = skin?.listJoints().map((joint, j) => mul(world.get(joint) ?? joint.getWorldMatrix(), skin.getInverseBindMatrices()!.getElement(j, [])));
    const nodeWeights = node.getWeights();
    const morph = local.get(node)!.w ?? (nodeWeights.length ? nodeWeights : mesh.getWeights());
    for (const prim of mesh.listPrimitives()) {
      const positions = prim.getAttribute('POSITION')!;
      const joints = prim.getAttribute('JOINTS_0');
      const weights = prim.getAttribute('WEIGHTS_0');
      const targets = prim.listTargets().map((t) => t.getAttribute('POSITION'));
      const p: number[] = [], jv: number[] = [], wv: number[] = [], d: number[] = [];
      for (let i = 0; i < positions.getCount(); i++) {
        positions.getElement(i, p);
        targets.forEach((target, k) => {
          if (!target || !morph[k]) return;
          target.getElement(i, d);
          for (let c = 0; c < 3; c++) p[c] += morph[k] * d[c];
        });
        let mat: ArrayLike<number> = m;
        if (jointMatrices && joints && weights) {
          joints.getElement(i, jv);
          weights.getElement(i, wv);
          const blend = new Array<number>(16).fill(0);
          for (let k = 0; k < 4; k++) if (wv[k]) for (let c = 0; c < 16; c++) blend[c] += wv[k] * jointMatrices[jv[k]][c];
          mat = blend;
        }
        for (let r = 0; r < 3; r++) {
          const v = mat[r] * p[0] + mat[4 + r] * p[1] + mat[8 + r] * p[2] + mat[12 + r];
          if (v < min[r]) min[r] = v;
          if (v > max[r]) max[r] = v;
        }
      }
    }
  }
  return { min, max };
}
