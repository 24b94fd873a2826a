import * as THREE from 'three';
import { computeBounds, isEmptyBounds, type Resolver, type Scene, type Warning } from '@relic3d/core';
import { createClip } from './animation.js';
import { colliderObject } from './colliders.js';
import { createGeometry } from './geometry.js';
import { MAX_DEPTH, nodeDepths, planFlattening, uniqueNames } from './hierarchy.js';
import { createMaterial, type MaterialModel } from './materials.js';
import { defaultImageDecoder, fillTexture, TextureLookup, wrapOf, type ImageDecoder } from './textures.js';

export interface ToThreeOptions {
  /** Looks up texture files by the path the model writes (embedded images need no resolver). */
  resolve?: Resolver;
  /** Replaces the image decoder (default: `defaultImageDecoder`: browser codecs, BMP/TGA/DDS through core's decoders). */
  decodeImage?: ImageDecoder;
  /** `'standard'` (default): MeshStandardMaterial from the PBR fields; `'phong'`: the file's legacy colours. */
  materials?: MaterialModel;
  /** Distance between LOD levels when the file gives none; default 1.5 × the scene's diagonal. */
  lodDistanceStep?: number;
  /** Adds invisible wireframe shapes for the scene's colliders (default true). */
  colliders?: boolean;
  /** Frustum-cull skinned meshes (default false: an animated pose can leave its bind-pose sphere). */
  cullSkinned?: boolean;
  onWarning?: (warning: Warning) => void;
}

export interface ThreeScene {
  /** Holds the scene's root nodes. */
  root: THREE.Group;
  /** One object per scene node (Bone for joints, LOD for nodes with levels), by node index. */
  nodes: THREE.Object3D[];
  /** Every drawable (Mesh, SkinnedMesh, Points, Line…), in node order. */
  meshes: THREE.Object3D[];
  clips: THREE.AnimationClip[];
  skeletons: THREE.Skeleton[];
  lodObjects: THREE.LOD[];
  materials: THREE.Material[];
  textures: THREE.Texture[];
  geometries: THREE.BufferGeometry[];
  cameras: THREE.Camera[];
  lights: THREE.Light[];
  colliders: THREE.Object3D[];
  warnings: Warning[];
  /** Settles when every texture image has been decoded (or given up on, with a warning). */
  ready: Promise<void>;
  /** Frees GPU resources: geometries, materials, textures, skeleton bone textures. */
  dispose(): void;
}

/**
 * Builds three.js objects for a relic3d Scene. Synchronous; texture images arrive later
 * (`ready`). Skinned meshes follow glTF: the mesh node's own transform does not move them.
 */
