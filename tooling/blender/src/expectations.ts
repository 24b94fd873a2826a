// What Blender should see of a scene we export, computed from our scene and our .glb, with
// Blender's documented import rules stated where they change a count.
import { computeBounds, hiddenLodNodes, isEmptyBounds, type Bounds, type Scene } from '@relic3d/core';

/** The JSON chunk of a .glb. */
export function glbJson(glb: Uint8Array): GltfJson {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const length = view.getUint32(12, true);
  return JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length))) as GltfJson;
}

export interface GltfJson {
  nodes?: { name?: string; children?: number[]; mesh?: number; skin?: number }[];
  skins?: { joints: number[]; skeleton?: number }[];
  animations?: { name?: string }[];
}

/**
 * Triangles Blender keeps of each mesh node: its importer gives every primitive its own vertices
 * and then runs `mesh.validate()`, which drops triangles that use one vertex twice and repeats of
 * a triangle (the same three vertices) within a mesh. Both are counted here from our indices.
 */
export function blenderTriangles(scene: Scene): { byNode: Map<number, number>; raw: number; dropped: number } {
  const byNode = new Map<number, number>();
  let raw = 0, dropped = 0;
  scene.nodes.forEach((node, i) => {
    const mesh = node.mesh === undefined ? undefined : scene.meshes[node.mesh];
    if (!mesh) return;
    let kept = 0, offset = 0;
    const seen = new Set<string>();
    for (const p of mesh.primitives) {
      const count = p.attributes.POSITION.length / 3;
      if ((p.mode ?? 'TRIANGLES') === 'TRIANGLES') {
        const index = p.indices ?? Uint32Array.from({ length: count }, (_, k) => k);
        for (let t = 0; t + 2 < index.length; t += 3) {
          raw++;
          const a = index[t], b = index[t + 1], c = index[t + 2];
          const key = [a, b, c].sort((x, y) => x - y).map((v) => v + offset).join(',');
          if (a === b || b === c || a === c || seen.has(key)) {
            dropped++;
            continue;
          }
          seen.add(key);
          kept++;
        }
      }
      offset += count;
    }
    byNode.set(i, kept);
  });
  return { byNode, raw, dropped };
}

/**
 * Bones Blender makes of the .glb's skins: its importer (`mark_bones_and_armas`) puts each skin's
 * armature at the deepest common ancestor of its joints (its parent when that is a joint) and makes
 * every node from a joint up to the armature a bone, so non-joint nodes between joints are bones too.
 */
export function blenderBoneNodes(json: GltfJson): Set<number> {
  const nodes = json.nodes ?? [];
  const parent = new Map<number, number>();
  nodes.forEach((n, i) => n.children?.forEach((c) => parent.set(c, i)));
  const path = (i: number) => {
    const out = [i];
    for (let p = parent.get(i); p !== undefined; p = parent.get(p)) out.unshift(p);
    return out;
  };
  const bones = new Set<number>();
  for (const skin of json.skins ?? []) {
    const members = [...skin.joints, ...(skin.skeleton !== undefined ? [skin.skeleton] : [])];
    const paths = members.map(path);
    // -1 is the importer's dummy root above all glTF roots.
    let common = -1;
    for (let depth = 0; paths.every((p) => depth < p.length && p[depth] === paths[0][depth]); depth++) common = paths[0][depth];
    if (skin.joints.includes(common)) common = parent.get(common) ?? -1;
    for (const joint of skin.joints) {
      for (let j: number | undefined = joint; j !== undefined && j !== common; j = parent.get(j)) bones.add(j);
    }
  }
  return bones;
}

/** Blender's NLA track name of each glTF animation: its name (or Anim_i), ≤ 63 UTF-8 bytes, made unique with .001, .002… */
export function blenderTrackNames(json: GltfJson): string[] {
  const taken = new Set<string>();
  return (json.animations ?? []).map((a, i) => {
    let stem = (a.name || `Anim_${i}`).slice(0, 63);
    let suffix = '';
    for (let n = 1; ; ) {
      const name = stem + suffix;
      if (new TextEncoder().encode(name).length > 63) stem = stem.slice(0, -1);
      else if (!taken.has(name)) {
        taken.add(name);
        return name;
      } else suffix = `.${String(n++).padStart(3, '0')}`;
    }
  });
}

/** Our bounds of the drawn level-0 content, bind pose or at `time` of clip `animation`. */
export function ourBounds(scene: Scene, animation?: number, time?: number): Bounds | null {
  const b = computeBounds(scene, animation === undefined ? {} : { animation, time });
  return isEmptyBounds(b) ? null : b;
}

/** Union of the bounds Blender reports for objects of glTF nodes we draw (coarser LOD levels left out). */
export function unionOf(scene: Scene, byObject: Record<string, { min: number[]; max: number[] }>, nodeOf: Map<string, number | null>): Bounds | null {
  const hidden = hiddenLodNodes(scene, 0);
  let out: Bounds | null = null;
  for (const [name, b] of Object.entries(byObject)) {
    const node = nodeOf.get(name);
    if (node !== undefined && node !== null && hidden.has(node)) continue;
    if (!out) out = { min: [...b.min] as Bounds['min'], max: [...b.max] as Bounds['max'] };
    else for (let c = 0; c < 3; c++) {
      out.min[c] = Math.min(out.min[c], b.min[c]);
      out.max[c] = Math.max(out.max[c], b.max[c]);
    }
  }
  return out;
}

/** Largest distance between two boxes' corners, as a fraction of the larger diagonal (≥ 1 unit). */
export function boundsError(a: Bounds | null, b: Bounds | null): number {
  if (!a || !b) return a === b ? 0 : Infinity;
  const diag = (x: Bounds) => Math.hypot(x.max[0] - x.min[0], x.max[1] - x.min[1], x.max[2] - x.min[2]);
  const scale = Math.max(diag(a), diag(b), 1);
  let worst = 0;
  for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(a.min[c] - b.min[c]), Math.abs(a.max[c] - b.max[c]));
  return worst / scale;
}
