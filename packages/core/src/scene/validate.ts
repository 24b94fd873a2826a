import { FINITE_SCENE } from './finite.js';
import { ATTRIBUTE_SIZES, type AttributeName, type Scene, type TextureRef } from './types.js';
import { allFinite, badIndex, finiteVector, firstBadWeights, firstIndexPast, firstJointPast, firstKeyOutOfOrder, firstNonFinite, listHas } from './validate-loops.js';

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

export interface ValidateOptions {
  weightTolerance?: number;
  /**
   * Skip the NaN/infinity scans of the float arrays of a scene its reader marked `FINITE_SCENE`
   * (it scrubbed them while it built the scene): writers set it, so a scene is scanned once. Off by
   * default, so tests and the fuzzer still catch a reader that breaks its promise.
   */
  trustMarkedFinite?: boolean;
}

type Issues = ValidationIssue[];

/** At most 1000 issues: a broken scene of a million vertices gives a report, not a million strings. */
function report(issues: Issues, code: ValidationCode, path: string, message: string): void {
  if (issues.length < 1000) issues.push({ code, path, message });
}

function checkRef(issues: Issues, value: number | undefined, length: number, path: () => string, what: string): void {
  if (badIndex(value, length)) report(issues, 'BAD_REFERENCE', path(), `${what} ${value} is not in 0..${length - 1}`);
}

/**
 * Checks every invariant of the scene model and returns what is broken (empty when valid).
 * Every format's tests run it on every scene they produce. The checks are loops over the scene's
 * arrays; a path or message string is built only for an issue.
 */
export function validateScene(scene: Scene, options: ValidateOptions = {}): ValidationIssue[] {
  const issues: Issues = [];
  // Scrub once: the arrays of a scene its reader vouched for are not scanned again when trusted (structure still is).
  const scanArrays = options.trustMarkedFinite !== true || (scene as { [FINITE_SCENE]?: unknown })[FINITE_SCENE] !== true;
  checkNodes(scene, issues);
  checkSkins(scene, issues, scanArrays);
  checkMeshes(scene, issues, scanArrays, options.weightTolerance ?? 1e-4);
  checkMaterials(scene, issues);
  checkAnimations(scene, issues, scanArrays);
  checkNames(scene, issues);
  checkColliders(scene, issues);
  return issues;
}

/** Nodes: links, references, transforms, levels of detail, roots, acyclicity. */
function checkNodes(scene: Scene, issues: Issues): void {
  const nodes = scene.nodes;
  const nodeCount = nodes.length;
  // Sets for long lists, so a node with 65,000 children (or a scene with as many roots) is checked in linear time.
  const sets = new Map<readonly number[], Set<number>>();
  for (let i = 0; i < nodeCount; i++) {
    const node = nodes[i];
    const parent = node.parent;
    if (parent !== -1) {
      checkRef(issues, parent, nodeCount, () => `nodes[${i}].parent`, 'parent');
      if (nodes[parent] && !listHas(nodes[parent].children, i, sets)) report(issues, 'NODE_LINK', `nodes[${i}]`, `parent ${parent} does not list node ${i} as a child`);
    } else if (!listHas(scene.roots, i, sets)) report(issues, 'NODE_LINK', `nodes[${i}]`, `root node ${i} is missing from scene.roots`);
    const children = node.children;
    for (let k = 0; k < children.length; k++) {
      const c = children[k];
      checkRef(issues, c, nodeCount, () => `nodes[${i}].children[${k}]`, 'child');
      if (nodes[c] && nodes[c].parent !== i) report(issues, 'NODE_LINK', `nodes[${i}].children[${k}]`, `child ${c} has parent ${nodes[c].parent}, not ${i}`);
    }
    checkRef(issues, node.mesh, scene.meshes.length, () => `nodes[${i}].mesh`, 'mesh');
    checkRef(issues, node.skin, scene.skins.length, () => `nodes[${i}].skin`, 'skin');
    checkRef(issues, node.camera, scene.cameras.length, () => `nodes[${i}].camera`, 'camera');
    checkRef(issues, node.light, scene.lights.length, () => `nodes[${i}].light`, 'light');
    if (node.matrix && node.matrix.length !== 16) report(issues, 'ATTRIBUTE_LENGTH', `nodes[${i}].matrix`, `matrix has ${node.matrix.length} values`);
    if (node.translation && !finiteVector(node.translation, 3)) report(issues, 'NOT_FINITE', `nodes[${i}].translation`, 'translation must be 3 finite numbers');
    if (node.rotation && !finiteVector(node.rotation, 4)) report(issues, 'NOT_FINITE', `nodes[${i}].rotation`, 'rotation must be 4 finite numbers');
    if (node.scale && !finiteVector(node.scale, 3)) report(issues, 'NOT_FINITE', `nodes[${i}].scale`, 'scale must be 3 finite numbers');
    const lods = node.lods;
    if (lods) {
      for (let k = 0; k < lods.length; k++) {
        if (lods[k] && !listHas(children, lods[k].node, sets)) report(issues, 'LOD_LINK', `nodes[${i}].lods[${k}]`, `LOD node ${lods[k].node} is not a child of node ${i}`);
      }
    }
  }
  const roots = scene.roots;
  for (let k = 0; k < roots.length; k++) {
    const r = roots[k];
    checkRef(issues, r, nodeCount, () => `roots[${k}]`, 'root');
    if (nodes[r] && nodes[r].parent !== -1) report(issues, 'NODE_LINK', `roots[${k}]`, `root ${r} has parent ${nodes[r].parent}`);
  }
  // Cycle check in O(n): walk up from each unvisited node, marking the current path; meeting the
  // path again is a cycle, meeting a finished node is not. The first cycle found is reported.
  const state = new Uint8Array(nodeCount); // 0 new, 1 on the current path, 2 done
  const path: number[] = [];
  for (let i = 0; i < nodeCount; i++) {
    let p = i;
    while (p >= 0 && p < nodeCount && state[p] === 0) {
      state[p] = 1;
      path.push(p);
      p = nodes[p].parent;
    }
    if (p >= 0 && p < nodeCount && state[p] === 1) {
      report(issues, 'NODE_CYCLE', `nodes[${p}]`, `node ${p} is part of a parent cycle`);
      return;
    }
    for (const q of path) state[q] = 2;
    path.length = 0;
  }
}

