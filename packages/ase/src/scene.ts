import {
  createScene,
  math,
  sampleChannel,
  type AnimationChannel,
  type Camera,
  type Light,
  type Mesh,
  type Node,
  type Quat,
  type Scene,
  type WarningSink,
} from '@relic3d/core';
import { positionChannel, rotationChannel, sampleBudget, scaleChannel, type NodeFrame, type Rest, type TimeBase } from './animation.js';
import { C, C_INV, IDENTITY, Q_C, Q_C_INV, det3, inv, mul, rowsToMatrix, type M4 } from './convert.js';
import { MaterialTable } from './materials.js';
import { buildMesh } from './mesh.js';
import type { AseFile, AseNodeTM, AseObject, AseParseOptions } from './types.js';

/**
 * Node frames. Every node's scene world matrix is G = C · W · Y, with W its `*NODE_TM` (Max axes,
 * column form) and Y a fixed rotation: C⁻¹ for meshes, helpers, shapes and groups (so the node's
 * local axes are the Y-up image of Max's), identity for cameras and lights (so their local −Z view
 * axis, Max's and glTF's alike, stays the view axis). Local matrices are G_parent⁻¹ · G.
 */
interface Entry {
  obj: AseObject;
  node: number;
  tm?: AseNodeTM;
  /** Y = C⁻¹ (true) or identity (false). */
  yInverse: boolean;
  /** Group that contains the object, for members without a `*NODE_PARENT`. */
  group: number;
  /** Target node of a target camera/light. */
  target?: number;
  targetTm?: AseNodeTM;
}

const DEFAULT_FRAMESPEED = 30;
const DEFAULT_TICKSPERFRAME = 160;

