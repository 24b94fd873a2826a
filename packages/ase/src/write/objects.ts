import { hiddenLodNodes, topologicalOrder, type Primitive, type Scene, type WarningSink } from '@relic3d/core';
import type { NameEncoder } from './text.js';

export type ObjectKind = 'geom' | 'shape' | 'camera' | 'light' | 'helper';

/** One `*…OBJECT` block: a scene node (or a part of one that needs an object of its own). */
export interface PlannedObject {
  kind: ObjectKind;
  /** The scene node whose world matrix and animation the object carries. */
  node: number;
  /** The name as the reader will see it (unique), and its encoded bytes. */
  name: string;
  nameBytes: Uint8Array;
  parent?: PlannedObject;
  /** The reader's node frame: Y-up image of Max's (everything but cameras and lights). */
  yInverse: boolean;
  /** Triangle or line primitives drawn by this object. */
  primitives: Primitive[];
  /** A camera or light target: a root node without content of its own, written as the second `*NODE_TM`. */
  target?: { node: number; name: string; nameBytes: Uint8Array };
}

const isTriangles = (p: Primitive) => (p.mode ?? 'TRIANGLES') === 'TRIANGLES';
const isLines = (p: Primitive) => p.mode === 'LINES' || p.mode === 'LINE_STRIP' || p.mode === 'LINE_LOOP';

/**
 * Scene nodes → objects, parents before children. A node with a mesh becomes a `*GEOMOBJECT` (its
 * line primitives a `*SHAPEOBJECT` child), a camera or light its object (a child object when the
 * node also draws), any other node a `*HELPEROBJECT`. LOD levels past 0 are left out.
 */
export function planObjects(scene: Scene, names: NameEncoder, sink: WarningSink): { objects: PlannedObject[]; objectOf: (PlannedObject | undefined)[] } {
  const hidden = hiddenLodNodes(scene, 0);
  const lodNodes = scene.nodes.filter((n) => n.lods?.length).length;
  if (lodNodes) sink.warn('ASE_WRITE_LOD', `${lodNodes} nodes have levels of detail; ASE has none: level 0 is written, ${hidden.size} nodes of the other levels are not`);
  const used = new Set<string>();
  const unique = (wanted: string, what: string): { name: string; nameBytes: Uint8Array } => {
    const base = names.readBack(wanted, what);
    let name = base;
    for (let k = 2; used.has(name); k++) name = `${base}_${k}`;
    if (name !== base) sink.warn('ASE_WRITE_NAME_DUPLICATE', `${what} "${base}" is used more than once; ASE links objects by name, written as "${name}"`);
    used.add(name);
    return { name, nameBytes: names.bytes(name, what) };
  };
  // Camera and light targets the ASE reader made (or any node marked the same way) go back into their object.
  const targetOf = new Map<number, number>();
  const isTarget = new Set<number>();
  scene.nodes.forEach((node, i) => {
    const t = node.extras?.target;
    if ((node.camera === undefined && node.light === undefined) || typeof t !== 'number') return;
    const target = scene.nodes[t];
    if (!target || target.parent !== -1 || target.children.length || target.mesh !== undefined || target.camera !== undefined || target.light !== undefined || target.extras?.kind !== 'target' || isTarget.has(t)) return;
    if (scene.skins.some((s) => s.joints.includes(t))) return;
    targetOf.set(i, t);
    isTarget.add(t);
  });

  const objects: PlannedObject[] = [];
  const objectOf: (PlannedObject | undefined)[] = new Array(scene.nodes.length);
  let points = 0;
  for (const i of topologicalOrder(scene)) {
    if (hidden.has(i) || isTarget.has(i)) continue;
    const node = scene.nodes[i];
    const parent = node.parent >= 0 ? objectOf[node.parent] : undefined;
    const mesh = node.mesh !== undefined ? scene.meshes[node.mesh] : undefined;
    const triangles = mesh?.primitives.filter((p) => isTriangles(p) && (p.indices ? p.indices.length : p.attributes.POSITION.length / 3) >= 3) ?? [];
    const lines = mesh?.primitives.filter(isLines) ?? [];
    points += mesh?.primitives.filter((p) => p.mode === 'POINTS').length ?? 0;
    const add = (kind: ObjectKind, wanted: string, primitives: Primitive[], parentObject: PlannedObject | undefined): PlannedObject => {
      const o: PlannedObject = { kind, node: i, ...unique(wanted, 'node name'), parent: parentObject, yInverse: kind !== 'camera' && kind !== 'light', primitives };
      objects.push(o);
      return o;
    };
    const name = node.name || `${node.camera !== undefined ? 'Camera' : node.light !== undefined ? 'Light' : mesh ? 'Object' : 'Dummy'}${i}`;
    if (!node.name) sink.warn('ASE_WRITE_NAME_CHANGED', `node ${i} has no name; ASE links objects by name, written as "${name}"`);
    let main: PlannedObject;
    const viewer = node.camera !== undefined ? 'camera' : node.light !== undefined ? 'light' : undefined;
    if (triangles.length) main = add('geom', name, triangles, parent);
    else if (viewer) main = add(viewer, name, [], parent);
    else if (lines.length) main = add('shape', name, lines, parent);
    else main = add('helper', name, [], parent);
    objectOf[i] = main;
    if (main.kind === 'geom' && lines.length) {
      sink.warn('ASE_WRITE_NODE_SPLIT', `node "${main.name}" draws triangles and lines; the lines are written as a *SHAPEOBJECT child "${main.name} lines"`);
      add('shape', `${main.name} lines`, lines, main);
    }
    if (main.kind !== 'camera' && main.kind !== 'light' && viewer) {
      sink.warn('ASE_WRITE_NODE_SPLIT', `node "${main.name}" draws and holds a ${viewer}; the ${viewer} is written as a child object "${main.name} ${viewer}"`);
      add(viewer, `${main.name} ${viewer}`, [], main);
    }
    if (node.camera !== undefined && node.light !== undefined) sink.warn('ASE_WRITE_NODE_SPLIT', `node "${main.name}" holds a camera and a light; only the camera is written`);
    const t = targetOf.get(i);
    if (t !== undefined && (main.kind === 'camera' || main.kind === 'light')) main.target = { node: t, ...unique(scene.nodes[t].name || `${main.name}.Target`, 'target name') };
  }
  if (points) sink.warn('ASE_WRITE_POINTS', `${points} point primitives have no ASE form; not written`);
  // Targets whose camera or light did not take them (hidden, or split) are written as helpers.
  for (const t of isTarget) {
    if (objects.some((o) => o.target?.node === t) || hidden.has(t)) continue;
    const o: PlannedObject = { kind: 'helper', node: t, ...unique(scene.nodes[t].name || `Target${t}`, 'node name'), yInverse: true, primitives: [] };
    objects.push(o);
    objectOf[t] = o;
  }
  return { objects, objectOf };
}
