// Structure-aware mutators for .glb files: the JSON chunk is parsed and edited where fromGltf's
// structure lives (accessors, buffer views, samplers and channels, nodes, skins, names, extras),
// or the binary chunk's floats where key times and values are; then the .glb is packed again.
import { glbOf } from '@relic3d/fixtures/gltf-hostile';
import type { Mutation, Mutator, Random } from '../types.js';
import { HOSTILE_FLOATS, lieFor, pick, randInt } from './bytes.js';

type Json = Record<string, any>;

/** The JSON and binary chunk of a .glb, or undefined when the bytes are not one. */
export function splitGlb(bytes: Uint8Array): { json: Json; bin?: Uint8Array } | undefined {
  if (bytes.length < 20) return undefined;
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (v.getUint32(0, true) !== 0x46546c67 || v.getUint32(16, true) !== 0x4e4f534a) return undefined;
  const jsonLength = v.getUint32(12, true);
  if (20 + jsonLength > bytes.length) return undefined;
  const text = new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength));
  // A deep value spliced in by an earlier step: JSON.stringify could not pack it again.
  if (nesting(text) > MAX_NESTING) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const at = 20 + jsonLength;
  const bin = at + 8 <= bytes.length ? bytes.slice(at + 8, Math.min(bytes.length, at + 8 + v.getUint32(at, true))) : undefined;
  return { json: json as Json, bin };
}

const MAX_NESTING = 500;

/** The deepest nesting of brackets in JSON text (outside strings). */
function nesting(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) max = Math.max(max, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}

/** Deep values are spliced in as text (JSON.stringify would recurse): a leaf set to this marker is replaced. */
const DEEP = '\u0000deep\u0000';

function pack(json: Json, bin: Uint8Array | undefined, deep?: string): Uint8Array {
  let text = JSON.stringify(json);
  if (deep) text = text.replace(JSON.stringify(DEEP), deep);
  return glbOf(text, bin);
}

const HOSTILE_VALUES: unknown[] = [-1, 0, 1, 2 ** 31, 2 ** 32 + 1, 1e308, -1e308, 0.5, null, 'x', [], {}, true, 65535, 255, 1e9, 2.5e38, [1, 2], { a: 1 }, ''];
const HOSTILE_NAMES: unknown[] = [12345, 1e9, true, null, { evil: 1 }, [1, 2], '', 'x'.repeat(100_000), '\u001b[2J', '../../etc/passwd', 'a\u0000b'];

const list = (json: Json, key: string): Json[] => (Array.isArray(json[key]) ? json[key].filter((x: unknown) => x && typeof x === 'object' && !Array.isArray(x)) : []);

/** Every object in the JSON with the keys it holds, for leaf and reference edits. */
function leaves(json: Json): [Json | unknown[], string | number][] {
  const out: [Json | unknown[], string | number][] = [];
  const stack: unknown[] = [json];
  while (stack.length && out.length < 200_000) {
    const value = stack.pop();
    if (Array.isArray(value)) value.forEach((item, i) => (item && typeof item === 'object' ? stack.push(item) : out.push([value, i])));
    else if (value && typeof value === 'object') for (const [k, item] of Object.entries(value)) item && typeof item === 'object' ? stack.push(item) : out.push([value as Json, k]);
  }
  return out;
}

const REF_KEYS = new Set(['node', 'mesh', 'skin', 'camera', 'sampler', 'input', 'output', 'bufferView', 'buffer', 'material', 'indices', 'source', 'inverseBindMatrices', 'skeleton', 'scene', 'index', 'POSITION', 'NORMAL', 'TEXCOORD_0', 'JOINTS_0', 'WEIGHTS_0', 'COLOR_0']);

type Edit = (json: Json, random: Random, bin: Uint8Array | undefined) => { label: string; deep?: string; bin?: Uint8Array } | undefined;