/** `inputBytes`: the size of the file, which bounds how many animation samples the scene may make. */
export function buildScene(file: AseFile, options: AseParseOptions, sink: WarningSink, inputBytes: number): Scene {
  const scene = createScene('ase', file.version);
  fillExtras(scene, file);
  const materials = new MaterialTable(scene, file, sink);

  // 1. Nodes, in file order (groups before their members).
  const entries: Entry[] = [];
  const nodes: Node[] = scene.nodes;
  const yInv: boolean[] = [];
  const addNode = (name: string, extras: Record<string, unknown>, yInverse: boolean): number => {
    nodes.push({ name, parent: -1, children: [], extras });
    yInv.push(yInverse);
    return nodes.length - 1;
  };
  const visit = (obj: AseObject, group: number) => {
    const name = obj.name || obj.tms[0]?.name || `${obj.kind}${nodes.length}`;
    if (obj.kind === 'group') {
      const node = addNode(name, { kind: 'group', ...obj.extras }, true);
      entries.push({ obj, node, yInverse: true, group });
      for (const child of obj.children ?? []) visit(child, node);
      return;
    }
    const yInverse = obj.kind !== 'camera' && obj.kind !== 'light';
    const main = obj.tms.find((t) => t.name === name) ?? obj.tms.find((t) => !/\.target$/i.test(t.name)) ?? obj.tms[0];
    const entry: Entry = { obj, node: addNode(name, nodeExtras(obj, main), yInverse), tm: main, yInverse, group };
    const targetTm = obj.tms.find((t) => t !== main && /\.target$/i.test(t.name)) ?? obj.tms.find((t) => t !== main);
    if (targetTm && (obj.kind === 'camera' || obj.kind === 'light')) {
      entry.targetTm = targetTm;
      entry.target = addNode(targetTm.name || `${name}.Target`, { kind: 'target', of: name }, true);
    }
    entries.push(entry);
  };
  for (const obj of file.objects) visit(obj, -1);

  // 2. World matrices, in one array (views of it per node: no allocation per matrix).
  const world = new Matrices(nodes.length);
  const scratch = new Float64Array(16);
  const setWorld = (node: number, tm: AseNodeTM | undefined, yInverse: boolean, what: string) => {
    let w = rowsToMatrix(tm?.rows);
    if (!math.invert(w, scratch)) {
      sink.warn('ASE_SINGULAR_TM', `${what}: *NODE_TM is singular; identity used`);
      w = IDENTITY.slice();
    }
    if (yInverse) math.multiply(math.multiply(C, w, scratch), C_INV, world.at(node));
    else math.multiply(C, w, world.at(node));
  };
  for (const e of entries) {
    if (e.obj.kind !== 'group') setWorld(e.node, e.tm, e.yInverse, `object '${nodes[e.node].name}'`);
    if (e.target !== undefined) setWorld(e.target, e.targetTm, true, `target '${nodes[e.target].name}'`);
  }

  // 3. Hierarchy from *NODE_PARENT (and *GROUP membership).
  const byName = new Map<string, number>();
  nodes.forEach((n, i) => {
    if (!byName.has(n.name)) byName.set(n.name, i);
  });
  const parentOf = new Int32Array(nodes.length).fill(-1);
  const entryOf = new Int32Array(nodes.length).fill(-1);
  entries.forEach((e, i) => {
    entryOf[e.node] = i;
    let p = e.group;
    if (e.obj.parent) {
      const found = byName.get(e.obj.parent);
      if (found === undefined || found === e.node) sink.warn('ASE_MISSING_PARENT', `object '${nodes[e.node].name}': *NODE_PARENT '${e.obj.parent}' not found; kept at ${p >= 0 ? 'its group' : 'the root'}`, e.obj.offset);
      else p = found;
    }
    parentOf[e.node] = p;
  });
  for (const node of breakParentCycles(parentOf, entryOf)) {
    const e = entries[entryOf[node]];
    const parent = e.obj.parent ?? nodes[parentOf[node]].name;
    sink.warn('ASE_PARENT_CYCLE', `object '${nodes[node].name}': *NODE_PARENT '${parent}' would form a cycle; kept at the root`, e.obj.offset);
    parentOf[node] = -1;
  }
  // Children lists of their exact length (pushing would give each a 16-slot array).
  const childCount = new Int32Array(nodes.length);
  for (let i = 0; i < nodes.length; i++) if (parentOf[i] >= 0) childCount[parentOf[i]]++;
  nodes.forEach((n, i) => {
    if (childCount[i]) n.children = new Array<number>(childCount[i]);
    childCount[i] = 0;
  });
  nodes.forEach((n, i) => {
    n.parent = parentOf[i];
    if (n.parent >= 0) nodes[n.parent].children[childCount[n.parent]++] = i;
    else scene.roots.push(i);
  });

  // 4. Local matrices.
  const locals = new Matrices(nodes.length);
  nodes.forEach((n, i) => {
    if (n.parent < 0) locals.at(i).set(world.at(i));
    else math.multiply(math.invert(world.at(n.parent), scratch) ?? IDENTITY, world.at(i), locals.at(i));
  });
  nodes.forEach((n, i) => {
    if (!isIdentity(locals.at(i))) n.matrix = Array.from(locals.at(i));
  });

  // 5. Meshes, shapes, cameras, lights.
  for (const e of entries) {
    const node = nodes[e.node];
    const obj = e.obj;
    // World (Max) → node-local scene axes: G⁻¹ · C = Y⁻¹ · W⁻¹ (only geometry needs it).
    const toLocalOf = (w: M4) => {
      const wInv = inv(w) ?? IDENTITY;
      return e.yInverse ? mul(C, wInv) : wInv;
    };
    if (obj.kind === 'geom' && obj.mesh) {
      const w = rowsToMatrix(e.tm?.rows);
      const ref = obj.materialRef !== undefined ? materials.material(obj.materialRef) : undefined;
      if (obj.materialRef !== undefined && !ref) sink.warn('ASE_BAD_MATERIAL_REF', `object '${node.name}': *MATERIAL_REF ${obj.materialRef} names no material`, obj.offset);
      const wire = !ref && obj.wireframeColor ? materials.wireframe(obj.wireframeColor) : undefined;
      const mesh = buildMesh({
        name: node.name,
        mesh: obj.mesh,
        toLocal: toLocalOf(w),
        normalToLocal: e.yInverse ? C : IDENTITY,
        mirrored: det3(w) < 0,
        materialOf: (id) => (ref ? materials.resolve(ref, id, node.name) : wire),
        useFileNormals: options.fileNormals !== false,
        kernels: options.kernels,
        offset: obj.offset,
        frames: obj.meshFrames,
        boneJoints: obj.mesh.weights ? boneJoints(scene, obj, e.node, byName, world, sink) : undefined,
        sink,
      });
      if (mesh) node.mesh = pushMesh(scene, mesh);
    } else if (obj.kind === 'shape' && obj.shapeLines?.length) {
      const mesh = shapeMesh(node.name, obj, toLocalOf(rowsToMatrix(e.tm?.rows)));
      if (mesh) node.mesh = pushMesh(scene, mesh);
    } else if (obj.kind === 'camera') {
      node.camera = scene.cameras.length;
      scene.cameras.push(camera(obj, node.name, options));
    } else if (obj.kind === 'light') {
      node.light = scene.lights.length;
      scene.lights.push(light(obj, node.name));
    }
    if (e.target !== undefined) node.extras = { ...node.extras, target: e.target };
  }

  // 6. Animation.
  buildAnimation(scene, file, inputBytes, entries, locals, yInv, sink);
  return scene;
}

