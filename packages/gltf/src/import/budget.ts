// Work in proportion to the input (issue 26): what a checked file would make is counted from its
// JSON before glTF-Transform reads it, and refused with a FormatError when it is more than a budget
// that grows with the input. The import's peak then stays within the project's 8 × input + 64 MB.
import type { WarningSink } from '@relic3d/core';
import { gltfError } from './errors.js';

type Json = Record<string, unknown>;

const MB = 1 << 20;
const COMPONENT_BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4, 5130: 8 };
const TYPE_SIZES: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };

/**
 * glTF objects (nodes, accessors, meshes, primitives, morph targets, materials, textures, images,
 * skins, animations, samplers, channels, cameras, scenes; joints count a tenth) one input may hold.
 * Each costs ~4 KB between the parsed JSON, glTF-Transform's graph and the scene (measured: 10,000
 * empty nodes peak at 40 MB, 10,000 one-channel animations at 77 MB), so the budget keeps them
 * within 4 × input + 40 MB.
 */
export const objectBudget = (inputBytes: number): number => 10_240 + Math.floor(inputBytes / 1024);

/**
 * Accessor bytes glTF-Transform makes (it copies every accessor it reads; accessors without a
 * buffer view are zero-filled, sparse ones too): at most the input + 16 MB. The scene converts
 * them at most 4× (normalized bytes to float32), which keeps the import within its budget.
 */
export const accessorBudget = (inputBytes: number): number => inputBytes + 16 * MB;

/**
 * Key data the scene's channels stand for, as float32, counted per channel (channels that share a
 * sampler share its arrays in the scene, but every exporter and writer walks each channel): at
 * most 4 × the input + 16 MB.
 */
export const keyBudget = (inputBytes: number): number => 4 * inputBytes + 16 * MB;

const array = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const objects = (value: unknown): Json[] => array(value).filter((x): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x));
const index = (value: unknown): number | undefined => (Number.isInteger(value) && (value as number) >= 0 ? (value as number) : undefined);

/** Bytes glTF-Transform allocates to read one (checked) accessor. */
function accessorBytes(accessor: Json): number {
  const element = (COMPONENT_BYTES[accessor.componentType as number] ?? 4) * (TYPE_SIZES[accessor.type as string] ?? 1);
  const count = accessor.count as number;
  const sparse = accessor.sparse as Json | undefined;
  const sparseCount = typeof sparse?.count === 'number' ? sparse.count : 0;
  return count * element + sparseCount * (element + 4);
}

/**
 * Checks a structurally checked JSON against the budgets for an input of `inputBytes`, and leaves
 * out (in place, as empty accessors) the accessors nothing reads, which glTF-Transform would
 * otherwise copy one by one. Skin joints must be distinct nodes, as the spec says.
 */
export function checkBudgets(json: Json, inputBytes: number, warnings: WarningSink, at: number): void {
  const fail = (where: string, expected: string, found: string): never => {
    throw gltfError('BAD_COUNT', where, expected, found, at);
  };
  const accessors = objects(json.accessors);
  const used = new Uint8Array(accessors.length);
  const use = (value: unknown) => {
    const i = index(value);
    if (i !== undefined && i < used.length) used[i] = 1;
  };

  let count = accessors.length;
  const nodes = objects(json.nodes);
  count += nodes.length + objects(json.materials).length + objects(json.textures).length + objects(json.images).length;
  count += objects(json.cameras).length + objects(json.scenes).length + objects(json.samplers).length;
  for (const mesh of objects(json.meshes)) {
    const primitives = objects(mesh.primitives);
    count += 1 + primitives.length;
    for (const primitive of primitives) {
      if (typeof primitive.attributes === 'object' && primitive.attributes) for (const a of Object.values(primitive.attributes)) use(a);
      use(primitive.indices);
      const targets = objects(primitive.targets);
      count += targets.length;
      for (const target of targets) for (const a of Object.values(target)) use(a);
    }
  }
  let joints = 0;
  objects(json.skins).forEach((skin, s) => {
    use(skin.inverseBindMatrices);
    const list = array(skin.joints);
    joints += list.length;
    const seen = new Uint8Array(nodes.length);
    list.forEach((j, k) => {
      if (seen[j as number]) throw gltfError('BAD_VALUE', `skins[${s}].joints[${k}]`, 'distinct nodes (each joint once)', `node ${j as number} again`, at);
      seen[j as number] = 1;
    });
  });
  count += objects(json.skins).length + Math.ceil(joints / 10);

  let keyBytes = 0;
  const keyBytesOf = (i: number | undefined) => (i !== undefined && i < accessors.length ? (accessors[i].count as number) * (TYPE_SIZES[accessors[i].type as string] ?? 1) * 4 : 0);
  for (const animation of objects(json.animations)) {
    const samplers = objects(animation.samplers);
    const channels = objects(animation.channels);
    count += 1 + samplers.length + channels.length;
    for (const sampler of samplers) {
      use(sampler.input);
      use(sampler.output);
    }
    for (const channel of channels) {
      const sampler = samplers[channel.sampler as number];
      if (sampler) keyBytes += keyBytesOf(index(sampler.input)) + keyBytesOf(index(sampler.output));
    }
  }

  const objectLimit = objectBudget(inputBytes);
  if (count > objectLimit) fail('the document', `at most ${objectLimit} glTF objects for ${inputBytes} bytes of input`, `${count}`);
  const keyLimit = keyBudget(inputBytes);
  if (keyBytes > keyLimit) fail('animations', `at most ${keyLimit} bytes of key data over all channels for ${inputBytes} bytes of input`, `${keyBytes} bytes (channels sharing samplers count each)`);

  let bytes = 0;
  let unused = 0;
  accessors.forEach((accessor, i) => {
    if (used[i]) bytes += accessorBytes(accessor);
    else if ((accessor.count as number) > 0) {
      // Nothing reads it: glTF-Transform gets an empty accessor instead of a copy of its data.
      (json.accessors as Json[])[i] = { componentType: 5126, type: 'SCALAR', count: 0 };
      unused++;
    }
  });
  const accessorLimit = accessorBudget(inputBytes);
  if (bytes > accessorLimit) fail('accessors', `at most ${accessorLimit} bytes of accessor data for ${inputBytes} bytes of input`, `${bytes} bytes`);
  if (unused) warnings.warn('GLTF_ACCESSORS_UNUSED', `${unused} accessors no mesh, skin or animation uses are not read`);
}