const edits: Record<string, Edit> = {
  leaf: (json, random) => {
    const all = leaves(json);
    if (!all.length) return undefined;
    const [owner, key] = pick(random, all);
    const value = pick(random, HOSTILE_VALUES);
    (owner as Json)[key as string] = value;
    return { label: `${String(key)}=${JSON.stringify(value)?.slice(0, 20)}` };
  },
  ref: (json, random) => {
    const refs = leaves(json).filter(([owner, key]) => typeof key === 'string' ? REF_KEYS.has(key) : typeof (owner as unknown[])[key] === 'number');
    if (!refs.length) return undefined;
    const [owner, key] = pick(random, refs);
    const n = (owner as Json)[key as string] as number;
    const lie = random() < 0.5 ? lieFor(random, n) : pick(random, [n + 1, n - 1, 0.5, '0', null]);
    (owner as Json)[key as string] = lie;
    return { label: `ref ${String(key)} ${n}→${String(lie)}` };
  },
  accessor: (json, random) => {
    const accessors = list(json, 'accessors');
    if (!accessors.length) return undefined;
    const a = pick(random, accessors);
    const what = randInt(random, 7);
    if (what === 0) a.count = random() < 0.5 ? lieFor(random, a.count) : a.count * pick(random, [2, 64, 4096, 1 << 20]);
    else if (what === 1) a.byteOffset = lieFor(random, a.byteOffset ?? 0);
    else if (what === 2) a.componentType = pick(random, [5120, 5121, 5122, 5123, 5125, 5126, 5130, 5131, 0]);
    else if (what === 3) a.type = pick(random, ['SCALAR', 'VEC2', 'VEC3', 'VEC4', 'MAT2', 'MAT3', 'MAT4', 'VEC5']);
    else if (what === 4) a.normalized = !a.normalized;
    else if (what === 5) delete a.bufferView; // zero-filled
    else a.sparse = { count: lieFor(random, 1), indices: { bufferView: a.bufferView ?? 0, componentType: pick(random, [5121, 5123, 5125]) }, values: { bufferView: a.bufferView ?? 0 } };
    return { label: `accessor ${['count', 'byteOffset', 'componentType', 'type', 'normalized', 'no bufferView', 'sparse'][what]}` };
  },
  view: (json, random) => {
    const views = list(json, 'bufferViews');
    if (!views.length) return undefined;
    const v = pick(random, views);
    const key = pick(random, ['byteStride', 'byteLength', 'byteOffset']);
    v[key] = key === 'byteStride' ? pick(random, [1, 2, 3, 4, 8, 12, 16, 252, 256]) : lieFor(random, v[key] ?? 0);
    return { label: `bufferView ${key}=${v[key]}` };
  },
  sampler: (json, random) => {
    const animations = list(json, 'animations');
    const nodes = list(json, 'nodes');
    if (!animations.length || !nodes.length) return undefined;
    const a = pick(random, animations);
    const channels = list(a, 'channels');
    const samplers = list(a, 'samplers');
    if (!channels.length || !samplers.length) return undefined;
    const what = randInt(random, 4);
    if (what === 0) {
      // Many channels on one sampler, on new nodes (issue 26).
      const n = pick(random, [10, 100, 1000, 5000]);
      const first = nodes.length;
      for (let i = 0; i < n; i++) json.nodes.push({ name: `shared_${i}` });
      for (let i = 0; i < n; i++) a.channels.push({ sampler: 0, target: { node: first + i, path: pick(random, ['translation', 'rotation', 'scale']) } });
      return { label: `sampler 0 shared by ${n} more channels` };
    }
    const s = pick(random, samplers);
    if (what === 1) [s.input, s.output] = [s.output, s.input];
    else if (what === 2) s.interpolation = pick(random, ['STEP', 'CUBICSPLINE', 'LINEAR', 'bogus', 7]);
    else pick(random, channels).target.path = pick(random, ['weights', 'translation', 'rotation', 'scale', 'pointer', 3]);
    return { label: `sampler ${['', 'input/output swapped', 'interpolation', 'target path'][what]}` };
  },
  keys: (json, random, bin) => {
    // A key time (or value) in the binary chunk set to a hostile float: outliers, NaN, disorder.
    const accessors = list(json, 'accessors');
    const samplers = list(json, 'animations').flatMap((a) => list(a, 'samplers'));
    const views = list(json, 'bufferViews');
    if (!bin || !samplers.length) return undefined;
    const s = pick(random, samplers);
    const a = accessors[random() < 0.75 ? s.input : s.output];
    const view = a && views[a.bufferView];
    if (!a || !view || !(a.count > 0) || a.componentType !== 5126) return undefined;
    const out = bin.slice();
    const sizes: Record<string, number> = { SCALAR: 1, VEC3: 3, VEC4: 4 };
    const k = randInt(random, a.count * (sizes[a.type] ?? 1));
    const at = (view.byteOffset ?? 0) + (a.byteOffset ?? 0) + k * 4;
    if (at + 4 > out.length) return undefined;
    const value = pick(random, [1e9, 2.5e38, -1, ...HOSTILE_FLOATS]);
    new DataView(out.buffer).setFloat32(at, value, true);
    return { label: `key ${k}=${value}`, bin: out };
  },
  node: (json, random) => {
    const nodes = list(json, 'nodes');
    if (!nodes.length) return undefined;
    const what = randInt(random, 5);
    if (what === 0) {
      const n = pick(random, [100, 2000, 12_000]);
      const first = json.nodes.length;
      for (let i = 0; i < n; i++) json.nodes.push(i + 1 < n ? { children: [first + i + 1] } : {});
      (json.scenes?.[0]?.nodes as unknown[] | undefined)?.push(first);
      return { label: `chain of ${n} nodes` };
    }
    const node = pick(random, nodes);
    if (what === 1) node.children = [...(node.children ?? []), json.nodes.indexOf(node)];
    else if (what === 2) node.matrix = pick(random, [[1, 2, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], Array(16).fill(1e38)]);
    else if (what === 3) node.rotation = pick(random, [[0, 0, 0, 0], [1e38, 0, 0, 1], [0, 0, 0]]);
    else node.scale = [0, 0, 0];
    return { label: `node ${['', 'own child', 'matrix', 'rotation', 'scale 0'][what]}` };
  },
  skin: (json, random) => {
    const skins = list(json, 'skins');
    if (!skins.length) return undefined;
    const s = pick(random, skins);
    const what = randInt(random, 3);
    if (what === 0 && Array.isArray(s.joints) && s.joints.length) s.joints.push(...Array(pick(random, [1, 10, 100_000])).fill(s.joints[0]));
    else if (what === 1) s.inverseBindMatrices = randInt(random, list(json, 'accessors').length + 1);
    else s.skeleton = lieFor(random, 0);
    return { label: `skin ${['joints repeated', 'inverseBindMatrices', 'skeleton'][what]}` };
  },
  name: (json, random) => {
    const kinds = ['nodes', 'meshes', 'materials', 'animations', 'skins', 'images', 'textures', 'scenes', 'cameras', 'accessors'].filter((k) => list(json, k).length);
    if (!kinds.length) return undefined;
    const kind = pick(random, kinds);
    const target = pick(random, list(json, kind));
    const key = kind === 'images' ? pick(random, ['name', 'mimeType', 'uri']) : 'name';
    const value = pick(random, HOSTILE_NAMES);
    target[key] = value;
    return { label: `${kind} ${key}=${JSON.stringify(value)?.slice(0, 20)}` };
  },
  deep: (json, random) => {
    const depth = pick(random, [70, 1000, 5000, 100_000]);
    const text = random() < 0.5 ? `${'['.repeat(depth)}0${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const where = randInt(random, 3);
    if (where === 0 && list(json, 'nodes').length) pick(random, list(json, 'nodes')).extras = { deep: DEEP };
    else if (where === 1) json[pick(random, ['nodes', 'accessors', 'extensionsUsed', 'animations', 'extras'])] = DEEP;
    else json.extras = { ...(json.extras ?? {}), deep: DEEP };
    return { label: `${depth} deep ${['in node extras', 'at top level', 'in extras'][where]}`, deep: text };
  },
};

/** One mutator per kind of edit: the .glb split, one edit, packed again. */
export const gltfMutators: Mutator[] = Object.entries(edits).map(([name, edit]) => (bytes: Uint8Array, random: Random): Mutation | undefined => {
  const glb = splitGlb(bytes);
  if (!glb) return undefined;
  const done = edit(glb.json, random, glb.bin);
  if (!done) return undefined;
  return { bytes: pack(glb.json, done.bin ?? glb.bin, done.deep), label: `gltf.${name} ${done.label}` };
});