/**
 * The links that close a cycle, as if links were made in file order and a link that would close a
 * cycle were refused: in each cycle of the parent graph that is the link of the node that comes
 * last in the file. One pass over the nodes (each node has one parent, so cycles cannot share a
 * node). Returns the nodes whose link to refuse, in file order.
 */
function breakParentCycles(parentOf: Int32Array, fileOrder: Int32Array): number[] {
  const walkOf = new Int32Array(parentOf.length);
  const refused: number[] = [];
  for (let start = 0; start < parentOf.length; start++) {
    if (walkOf[start]) continue;
    const walk = start + 1;
    let v = start;
    while (v >= 0 && walkOf[v] === 0) {
      walkOf[v] = walk;
      v = parentOf[v];
    }
    // Back on this walk's own path: v is on a new cycle.
    if (v >= 0 && walkOf[v] === walk) {
      let last = v;
      for (let u = parentOf[v]; u !== v; u = parentOf[u]) if (fileOrder[u] > fileOrder[last]) last = u;
      refused.push(last);
    }
  }
  return refused.sort((a, b) => fileOrder[a] - fileOrder[b]);
}

/** `count` matrices (identity to start) in one array, so nodes cost no allocation each. */
class Matrices {
  private readonly all: Float64Array;
  constructor(count: number) {
    this.all = new Float64Array(count * 16);
    for (let i = 0; i < count; i++) this.all.set(IDENTITY, i * 16);
  }

  /** Matrix i, a view into the array. */
  at(i: number): M4 {
    return this.all.subarray(i * 16, i * 16 + 16);
  }
}

function pushMesh(scene: Scene, mesh: Mesh): number {
  scene.meshes.push(mesh);
  return scene.meshes.length - 1;
}

function isIdentity(m: ArrayLike<number>): boolean {
  for (let i = 0; i < 16; i++) if (Math.abs(m[i] - IDENTITY[i]) > 1e-12) return false;
  return true;
}

function fillExtras(scene: Scene, file: AseFile): void {
  const x = scene.extras;
  x.encoding = file.encoding;
  if (file.comment !== undefined) x.comment = file.comment;
  const s = file.scene;
  if (s) {
    if (s.filename !== undefined) x.sceneFilename = s.filename;
    if (s.firstFrame !== undefined) x.firstFrame = s.firstFrame;
    if (s.lastFrame !== undefined) x.lastFrame = s.lastFrame;
    if (s.frameSpeed !== undefined) x.frameSpeed = s.frameSpeed;
    if (s.ticksPerFrame !== undefined) x.ticksPerFrame = s.ticksPerFrame;
    if (s.backgroundStatic) x.background = s.backgroundStatic;
    if (s.ambientStatic) x.ambient = s.ambientStatic;
    if (Object.keys(s.extras).length) x.sceneUnknown = s.extras;
  }
  if (file.declaredMaterials !== undefined) x.materialCount = file.declaredMaterials;
  if (Object.keys(file.extras).length) Object.assign(x, file.extras);
  if (s?.filename) scene.name = s.filename;
}

