// The structure glTF-Transform's reader takes for granted, checked before it runs: every index in
// range, every accessor inside its buffer view and every view inside its buffer, counts that fit
// the bytes there are, a node forest without cycles. A file that fails is a FormatError naming the
// JSON path; values (NaN, weights, key order) are the phases' concern, as warnings.
import { GLB_BUFFER } from '@gltf-transform/core';
import type { WarningSink } from '@relic3d/core';
import { meshoptOf } from './compressed.js';
import { gltfError, shown } from './errors.js';
import type { GltfSource } from './source.js';

type Json = Record<string, unknown>;

const COMPONENT_BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4, 5130: 8 };
const TYPE_SIZES: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };
const INDEX_BYTES: Record<number, number> = { 5121: 1, 5123: 2, 5125: 4 };
/** Extensions whose data cannot be read without a decoder this package does not ship. */
const NEEDS_DECODER = ['KHR_accessor_float16'];

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks `source.json` in place of the reader's assumptions. `supported` are the extension names
 * registered on the IO; an unsupported required one is a FormatError, an optional one a warning.
 * What the file would make (objects, accessor bytes, key data) is budget.ts's concern.
 */
export function checkStructure(source: GltfSource, supported: Set<string>, warnings: WarningSink): void {
  const json = source.json as unknown as Json;
  const at = source.jsonOffset;
  const fail = (code: 'BAD_VALUE' | 'BAD_INDEX' | 'BAD_SIZE' | 'BAD_COUNT' | 'UNSUPPORTED' | 'BAD_VERSION', where: string, expected: string, found: unknown): never => {
    throw gltfError(code, where, expected, shown(found), at);
  };
  const list = (key: string): Json[] => {
    const value = json[key];
    if (value === undefined) return [];
    if (!Array.isArray(value) || !value.every(isObject)) return fail('BAD_VALUE', key, 'an array of objects', value);
    return value as Json[];
  };
  const counts: Record<string, number> = {};
  for (const key of ['accessors', 'animations', 'buffers', 'bufferViews', 'cameras', 'images', 'materials', 'meshes', 'nodes', 'samplers', 'scenes', 'skins', 'textures']) {
    counts[key] = list(key).length;
  }
  const ref = (value: unknown, of: string, where: string, optional = true): number | undefined => {
    if (value === undefined && optional) return undefined;
    if (!Number.isInteger(value) || (value as number) < 0 || (value as number) >= counts[of]) {
      fail('BAD_INDEX', where, counts[of] ? `an index into ${of} (0..${counts[of] - 1})` : `an index, but there are no ${of}`, value);
    }
    return value as number;
  };
  const whole = (value: unknown, where: string, min: number, fallback?: number): number => {
    if (value === undefined && fallback !== undefined) return fallback;
    if (!Number.isSafeInteger(value) || (value as number) < min) fail('BAD_VALUE', where, `a whole number ≥ ${min}`, value);
    return value as number;
  };

  // Asset and extensions.
  const asset = json.asset;
  if (!isObject(asset) || typeof asset.version !== 'string') fail('BAD_VALUE', 'asset.version', 'a version string', isObject(asset) ? asset.version : asset);
  const version = (asset as Json).version as string;
  if (version !== '2.0') {
    if (!/^2\.\d+$/.test(version)) fail('BAD_VERSION', 'asset.version', '"2.0"', version);
    warnings.warn('GLTF_VERSION', `asset.version is "${version}"; read as 2.0`);
    json.asset = { ...(asset as Json), version: '2.0' };
  }
  const names = (key: string): string[] => {
    const value = json[key] ?? [];
    if (!Array.isArray(value) || !value.every((x) => typeof x === 'string')) return fail('BAD_VALUE', key, 'an array of names', value);
    return value as string[];
  };
  const required = names('extensionsRequired');
  const used = names('extensionsUsed');
  for (const name of required) {
    if (!supported.has(name) || NEEDS_DECODER.includes(name)) fail('UNSUPPORTED', 'extensionsRequired', 'extensions relic3d reads', name);
  }
  const skipped = used.filter((name) => !supported.has(name) || NEEDS_DECODER.includes(name));
  if (skipped.length) {
    warnings.warn('GLTF_EXTENSION_IGNORED', `optional extensions ${skipped.join(', ')} are not read; their fallback data is used`);
    json.extensionsUsed = used.filter((name) => !skipped.includes(name));
  }

  // Buffers and views: every view inside the bytes its buffer has.
  const bufferBytes = list('buffers').map((buffer, i) => {
    const uri = buffer.uri as string | undefined;
    return uri === undefined ? (i === 0 ? source.resources[GLB_BUFFER] : undefined) : source.resources[uri];
  });
  const views = list('bufferViews').map((view, i) => {
    const where = `bufferViews[${i}]`;
    const buffer = ref(view.buffer, 'buffers', `${where}.buffer`, false)!;
    const offset = whole(view.byteOffset, `${where}.byteOffset`, 0, 0);
    const length = whole(view.byteLength, `${where}.byteLength`, 1);
    const stride = view.byteStride === undefined ? undefined : whole(view.byteStride, `${where}.byteStride`, 1);
    if (stride !== undefined && stride > 252) fail('BAD_VALUE', `${where}.byteStride`, 'at most 252', stride);
    const data = bufferBytes[buffer];
    // A meshopt view's own buffer is a fallback that may hold no bytes; compressed.ts checks its data.
    if (!data && meshoptOf(view, json.extensionsUsed as string[])) return { length, stride };
    if (!data) fail('BAD_INDEX', `${where}.buffer`, `a buffer with data (buffers[${buffer}] has no uri and there is no .glb binary chunk)`, buffer);
    if (offset + length > data!.length) fail('BAD_SIZE', where, `bytes ${offset}..${offset + length} inside buffer ${buffer} (${data!.length} bytes)`, `${offset + length - data!.length} bytes past its end`);
    return { length, stride };
  });

  // Accessors: every element inside its view.
  list('accessors').forEach((accessor, i) => {
    const where = `accessors[${i}]`;
    const componentType = accessor.componentType as number;
    const bytes = COMPONENT_BYTES[componentType];
    if (!bytes) fail(componentType === 5131 ? 'UNSUPPORTED' : 'BAD_VALUE', `${where}.componentType`, 'one of 5120, 5121, 5122, 5123, 5125, 5126', componentType);
    const size = TYPE_SIZES[accessor.type as string];
    if (!size) fail('BAD_VALUE', `${where}.type`, 'SCALAR, VEC2, VEC3, VEC4, MAT2, MAT3 or MAT4', accessor.type);
    const count = whole(accessor.count, `${where}.count`, 0);
    if (accessor.normalized !== undefined && typeof accessor.normalized !== 'boolean') fail('BAD_VALUE', `${where}.normalized`, 'true or false', accessor.normalized);
    const element = bytes * size;
    const view = ref(accessor.bufferView, 'bufferViews', `${where}.bufferView`);
    if (view !== undefined) {
      const offset = whole(accessor.byteOffset, `${where}.byteOffset`, 0, 0);
      const { length, stride = element } = views[view];
      if (stride < element && count > 1) fail('BAD_VALUE', `bufferViews[${view}].byteStride`, `at least ${element} (an element of ${where})`, stride);
      const end = count ? offset + stride * (count - 1) + element : 0;
      if (end > length) fail('BAD_SIZE', where, `${count} elements of ${element} bytes inside bufferViews[${view}] (${length} bytes)`, `${end - length} bytes past its end`);
    }
    const sparse = accessor.sparse;
    if (sparse === undefined) return;
    if (!isObject(sparse)) return fail('BAD_VALUE', `${where}.sparse`, 'an object', sparse);
    const n = whole(sparse.count, `${where}.sparse.count`, 1);
    if (n > count) fail('BAD_COUNT', `${where}.sparse.count`, `at most the accessor's ${count}`, n);
    const part = (key: 'indices' | 'values', elementBytes: number): void => {
      const def = sparse[key] as Json;
      const v = ref(def.bufferView, 'bufferViews', `${where}.sparse.${key}.bufferView`, false)!;
      if (views[v].stride !== undefined) fail('BAD_VALUE', `bufferViews[${v}].byteStride`, 'none (sparse data is tightly packed)', views[v].stride);
      const offset = whole(def.byteOffset, `${where}.sparse.${key}.byteOffset`, 0, 0);
      if (offset + n * elementBytes > views[v].length) {
        fail('BAD_SIZE', `${where}.sparse.${key}`, `${n} × ${elementBytes} bytes inside bufferViews[${v}] (${views[v].length} bytes)`, `${offset + n * elementBytes - views[v].length} bytes past its end`);
      }
    };
    if (!isObject(sparse.indices)) return fail('BAD_VALUE', `${where}.sparse.indices`, 'an object', sparse.indices);
    if (!isObject(sparse.values)) return fail('BAD_VALUE', `${where}.sparse.values`, 'an object', sparse.values);
    const indexBytes = INDEX_BYTES[sparse.indices.componentType as number];
    if (!indexBytes) fail('BAD_VALUE', `${where}.sparse.indices.componentType`, '5121, 5123 or 5125', sparse.indices.componentType);
    part('indices', indexBytes);
    part('values', element);
  });

  checkReferences(json, { ref, whole, fail, list, counts });
  checkNodeForest(list('nodes'), fail);
}

