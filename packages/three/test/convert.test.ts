import { describe, expect, it } from 'vitest';
import * as THREE from 'three';
import { addNode, computeBounds, createScene, defaultMaterial, validateScene, type Scene } from '@relic3d/core';
import { interpolationOf, setLodLevel, sceneStats, toThree } from '../src/index.js';
import { morphScene, skinnedScene } from './scenes.js';

/** World position of a skinned vertex as three computes it on the GPU (CPU path of the same formula). */
function skinnedWorld(mesh: THREE.SkinnedMesh, index: number): number[] {
  const v = new THREE.Vector3();
  mesh.getVertexPosition(index, v);
  return v.applyMatrix4(mesh.matrixWorld).toArray().map((x) => Math.round(x * 1e4) / 1e4 + 0);
}

function at(result: ReturnType<typeof toThree>, clip: number, time: number): THREE.AnimationMixer {
  const mixer = new THREE.AnimationMixer(result.root);
  const action = mixer.clipAction(result.clips[clip]);
  action.setLoop(THREE.LoopOnce, 1);
  action.clampWhenFinished = true;
  action.play();
  mixer.setTime(time);
  result.root.updateMatrixWorld(true);
  return mixer;
}

describe('toThree: hierarchy and conventions', () => {
  it('keeps a static node matrix exactly, shear included (Flyff sheared object TMs)', () => {
    const scene = createScene('test');
    // Column-major: x' = x + 0.5 y (shear), then scale z by 2, translate (1, 2, 3).
    const sheared = [1, 0, 0, 0, 0.5, 1, 0, 0, 0, 0, 2, 0, 1, 2, 3, 1];
    const parent = addNode(scene, { name: 'parent', translation: [10, 0, 0] });
    const child = addNode(scene, { name: 'sheared', matrix: sheared }, parent);
    const result = toThree(scene);
    result.root.updateMatrixWorld(true);
    const world = result.nodes[child].matrixWorld.elements.map((x) => +x.toFixed(9));
    expect(world).toEqual([1, 0, 0, 0, 0.5, 1, 0, 0, 0, 0, 2, 0, 11, 2, 3, 1]);
    // A point at (0, 1, 0) lands sheared along x, as the file says.
    expect(new THREE.Vector3(0, 1, 0).applyMatrix4(result.nodes[child].matrixWorld).toArray()).toEqual([11.5, 3, 3]);
  });

  it('keeps node order, names, TRS (xyzw) and column-major matrices', () => {
    const scene = createScene('test');
    const a = addNode(scene, { name: 'a', translation: [1, 2, 3], rotation: [0, 0, Math.SQRT1_2, Math.SQRT1_2], scale: [2, 2, 2] });
    // Column-major: translation in elements 12..14.
    addNode(scene, { name: 'b', matrix: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 7, 8, 9, 1] }, a);
    addNode(scene, { name: 'a' }); // duplicate name
    expect(validateScene(scene)).toEqual([]);
    const result = toThree(scene);
    expect(result.root.children.map((c) => c.name)).toEqual(['a', 'a_1']);
    const [na, nb] = result.nodes;
    expect(na.position.toArray()).toEqual([1, 2, 3]);
    expect(na.quaternion.toArray().map((x) => +x.toFixed(6))).toEqual([0, 0, 0.707107, 0.707107]);
    expect(nb.parent).toBe(na);
    expect(nb.position.toArray()).toEqual([7, 8, 9]);
    // +90° about Z maps local +X to +Y (right-handed, the scene's convention).
    result.root.updateMatrixWorld(true);
    const p = new THREE.Vector3(1, 0, 0).applyMatrix4(na.matrixWorld);
    expect(p.toArray().map((x) => +x.toFixed(5))).toEqual([1, 4, 3]);
  });
});

