import { FINITE_SCENE } from './finite.js';
import { ATTRIBUTE_SIZES, type AttributeName, type Scene, type TextureRef } from './types.js';

export type ValidationCode =
  | 'BAD_REFERENCE'
  | 'ATTRIBUTE_LENGTH'
  | 'NOT_FINITE'
  | 'INDEX_RANGE'
  | 'INDEX_COUNT'
  | 'WEIGHT_SUM'
  | 'JOINT_RANGE'
  | 'NODE_CYCLE'
  | 'NODE_LINK'
  | 'KEY_ORDER'
  | 'KEY_VALUES'
  | 'SKIN_MATRICES'
  | 'TARGET_LENGTH'
  | 'LOD_LINK'
  /** A name that is not a string (writers encode names as text). */
  | 'NAME_TYPE';

export interface ValidationIssue {
  code: ValidationCode;
  /** Where in the scene, e.g. `meshes[2].primitives[0].indices`. */
  path: string;
  message: string;
}

const COMPONENTS: Record<string, number> = { translation: 3, rotation: 4, scale: 3 };

export interface ValidateOptions {
  weightTolerance?: number;
  /**
   * Skip the NaN/infinity scans of the float arrays of a scene its reader marked `FINITE_SCENE`
   * (it scrubbed them while it built the scene): writers set it, so a scene is scanned once. Off by
   * default, so tests and the fuzzer still catch a reader that breaks its promise.
   */
  trustMarkedFinite?: boolean;
}

/**
 * Checks every invariant of the scene model and returns what is broken (empty when valid).
 * Every format's tests run it on every scene they produce.
 */