export function toThree(scene: Scene, options: ToThreeOptions = {}): ThreeScene {
  const warnings: Warning[] = [];
  const warn = (code: string, message: string) => {
    const warning: Warning = { code, message, format: 'three' };
    warnings.push(warning);
    options.onWarning?.(warning);
  };
  const decode = options.decodeImage ?? defaultImageDecoder;
  const root = new THREE.Group();
  root.name = scene.name ?? scene.format;
  root.userData = { format: scene.format, version: scene.version, extras: scene.extras };

  // Textures: created now, pixels later. Materials get a map only once its image has arrived,
  // so nothing samples an empty texture (black) meanwhile.
  const pending: Promise<void>[] = [];
  const deferred = new Map<number, { material: THREE.Material; slot: string; texture: THREE.Texture }[]>();
  const attach = (index: number) => {
    for (const { material, slot, texture } of deferred.get(index) ?? []) {
      (material as unknown as Record<string, THREE.Texture | null>)[slot] = texture;
      texture.needsUpdate = true;
      material.needsUpdate = true;
    }
    deferred.delete(index);
  };
  const lookup = new TextureLookup(options.resolve);
  const textures = scene.textures.map((texture, i) => {
    const t = new THREE.Texture();
    t.name = texture.name ?? texture.uri ?? `texture_${i}`;
    t.flipY = false; // glTF UV convention: v = 0 is the image's top row.
    t.wrapS = wrapOf(texture.wrapS);
    t.wrapT = wrapOf(texture.wrapT);
    t.userData = { uri: texture.uri, sceneTexture: i, ...(texture.extras ? { extras: texture.extras } : {}) };
    pending.push(
      fillTexture(t, texture, lookup, decode).then(
        (problem) => {
          if (problem) warn('TEXTURE_MISSING', problem);
          else if (problem === undefined) attach(i);
        },
        (error) => warn('TEXTURE_MISSING', `texture '${t.name}': ${(error as Error).message}`),
      ),
    );
    return t;
  });

  const materials = scene.materials.map((m) =>
    createMaterial(m, { texture: (i) => textures[i], model: options.materials ?? 'standard' }),
  );
  const SLOTS = ['map', 'emissiveMap', 'normalMap', 'metalnessMap', 'roughnessMap', 'aoMap'];
  for (const material of materials) {
    for (const slot of SLOTS) {
      const texture = (material as unknown as Record<string, THREE.Texture | null>)[slot];
      if (!texture) continue;
      const index = texture.userData.sceneTexture as number;
      (material as unknown as Record<string, THREE.Texture | null>)[slot] = null;
      const list = deferred.get(index) ?? [];
      list.push({ material, slot, texture });
      deferred.set(index, list);
    }
  }
  let fallbackMaterial: THREE.Material | undefined;
  const allMaterials = [...materials];
  const materialFor = (index: number | undefined, vertexColors: boolean): THREE.Material => {
    let base = index !== undefined ? materials[index] : undefined;
    if (!base) {
      if (!fallbackMaterial) {
        fallbackMaterial = new THREE.MeshStandardMaterial({ color: 0xcccccc, roughness: 1, metalness: 0, name: 'default' });
        allMaterials.push(fallbackMaterial);
      }
      base = fallbackMaterial;
    }
    if (!vertexColors) return base;
    const key = `__vc`;
    const cached = base.userData[key] as THREE.Material | undefined;
    if (cached) return cached;
    const clone = base.clone();
    (clone as THREE.MeshStandardMaterial).vertexColors = true;
    for (const list of deferred.values()) {
      for (const entry of [...list]) if (entry.material === base) list.push({ ...entry, material: clone });
    }
    base.userData[key] = clone;
    allMaterials.push(clone);
    return clone;
  };

  const geometries: THREE.BufferGeometry[][] = scene.meshes.map((mesh) => mesh.primitives.map((p) => createGeometry(p)));
  const jointNodes = new Set<number>();
  scene.skins.forEach((skin) => skin.joints.forEach((j) => jointNodes.add(j)));
  const names = uniqueNames(scene.nodes.map((n) => n.name));

  // A node's exact matrix (it may be sheared) stays as given where nothing animates it; three then
  // never rebuilds it from the decomposed position/quaternion/scale kept for inspection.
  const animated = new Set<number>();
  for (const clip of scene.animations) for (const channel of clip.channels) if (channel.path !== 'weights') animated.add(channel.node);

  // Nodes.
  const nodes: THREE.Object3D[] = scene.nodes.map((node, i) => {
    const object = node.lods?.length ? new THREE.LOD() : node.joint || jointNodes.has(i) ? new THREE.Bone() : new THREE.Object3D();
    object.name = names[i];
    if (node.matrix) {
      const matrix = new THREE.Matrix4().fromArray(Array.from(node.matrix));
      matrix.decompose(object.position, object.quaternion, object.scale);
      if (!animated.has(i) && !jointNodes.has(i)) {
        object.matrix.copy(matrix);
        object.matrixAutoUpdate = false;
      }
    } else {
      if (node.translation) object.position.fromArray(node.translation);
      if (node.rotation) object.quaternion.fromArray(node.rotation);
      if (node.scale) object.scale.fromArray(node.scale);
    }
    object.userData = { node: i, sourceName: node.name, ...(node.extras ? { extras: node.extras } : {}) };
    return object;
  });
  const depth = nodeDepths(scene);
  const isLevel = (i: number) => {
    const p = scene.nodes[i].parent;
    return !!scene.nodes[p]?.lods?.some((l) => l.node === i);
  };
  const flat = planFlattening(scene, depth, (i) => (nodes[i].matrixAutoUpdate ? new THREE.Matrix4().compose(nodes[i].position, nodes[i].quaternion, nodes[i].scale) : nodes[i].matrix.clone()), isLevel);
  let cyclic = 0;
  scene.nodes.forEach((node, i) => {
    const parent = node.parent >= 0 ? nodes[node.parent] : undefined;
    if (!parent) return;
    if (depth[i] < 0) { cyclic++; return; } // on a parent cycle: shown as a root below
    if (isLevel(i)) return; // added as a level below
    const anchor = flat?.anchor.get(i);
    if (anchor !== undefined) {
      const relative = flat!.relative.get(i)!;
      relative.decompose(nodes[i].position, nodes[i].quaternion, nodes[i].scale);
      if (!nodes[i].matrixAutoUpdate) nodes[i].matrix.copy(relative);
      nodes[anchor].add(nodes[i]);
      return;
    }
    parent.add(nodes[i]);
  });
  for (const r of scene.roots) if (nodes[r] && !nodes[r].parent) root.add(nodes[r]);
  // Orphans (parent index out of range) and nodes on parent cycles still show.
  nodes.forEach((o, i) => { if (!o.parent && scene.nodes[i].parent >= 0) root.add(o); });
  if (cyclic) warn('THREE_PARENT_CYCLE', `${cyclic} nodes lie on or below a parent cycle; they hang from the root`);
  if (flat) {
    warn(
      'THREE_DEEP_HIERARCHY',
      `${flat.anchor.size} nodes lie deeper than ${MAX_DEPTH} levels (three.js walks its tree recursively): ` +
        `they hang from their ancestor at depth ${MAX_DEPTH - 1} with their rest transform baked in; animation of the levels in between does not move them`,
    );
  }

  // LOD levels.
  const lodObjects: THREE.LOD[] = [];
  let step = options.lodDistanceStep;
  scene.nodes.forEach((node, i) => {
    if (!node.lods?.length) return;
    if (step === undefined) {
      const bounds = computeBounds(scene);
      step = isEmptyBounds(bounds) ? 10 : 1.5 * Math.hypot(...bounds.max.map((v, k) => v - bounds.min[k])) || 10;
    }
    const lod = nodes[i] as THREE.LOD;
    node.lods.forEach((level, k) => {
      const child = nodes[level.node];
      if (!child) return;
      lod.addLevel(child, level.distance ?? k * step!);
    });
    lod.userData.lods = node.lods;
    lodObjects.push(lod);
  });

  // Meshes, cameras, lights.
  const meshes: THREE.Object3D[] = [];
  const meshObjectsByNode = new Map<number, THREE.Object3D[]>();
  const skinnedByNode = new Map<number, THREE.SkinnedMesh[]>();
  const cameras: THREE.Camera[] = [];
  const lights: THREE.Light[] = [];
  scene.nodes.forEach((node, i) => {
    const object = nodes[i];
    const mesh = node.mesh !== undefined ? scene.meshes[node.mesh] : undefined;
    if (mesh) {
      const skinned = node.skin !== undefined && !!scene.skins[node.skin];
      const list: THREE.Object3D[] = [];
      mesh.primitives.forEach((primitive, p) => {
        const geometry = geometries[node.mesh!][p];
        const material = materialFor(primitive.material, !!primitive.attributes.COLOR_0);
        const mode = primitive.mode ?? 'TRIANGLES';
        let drawable: THREE.Object3D;
        if (mode === 'POINTS') drawable = new THREE.Points(geometry, new THREE.PointsMaterial({ size: 2, sizeAttenuation: false }));
        else if (mode === 'LINES') drawable = new THREE.LineSegments(geometry, new THREE.LineBasicMaterial());
        else if (mode === 'LINE_LOOP') drawable = new THREE.LineLoop(geometry, new THREE.LineBasicMaterial());
        else if (mode === 'LINE_STRIP') drawable = new THREE.Line(geometry, new THREE.LineBasicMaterial());
        else if (skinned && primitive.attributes.JOINTS_0 && primitive.attributes.WEIGHTS_0) {
          const s = new THREE.SkinnedMesh(geometry, material);
          s.frustumCulled = options.cullSkinned ?? false;
          const arr = skinnedByNode.get(i) ?? [];
          arr.push(s);
          skinnedByNode.set(i, arr);
          drawable = s;
        } else drawable = new THREE.Mesh(geometry, material);
        drawable.name = mesh.primitives.length > 1 ? `${names[i]}_${p}` : `${names[i]}_mesh`;
        drawable.userData = { node: i, mesh: node.mesh, primitive: p, ...(mesh.extras ? { extras: mesh.extras } : {}) };
        if (primitive.targets?.length && 'updateMorphTargets' in drawable) {
          (drawable as THREE.Mesh).updateMorphTargets();
          const weights = node.weights ?? mesh.weights;
          const influences = (drawable as THREE.Mesh).morphTargetInfluences;
          if (weights && influences) weights.forEach((w, k) => { if (k < influences.length) influences[k] = w; });
          const dictionary = (drawable as THREE.Mesh).morphTargetDictionary;
          if (dictionary) primitive.targets.forEach((t, k) => { if (t.name) dictionary[t.name] = k; });
        }
        object.add(drawable);
        list.push(drawable);
        meshes.push(drawable);
      });
      meshObjectsByNode.set(i, list);
    }
    const camera = node.camera !== undefined ? scene.cameras[node.camera] : undefined;
    if (camera) {
      const c = camera.type === 'orthographic'
        ? new THREE.OrthographicCamera(-(camera.xmag ?? 1), camera.xmag ?? 1, camera.ymag ?? 1, -(camera.ymag ?? 1), camera.znear, camera.zfar ?? 1e6)
        : new THREE.PerspectiveCamera(THREE.MathUtils.radToDeg(camera.yfov ?? Math.PI / 4), camera.aspectRatio ?? 1, camera.znear || 0.01, camera.zfar ?? 1e6);
      c.name = camera.name ?? `${names[i]}_camera`;
      if (camera.extras) c.userData.extras = camera.extras;
      object.add(c);
      cameras.push(c);
    }
    const light = node.light !== undefined ? scene.lights[node.light] : undefined;
    if (light) {
      const color = new THREE.Color().setRGB(light.color[0], light.color[1], light.color[2], THREE.LinearSRGBColorSpace);
      let l: THREE.Light;
      if (light.type === 'directional') l = new THREE.DirectionalLight(color, light.intensity);
      else if (light.type === 'spot') {
        const outer = light.outerConeAngle ?? Math.PI / 4;
        const inner = light.innerConeAngle ?? 0;
        l = new THREE.SpotLight(color, light.intensity, light.range ?? 0, outer, outer > 0 ? 1 - inner / outer : 0, 2);
      } else l = new THREE.PointLight(color, light.intensity, light.range ?? 0, 2);
      // glTF lights shine down the node's -Z.
      if (l instanceof THREE.DirectionalLight || l instanceof THREE.SpotLight) {
        l.position.set(0, 0, 0);
        l.target.position.set(0, 0, -1);
        l.add(l.target);
      }
      l.name = light.name ?? `${names[i]}_light`;
      if (light.extras) l.userData.extras = light.extras;
      object.add(l);
      lights.push(l);
    }
  });

  // Skeletons: bones = skin joints, inverses = the scene's inverse bind matrices.
  const skeletons: THREE.Skeleton[] = scene.skins.map((skin, s) => {
    // A joint index past the node list gets a stand-in bone, so bones and inverses stay aligned.
    const bones = skin.joints.map((j) => (nodes[j] as THREE.Bone | undefined) ?? new THREE.Bone());
    const inverses = skin.joints.map((_, k) => new THREE.Matrix4().fromArray(Array.from(skin.inverseBindMatrices.subarray(k * 16, k * 16 + 16))));
    const skeleton = new THREE.Skeleton(bones, inverses);
    (skeleton as THREE.Skeleton & { name?: string }).name = skin.name ?? `skin_${s}`;
    return skeleton;
  });
  root.updateMatrixWorld(true);
  const identity = new THREE.Matrix4();
  for (const [i, list] of skinnedByNode) {
    const skeleton = skeletons[scene.nodes[i].skin!];
    // Identity bind matrix: world = Σ w · jointWorld · inverseBind · v, exactly glTF's skinning.
    for (const mesh of list) mesh.bind(skeleton, identity);
  }

  // A flattened node's channels would move it relative to its old parent: they are dropped.
  let dropped = 0;
  const clips = scene.animations.map((clip) => {
    const channels = flat ? clip.channels.filter((c) => !flat.anchor.has(c.node) || (dropped++, false)) : clip.channels;
    return createClip(channels === clip.channels ? clip : { ...clip, channels }, scene, nodes, meshObjectsByNode, (code, message) => warn(code, message));
  });
  if (dropped) warn('THREE_DEEP_HIERARCHY', `${dropped} animation channels on nodes deeper than ${MAX_DEPTH} levels were dropped`);

  const colliders: THREE.Object3D[] = [];
  if (options.colliders !== false && scene.colliders.length) {
    const material = new THREE.MeshBasicMaterial({ color: 0x44ff88, wireframe: true, transparent: true, opacity: 0.6, depthTest: false });
    allMaterials.push(material);
    scene.colliders.forEach((collider, k) => {
      const object = colliderObject(collider, material);
      if (!object) return;
      object.name = collider.name ?? `collider_${k}`;
      if (collider.translation) object.position.fromArray(collider.translation);
      if (collider.rotation) object.quaternion.fromArray(collider.rotation);
      if (collider.scale) object.scale.fromArray(collider.scale);
      object.visible = false;
      object.userData = { collider: k, shape: collider.shape.type, ...(collider.extras ? { extras: collider.extras } : {}) };
      const parent = collider.node !== undefined && collider.node >= 0 ? nodes[collider.node] : undefined;
      (parent ?? root).add(object);
      colliders.push(object);
    });
  }

  const flatGeometries = geometries.flat();
  const ready = Promise.all(pending).then(() => undefined);
  return {
    root,
    nodes,
    meshes,
    clips,
    skeletons,
    lodObjects,
    materials: allMaterials,
    textures,
    geometries: flatGeometries,
    cameras,
    lights,
    colliders,
    warnings,
    ready,
    dispose() {
      flatGeometries.forEach((g) => g.dispose());
      allMaterials.forEach((m) => m.dispose());
      textures.forEach((t) => t.dispose());
      skeletons.forEach((s) => s.dispose());
      colliders.forEach((c) => (c as THREE.Mesh).geometry?.dispose());
    },
  };
}