describe('toThree: skinning', () => {
  const scene = skinnedScene();
  it('is a valid scene', () => expect(validateScene(scene)).toEqual([]));

  it('builds a SkinnedMesh bound to a Skeleton of Bones with the scene inverse bind matrices', () => {
    const result = toThree(scene);
    expect(result.skeletons).toHaveLength(1);
    const skeleton = result.skeletons[0];
    expect(skeleton.bones.map((b) => b.name)).toEqual(['hip', 'spine']);
    expect(skeleton.bones.every((b) => b instanceof THREE.Bone)).toBe(true);
    expect(skeleton.boneInverses[1].elements[13]).toBe(-2);
    const mesh = result.meshes[0] as THREE.SkinnedMesh;
    expect(mesh).toBeInstanceOf(THREE.SkinnedMesh);
    expect(mesh.skeleton).toBe(skeleton);
    expect(mesh.geometry.getAttribute('skinIndex').array).toBeInstanceOf(Uint16Array);
  });

  it('ignores the mesh node transform (glTF) and follows the joints', () => {
    const result = toThree(scene);
    result.root.updateMatrixWorld(true);
    const mesh = result.meshes[0] as THREE.SkinnedMesh;
    // Rest pose: joints at their bind pose → vertices where the file put them, not shifted by x=100.
    expect(skinnedWorld(mesh, 0)).toEqual([-1, 1, 0]);
    expect(skinnedWorld(mesh, 2)).toEqual([1, 2, 0]);
    at(result, 0, 1);
    // Hip STEP to x=5 at 0.5 s; spine rotated 90° about Z: (1,2,0) → (5,3,0), (-1,2,0) → (5,1,0).
    expect(skinnedWorld(mesh, 0)).toEqual([4, 1, 0]);
    expect(skinnedWorld(mesh, 2)).toEqual([5, 3, 0]);
    expect(skinnedWorld(mesh, 3)).toEqual([5, 1, 0]);
  });

  it('agrees with core CPU skinning (computeBounds) at several times', () => {
    for (const time of [0, 0.25, 0.49, 0.75, 1]) {
      const result = toThree(scene);
      at(result, 0, time);
      const mesh = result.meshes[0] as THREE.SkinnedMesh;
      const box = new THREE.Box3();
      for (let i = 0; i < 4; i++) box.expandByPoint(new THREE.Vector3(...skinnedWorld(mesh, i)));
      const bounds = computeBounds(scene, { animation: 0, time });
      expect(box.min.toArray().map((x) => x.toFixed(3))).toEqual(bounds.min.map((x) => x.toFixed(3)));
      expect(box.max.toArray().map((x) => x.toFixed(3))).toEqual(bounds.max.map((x) => x.toFixed(3)));
    }
  });

  it('maps LINEAR and STEP interpolation', () => {
    const [clip] = toThree(scene).clips;
    expect(clip.name).toBe('bend');
    expect(clip.duration).toBe(1);
    expect(clip.tracks.map((t) => t.name)).toEqual(['spine.quaternion', 'hip.position']);
    expect(clip.tracks.map(interpolationOf)).toEqual(['LINEAR', 'STEP']);
    expect(clip.tracks[0]).toBeInstanceOf(THREE.QuaternionKeyframeTrack);
    const result = toThree(scene);
    at(result, 0, 0.49);
    expect(result.nodes[0].position.x).toBe(0);
    at(result, 0, 0.5);
    expect(result.nodes[0].position.x).toBe(5);
  });
});

