import type { Primitive, Scene, WarningSink } from '@relic3d/core';
import { maxWorld, type M4 } from './axes.js';
import { lightType, writeCameraSettings, writeLightSettings } from './cameras-lights.js';
import type { Binding } from './materials.js';
import { meshData } from './mesh-data.js';
import { writeMesh } from './mesh.js';
import { writeShape } from './shapes.js';
import { inheritOf, writeNodeTM } from './node-tm.js';
import type { PlannedObject } from './objects.js';
import { restIsBind, restJointMatrices, writeWeights } from './skin.js';
import type { TextWriter } from './text.js';
import { writeTrack, type NodeAnimation } from './tracks.js';
import type { Timeline } from './timeline.js';

/** What every object writer needs. */
export interface ObjectContext {
  scene: Scene;
  out: TextWriter;
  sink: WarningSink;
  /** Scene world matrices at rest (16 per node): where vertices are drawn. */
  world: Float32Array;
  /** The same made finite and invertible: what `*NODE_TM` holds. */
  nodeTMs: Float32Array;
  objectOf: (PlannedObject | undefined)[];
  bindings: Map<PlannedObject, Binding>;
  animations: Map<number, NodeAnimation>;
  timeline: Timeline;
}

const KEYWORD = { geom: 'GEOMOBJECT', shape: 'SHAPEOBJECT', camera: 'CAMERAOBJECT', light: 'LIGHTOBJECT', helper: 'HELPEROBJECT' } as const;

const worldOf = (ctx: ObjectContext, node: number) => ctx.world.subarray(node * 16, node * 16 + 16);
const tmOf = (ctx: ObjectContext, node: number) => ctx.nodeTMs.subarray(node * 16, node * 16 + 16);

