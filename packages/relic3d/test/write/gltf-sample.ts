// A skinned, animated glTF made with glTF-Transform, whose posed bounds are known without any relic3d
// code: a square bar 2 tall, the lower half on joint `hip`, the upper half on joint `knee` at y = 1.
// Clip `bend` turns the knee 90° about +Z over 1 s (linear); clip `lift` raises the hip 1 unit over 2 s.
import { Document } from '@gltf-transform/core';

export const HALF_WIDTH = 0.1;

function bar(): { positions: number[]; joints: number[]; weights: number[]; indices: number[] } {
  const positions: number[] = [], joints: number[] = [], weights: number[] = [], indices: number[] = [];
  const w = HALF_WIDTH;
  for (const [joint, y0, y1] of [[0, 0, 1], [1, 1, 2]] as const) {
    const base = positions.length / 3;
    for (const y of [y0, y1]) for (const [x, z] of [[-w, -w], [w, -w], [w, w], [-w, w]]) {
      positions.push(x, y, z);
      joints.push(joint, 0, 0, 0);
      weights.push(1, 0, 0, 0);
    }
    // Four side faces, counter-clockwise seen from outside.
    for (let s = 0; s < 4; s++) {
      const a = base + s, b = base + ((s + 1) % 4), c = a + 4, d = b + 4;
      indices.push(a, b, d, a, d, c);
    }
  }
  return { positions, joints, weights, indices };
}

/** The sample as a glTF-Transform document. */
export function sampleDocument(): Document {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const acc = (type: 'SCALAR' | 'VEC3' | 'VEC4' | 'MAT4', array: Float32Array | Uint16Array) => doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const data = bar();
  const material = doc.createMaterial('bar_paint').setBaseColorFactor([0.8, 0.3, 0.2, 1]);
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', acc('VEC3', new Float32Array(data.positions)))
    .setAttribute('JOINTS_0', acc('VEC4', new Uint16Array(data.joints)))
    .setAttribute('WEIGHTS_0', acc('VEC4', new Float32Array(data.weights)))
    .setIndices(acc('SCALAR', new Uint16Array(data.indices)))
    .setMaterial(material);
  const mesh = doc.createMesh('bar').addPrimitive(prim);
  const hip = doc.createNode('hip');
  const knee = doc.createNode('knee').setTranslation([0, 1, 0]);
  hip.addChild(knee);
  const ibm = new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1]);
  const skin = doc.createSkin('bar_skin').addJoint(hip).addJoint(knee).setSkeleton(hip).setInverseBindMatrices(acc('MAT4', ibm));
  const body = doc.createNode('bar').setMesh(mesh).setSkin(skin);
  doc.createScene('sample').addChild(hip).addChild(body);
  const s = Math.SQRT1_2;
  const bend = doc.createAnimation('bend');
  const bendSampler = doc.createAnimationSampler().setInput(acc('SCALAR', Float32Array.of(0, 1))).setOutput(acc('VEC4', Float32Array.of(0, 0, 0, 1, 0, 0, s, s))).setInterpolation('LINEAR');
  bend.addSampler(bendSampler).addChannel(doc.createAnimationChannel().setTargetNode(knee).setTargetPath('rotation').setSampler(bendSampler));
  const lift = doc.createAnimation('lift');
  const liftSampler = doc.createAnimationSampler().setInput(acc('SCALAR', Float32Array.of(0, 2))).setOutput(acc('VEC3', Float32Array.of(0, 0, 0, 0, 1, 0))).setInterpolation('LINEAR');
  lift.addSampler(liftSampler).addChannel(doc.createAnimationChannel().setTargetNode(hip).setTargetPath('translation').setSampler(liftSampler));
  return doc;
}

type Box = { min: [number, number, number]; max: [number, number, number] };

/** The bar's bounds with the knee turned by `angle` radians about +Z and the hip raised by `lift`. */
export function expectedBounds(angle: number, lift: number): Box {
  const w = HALF_WIDTH;
  const points: [number, number, number][] = [];
  for (const x of [-w, w]) for (const z of [-w, w]) {
    for (const y of [0, 1]) points.push([x, y + lift, z]);
    for (const y of [0, 1]) points.push([x * Math.cos(angle) - y * Math.sin(angle), x * Math.sin(angle) + y * Math.cos(angle) + 1 + lift, z]);
  }
  const min = [0, 1, 2].map((c) => Math.min(...points.map((p) => p[c]))) as Box['min'];
  const max = [0, 1, 2].map((c) => Math.max(...points.map((p) => p[c]))) as Box['max'];
  return { min, max };
}
