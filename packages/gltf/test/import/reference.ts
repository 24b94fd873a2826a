// Test-only: what a glTF draws, from its JSON (node `matrix` or TRS, as written) and glTF-Transform's
// accessors (`getElement`, which dequantizes), with the spec's sampler and skinning: shares no code
// with fromGltf or computeBounds.
import type { Accessor, Document } from '@gltf-transform/core';
import { mul, sampleGltf, trs } from '../gltf-bounds.js';

type Json = Record<string, any>;
export type Box = { min: number[]; max: number[] };

/** Every element of an accessor, dequantized, flattened. */
export function elements(accessor: Accessor): number[] {
  const out: number[] = [];
  const element: number[] = [];
  for (let i = 0; i < accessor.getCount(); i++) out.push(...accessor.getElement(i, element));
  return out;
}

/** World matrices of the default scene's nodes (undefined for nodes outside it), posed by `clip` at `time`. */
export function referenceWorld(json: Json, doc: Document, clip?: number, time = 0): { world: (number[] | undefined)[]; weights: Map<number, number[]> } {
  const nodes: Json[] = json.nodes ?? [];
  const pose = nodes.map((n) => ({ t: n.translation ?? [0, 0, 0], r: n.rotation ?? [0, 0, 0, 1], s: n.scale ?? [1, 1, 1], animated: false }));
  const weights = new Map<number, number[]>();
  if (clip !== undefined) {
    const animation = doc.getRoot().listAnimations()[clip];
    const nodeIndex = new Map(doc.getRoot().listNodes().map((n, i) => [n, i]));
    for (const channel of animation.listChannels()) {
      const sampler = channel.getSampler()!;
      const path = channel.getTargetPath()!;
      const node = nodeIndex.get(channel.getTargetNode()!)!;
      const value = sampleGltf(elements(sampler.getInput()!), elements(sampler.getOutput()!), sampler.getInterpolation(), path, time);
      if (path === 'weights') weights.set(node, value);
      else {
        pose[node].animated = true;
        if (path === 'translation') pose[node].t = value;
        else if (path === 'rotation') pose[node].r = value;
        else pose[node].s = value;
      }
    }
  }
  const world: (number[] | undefined)[] = new Array(nodes.length);
  const visit = (i: number, parent: number[] | undefined) => {
    const p = pose[i];
    const local = nodes[i].matrix && !p.animated ? nodes[i].matrix : trs(p.t, p.r, p.s);
    world[i] = parent ? mul(parent, local) : local;
    for (const child of nodes[i].children ?? []) visit(child, world[i]);
  };
  for (const root of json.scenes[json.scene ?? 0].nodes) visit(root, undefined);
  return { world, weights };
}

/** The box of every vertex the default scene draws (morphed and skinned as the spec says). */
export function referenceBounds(json: Json, doc: Document, clip?: number, time = 0): Box {
  const { world, weights } = referenceWorld(json, doc, clip, time);
  const root = doc.getRoot();
  const docNodes = root.listNodes();
  const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
  json.nodes.forEach((def: Json, i: number) => {
    if (def.mesh === undefined || !world[i]) return;
    const mesh = root.listMeshes()[def.mesh];
    const skin = def.skin !== undefined ? root.listSkins()[def.skin] : undefined;
    const ibm = skin ? elements(skin.getInverseBindMatrices()!) : [];
    const jointMatrices = skin?.listJoints().map((joint, k) => mul(world[docNodes.indexOf(joint)]!, ibm.slice(k * 16, k * 16 + 16)));
    const morph = weights.get(i) ?? def.weights ?? mesh.getWeights();
    for (const prim of mesh.listPrimitives()) {
      const p = elements(prim.getAttribute('POSITION')!);
      prim.listTargets().forEach((target, k) => {
        const delta = target.getAttribute('POSITION');
        if (!delta || !morph[k]) return;
        elements(delta).forEach((d, c) => (p[c] += morph[k] * d));
      });
      const joints = prim.getAttribute('JOINTS_0'), jw = prim.getAttribute('WEIGHTS_0');
      const j = joints && jointMatrices ? elements(joints) : undefined;
      const w = jw && jointMatrices ? elements(jw) : undefined;
      for (let v = 0; v < p.length / 3; v++) {
        let m = world[i]!;
        if (j && w) {
          m = new Array<number>(16).fill(0);
          for (let k = 0; k < 4; k++) if (w[v * 4 + k]) for (let c = 0; c < 16; c++) m[c] += w[v * 4 + k] * jointMatrices![j[v * 4 + k]][c];
        }
        for (let r = 0; r < 3; r++) {
          const x = m[r] * p[v * 3] + m[4 + r] * p[v * 3 + 1] + m[8 + r] * p[v * 3 + 2] + m[12 + r];
          min[r] = Math.min(min[r], x);
          max[r] = Math.max(max[r], x);
        }
      }
    }
  });
  return { min, max };
}