function checkSkins(scene: Scene, issues: Issues, scanArrays: boolean): void {
  const nodeCount = scene.nodes.length;
  scene.skins.forEach((skin, s) => {
    const joints = skin.joints;
    for (let k = 0; k < joints.length; k++) checkRef(issues, joints[k], nodeCount, () => `skins[${s}].joints[${k}]`, 'joint node');
    if (skin.inverseBindMatrices.length !== joints.length * 16) {
      report(issues, 'SKIN_MATRICES', `skins[${s}]`, `${skin.inverseBindMatrices.length} inverse-bind floats for ${joints.length} joints`);
    }
    if (scanArrays && !allFinite(skin.inverseBindMatrices)) report(issues, 'NOT_FINITE', `skins[${s}].inverseBindMatrices`, 'non-finite inverse bind matrix');
    checkRef(issues, skin.skeleton, nodeCount, () => `skins[${s}].skeleton`, 'skeleton');
  });
}

/** Joint counts per mesh, from the nodes that use it with a skin (the fewest, when several do). */
function jointLimits(scene: Scene): Map<number, number> {
  const limits = new Map<number, number>();
  for (const node of scene.nodes) {
    if (node.mesh === undefined || node.skin === undefined || !scene.skins[node.skin]) continue;
    const n = scene.skins[node.skin].joints.length;
    limits.set(node.mesh, Math.min(limits.get(node.mesh) ?? Infinity, n));
  }
  return limits;
}

