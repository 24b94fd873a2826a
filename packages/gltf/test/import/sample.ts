// Test-only: a glTF made with glTF-Transform that uses what fromGltf reads: a skinned, morphed,
// animated mesh (LINEAR / STEP / CUBICSPLINE, quantized outputs), quantized and sparse accessors,
// a triangle strip, two textured materials (texture transform, emissive strength, unlit, samplers),
// two cameras, two lights, extras, and node matrices (one sheared) put into the JSON.
import { Accessor, Document, Format, NodeIO, type Node as GNode, type Texture } from '@gltf-transform/core';
import { KHRLightsPunctual, KHRMaterialsEmissiveStrength, KHRMaterialsUnlit, KHRTextureTransform } from '@gltf-transform/extensions';
import { math } from '@relic3d/core';
import { gltfExtensions } from '../../src/index.js';
import { packGlb } from '../../src/io/glb.js';
import { makePng } from '../scenes.js';

export const io = new NodeIO().registerExtensions(gltfExtensions);

/** Node matrices written into the JSON in place of TRS: Root's is TRS, Prop's is sheared. */
export const ROOT_MATRIX = Array.from(math.fromTRS([0, 1, 0], math.quatFromAxisAngle([0, 1, 0], Math.PI / 2), [2, 2, 2], new Float64Array(16)));
export const PROP_MATRIX = [1, 0, 0, 0, 0.5, 1, 0, 0, 0, 0, 1, 0, 2, 0, 0, 1];

export const images = {
  skin: makePng(2, 2, [255, 0, 0, 255]),
  skinNormal: makePng(2, 2, [128, 128, 255, 255]),
  cloth: makePng(4, 4, [0, 255, 0, 255]),
  clothAo: makePng(2, 2, [200, 200, 200, 255]),
};

const f32 = (...v: number[]) => new Float32Array(v);