export function validateScene(scene: Scene, options: ValidateOptions = {}): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const tolerance = options.weightTolerance ?? 1e-4;
  // Scrub once: the arrays of a scene its reader vouched for are not scanned again when trusted (structure still is).
  const scanArrays = options.trustMarkedFinite !== true || (scene as { [FINITE_SCENE]?: unknown })[FINITE_SCENE] !== true;
  const add = (code: ValidationCode, path: string, message: string) => {
    if (issues.length < 1000) issues.push({ code, path, message });
  };
  const inRange = (value: number | undefined, length: number, path: string, what: string) => {
    if (value === undefined) return;
    if (!Number.isInteger(value) || value < 0 || value >= length) add('BAD_REFERENCE', path, `${what} ${value} is not in 0..${length - 1}`);
  };
  const textureRef = (ref: TextureRef | undefined, path: string) => {
    if (ref) inRange(ref.texture, scene.textures.length, path, 'texture');
  };
  const nodeCount = scene.nodes.length;
  // Sets, so a node with 65,000 children (or a scene with as many roots) is checked in linear time.
  const childSets = new Map<number, Set<number>>();
  const childrenOf = (i: number) => {
    let set = childSets.get(i);
    if (!set) childSets.set(i, (set = new Set(scene.nodes[i].children)));
    return set;
  };
  const rootSet = new Set(scene.roots);

  // Nodes: links, references, acyclicity.
  scene.nodes.forEach((node, i) => {
    const path = `nodes[${i}]`;
    if (node.parent !== -1) {
      inRange(node.parent, nodeCount, `${path}.parent`, 'parent');
      const parent = scene.nodes[node.parent];
      if (parent && !childrenOf(node.parent).has(i)) add('NODE_LINK', path, `parent ${node.parent} does not list node ${i} as a child`);
    } else if (!rootSet.has(i)) add('NODE_LINK', path, `root node ${i} is missing from scene.roots`);
    node.children.forEach((c, k) => {
      inRange(c, nodeCount, `${path}.children[${k}]`, 'child');
      if (scene.nodes[c] && scene.nodes[c].parent !== i) add('NODE_LINK', `${path}.children[${k}]`, `child ${c} has parent ${scene.nodes[c].parent}, not ${i}`);
    });
    inRange(node.mesh, scene.meshes.length, `${path}.mesh`, 'mesh');
    inRange(node.skin, scene.skins.length, `${path}.skin`, 'skin');
    inRange(node.camera, scene.cameras.length, `${path}.camera`, 'camera');
    inRange(node.light, scene.lights.length, `${path}.light`, 'light');
    if (node.matrix && node.matrix.length !== 16) add('ATTRIBUTE_LENGTH', `${path}.matrix`, `matrix has ${node.matrix.length} values`);
    for (const [key, size] of [['translation', 3], ['rotation', 4], ['scale', 3]] as const) {
      const v = node[key];
      if (v && (v.length !== size || !v.every(Number.isFinite))) add('NOT_FINITE', `${path}.${key}`, `${key} must be ${size} finite numbers`);
    }
    node.lods?.forEach((lod, k) => {
      if (!childrenOf(i).has(lod.node)) add('LOD_LINK', `${path}.lods[${k}]`, `LOD node ${lod.node} is not a child of node ${i}`);
    });
  });
  scene.roots.forEach((r, k) => {
    inRange(r, nodeCount, `roots[${k}]`, 'root');
    if (scene.nodes[r] && scene.nodes[r].parent !== -1) add('NODE_LINK', `roots[${k}]`, `root ${r} has parent ${scene.nodes[r].parent}`);
  });
  // Cycle check in O(n): walk up from each unvisited node, marking the current path; meeting the
  // path again is a cycle, meeting a finished node is not.
  const state = new Uint8Array(nodeCount); // 0 new, 1 on the current path, 2 done
  const path: number[] = [];
  for (let i = 0; i < nodeCount && !issues.some((x) => x.code === 'NODE_CYCLE'); i++) {
    let p = i;
    while (p >= 0 && p < nodeCount && state[p] === 0) {
      state[p] = 1;
      path.push(p);
      p = scene.nodes[p].parent;
    }
    if (p >= 0 && p < nodeCount && state[p] === 1) add('NODE_CYCLE', `nodes[${p}]`, `node ${p} is part of a parent cycle`);
    for (const q of path) state[q] = 2;
    path.length = 0;
  }

  // Skins.
  scene.skins.forEach((skin, s) => {
    const path = `skins[${s}]`;
    skin.joints.forEach((j, k) => inRange(j, nodeCount, `${path}.joints[${k}]`, 'joint node'));
    if (skin.inverseBindMatrices.length !== skin.joints.length * 16) {
      add('SKIN_MATRICES', path, `${skin.inverseBindMatrices.length} inverse-bind floats for ${skin.joints.length} joints`);
    }
    if (scanArrays && !allFinite(skin.inverseBindMatrices)) add('NOT_FINITE', `${path}.inverseBindMatrices`, 'non-finite inverse bind matrix');
    inRange(skin.skeleton, nodeCount, `${path}.skeleton`, 'skeleton');
  });

  // Joint counts per mesh, from the nodes that use it with a skin.
  const jointLimit = new Map<number, number>();
  scene.nodes.forEach((node) => {
    if (node.mesh === undefined || node.skin === undefined || !scene.skins[node.skin]) return;
    const n = scene.skins[node.skin].joints.length;
    jointLimit.set(node.mesh, Math.min(jointLimit.get(node.mesh) ?? Infinity, n));
  });

  // Meshes.
  scene.meshes.forEach((mesh, m) => {
    mesh.primitives.forEach((prim, p) => {
      const path = `meshes[${m}].primitives[${p}]`;
      const positions = prim.attributes.POSITION;
      if (!positions) {
        add('ATTRIBUTE_LENGTH', path, 'POSITION is missing');
        return;
      }
      const count = positions.length / 3;
      for (const [name, data] of Object.entries(prim.attributes) as [AttributeName, ArrayLike<number>][]) {
        if (!data) continue;
        const size = ATTRIBUTE_SIZES[name] ?? 1;
        if (data.length !== count * size) add('ATTRIBUTE_LENGTH', `${path}.attributes.${name}`, `${data.length} values, expected ${count} × ${size}`);
        if (scanArrays && data instanceof Float32Array && !allFinite(data)) {
          const i = data.findIndex((v) => !Number.isFinite(v));
          add('NOT_FINITE', `${path}.attributes.${name}`, `value ${i} is ${data[i]}`);
        }
      }
      if (!Number.isInteger(count)) add('ATTRIBUTE_LENGTH', `${path}.attributes.POSITION`, `${positions.length} is not a multiple of 3`);
      inRange(prim.material, scene.materials.length, `${path}.material`, 'material');
      const mode = prim.mode ?? 'TRIANGLES';
      const elementCount = prim.indices ? prim.indices.length : count;
      if (mode === 'TRIANGLES' && elementCount % 3 !== 0) add('INDEX_COUNT', `${path}.indices`, `${elementCount} is not a multiple of 3`);
      if ((mode === 'LINES') && elementCount % 2 !== 0) add('INDEX_COUNT', `${path}.indices`, `${elementCount} is not a multiple of 2`);
      if (prim.indices) {
        const i = firstIndexPast(prim.indices, count);
        if (i >= 0) add('INDEX_RANGE', `${path}.indices`, `index ${i} is ${prim.indices[i]}, vertex count is ${count}`);
      }
      const { JOINTS_0, WEIGHTS_0 } = prim.attributes;
      if (!!JOINTS_0 !== !!WEIGHTS_0) add('ATTRIBUTE_LENGTH', path, 'JOINTS_0 and WEIGHTS_0 must come together');
      if (WEIGHTS_0) {
        for (let v = 0; v + 3 < WEIGHTS_0.length; v += 4) {
          const w0 = WEIGHTS_0[v], w1 = WEIGHTS_0[v + 1], w2 = WEIGHTS_0[v + 2], w3 = WEIGHTS_0[v + 3];
          const sum = w0 + w1 + w2 + w3;
          if (Math.abs(sum - 1) > tolerance || w0 < 0 || w1 < 0 || w2 < 0 || w3 < 0) {
            add('WEIGHT_SUM', `${path}.attributes.WEIGHTS_0`, `vertex ${v / 4} weights sum to ${sum}`);
            break;
          }
        }
      }
      const limit = jointLimit.get(m);
      if (JOINTS_0 && WEIGHTS_0) {
        for (let i = 0; i < JOINTS_0.length; i++) {
          if (limit === undefined) {
            add('JOINT_RANGE', `${path}.attributes.JOINTS_0`, 'skinned primitive is not used by any node with a skin');
            break;
          }
          if (WEIGHTS_0[i] > 0 && JOINTS_0[i] >= limit) {
            add('JOINT_RANGE', `${path}.attributes.JOINTS_0`, `vertex ${Math.floor(i / 4)} uses joint ${JOINTS_0[i]}, skin has ${limit}`);
            break;
          }
        }
      }
      prim.targets?.forEach((target, t) => {
        for (const key of ['POSITION', 'NORMAL'] as const) {
          const data = target[key];
          if (data && data.length !== count * 3) add('TARGET_LENGTH', `${path}.targets[${t}].${key}`, `${data.length} values, expected ${count * 3}`);
        }
        if (target.TANGENT && target.TANGENT.length !== count * 3) add('TARGET_LENGTH', `${path}.targets[${t}].TANGENT`, `${target.TANGENT.length} values, expected ${count * 3}`);
      });
      if (prim.targets && mesh.primitives.some((q) => (q.targets?.length ?? 0) !== prim.targets!.length)) {
        add('TARGET_LENGTH', path, 'all primitives of a mesh must have the same number of morph targets');
      }
    });
  });

  // Materials.
  scene.materials.forEach((mat, i) => {
    const path = `materials[${i}]`;
    textureRef(mat.baseColorTexture, `${path}.baseColorTexture`);
    textureRef(mat.normalTexture, `${path}.normalTexture`);
    textureRef(mat.emissiveTexture, `${path}.emissiveTexture`);
    textureRef(mat.occlusionTexture, `${path}.occlusionTexture`);
    textureRef(mat.metallicRoughnessTexture, `${path}.metallicRoughnessTexture`);
    for (const [k, ref] of Object.entries(mat.otherTextures ?? {})) textureRef(ref, `${path}.otherTextures.${k}`);
    const factors: [string, readonly number[] | number | undefined][] = [
      ['baseColorFactor', mat.baseColorFactor],
      ['emissiveFactor', mat.emissiveFactor],
      ['metallicFactor', mat.metallicFactor],
      ['roughnessFactor', mat.roughnessFactor],
      ['alphaCutoff', mat.alphaCutoff],
    ];
    for (const [name, value] of factors) {
      const values = typeof value === 'number' ? [value] : (value ?? []);
      if (values.some((x) => !Number.isFinite(x))) add('NOT_FINITE', `${path}.${name}`, `${name} is not finite`);
    }
  });

  // Animations.
  scene.animations.forEach((clip, a) => {
    if (!(clip.duration >= 0)) add('KEY_VALUES', `animations[${a}]`, `duration is ${clip.duration}`);
    clip.channels.forEach((ch, c) => {
      const path = `animations[${a}].channels[${c}]`;
      inRange(ch.node, nodeCount, `${path}.node`, 'node');
      const times = ch.times;
      for (let i = 0; i < times.length; i++) {
        if (!Number.isFinite(times[i]) || (i > 0 && !(times[i] > times[i - 1]))) {
          add('KEY_ORDER', `${path}.times`, `key ${i} at ${times[i]} does not follow ${times[i - 1]}`);
          break;
        }
      }
      const stride = ch.interpolation === 'CUBICSPLINE' ? 3 : 1;
      let size = COMPONENTS[ch.path];
      if (ch.path === 'weights') {
        const mesh = scene.nodes[ch.node]?.mesh;
        size = mesh !== undefined ? (scene.meshes[mesh]?.primitives[0]?.targets?.length ?? 0) : 0;
      }
      if (ch.values.length !== times.length * size * stride) {
        add('KEY_VALUES', `${path}.values`, `${ch.values.length} values for ${times.length} keys of ${size} × ${stride}`);
      }
      if (scanArrays && !allFinite(ch.values)) add('NOT_FINITE', `${path}.values`, 'non-finite key value');
    });
  });

  checkNames(scene, add);

  scene.colliders.forEach((col, i) => {
    if (col.node !== undefined && col.node !== -1) inRange(col.node, nodeCount, `colliders[${i}].node`, 'node');
    if (col.shape.type === 'trimesh') {
      const n = col.shape.positions.length / 3;
      if (col.shape.indices.some((x) => x >= n)) add('INDEX_RANGE', `colliders[${i}].shape.indices`, `index past ${n} vertices`);
    }
  });
  return issues;
}