describe('toThree: morph targets and cubic splines', () => {
  const scene = morphScene();
  it('is a valid scene', () => expect(validateScene(scene)).toEqual([]));

  it('makes relative morph attributes with names and the node default weights', () => {
    const result = toThree(scene);
    const mesh = result.meshes[0] as THREE.Mesh;
    expect(mesh.geometry.morphTargetsRelative).toBe(true);
    expect(mesh.geometry.morphAttributes.position).toHaveLength(2);
    expect(mesh.morphTargetDictionary).toEqual({ up: 0, right: 1 });
    expect(mesh.morphTargetInfluences).toEqual([0.25, 0]);
  });

  it('animates weights on the drawable and evaluates CUBICSPLINE as glTF Hermite', () => {
    const result = toThree(scene);
    const [clip] = result.clips;
    expect(clip.tracks.map((t) => t.name)).toEqual(['blob_mesh.morphTargetInfluences', 'blob.position']);
    expect(interpolationOf(clip.tracks[1])).toBe('CUBICSPLINE');
    at(result, 0, 1);
    const mesh = result.meshes[0] as THREE.Mesh;
    expect(mesh.morphTargetInfluences!.map((x) => +x.toFixed(5))).toEqual([0.5, 0.25]);
    // Hermite at p = 0.5 over td = 2: 0.5·0 + 0.125·(6·2) + 0.5·10 − 0.125·(0·2) = 6.5.
    expect(result.nodes[0].position.x).toBeCloseTo(6.5, 5);
    at(result, 0, 2);
    expect(result.nodes[0].position.x).toBeCloseTo(10, 5);
  });

  it('normalises cubic-spline quaternions', () => {
    const s = createScene('test');
    const n = addNode(s, { name: 'r' });
    s.animations.push({
      name: 'spin', duration: 1, channels: [{
        node: n, path: 'rotation', interpolation: 'CUBICSPLINE', times: new Float32Array([0, 1]),
        values: new Float32Array([0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, /* key 1 */ 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]),
      }],
    });
    expect(validateScene(s)).toEqual([]);
    const result = toThree(s);
    at(result, 0, 0.5);
    expect(result.nodes[0].quaternion.length()).toBeCloseTo(1, 6);
    expect(result.nodes[0].quaternion.z).toBeCloseTo(Math.SQRT1_2, 6);
  });
});