export function buildSample(): Document {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const accessor = (type: Parameters<Accessor['setType']>[0], array: Accessor['getArray'] extends () => infer A ? NonNullable<A> : never, normalized = false) =>
    doc.createAccessor().setType(type).setArray(array).setNormalized(normalized).setBuffer(buffer);
  const lights = doc.createExtension(KHRLightsPunctual);
  const transforms = doc.createExtension(KHRTextureTransform);
  const strength = doc.createExtension(KHRMaterialsEmissiveStrength);
  const unlit = doc.createExtension(KHRMaterialsUnlit);

  // Hierarchy.
  const scene = doc.createScene('Sample').setExtras({ level: 3, tags: ['a', 'b'] });
  const root = doc.createNode('Root').setExtras({ tag: 'root' });
  const armature = doc.createNode('Armature');
  const j0 = doc.createNode('J0');
  const j1 = doc.createNode('J1').setTranslation([0, 1, 0]);
  const j2 = doc.createNode('J2').setTranslation([0, 1, 0]);
  const body = doc.createNode('Body');
  const prop = doc.createNode('Prop');
  const camera = doc.createNode('Camera').setTranslation([0, 2, 5]);
  const ortho = doc.createNode('Ortho').setTranslation([0, 10, 0]).setRotation(math.quatFromAxisAngle([1, 0, 0], -Math.PI / 2));
  const spot = doc.createNode('Spot').setTranslation([1, 3, 1]);
  const sun = doc.createNode('Sun');
  scene.addChild(root).addChild(camera).addChild(ortho).addChild(spot).addChild(sun);
  root.addChild(armature).addChild(body).addChild(prop);
  armature.addChild(j0);
  j0.addChild(j1);
  j1.addChild(j2);

  // Materials.
  const texture = (name: string, data: Uint8Array): Texture => doc.createTexture(name).setImage(data).setMimeType('image/png');
  const skinTexture = texture('skin', images.skin);
  const skinMaterial = doc
    .createMaterial('Skin')
    .setBaseColorFactor([1, 0.8, 0.6, 1])
    .setMetallicFactor(0.2)
    .setRoughnessFactor(0.7)
    .setEmissiveFactor([1, 0.5, 0])
    .setBaseColorTexture(skinTexture)
    .setNormalTexture(texture('skin_normal', images.skinNormal))
    .setNormalScale(0.8)
    .setExtras({ shader: 'skin' });
  skinMaterial.getBaseColorTextureInfo()!.setExtension('KHR_texture_transform', transforms.createTransform().setOffset([0.5, 0]).setScale([2, 2]).setRotation(0.3));
  skinMaterial.setExtension('KHR_materials_emissive_strength', strength.createEmissiveStrength().setEmissiveStrength(3));
  const clothMaterial = doc
    .createMaterial('Cloth')
    .setAlphaMode('MASK')
    .setAlphaCutoff(0.3)
    .setDoubleSided(true)
    .setBaseColorTexture(texture('cloth', images.cloth))
    .setOcclusionTexture(texture('cloth_ao', images.clothAo))
    .setOcclusionStrength(0.6);
  clothMaterial.getBaseColorTextureInfo()!.setWrapS(33071).setWrapT(33648);
  clothMaterial.getOcclusionTextureInfo()!.setTexCoord(1);
  clothMaterial.setExtension('KHR_materials_unlit', unlit.createUnlit());

  // The skinned, morphed column: 8 vertices at y = 0..3, 6 triangles.
  const positions = f32(-0.5, 0, 0, 0.5, 0, 0, -0.5, 1, 0, 0.5, 1, 0, -0.5, 2, 0, 0.5, 2, 0, -0.5, 3, 0, 0.5, 3, 0);
  const column = doc
    .createPrimitive()
    .setAttribute('POSITION', accessor('VEC3', positions))
    .setAttribute('NORMAL', accessor('VEC3', new Float32Array(24).map((_, i) => (i % 3 === 2 ? 1 : 0))))
    .setAttribute('TEXCOORD_0', accessor('VEC2', new Uint16Array([0, 0, 65535, 0, 0, 21845, 65535, 21845, 0, 43690, 65535, 43690, 0, 65535, 65535, 65535]), true))
    .setAttribute('JOINTS_0', accessor('VEC4', new Uint8Array([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 2, 0, 0, 1, 2, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0])))
    .setAttribute('WEIGHTS_0', accessor('VEC4', new Uint8Array([255, 0, 0, 0, 255, 0, 0, 0, 128, 127, 0, 0, 128, 127, 0, 0, 128, 127, 0, 0, 128, 127, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0]), true))
    .setIndices(accessor('SCALAR', new Uint16Array([0, 1, 3, 0, 3, 2, 2, 3, 5, 2, 5, 4, 4, 5, 7, 4, 7, 6])))
    .setMaterial(skinMaterial);
  const smile = new Float32Array(24).map((_, i) => (i % 3 === 0 ? (i % 2 ? 0.25 : -0.25) : 0));
  const blink = new Float32Array(24);
  blink.set([0, 0, 0.5], 18); // vertex 6
  blink.set([0, 0, 0.5], 21); // vertex 7
  column.addTarget(doc.createPrimitiveTarget('Smile').setAttribute('POSITION', accessor('VEC3', smile)).setAttribute('NORMAL', accessor('VEC3', new Float32Array(24))));
  column.addTarget(doc.createPrimitiveTarget('Blink').setAttribute('POSITION', accessor('VEC3', blink).setSparse(true)));
  const bodyMesh = doc.createMesh('BodyMesh').addPrimitive(column).setWeights([0.25, 0]).setExtras({ targetNames: ['Smile', 'Blink'], lod: 'high' });
  body.setMesh(bodyMesh);

  // Prop: a strip of two triangles (uint8 indices, RGB colours as normalized uint16), and a
  // triangle with quantized UVs, a second UV set and an attribute the scene has no field for.
  const strip = doc
    .createPrimitive()
    .setMode(5)
    .setAttribute('POSITION', accessor('VEC3', f32(0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0)))
    .setAttribute('COLOR_0', accessor('VEC3', new Uint16Array([65535, 0, 0, 0, 65535, 0, 0, 0, 65535, 65535, 65535, 65535]), true))
    .setIndices(accessor('SCALAR', new Uint8Array([0, 1, 2, 3])))
    .setMaterial(clothMaterial);
  const triangle = doc
    .createPrimitive()
    .setAttribute('POSITION', accessor('VEC3', f32(0, 0, 1, 1, 0, 1, 0, 1, 1)))
    .setAttribute('TEXCOORD_0', accessor('VEC2', new Uint8Array([0, 0, 255, 0, 0, 255]), true))
    .setAttribute('TEXCOORD_1', accessor('VEC2', f32(0, 0, 1, 0, 0, 1)))
    .setAttribute('_TEMPERATURE', accessor('SCALAR', f32(1, 2, 3)))
    .setMaterial(clothMaterial);
  prop.setMesh(doc.createMesh('PropMesh').addPrimitive(strip).addPrimitive(triangle));

  // Skin: inverse bind matrices from the joints' rest world matrices.
  const joints = [j0, j1, j2];
  const ibm = new Float32Array(48);
  const rootWorld = ROOT_MATRIX;
  joints.forEach((joint, k) => ibm.set(math.invert(math.multiply(rootWorld, jointLocalWorld(joint)))!, k * 16));
  const skin = doc.createSkin('Rig').setSkeleton(j0).setInverseBindMatrices(accessor('MAT4', ibm));
  for (const joint of joints) skin.addJoint(joint);
  body.setSkin(skin);

  // Clips: every interpolation, and quantized rotation keys.
  const times = accessor('SCALAR', f32(0, 0.5, 1));
  const walk = doc.createAnimation('Walk').setExtras({ loop: true });
  const channel = (node: GNode, path: 'translation' | 'rotation' | 'scale' | 'weights', input: Accessor, output: Accessor, interpolation: 'LINEAR' | 'STEP' | 'CUBICSPLINE') => {
    const sampler = doc.createAnimationSampler().setInput(input).setOutput(output).setInterpolation(interpolation);
    return { sampler, channel: doc.createAnimationChannel().setTargetNode(node).setTargetPath(path).setSampler(sampler) };
  };
  const q = (angle: number) => math.quatFromAxisAngle([0, 0, 1], angle);
  const parts = [
    channel(j1, 'rotation', times, accessor('VEC4', f32(...q(0), ...q(0.4), ...q(0.8))), 'LINEAR'),
    channel(j2, 'translation', times, accessor('VEC3', f32(0, 1, 0, 0.2, 1, 0, 0, 1.4, 0)), 'STEP'),
    channel(j0, 'scale', accessor('SCALAR', f32(0, 2)), accessor('VEC3', f32(0, 0, 0, 1, 1, 1, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 1.5, 1.5, 1.5, 0, 0, 0)), 'CUBICSPLINE'),
  ];
  for (const part of parts) walk.addSampler(part.sampler).addChannel(part.channel);
  const morph = doc.createAnimation('Morph');
  const weights = channel(body, 'weights', times, accessor('SCALAR', f32(0, 0, 1, 0.5, 0, 1)), 'LINEAR');
  morph.addSampler(weights.sampler).addChannel(weights.channel.setExtras({ note: 'blend' }));
  const quantized = doc.createAnimation('Quantized');
  const packed = [...q(0), ...q(-0.6), ...q(-1.2)].map((x) => Math.round(x * 32767));
  const turn = channel(j1, 'rotation', times, accessor('VEC4', new Int16Array(packed), true), 'LINEAR');
  quantized.addSampler(turn.sampler).addChannel(turn.channel);

  // Cameras and lights.
  camera.setCamera(doc.createCamera('Eye').setType('perspective').setYFov(0.8).setZNear(0.05).setAspectRatio(1.5).setZFar(undefined as unknown as number));
  ortho.setCamera(doc.createCamera('Top').setType('orthographic').setXMag(4).setYMag(3).setZNear(0.1).setZFar(50));
  spot.setExtension('KHR_lights_punctual', lights.createLight('Spot').setType('spot').setColor([1, 0.9, 0.8]).setIntensity(5).setRange(10).setInnerConeAngle(0.2).setOuterConeAngle(0.6));
  sun.setExtension('KHR_lights_punctual', lights.createLight('Sun').setType('directional').setIntensity(2).setExtras({ sky: true }));
  return doc;
}