function checkMeshes(scene: Scene, issues: Issues, scanArrays: boolean, tolerance: number): void {
  const jointLimit = jointLimits(scene);
  scene.meshes.forEach((mesh, m) => {
    mesh.primitives.forEach((prim, p) => {
      const path = `meshes[${m}].primitives[${p}]`;
      const positions = prim.attributes.POSITION;
      if (!positions) {
        report(issues, 'ATTRIBUTE_LENGTH', path, 'POSITION is missing');
        return;
      }
      const count = positions.length / 3;
      for (const [name, data] of Object.entries(prim.attributes) as [AttributeName, ArrayLike<number>][]) {
        if (!data) continue;
        const size = ATTRIBUTE_SIZES[name] ?? 1;
        if (data.length !== count * size) report(issues, 'ATTRIBUTE_LENGTH', `${path}.attributes.${name}`, `${data.length} values, expected ${count} × ${size}`);
        if (scanArrays && data instanceof Float32Array && !allFinite(data)) {
          const i = firstNonFinite(data);
          report(issues, 'NOT_FINITE', `${path}.attributes.${name}`, `value ${i} is ${data[i]}`);
        }
      }
      if (!Number.isInteger(count)) report(issues, 'ATTRIBUTE_LENGTH', `${path}.attributes.POSITION`, `${positions.length} is not a multiple of 3`);
      checkRef(issues, prim.material, scene.materials.length, () => `${path}.material`, 'material');
      const mode = prim.mode ?? 'TRIANGLES';
      const elementCount = prim.indices ? prim.indices.length : count;
      if (mode === 'TRIANGLES' && elementCount % 3 !== 0) report(issues, 'INDEX_COUNT', `${path}.indices`, `${elementCount} is not a multiple of 3`);
      if (mode === 'LINES' && elementCount % 2 !== 0) report(issues, 'INDEX_COUNT', `${path}.indices`, `${elementCount} is not a multiple of 2`);
      if (prim.indices) {
        const i = firstIndexPast(prim.indices, count);
        if (i >= 0) report(issues, 'INDEX_RANGE', `${path}.indices`, `index ${i} is ${prim.indices[i]}, vertex count is ${count}`);
      }
      const { JOINTS_0, WEIGHTS_0 } = prim.attributes;
      if (!!JOINTS_0 !== !!WEIGHTS_0) report(issues, 'ATTRIBUTE_LENGTH', path, 'JOINTS_0 and WEIGHTS_0 must come together');
      if (WEIGHTS_0) {
        const v = firstBadWeights(WEIGHTS_0, tolerance);
        if (v >= 0) report(issues, 'WEIGHT_SUM', `${path}.attributes.WEIGHTS_0`, `vertex ${v / 4} weights sum to ${WEIGHTS_0[v] + WEIGHTS_0[v + 1] + WEIGHTS_0[v + 2] + WEIGHTS_0[v + 3]}`);
      }
      const limit = jointLimit.get(m);
      if (JOINTS_0 && WEIGHTS_0 && JOINTS_0.length > 0) {
        if (limit === undefined) report(issues, 'JOINT_RANGE', `${path}.attributes.JOINTS_0`, 'skinned primitive is not used by any node with a skin');
        else {
          const i = firstJointPast(JOINTS_0, WEIGHTS_0, limit);
          if (i >= 0) report(issues, 'JOINT_RANGE', `${path}.attributes.JOINTS_0`, `vertex ${Math.floor(i / 4)} uses joint ${JOINTS_0[i]}, skin has ${limit}`);
        }
      }
      prim.targets?.forEach((target, t) => {
        for (const key of ['POSITION', 'NORMAL', 'TANGENT'] as const) {
          const data = target[key];
          if (data && data.length !== count * 3) report(issues, 'TARGET_LENGTH', `${path}.targets[${t}].${key}`, `${data.length} values, expected ${count * 3}`);
        }
      });
      if (prim.targets && mesh.primitives.some((q) => (q.targets?.length ?? 0) !== prim.targets!.length)) {
        report(issues, 'TARGET_LENGTH', path, 'all primitives of a mesh must have the same number of morph targets');
      }
    });
  });
}

const TEXTURE_SLOTS = ['baseColorTexture', 'normalTexture', 'emissiveTexture', 'occlusionTexture', 'metallicRoughnessTexture'] as const;
const FACTORS = ['baseColorFactor', 'emissiveFactor', 'metallicFactor', 'roughnessFactor', 'alphaCutoff'] as const;

function checkMaterials(scene: Scene, issues: Issues): void {
  const textureCount = scene.textures.length;
  const textureRef = (ref: TextureRef | undefined, path: () => string) => {
    if (ref) checkRef(issues, ref.texture, textureCount, path, 'texture');
  };
  scene.materials.forEach((mat, i) => {
    for (const slot of TEXTURE_SLOTS) textureRef(mat[slot], () => `materials[${i}].${slot}`);
    for (const [k, ref] of Object.entries(mat.otherTextures ?? {})) textureRef(ref, () => `materials[${i}].otherTextures.${k}`);
    for (const name of FACTORS) {
      const value: readonly number[] | number | undefined = mat[name];
      const values = typeof value === 'number' ? [value] : (value ?? []);
      if (values.some((x) => !Number.isFinite(x))) report(issues, 'NOT_FINITE', `materials[${i}].${name}`, `${name} is not finite`);
    }
  });
}

/** Values per key of a channel's path (undefined for a path the model does not have). */
function componentsOf(path: string): number | undefined {
  return path === 'rotation' ? 4 : path === 'translation' || path === 'scale' ? 3 : undefined;
}