describe('toThree: materials and textures', () => {
  function materialScene(): Scene {
    const s = createScene('test');
    addNode(s, { name: 'n', mesh: 0 });
    const tri = () => ({ POSITION: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), TEXCOORD_0: new Float32Array(6) });
    s.meshes.push({
      name: 'm',
      primitives: [
        { attributes: tri(), material: 0 },
        { attributes: { ...tri(), COLOR_0: new Float32Array(12).fill(1) }, material: 1 },
        { attributes: tri(), material: 2 },
        { attributes: tri() },
      ],
    });
    s.textures.push({ name: 'embedded', image: { mimeType: 'image/png', data: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) }, wrapS: 'CLAMP_TO_EDGE', wrapT: 'MIRRORED_REPEAT' });
    s.textures.push({ uri: 'C:\\maps\\Skin.TGA' });
    s.textures.push({ uri: 'missing.bmp' });
    s.materials.push({
      ...defaultMaterial('pbr'),
      baseColorFactor: [1, 0.5, 0.25, 0.5],
      metallicFactor: 0.3,
      roughnessFactor: 0.7,
      emissiveFactor: [1, 0, 0],
      emissiveStrength: 4,
      alphaMode: 'BLEND',
      doubleSided: true,
      baseColorTexture: { texture: 0, transform: { offset: [0.5, 0], scale: [2, 3], rotation: 0.5 } },
      normalTexture: { texture: 1, texCoord: 1, strength: 0.5 },
    });
    s.materials.push({ ...defaultMaterial('masked'), alphaMode: 'MASK', alphaCutoff: 0.3, baseColorTexture: { texture: 2 } });
    s.materials.push({ ...defaultMaterial('flat'), unlit: true, legacy: { diffuse: [1, 0, 0, 1], specular: [0, 1, 0, 1], shininess: 40, opacity: 0.5 } });
    return s;
  }

  it('maps PBR fields, alpha modes, sidedness, unlit and vertex colours', async () => {
    const s = materialScene();
    expect(validateScene(s)).toEqual([]);
    const result = toThree(s, { decodeImage: async () => ({ width: 1, height: 1 }) as unknown as ImageBitmap, resolve: () => undefined });
    const [pbr, masked, flat] = result.materials as [THREE.MeshStandardMaterial, THREE.MeshStandardMaterial, THREE.MeshBasicMaterial];
    expect(pbr).toBeInstanceOf(THREE.MeshStandardMaterial);
    expect(pbr.color.toArray()).toEqual([1, 0.5, 0.25]); // linear, as the scene stores it
    expect([pbr.metalness, pbr.roughness, pbr.opacity, pbr.transparent, pbr.side]).toEqual([0.3, 0.7, 0.5, true, THREE.DoubleSide]);
    expect([pbr.emissive.r, pbr.emissiveIntensity]).toEqual([1, 4]);
    // Maps attach once their image has decoded; nothing samples an empty texture meanwhile.
    expect(pbr.map).toBeNull();
    await result.ready;
    expect(pbr.map!.offset.toArray()).toEqual([0.5, 0]);
    expect(pbr.map!.repeat.toArray()).toEqual([2, 3]);
    expect(pbr.map!.rotation).toBe(0.5);
    expect(pbr.map!.colorSpace).toBe(THREE.SRGBColorSpace);
    expect(pbr.map!.flipY).toBe(false);
    expect([pbr.map!.wrapS, pbr.map!.wrapT]).toEqual([THREE.ClampToEdgeWrapping, THREE.MirroredRepeatWrapping]);
    expect(pbr.normalMap).toBeNull(); // its file was not found
    expect(pbr.normalScale.x).toBe(0.5);
    expect([masked.alphaTest, masked.transparent, masked.opacity]).toEqual([0.3, false, 1]);
    expect(flat).toBeInstanceOf(THREE.MeshBasicMaterial);
    const drawables = result.meshes as THREE.Mesh[];
    expect((drawables[1].material as THREE.MeshStandardMaterial).vertexColors).toBe(true);
    expect((result.materials[1] as THREE.MeshStandardMaterial).vertexColors).toBe(false);
    expect((drawables[3].material as THREE.Material).name).toBe('default');
    // Embedded bytes decode; the resolver finds nothing for the two file textures.
    expect(result.textures[0].image).toEqual({ width: 1, height: 1 });
    expect(result.warnings.map((w) => w.code)).toEqual(['TEXTURE_MISSING', 'TEXTURE_MISSING']);
  });

  it('resolves texture files through the resolver with the path the file writes', async () => {
    const asked: string[] = [];
    const result = toThree(materialScene(), {
      resolve: (name) => { asked.push(name); return name.endsWith('.TGA') ? new Uint8Array([0, 0, 2]) : null; },
      decodeImage: async (bytes, _mime, name) => ({ width: bytes.length, height: name.length }) as unknown as ImageBitmap,
    });
    await result.ready;
    expect(asked.sort()).toEqual(['C:\\maps\\Skin.TGA', 'missing.bmp']);
    expect(result.textures[1].image).toEqual({ width: 3, height: 'C:\\maps\\Skin.TGA'.length });
    const pbr = result.materials[0] as THREE.MeshStandardMaterial;
    expect(pbr.normalMap!.channel).toBe(1); // TEXCOORD_1
    expect(pbr.normalMap!.image).toBe(result.textures[1].image);
    expect((result.materials[1] as THREE.MeshStandardMaterial).map).toBeNull();
    expect(result.warnings.map((w) => w.message)).toEqual(["texture 'missing.bmp' was not found"]);
  });

  it('uses the legacy colours with the phong model', () => {
    const s = materialScene();
    s.materials[2].unlit = false;
    const result = toThree(s, { materials: 'phong', decodeImage: async () => undefined });
    const phong = result.materials[2] as THREE.MeshPhongMaterial;
    expect(phong).toBeInstanceOf(THREE.MeshPhongMaterial);
    expect(phong.color.getHexString(THREE.SRGBColorSpace)).toBe('ff0000');
    expect(phong.specular.getHexString(THREE.SRGBColorSpace)).toBe('00ff00');
    expect(phong.shininess).toBe(40);
    expect(phong.userData.legacy.opacity).toBe(0.5);
  });
});