export function writeObject(ctx: ObjectContext, o: PlannedObject): void {
  const { out, scene } = ctx;
  const node = scene.nodes[o.node];
  const w = maxWorld(tmOf(ctx, o.node), o.yInverse);
  out.text(`*${KEYWORD[o.kind]} {\n\t*NODE_NAME `);
  out.quoted(o.nameBytes);
  out.newline();
  if (o.parent) {
    out.text('\t*NODE_PARENT ');
    out.quoted(o.parent.nameBytes);
    out.newline();
  }
  const isMain = ctx.objectOf[o.node] === o;
  const inherit = inheritOf(node.extras);
  const targetW = o.target ? maxWorld(tmOf(ctx, o.target.node), true) : undefined;
  const targetDistance = targetW ? Math.hypot(targetW[12] - w[12], targetW[13] - w[13], targetW[14] - w[14]) : undefined;
  switch (o.kind) {
    case 'geom':
      writeNodeTM(out, o.nameBytes, w, inherit);
      writeGeometry(ctx, o, w);
      out.text('\t*PROP_MOTIONBLUR 0\n\t*PROP_CASTSHADOW 1\n\t*PROP_RECVSHADOW 1\n');
      if (isMain) animation(ctx, o.node, o.nameBytes);
      writeMaterialRef(ctx, o);
      break;
    case 'helper': {
      const helperClass = typeof node.extras?.helperClass === 'string' ? node.extras.helperClass : 'Dummy';
      out.text('\t*HELPER_CLASS ');
      out.quoted(new TextEncoder().encode(/^[\x20-\x7e]*$/.test(helperClass) ? helperClass.replace(/"/g, "'") : 'Dummy'));
      out.newline();
      writeNodeTM(out, o.nameBytes, w, inherit);
      const box = boundingBox(node.extras?.boundingBox, w);
      out.text('\t*BOUNDINGBOX_MIN ');
      out.fixed3(box[0], box[1], box[2]);
      out.text('\n\t*BOUNDINGBOX_MAX ');
      out.fixed3(box[3], box[4], box[5]);
      out.newline();
      if (isMain) animation(ctx, o.node, o.nameBytes);
      break;
    }
    case 'shape':
      writeNodeTM(out, o.nameBytes, w, inherit);
      writeShape(out, o.primitives, worldOf(ctx, o.node));
      if (isMain) animation(ctx, o.node, o.nameBytes);
      break;
    case 'camera': {
      out.text(`\t*CAMERA_TYPE ${o.target ? 'Target' : 'Free'}\n`);
      writeNodeTM(out, o.nameBytes, w, inherit);
      if (o.target) writeNodeTM(out, o.target.nameBytes, targetW!, inheritOf(scene.nodes[o.target.node].extras));
      writeCameraSettings(out, scene.cameras[node.camera!], targetDistance, o.name, ctx.sink);
      if (isMain) animation(ctx, o.node, o.nameBytes);
      if (o.target) animation(ctx, o.target.node, o.target.nameBytes);
      break;
    }
    case 'light': {
      const light = scene.lights[node.light!];
      out.text(`\t*LIGHT_TYPE ${lightType(light, !!o.target)}\n`);
      writeNodeTM(out, o.nameBytes, w, inherit);
      if (o.target) writeNodeTM(out, o.target.nameBytes, targetW!, inheritOf(scene.nodes[o.target.node].extras));
      writeLightSettings(out, light, node.extras, targetDistance);
      if (isMain) animation(ctx, o.node, o.nameBytes);
      if (o.target) animation(ctx, o.target.node, o.target.nameBytes);
      break;
    }
  }
  out.text('}\n');
}

function animation(ctx: ObjectContext, node: number, nameBytes: Uint8Array): void {
  const a = ctx.animations.get(node);
  if (a) writeTrack(ctx.out, nameBytes, a, ctx.timeline);
}

function writeGeometry(ctx: ObjectContext, o: PlannedObject, w: M4): void {
  const { scene, sink } = ctx;
  const node = scene.nodes[o.node];
  const binding = ctx.bindings.get(o)!;
  let jointMatrices: Float64Array | undefined;
  const skinned = node.skin !== undefined && scene.skins[node.skin] && o.primitives.some((p) => p.attributes.JOINTS_0 && p.attributes.WEIGHTS_0);
  if (skinned) {
    jointMatrices = restJointMatrices(scene, node.skin!, ctx.world);
    if (!restIsBind(jointMatrices)) {
      sink.warn('ASE_WRITE_SKIN_REST_POSE', `object "${o.name}": the skin's rest pose is not its bind pose; an ASE file binds at the *NODE_TM pose, so vertices are bound where the rest pose puts them (poses far from rest may differ)`);
    }
  }
  const primitives = withMorphWeights(o.primitives, node.weights ?? scene.meshes[node.mesh!].weights, o.name, sink);
  const data = meshData({ name: o.name, primitives, mtlIds: binding.mtlIds, world: worldOf(ctx, o.node), nodeTM: w, jointMatrices, decimals: ctx.out.decimals, sink });
  const bones = skinned ? scene.skins[node.skin!].joints.map((j) => ctx.objectOf[j]?.nameBytes) : undefined;
  writeMesh(ctx.out, data, bones ? () => writeWeights(ctx.out, data, bones, sink, o.name) : undefined);
}

/** Morph targets have no ASE form: the mesh is written with its default weights applied, warned. */
function withMorphWeights(primitives: Primitive[], weights: number[] | undefined, where: string, sink: WarningSink): Primitive[] {
  const targets = primitives.reduce((n, p) => Math.max(n, p.targets?.length ?? 0), 0);
  if (!targets) return primitives;
  const applied = weights?.some((v) => v !== 0) ?? false;
  sink.warn('ASE_WRITE_MORPH', `object "${where}": ${targets} morph targets have no ASE form; the mesh is written ${applied ? 'with its default weights applied' : 'in its base shape'}`);
  if (!applied) return primitives;
  return primitives.map((p) => {
    if (!p.targets?.length) return p;
    const position = p.attributes.POSITION.slice();
    p.targets.forEach((t, k) => {
      const w = weights![k] ?? 0;
      if (!w || !t.POSITION) return;
      for (let i = 0; i < position.length; i++) position[i] += w * t.POSITION[i];
    });
    return { ...p, attributes: { ...p.attributes, POSITION: position } };
  });
}

function writeMaterialRef(ctx: ObjectContext, o: PlannedObject): void {
  const b = ctx.bindings.get(o)!;
  if (b.ref !== undefined) {
    ctx.out.text('\t*MATERIAL_REF ');
    ctx.out.int(b.ref);
    ctx.out.newline();
  } else if (b.wireframe) {
    ctx.out.text('\t*WIREFRAME_COLOR ');
    ctx.out.fixed3(b.wireframe[0], b.wireframe[1], b.wireframe[2]);
    ctx.out.newline();
  }
}

/** The helper box the ASE reader kept, else a unit box around the node (Max writes the dummy's box). */
function boundingBox(box: unknown, w: M4): number[] {
  const b = box as { min?: unknown; max?: unknown } | undefined;
  const ok = (v: unknown): v is number[] => Array.isArray(v) && v.length === 3 && v.every((x) => typeof x === 'number' && Number.isFinite(x));
  if (b && ok(b.min) && ok(b.max)) return [...b.min, ...b.max];
  return [w[12] - 0.5, w[13] - 0.5, w[14] - 0.5, w[12] + 0.5, w[13] + 0.5, w[14] + 0.5];
}