function nodeExtras(obj: AseObject, tm: AseNodeTM | undefined): Record<string, unknown> {
  const x: Record<string, unknown> = { kind: obj.kind };
  if (obj.type !== undefined) x[obj.kind === 'helper' ? 'helperClass' : 'type'] = obj.type;
  if (obj.boundingBox) x.boundingBox = obj.boundingBox;
  if (obj.visibilityTrack !== undefined) x.visibilityTrack = obj.visibilityTrack;
  if (obj.wireframeColor) x.wireframeColor = obj.wireframeColor;
  if (obj.materialRef !== undefined) x.materialRef = obj.materialRef;
  if (obj.parent !== undefined) x.parentName = obj.parent;
  if (tm) {
    if (!tm.rows) x.emptyNodeTM = true;
    if (tm.inheritPos) x.inherit = { pos: tm.inheritPos, rot: tm.inheritRot, scl: tm.inheritScl };
  }
  if (obj.settingsAnimation) x.settingsAnimation = obj.settingsAnimation;
  const animationExtras = obj.animations.filter((a) => Object.keys(a.extras).length).map((a) => ({ nodeName: a.nodeName, ...a.extras }));
  if (animationExtras.length) x.tmAnimation = animationExtras;
  if (obj.mesh?.extras && Object.keys(obj.mesh.extras).length) x.mesh = obj.mesh.extras;
  if (Object.keys(obj.extras).length) Object.assign(x, obj.extras);
  return x;
}

/** Joint list for `*MESH_WEIGHTS`: bone names resolve to nodes; creates the skin. */
function boneJoints(scene: Scene, obj: AseObject, meshNode: number, byName: Map<string, number>, world: Matrices, sink: WarningSink): Int32Array | undefined {
  const names = obj.mesh!.weights!.boneNames;
  const map = new Int32Array(names.length).fill(-1);
  const joints: number[] = [];
  names.forEach((name, b) => {
    const node = byName.get(name);
    if (node === undefined) {
      sink.warn('ASE_SKIN_BONE', `object '${obj.name}': bone '${name}' is not a node`);
      return;
    }
    let j = joints.indexOf(node);
    if (j < 0) j = joints.push(node) - 1;
    map[b] = j;
  });
  if (!joints.length) return undefined;
  const ibm = new Float32Array(joints.length * 16);
  joints.forEach((node, j) => {
    // Vertices stay in the mesh node's space: inverseBind = G_joint⁻¹ · G_mesh.
    ibm.set(mul(inv(world.at(node)) ?? IDENTITY, world.at(meshNode)), j * 16);
    scene.nodes[node].joint = true;
  });
  scene.nodes[meshNode].skin = scene.skins.length;
  scene.skins.push({ name: obj.name, joints, inverseBindMatrices: ibm });
  return map;
}

function shapeMesh(name: string, obj: AseObject, toLocal: M4): Mesh | undefined {
  const primitives = [];
  for (const line of obj.shapeLines ?? []) {
    const n = line.vertices.length / 3;
    if (n < 2) continue;
    const positions = new Float32Array(n * 3);
    for (let v = 0; v < n; v++) {
      const x = line.vertices[v * 3], y = line.vertices[v * 3 + 1], z = line.vertices[v * 3 + 2];
      positions[v * 3] = toLocal[0] * x + toLocal[4] * y + toLocal[8] * z + toLocal[12];
      positions[v * 3 + 1] = toLocal[1] * x + toLocal[5] * y + toLocal[9] * z + toLocal[13];
      positions[v * 3 + 2] = toLocal[2] * x + toLocal[6] * y + toLocal[10] * z + toLocal[14];
    }
    for (let i = 0; i < positions.length; i++) if (!Number.isFinite(positions[i])) positions[i] = 0;
    primitives.push({
      attributes: { POSITION: positions },
      mode: line.closed ? ('LINE_LOOP' as const) : ('LINE_STRIP' as const),
      extras: { shapeLine: line.index, closed: line.closed, knots: Array.from(line.knots) },
    });
  }
  return primitives.length ? { name, primitives } : undefined;
}