describe('toThree: LOD, cameras, lights, primitive modes, colliders', () => {
  function lodScene(): Scene {
    const s = createScene('test');
    const holder = addNode(s, { name: 'tree' });
    const hi = addNode(s, { name: 'hi', mesh: 0 }, holder);
    const lo = addNode(s, { name: 'lo', mesh: 1 }, holder);
    const far = addNode(s, { name: 'far', mesh: 1 }, holder);
    s.nodes[holder].lods = [{ node: hi, distance: 0 }, { node: lo, distance: 25 }, { node: far }];
    const tri = new Float32Array([0, 0, 0, 2, 0, 0, 0, 2, 0]);
    s.meshes.push({ name: 'hi', primitives: [{ attributes: { POSITION: tri } }] });
    s.meshes.push({ name: 'lo', primitives: [{ attributes: { POSITION: tri }, mode: 'LINES', indices: new Uint16Array([0, 1, 1, 2]) }] });
    const cam = addNode(s, { name: 'cam', camera: 0 });
    s.cameras.push({ type: 'perspective', yfov: Math.PI / 3, aspectRatio: 2, znear: 0.1, zfar: 50 });
    s.cameras.push({ type: 'orthographic', xmag: 2, ymag: 1, znear: 0, zfar: 10 });
    addNode(s, { name: 'ortho', camera: 1 });
    addNode(s, { name: 'sun', light: 0 });
    addNode(s, { name: 'lamp', light: 1 });
    addNode(s, { name: 'spot', light: 2 });
    s.lights.push({ type: 'directional', color: [1, 1, 1], intensity: 3 });
    s.lights.push({ type: 'point', color: [1, 0, 0], intensity: 10, range: 5 });
    s.lights.push({ type: 'spot', color: [0, 0, 1], intensity: 2, innerConeAngle: 0.2, outerConeAngle: 0.4 });
    s.colliders.push({ name: 'box', shape: { type: 'box', size: [1, 2, 3] }, node: cam, translation: [0, 1, 0] });
    s.colliders.push({ shape: { type: 'capsule', radius: 0.5, height: 1 } });
    return s;
  }

  it('turns nodes with lods into THREE.LOD with the file distances and a default step', () => {
    const s = lodScene();
    expect(validateScene(s)).toEqual([]);
    const result = toThree(s, { lodDistanceStep: 40 });
    expect(result.lodObjects).toHaveLength(1);
    const lod = result.lodObjects[0];
    expect(lod).toBe(result.nodes[0]);
    expect(lod.levels.map((l) => [l.object.name, l.distance])).toEqual([['hi', 0], ['lo', 25], ['far', 80]]);
    setLodLevel(lod, 1);
    expect(lod.levels.map((l) => l.object.visible)).toEqual([false, true, false]);
    expect(lod.autoUpdate).toBe(false);
    setLodLevel(lod, 'auto');
    expect(lod.autoUpdate).toBe(true);
    expect(result.meshes[1]).toBeInstanceOf(THREE.LineSegments);
  });

  it('makes cameras and KHR_lights_punctual-style lights pointing down -Z', () => {
    const result = toThree(lodScene());
    const [persp, ortho] = result.cameras as [THREE.PerspectiveCamera, THREE.OrthographicCamera];
    expect([persp.fov, persp.aspect, persp.near, persp.far].map((x) => +x.toFixed(4))).toEqual([60, 2, 0.1, 50]);
    expect([ortho.left, ortho.right, ortho.top, ortho.bottom]).toEqual([-2, 2, 1, -1]);
    const [sun, lamp, spot] = result.lights as [THREE.DirectionalLight, THREE.PointLight, THREE.SpotLight];
    expect(sun).toBeInstanceOf(THREE.DirectionalLight);
    expect(sun.intensity).toBe(3);
    expect(sun.target.position.toArray()).toEqual([0, 0, -1]);
    expect([lamp.distance, lamp.decay, lamp.color.r, lamp.color.g]).toEqual([5, 2, 1, 0]);
    expect(spot.angle).toBe(0.4);
    expect(spot.penumbra).toBeCloseTo(0.5, 6);
  });

  it('adds hidden collider shapes under their nodes', () => {
    const result = toThree(lodScene());
    expect(result.colliders.map((c) => [c.name, c.userData.shape, c.visible, c.parent?.name])).toEqual([
      ['box', 'box', false, 'cam'],
      ['collider_1', 'capsule', false, 'test'],
    ]);
    expect(toThree(lodScene(), { colliders: false }).colliders).toEqual([]);
  });

  it('counts what the scene draws', () => {
    expect(sceneStats(lodScene())).toMatchObject({ primitives: 3, vertices: 9, triangles: 1, nodes: 9 });
  });

  it('disposes GPU resources', () => {
    const result = toThree(skinnedScene());
    let disposed = 0;
    result.geometries[0].addEventListener('dispose', () => disposed++);
    result.materials[0].addEventListener('dispose', () => disposed++);
    result.dispose();
    expect(disposed).toBe(2);
  });
});