function checkAnimations(scene: Scene, issues: Issues, scanArrays: boolean): void {
  const nodeCount = scene.nodes.length;
  const animations = scene.animations;
  for (let a = 0; a < animations.length; a++) {
    const clip = animations[a];
    if (!(clip.duration >= 0)) report(issues, 'KEY_VALUES', `animations[${a}]`, `duration is ${clip.duration}`);
    const channels = clip.channels;
    for (let c = 0; c < channels.length; c++) {
      const ch = channels[c];
      checkRef(issues, ch.node, nodeCount, () => `animations[${a}].channels[${c}].node`, 'node');
      const times = ch.times;
      const i = firstKeyOutOfOrder(times);
      if (i >= 0) report(issues, 'KEY_ORDER', `animations[${a}].channels[${c}].times`, `key ${i} at ${times[i]} does not follow ${times[i - 1]}`);
      const stride = ch.interpolation === 'CUBICSPLINE' ? 3 : 1;
      let size = componentsOf(ch.path);
      if (ch.path === 'weights') {
        const mesh = scene.nodes[ch.node]?.mesh;
        size = mesh !== undefined ? (scene.meshes[mesh]?.primitives[0]?.targets?.length ?? 0) : 0;
      }
      if (ch.values.length !== times.length * size! * stride) {
        report(issues, 'KEY_VALUES', `animations[${a}].channels[${c}].values`, `${ch.values.length} values for ${times.length} keys of ${size} × ${stride}`);
      }
      if (scanArrays && !allFinite(ch.values)) report(issues, 'NOT_FINITE', `animations[${a}].channels[${c}].values`, 'non-finite key value');
    }
  }
}

function checkColliders(scene: Scene, issues: Issues): void {
  const nodeCount = scene.nodes.length;
  scene.colliders.forEach((col, i) => {
    if (col.node !== undefined && col.node !== -1) checkRef(issues, col.node, nodeCount, () => `colliders[${i}].node`, 'node');
    if (col.shape.type === 'trimesh') {
      const n = col.shape.positions.length / 3;
      if (firstIndexPast(col.shape.indices, n) >= 0) report(issues, 'INDEX_RANGE', `colliders[${i}].shape.indices`, `index past ${n} vertices`);
    }
  });
}

/** The NAME_TYPE issues alone (what a writer checks before encoding names; cheap: no vertex data). */
export function nameIssues(scene: Scene): ValidationIssue[] {
  const issues: Issues = [];
  checkNames(scene, issues);
  return issues;
}

/** A name as the model wants it: a string, or absent where it is optional. */
function nameOk(name: unknown, required: boolean): boolean {
  return typeof name === 'string' || (!required && name === undefined);
}

function checkName(issues: Issues, name: unknown, required: boolean, path: () => string): void {
  if (!nameOk(name, required)) report(issues, 'NAME_TYPE', path(), `name is ${name === null ? 'null' : typeof name}, not a string`);
}

/** Every name of a list of scene objects. */
function checkNameList(issues: Issues, list: readonly { name?: unknown }[] | undefined, key: string, required: boolean): void {
  if (!list) return;
  for (let i = 0; i < list.length; i++) {
    const name = list[i]?.name;
    if (!nameOk(name, required)) checkName(issues, name, required, () => `${key}[${i}].name`);
  }
}

/** Every name of the scene is a string where the model says so (required) or absent (optional). */
function checkNames(scene: Scene, issues: Issues): void {
  checkName(issues, scene.name, false, () => 'name');
  checkNameList(issues, scene.nodes, 'nodes', true);
  checkNameList(issues, scene.meshes, 'meshes', true);
  checkNameList(issues, scene.materials, 'materials', true);
  checkNameList(issues, scene.animations, 'animations', true);
  checkNameList(issues, scene.skins, 'skins', false);
  checkNameList(issues, scene.textures, 'textures', false);
  scene.textures?.forEach((t, i) => checkName(issues, t?.uri, false, () => `textures[${i}].uri`));
  checkNameList(issues, scene.cameras, 'cameras', false);
  checkNameList(issues, scene.lights, 'lights', false);
  checkNameList(issues, scene.colliders, 'colliders', false);
  scene.meshes.forEach((mesh, m) => mesh.primitives.forEach((p, k) => p.targets?.forEach((t, i) => checkName(issues, t.name, false, () => `meshes[${m}].primitives[${k}].targets[${i}].name`))));
}

/** Throws with every issue listed, for tests and strict callers. */
export function assertValidScene(scene: Scene): void {
  const issues = validateScene(scene);
  if (issues.length) {
    throw new Error(`invalid scene (${issues.length} issues):\n` + issues.slice(0, 20).map((i) => `  ${i.code} ${i.path}: ${i.message}`).join('\n'));
  }
}