function setting(obj: AseObject, key: string): number | undefined {
  const v = obj.settings?.[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function camera(obj: AseObject, name: string, options: AseParseOptions): Camera {
  const fov = setting(obj, 'CAMERA_FOV') ?? Math.PI / 4;
  const aspect = options.cameraAspect ?? 4 / 3;
  // HITHER/YON are the manual clipping planes (written only when set). NEAR/FAR are the environment
  // (fog) ranges, not clipping: without YON the projection is infinite (no zfar); NEAR/FAR stay in
  // extras.settings.
  const near = setting(obj, 'CAMERA_HITHER') ?? 0;
  const far = setting(obj, 'CAMERA_YON');
  const znear = near > 0 ? near : 0.1;
  const cam: Camera = {
    name,
    type: 'perspective',
    // Max's fov is horizontal; glTF's is vertical.
    yfov: Math.min(Math.PI - 1e-3, Math.max(1e-3, 2 * Math.atan(Math.tan(fov / 2) / aspect))),
    aspectRatio: aspect,
    znear,
    extras: { type: obj.type, horizontalFov: fov, settings: obj.settings ?? {} },
  };
  if (far !== undefined && far > znear) cam.zfar = far;
  return cam;
}

function light(obj: AseObject, name: string): Light {
  const type = (obj.type ?? 'Omni').toLowerCase();
  const colorSetting = obj.settings?.LIGHT_COLOR;
  const color = Array.isArray(colorSetting) && colorSetting.length >= 3 && colorSetting.every((c) => typeof c === 'number' && Number.isFinite(c)) ? (colorSetting.slice(0, 3) as [number, number, number]) : ([1, 1, 1] as [number, number, number]);
  const out: Light = {
    name,
    type: type === 'directional' ? 'directional' : type === 'omni' ? 'point' : 'spot',
    color,
    intensity: setting(obj, 'LIGHT_INTENS') ?? 1,
    extras: { type: obj.type, settings: obj.settings ?? {} },
  };
  // Far attenuation (written only when it is on) ends where the light stops reaching.
  const attenuationEnd = setting(obj, 'LIGHT_ATTNEND');
  if (out.type !== 'directional' && attenuationEnd !== undefined && attenuationEnd > 0) out.range = attenuationEnd;
  if (out.type === 'spot') {
    const deg = Math.PI / 180;
    const falloff = setting(obj, 'LIGHT_FALLOFF') ?? 45;
    const hotspot = setting(obj, 'LIGHT_HOTSPOT') ?? falloff * 0.9;
    // Max cone angles are full angles in degrees; glTF's are half angles in radians.
    out.outerConeAngle = Math.min(Math.PI / 2, Math.max(1e-3, (falloff / 2) * deg));
    out.innerConeAngle = Math.min(out.outerConeAngle * 0.999, Math.max(0, (hotspot / 2) * deg));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Animation

function timeBase(file: AseFile, inputBytes: number, sink: WarningSink): TimeBase {
  const s = file.scene;
  let fps = s?.frameSpeed ?? DEFAULT_FRAMESPEED;
  let tpf = s?.ticksPerFrame ?? DEFAULT_TICKSPERFRAME;
  if (s && s.ticksPerFrame === undefined) sink.warn('ASE_NO_TICKSPERFRAME', `*SCENE has no *SCENE_TICKSPERFRAME; ${DEFAULT_TICKSPERFRAME} assumed`);
  if (!(fps > 0) || !Number.isFinite(fps)) fps = DEFAULT_FRAMESPEED;
  if (!(tpf > 0) || !Number.isFinite(tpf)) tpf = DEFAULT_TICKSPERFRAME;
  if (!Number.isFinite(fps * tpf)) {
    fps = DEFAULT_FRAMESPEED;
    tpf = DEFAULT_TICKSPERFRAME;
  }
  const first = Number.isFinite(s?.firstFrame) ? s!.firstFrame! : 0;
  // The exporter's sampling step: the smallest gap between samples of any sampled track.
  let step = Infinity;
  let tcbKeys = 0;
  const scan = (obj: AseObject) => {
    for (const a of obj.animations) {
      for (const track of [a.pos, a.rot, a.scale]) {
        if (track?.kind === 'tcb') tcbKeys += track.keys.length;
        if (!track || track.kind !== 'sample') continue;
        for (let i = 1; i < track.keys.length; i++) {
          const d = track.keys[i].time - track.keys[i - 1].time;
          if (d > 0 && d < step) step = d;
        }
      }
    }
    obj.children?.forEach(scan);
  };
  file.objects.forEach(scan);
  return { ticksPerSecond: fps * tpf, ticksPerFrame: tpf, firstTick: first * tpf, step: Number.isFinite(step) ? step : tpf, ...sampleBudget(inputBytes, tcbKeys) };
}

function buildAnimation(scene: Scene, file: AseFile, inputBytes: number, entries: Entry[], locals: Matrices, yInv: boolean[], sink: WarningSink): void {
  const tb = timeBase(file, inputBytes, sink);
  const channels: AnimationChannel[] = [];
  let approximate = false;
  const frameOf = (node: number): NodeFrame => {
    const p = scene.nodes[node].parent;
    return {
      parentFix: p < 0 || yInv[p] ? Q_C : [0, 0, 0, 1],
      ownFix: yInv[node] ? Q_C_INV : [0, 0, 0, 1],
      scalePerm: yInv[node] ? [0, 2, 1] : [0, 1, 2],
    };
  };
  const restOf = (node: number): Rest => {
    const d = math.decompose(locals.at(node));
    return { translation: d.translation, rotation: d.rotation, scale: d.scale };
  };
  const animated = new Set<number>();
  for (const e of entries) {
    for (const anim of e.obj.animations) {
      const node = e.targetTm && anim.nodeName === e.targetTm.name && e.target !== undefined ? e.target : e.node;
      const frame = frameOf(node);
      const rest = restOf(node);
      const made = [
        anim.pos && positionChannel(node, anim.pos, frame, rest, tb, sink),
        anim.rot && rotationChannel(node, anim.rot, frame, tb, sink),
        anim.scale && scaleChannel(node, anim.scale, frame, rest, tb, sink),
      ];
      for (const track of [anim.pos, anim.rot, anim.scale]) if (track && track.kind !== 'sample') approximate = true;
      for (const ch of made) {
        if (ch) {
          channels.push(ch);
          animated.add(node);
        }
      }
    }
    // Whole-mesh frames → morph weights, one target per frame.
    const mesh = scene.nodes[e.node].mesh;
    const targets = mesh !== undefined ? (scene.meshes[mesh].primitives[0]?.targets?.length ?? 0) : 0;
    if (targets) {
      const times = (scene.meshes[mesh!].extras?.morphTargetTimes as number[]).filter((_, k) => k < targets);
      const order = times.map((t, k) => [t, k] as const).sort((a, b) => a[0] - b[0]);
      const keys: number[] = [];
      const values: number[] = [];
      for (const [t, k] of order) {
        if (keys.length && !(t > keys[keys.length - 1])) continue;
        keys.push(t);
        for (let j = 0; j < targets; j++) values.push(j === k ? 1 : 0);
      }
      const sec = Float32Array.from(keys, (t) => (t - tb.firstTick) / tb.ticksPerSecond);
      if (sec.every((t, i) => i === 0 || t > sec[i - 1])) channels.push({ node: e.node, path: 'weights', times: sec, values: Float32Array.from(values), interpolation: 'LINEAR' });
    }
  }
  // Animated nodes carry TRS (their rest pose) rather than a matrix.
  for (const node of animated) {
    const n = scene.nodes[node];
    const d = math.decompose(locals.at(node));
    delete n.matrix;
    n.translation = d.translation;
    n.rotation = d.rotation;
    n.scale = d.scale;
  }
  lookAtChannels(scene, entries, channels, tb.ticksPerSecond / tb.ticksPerFrame, tb.budget);
  if (!channels.length) return;
  const s = file.scene;
  const lastSeconds = s?.lastFrame !== undefined ? ((s.lastFrame - (s.firstFrame ?? 0)) * tb.ticksPerFrame) / tb.ticksPerSecond : 0;
  let duration = Number.isFinite(lastSeconds) ? Math.max(0, lastSeconds) : 0;
  for (const ch of channels) if (ch.times.length) duration = Math.max(duration, ch.times[ch.times.length - 1]);
  const extras: Record<string, unknown> = { ticksPerSecond: tb.ticksPerSecond, sampleStepTicks: tb.step };
  if (approximate) extras.approximate = true;
  scene.animations.push({ name: s?.filename?.replace(/\.[^.\\/]*$/, '') || 'default', duration, channels, extras });
}

/**
 * Target cameras and lights without a rotation track: when the node or its target moves, the
 * orientation is re-aimed at the target at every key time (up = scene +Y, Max's +Z).
 */
function lookAtChannels(scene: Scene, entries: Entry[], channels: AnimationChannel[], fps: number, budget: TimeBase['budget']): void {
  for (const e of entries) {
    if (e.target === undefined) continue;
    const node = e.node, target = e.target;
    if (channels.some((c) => c.node === node && c.path === 'rotation')) continue;
    const moves = channels.filter((c) => (c.node === node || c.node === target) && c.path === 'translation');
    if (!moves.length || scene.nodes[node].parent >= 0 || scene.nodes[target].parent >= 0) continue;
    // Key times plus every frame between them: the aim changes non-linearly as positions move.
    const keyTimes = moves.flatMap((c) => Array.from(c.times));
    const start = Math.min(...keyTimes), end = Math.max(...keyTimes);
    const frames = Math.max(0, Math.min(100 * keyTimes.length, Math.ceil((end - start) * fps), budget.left));
    budget.left -= frames;
    for (let f = 1; f < frames; f++) keyTimes.push(Math.fround(start + ((end - start) * f) / frames));
    const times = [...new Set(keyTimes)].sort((a, b) => a - b);
    const position = (n: number, t: number): number[] => {
      const ch = moves.find((c) => c.node === n);
      if (ch) return Array.from(sampleChannel(ch, t, new Float32Array(3)));
      const node = scene.nodes[n];
      return node.translation ?? (node.matrix ? [node.matrix[12], node.matrix[13], node.matrix[14]] : [0, 0, 0]);
    };
    const values = new Float32Array(times.length * 4);
    times.forEach((t, i) => values.set(lookAt(position(node, t), position(target, t)), i * 4));
    math.makeQuaternionsContinuous(values);
    const n = scene.nodes[node];
    if (n.matrix) {
      const d = math.decompose(n.matrix);
      delete n.matrix;
      n.translation = d.translation;
      n.rotation = d.rotation;
      n.scale = d.scale;
    }
    channels.push({ node, path: 'rotation', times: Float32Array.from(times), values, interpolation: 'LINEAR', extras: { lookAt: target } });
  }
}

/** Rotation whose −Z points from `eye` to `target`, +Y up. */
export function lookAt(eye: number[], target: number[]): Quat {
  let zx = eye[0] - target[0], zy = eye[1] - target[1], zz = eye[2] - target[2];
  const zl = Math.hypot(zx, zy, zz);
  if (!(zl > 0)) return [0, 0, 0, 1];
  zx /= zl; zy /= zl; zz /= zl;
  // x = up × z
  let xx = zz, xy = 0, xz = -zx;
  let xl = Math.hypot(xx, xy, xz);
  if (!(xl > 1e-9)) {
    xx = 1; xy = 0; xz = 0; xl = 1;
  }
  xx /= xl; xy /= xl; xz /= xl;
  const yx = zy * xz - zz * xy, yy = zz * xx - zx * xz, yz = zx * xy - zy * xx;
  return math.quatFromRotationMatrix3([xx, xy, xz, yx, yy, yz, zx, zy, zz]);
}