/** A joint's world matrix below Root (Armature and the joints have TRS only). */
function jointLocalWorld(joint: GNode): number[] {
  const chain: GNode[] = [];
  for (let n: GNode | null = joint; n && n.getName() !== 'Root'; n = n.getParentNode()) chain.unshift(n);
  let m = Array.from(math.identity(new Float64Array(16)));
  for (const n of chain) m = Array.from(math.multiply(m, math.fromTRS(n.getTranslation(), n.getRotation(), n.getScale(), new Float64Array(16)), new Float64Array(16)));
  return m;
}

/** The sample as .glb bytes, with Root's and Prop's TRS replaced by `matrix` in the JSON. */
export async function sampleGlb(doc = buildSample()): Promise<{ glb: Uint8Array; json: Record<string, any> }> {
  const { json, resources } = await io.writeJSON(doc, { format: Format.GLB });
  setMatrices(json as Record<string, any>);
  return { glb: packGlb(json, Object.values(resources)[0]), json: json as Record<string, any> };
}

/** The sample as .gltf JSON and its resource files (`sample.bin`, the images). */
export async function sampleGltf(doc = buildSample()): Promise<{ json: Record<string, any>; resources: Record<string, Uint8Array> }> {
  const { json, resources } = await io.writeJSON(doc, { format: Format.GLTF, basename: 'sample' });
  setMatrices(json as Record<string, any>);
  return { json: json as Record<string, any>, resources };
}

function setMatrices(json: Record<string, any>): void {
  for (const [name, matrix] of [['Root', ROOT_MATRIX], ['Prop', PROP_MATRIX]] as const) {
    const node = json.nodes.find((n: { name: string }) => n.name === name);
    delete node.translation;
    delete node.rotation;
    delete node.scale;
    node.matrix = matrix;
  }
}

/** The sample written, read back by glTF-Transform (the reference) and by fromGltf. */
export async function readSample() {
  const { glb, json } = await sampleGlb();
  const doc = await io.readBinary(glb);
  const { fromGltf } = await import('../../src/index.js');
  const scene = await fromGltf(glb);
  return { glb, json, doc, scene };
}
