/**
 * A player as the client shows one (`CModelObject`, docs/formats/o3d.md §14): every part skinned to
 * one `.chr`, the motions on that skeleton, and held items (weapon, shield, …) hung on the hand and
 * forearm bones with the `.chr`'s attachment offsets. One scene, for `toGlb` or a viewer.
 */
import { addNode, createScene, validateScene, WarningSink, type Scene, type ParseOptions } from '@relic3d/core';
import type { O3dMotions } from '../file.js';
import { parse } from '../parse.js';
import { readChr } from '../read/index.js';
import { convertMatrix } from '../scene/axes.js';
import { appendScene } from './append-scene.js';
import { heldAttachment, type HeldSlot } from './hand-bones.js';

/** A model file: its name (the header's, e.g. `Part_femaleUpper.o3d`) and bytes. */
export interface ModelFile {
  name: string;
  bytes: Uint8Array;
}

export interface AssembleOptions extends Pick<ParseOptions, 'onWarning' | 'kernels' | 'resolve'> {
  /** The `.chr` every part is skinned to (`mvr_male.chr`, `mvr_female.chr`). */
  skeleton: ModelFile;
  /** Skinned parts: head, hair, upper and lower body, hands, feet (`Part_m*` / `Part_f*`). */
  parts: ModelFile[];
  /** Held in the right hand (`localRH` on `R Hand`). */
  weapon?: ModelFile;
  /** Held in the left hand (`localLH` on `L Hand`, .chr version 7). */
  leftWeapon?: ModelFile;
  /** On the left forearm (`localShield` on `L ForeArm`). */
  shield?: ModelFile;
  /** On the right forearm (`localKnuckle` on `R ForeArm`). */
  knuckle?: ModelFile;
  /** Motions of the skeleton, by clip name (`.ani` bytes). */
  motions?: Record<string, Uint8Array>;
  /** The scene's name; default `character`. */
  name?: string;
}

const HELD: HeldSlot[] = ['weapon', 'leftWeapon', 'shield', 'knuckle'];

export async function assembleCharacter(options: AssembleOptions): Promise<Scene> {
  const sink = new WarningSink('o3d', options.onWarning);
  if (!options.parts.length) throw new TypeError('assembleCharacter: at least one part is needed');
  const chr = readChr(options.skeleton.bytes, { onWarning: (w) => sink.warn(w.code, `${options.skeleton.name}: ${w.message}`) });
  const common = { kernels: options.kernels, resolve: options.resolve, noSkeletonLookup: true, onWarning: (w: { code: string; message: string; offset?: number }) => sink.warn(w.code, w.message, w.offset) };
  const motions: O3dMotions = options.motions ?? 'none';
  const scenes = [];
  for (const part of options.parts) scenes.push({ part, scene: await parse(part.bytes, { ...common, fileName: part.name, skeleton: options.skeleton.bytes, motions }) });
  const unskinned = scenes.filter((s) => !s.scene.skins.length).map((s) => s.part.name);
  if (unskinned.length) sink.warn('O3D_ASSEMBLE_UNSKINNED', `${unskinned.join(', ')}: not skinned to ${options.skeleton.name}; drawn where they stand`);

  // The first part brings the skeleton and the clips; the others join them bone by bone.
  const scene = createScene('o3d', scenes[0].scene.version);
  scene.name = options.name ?? 'character';
  const root = addNode(scene, { name: scene.name });
  const base = scenes[0].scene;
  const baseRoot = base.roots[0];
  const baseMap = appendScene(scene, base, { shared: new Map(), skip: new Set(), parent: root });
  const bones = boneNodes(base, (i) => baseMap.get(i)!);
  for (const { part, scene: s } of scenes.slice(1)) {
    const shared = new Map<number, number>();
    for (const [key, node] of boneNodes(s, (i) => i)) if (bones.has(key)) shared.set(node, bones.get(key)!);
    const partRoot = s.roots[0];
    const holder = addNode(scene, { name: s.name ?? part.name }, baseMap.get(baseRoot)!);
    const map = appendScene(scene, s, { shared, skip: new Set([partRoot]), parent: holder });
    if (s.nodes[partRoot].lods) scene.nodes[holder].lods = s.nodes[partRoot].lods!.map((l) => ({ ...l, node: map.get(l.node)! }));
  }
  for (const slot of HELD) {
    const item = options[slot];
    if (!item) continue;
    const { bone, local } = heldAttachment(chr, slot);
    const boneNode = bones.get(`bone:${bone}`);
    if (bone < 0 || boneNode === undefined) {
      sink.warn('O3D_ASSEMBLE_HAND', `${options.skeleton.name} has no bone for the ${slot}: ${item.name} not attached`);
      continue;
    }
    const held = await parse(item.bytes, { ...common, fileName: item.name, motions: 'none' });
    // CModelObject::Render: local × W_bone (row vectors) → W_bone · local in column vectors: a child node.
    const attach = addNode(scene, { name: `${slot}: ${held.name ?? item.name}`, matrix: Array.from(convertMatrix(local)), extras: { held: slot, bone: chr.bones[bone].name } }, boneNode);
    appendScene(scene, held, { shared: new Map(), skip: new Set(), parent: attach });
  }
  scene.extras = { skeleton: options.skeleton.name, parts: options.parts.map((p) => p.name), ...Object.fromEntries(HELD.filter((s) => options[s]).map((s) => [s, options[s]!.name])) };
  const issues = validateScene(scene);
  if (issues.length) throw new Error(`assembleCharacter: the assembled scene is invalid: ${issues[0].message}`);
  return sink.attach(scene);
}

/** Skeleton nodes by a key shared across parts: `bone:<index>` (joints) and `shear:<index>`. */
function boneNodes(scene: Scene, to: (node: number) => number): Map<string, number> {
  const out = new Map<string, number>();
  scene.nodes.forEach((n, i) => {
    const e = n.extras ?? {};
    if (n.joint && typeof e.boneIndex === 'number') out.set(`bone:${e.boneIndex}`, to(i));
    else if (typeof e.shearOf === 'number') out.set(`shear:${e.shearOf}`, to(i));
  });
  return out;
}
