// Scenes the writer tests build: a triangle, a box, a skinned strip on a chain of joints, clips.
import { addNode, createScene, defaultMaterial, math, type AnimationChannel, type Interpolation, type Material, type Primitive, type Scene } from '@relic3d/core';

/** One counter-clockwise triangle facing +Z (its normal). */
export function triangle(): Primitive {
  return {
    attributes: {
      POSITION: Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0),
      NORMAL: Float32Array.of(0, 0, 1, 0, 0, 1, 0, 0, 1),
      TEXCOORD_0: Float32Array.of(0, 1, 1, 1, 0, 0),
    },
    indices: Uint16Array.of(0, 1, 2),
  };
}

/** An axis-aligned box of 24 vertices and 12 outward-facing triangles, `size` wide, centred at `c`. */
export function box(size = 1, c: [number, number, number] = [0, 0, 0]): Primitive {
  const h = size / 2;
  const faces: [number[], number[], number[]][] = [
    [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
    [[-1, 0, 0], [0, 0, 1], [0, 1, 0]],
    [[0, 1, 0], [0, 0, 1], [1, 0, 0]],
    [[0, -1, 0], [1, 0, 0], [0, 0, 1]],
    [[0, 0, 1], [1, 0, 0], [0, 1, 0]],
    [[0, 0, -1], [0, 1, 0], [1, 0, 0]],
  ];
  const p: number[] = [], n: number[] = [], uv: number[] = [], idx: number[] = [];
  for (const [normal, u, v] of faces) {
    const base = p.length / 3;
    for (const [su, sv] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) {
      for (let k = 0; k < 3; k++) p.push(c[k] + h * (normal[k] + su * u[k] + sv * v[k]));
      n.push(...normal);
      uv.push((su + 1) / 2, (1 - sv) / 2);
    }
    idx.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  return { attributes: { POSITION: Float32Array.from(p), NORMAL: Float32Array.from(n), TEXCOORD_0: Float32Array.from(uv) }, indices: Uint16Array.from(idx) };
}

export function material(name: string, over: Partial<Material> = {}): Material {
  return { ...defaultMaterial(name), ...over };
}

/** A scene with one mesh node per primitive list, under one root. */
export function meshScene(name: string, primitives: Primitive[][]): Scene {
  const scene = createScene('test');
  scene.name = name;
  const root = addNode(scene, { name });
  primitives.forEach((p, i) => {
    scene.meshes.push({ name: `mesh ${i}`, primitives: p });
    addNode(scene, { name: `node ${i}`, mesh: i }, root);
  });
  return scene;
}

/**
 * A strip of `segments` quads up +Y, one joint per segment in a chain, each ring of vertices
 * weighted to the joints around it (`influences` per vertex, 1..4).
 */
export function skinnedStrip(name: string, segments: number, influences = 2): Scene {
  const scene = createScene('test');
  scene.name = name;
  const root = addNode(scene, { name });
  const joints: number[] = [];
  for (let j = 0; j < segments; j++) joints.push(addNode(scene, { name: `joint ${j}`, joint: true, translation: [0, j === 0 ? 0 : 1, 0] }, j === 0 ? root : joints[j - 1]));
  const p: number[] = [], n: number[] = [], uv: number[] = [], jt: number[] = [], w: number[] = [], idx: number[] = [];
  for (let r = 0; r <= segments; r++) {
    for (const x of [-0.5, 0.5]) {
      p.push(x, r, 0);
      n.push(0, 0, 1);
      uv.push(x + 0.5, r / segments);
      const near = [Math.min(r, segments - 1), Math.max(0, r - 1), Math.min(r + 1, segments - 1), Math.max(0, r - 2)];
      const weights = [0.55, 0.25, 0.15, 0.05].slice(0, influences);
      const sum = weights.reduce((a, b) => a + b, 0);
      for (let k = 0; k < 4; k++) {
        jt.push(k < influences ? near[k] : 0);
        w.push(k < influences ? weights[k] / sum : 0);
      }
    }
  }
  for (let r = 0; r < segments; r++) idx.push(r * 2, r * 2 + 1, r * 2 + 3, r * 2, r * 2 + 3, r * 2 + 2);
  scene.meshes.push({
    name: 'strip',
    primitives: [{ attributes: { POSITION: Float32Array.from(p), NORMAL: Float32Array.from(n), TEXCOORD_0: Float32Array.from(uv), JOINTS_0: Uint16Array.from(jt), WEIGHTS_0: Float32Array.from(w) }, indices: Uint32Array.from(idx), material: 0 }],
  });
  scene.materials.push(material('strip.dds'));
  const ibm = new Float32Array(segments * 16);
  for (let j = 0; j < segments; j++) ibm.set(math.fromTRS([0, -j, 0], [0, 0, 0, 1], [1, 1, 1], new Float32Array(16)), j * 16);
  scene.skins.push({ name: 'skin', joints, inverseBindMatrices: ibm });
  addNode(scene, { name: 'strip node', mesh: 0, skin: 0 }, root);
  return scene;
}

/** A rotation about Z by `angle` radians as a quaternion. */
export const aboutZ = (angle: number) => [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)];

/** A clip turning `nodes` about Z from 0 to `angle` over `duration` seconds. */
export function bendClip(name: string, nodes: number[], duration: number, angle: number, interpolation: Interpolation = 'LINEAR'): { name: string; duration: number; channels: AnimationChannel[] } {
  const times = Float32Array.of(0, duration / 2, duration);
  const values = Float32Array.from([0, angle / 2, angle].flatMap(aboutZ));
  const cubic = Float32Array.from([0, angle / 2, angle].flatMap((a) => [0, 0, 0, 0, ...aboutZ(a), 0, 0, 0, 0]));
  return {
    name,
    duration,
    channels: nodes.map((node) => ({ node, path: 'rotation' as const, times, values: interpolation === 'CUBICSPLINE' ? cubic : values, interpolation })),
  };
}