interface Checkers {
  ref: (value: unknown, of: string, where: string, optional?: boolean) => number | undefined;
  whole: (value: unknown, where: string, min: number, fallback?: number) => number;
  fail: (code: 'BAD_VALUE' | 'BAD_INDEX', where: string, expected: string, found: unknown) => never;
  list: (key: string) => Json[];
  counts: Record<string, number>;
}

/** Every index the reader follows, in range; the objects it reads fields of, present. */
function checkReferences(json: Json, { ref, whole, fail, list, counts }: Checkers): void {
  const object = (value: unknown, where: string): Json => (isObject(value) ? value : fail('BAD_VALUE', where, 'an object', value));
  const array = (value: unknown, where: string): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : fail('BAD_VALUE', where, 'an array', value));

  list('images').forEach((image, i) => {
    ref(image.bufferView, 'bufferViews', `images[${i}].bufferView`);
    if (image.bufferView === undefined && image.uri === undefined) fail('BAD_VALUE', `images[${i}]`, 'a uri or a bufferView', image);
  });
  list('textures').forEach((texture, i) => {
    ref(texture.source, 'images', `textures[${i}].source`);
    ref(texture.sampler, 'samplers', `textures[${i}].sampler`);
    // EXT_texture_webp, KHR_texture_basisu, ...: another image as the source.
    if (isObject(texture.extensions)) {
      for (const [name, ext] of Object.entries(texture.extensions)) if (isObject(ext)) ref(ext.source, 'images', `textures[${i}].extensions.${name}.source`);
    }
  });
  // Texture infos anywhere in a material but its extras (extensions too): `{ index, texCoord }` under a *Texture key.
  const textureInfos = (value: unknown, where: string, depth: number): void => {
    if (!isObject(value) || depth > 8) return;
    for (const [key, item] of Object.entries(value)) {
      if (key === 'extras') continue;
      if (/Texture$/.test(key) && item !== undefined) {
        const info = object(item, `${where}.${key}`);
        ref(info.index, 'textures', `${where}.${key}.index`, false);
        if (info.texCoord !== undefined) whole(info.texCoord, `${where}.${key}.texCoord`, 0);
      } else textureInfos(item, `${where}.${key}`, depth + 1);
    }
  };
  list('materials').forEach((material, i) => textureInfos(material, `materials[${i}]`, 0));

  list('meshes').forEach((mesh, m) => {
    array(mesh.primitives, `meshes[${m}].primitives`).forEach((p, k) => {
      const where = `meshes[${m}].primitives[${k}]`;
      const prim = object(p, where);
      for (const [name, index] of Object.entries(object(prim.attributes ?? {}, `${where}.attributes`))) ref(index, 'accessors', `${where}.attributes.${name}`, false);
      ref(prim.indices, 'accessors', `${where}.indices`);
      ref(prim.material, 'materials', `${where}.material`);
      if (prim.mode !== undefined && (!Number.isInteger(prim.mode) || (prim.mode as number) < 0 || (prim.mode as number) > 6)) fail('BAD_VALUE', `${where}.mode`, 'a mode 0..6', prim.mode);
      array(prim.targets, `${where}.targets`).forEach((t, j) => {
        for (const [name, index] of Object.entries(object(t, `${where}.targets[${j}]`))) ref(index, 'accessors', `${where}.targets[${j}].${name}`, false);
      });
    });
    if (mesh.weights !== undefined) array(mesh.weights, `meshes[${m}].weights`);
  });

  list('cameras').forEach((camera, i) => {
    const where = `cameras[${i}]`;
    if (camera.type !== 'perspective' && camera.type !== 'orthographic') fail('BAD_VALUE', `${where}.type`, '"perspective" or "orthographic"', camera.type);
    object(camera[camera.type as string], `${where}.${camera.type as string}`);
  });

  const lightsExt = isObject(json.extensions) ? json.extensions.KHR_lights_punctual : undefined;
  const lights = isObject(lightsExt) ? array(lightsExt.lights, 'extensions.KHR_lights_punctual.lights') : [];
  lights.forEach((light, i) => object(light, `extensions.KHR_lights_punctual.lights[${i}]`));
  counts.lights = lights.length;

  list('nodes').forEach((node, i) => {
    const where = `nodes[${i}]`;
    array(node.children, `${where}.children`).forEach((c, k) => ref(c, 'nodes', `${where}.children[${k}]`, false));
    ref(node.mesh, 'meshes', `${where}.mesh`);
    ref(node.camera, 'cameras', `${where}.camera`);
    ref(node.skin, 'skins', `${where}.skin`);
    for (const key of ['matrix', 'translation', 'rotation', 'scale', 'weights']) array(node[key], `${where}.${key}`);
    if (isObject(node.extensions) && node.extensions.KHR_lights_punctual !== undefined) {
      ref(object(node.extensions.KHR_lights_punctual, `${where}.extensions.KHR_lights_punctual`).light, 'lights', `${where}.extensions.KHR_lights_punctual.light`, false);
    }
  });
  list('skins').forEach((skin, s) => {
    const where = `skins[${s}]`;
    array(skin.joints, `${where}.joints`).forEach((j, k) => ref(j, 'nodes', `${where}.joints[${k}]`, false));
    if (skin.joints === undefined) fail('BAD_VALUE', `${where}.joints`, 'an array of node indices', skin.joints);
    ref(skin.inverseBindMatrices, 'accessors', `${where}.inverseBindMatrices`);
    ref(skin.skeleton, 'nodes', `${where}.skeleton`);
  });
  list('animations').forEach((animation, a) => {
    const where = `animations[${a}]`;
    const samplers = array(animation.samplers, `${where}.samplers`);
    samplers.forEach((s, k) => {
      const sampler = object(s, `${where}.samplers[${k}]`);
      ref(sampler.input, 'accessors', `${where}.samplers[${k}].input`, false);
      ref(sampler.output, 'accessors', `${where}.samplers[${k}].output`, false);
    });
    array(animation.channels, `${where}.channels`).forEach((c, k) => {
      const channel = object(c, `${where}.channels[${k}]`);
      if (!Number.isInteger(channel.sampler) || (channel.sampler as number) < 0 || (channel.sampler as number) >= samplers.length) {
        fail('BAD_INDEX', `${where}.channels[${k}].sampler`, `an index into the animation's ${samplers.length} samplers`, channel.sampler);
      }
      ref(object(channel.target, `${where}.channels[${k}].target`).node, 'nodes', `${where}.channels[${k}].target.node`);
    });
  });
  list('scenes').forEach((scene, s) => array(scene.nodes, `scenes[${s}].nodes`).forEach((n, k) => ref(n, 'nodes', `scenes[${s}].nodes[${k}]`, false)));
  ref(json.scene, 'scenes', 'scene');
}

/** Every node a child of at most one node, and no node its own ancestor. */
function checkNodeForest(nodes: Json[], fail: Checkers['fail']): void {
  const parent = new Int32Array(nodes.length).fill(-1);
  nodes.forEach((node, i) => {
    for (const c of (node.children as number[] | undefined) ?? []) {
      if (parent[c] !== -1 && parent[c] !== i) fail('BAD_VALUE', `nodes[${c}]`, 'one parent', `nodes ${parent[c]} and ${i}`);
      parent[c] = i;
    }
  });
  const state = new Uint8Array(nodes.length); // 0 new, 1 on the current path, 2 done
  for (let start = 0; start < nodes.length; start++) {
    const path: number[] = [];
    let i = start;
    while (i >= 0 && state[i] === 0) {
      state[i] = 1;
      path.push(i);
      i = parent[i];
    }
    if (i >= 0 && state[i] === 1) fail('BAD_VALUE', `nodes[${i}]`, 'a node hierarchy without cycles', `node ${i} is its own ancestor`);
    for (const p of path) state[p] = 2;
  }
}