/** Every value finite: x − x is 0 for a finite x and NaN otherwise (one test, no call per value). */
function allFinite(values: ArrayLike<number>): boolean {
  for (let i = 0, n = values.length; i < n; i++) {
    const v = values[i];
    if (v - v !== 0) return false;
  }
  return true;
}

/** The position of the first index ≥ count, or −1 (the array in a local: no property load per index). */
function firstIndexPast(indices: ArrayLike<number>, count: number): number {
  for (let i = 0, n = indices.length; i < n; i++) if (indices[i] >= count) return i;
  return -1;
}

/** The NAME_TYPE issues alone (what a writer checks before encoding names; cheap: no vertex data). */
export function nameIssues(scene: Scene): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  checkNames(scene, (code, path, message) => {
    if (issues.length < 1000) issues.push({ code, path, message });
  });
  return issues;
}

/** Every name of the scene is a string where the model says so (required) or absent (optional). */
function checkNames(scene: Scene, add: (code: ValidationCode, path: string, message: string) => void): void {
  const check = (name: unknown, path: string, required: boolean) => {
    if (typeof name === 'string' || (!required && name === undefined)) return;
    add('NAME_TYPE', path, `name is ${name === null ? 'null' : typeof name}, not a string`);
  };
  check(scene.name, 'name', false);
  const each = (list: readonly { name?: unknown }[] | undefined, key: string, required: boolean) =>
    list?.forEach((item, i) => check(item?.name, `${key}[${i}].name`, required));
  each(scene.nodes, 'nodes', true);
  each(scene.meshes, 'meshes', true);
  each(scene.materials, 'materials', true);
  each(scene.animations, 'animations', true);
  each(scene.skins, 'skins', false);
  each(scene.textures, 'textures', false);
  scene.textures?.forEach((t, i) => check(t?.uri, `textures[${i}].uri`, false));
  each(scene.cameras, 'cameras', false);
  each(scene.lights, 'lights', false);
  each(scene.colliders, 'colliders', false);
  scene.meshes.forEach((mesh, m) => mesh.primitives.forEach((p, k) => p.targets?.forEach((t, i) => check(t.name, `meshes[${m}].primitives[${k}].targets[${i}].name`, false))));
}

/** Throws with every issue listed, for tests and strict callers. */
export function assertValidScene(scene: Scene): void {
  const issues = validateScene(scene);
  if (issues.length) {
    throw new Error(`invalid scene (${issues.length} issues):\n` + issues.slice(0, 20).map((i) => `  ${i.code} ${i.path}: ${i.message}`).join('\n'));
  }
}
