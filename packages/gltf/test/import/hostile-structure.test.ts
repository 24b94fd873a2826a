// Hostile files whose structure is broken: a FormatError (format 'gltf') naming the code and the
// JSON path, never a RangeError or TypeError from deeper down.
import { describe, expect, it } from 'vitest';
import { packGlb } from '../../src/io/glb.js';
import { editedGlb, formatError, readWarned } from './hostile-helpers.js';

const bytes = (...values: number[]) => new Uint8Array(values);
const u32 = (...values: number[]) => new Uint8Array(new Uint32Array(values).buffer);
const text = (s: string) => new TextEncoder().encode(s);

describe('containers that are not glTF', () => {
  it.each([
    ['no bytes', bytes(), 'EMPTY'],
    ['another format', text('MS3D000000'), 'BAD_MAGIC'],
    ['a .glb of version 1', u32(0x46546c67, 1, 20, 0, 0x4e4f534a), 'BAD_VERSION'],
    ['a .glb header longer than the file', u32(0x46546c67, 2, 4000, 2, 0x4e4f534a, 0x2020207b), 'TRUNCATED'],
    ['a .glb chunk past the end', u32(0x46546c67, 2, 28, 400, 0x4e4f534a, 0x2020207b, 0x2020207d), 'TRUNCATED'],
    ['a .glb whose first chunk is not JSON', u32(0x46546c67, 2, 28, 8, 0x004e4942, 0, 0), 'BAD_TAG'],
    ['a .glb header only', u32(0x46546c67, 2, 12), 'BAD_SIZE'],
    ['JSON that does not parse', text('{"asset": {'), 'BAD_SYNTAX'],
    ['JSON nested too deep for the parser', text(`{"a":${'['.repeat(200_000)}`), 'BAD_SYNTAX'],
    ['JSON that is not an object', packGlb([1, 2], undefined), 'BAD_VALUE'],
    ['no asset', text('{}'), 'BAD_VALUE'],
    ['glTF 1.0', text('{"asset":{"version":"1.0"}}'), 'BAD_VERSION'],
  ])('%s → %s', async (_what, input, code) => {
    expect((await formatError(input)).code).toBe(code);
  });

  it('reads a 2.x file as 2.0 with a warning', async () => {
    const { codes } = await readWarned(text('{"asset":{"version":"2.1"}}'));
    expect(codes).toEqual(['GLTF_VERSION']);
  });

  it('refuses required extensions it cannot read (unknown ones), warns for optional ones', async () => {
    for (const name of ['EXT_unknown', 'KHR_accessor_float16']) {
      const error = await formatError(editedGlb((json) => ((json.extensionsUsed = [name]), (json.extensionsRequired = [name]))));
      expect([error.code, error.found]).toEqual(['UNSUPPORTED', JSON.stringify(name)]);
    }
    const { codes } = await readWarned(editedGlb((json) => (json.extensionsUsed = [...(json.extensionsUsed ?? []), 'EXT_unknown'])));
    expect(codes).toContain('GLTF_EXTENSION_IGNORED');
  });
});

describe('references out of range', () => {
  const cases: [string, (json: any) => void, string][] = [
    ['node mesh', (j) => (j.nodes[0].mesh = 99), 'nodes[0].mesh'],
    ['node child', (j) => (j.nodes[0].children = [0.5]), 'nodes[0].children[0]'],
    ['node skin', (j) => (j.nodes[0].skin = -1), 'nodes[0].skin'],
    ['node camera', (j) => (j.nodes[0].camera = '0'), 'nodes[0].camera'],
    ['node light', (j) => (j.nodes.find((n: any) => n.extensions).extensions.KHR_lights_punctual.light = 9), 'KHR_lights_punctual.light'],
    ['attribute accessor', (j) => (j.meshes[0].primitives[0].attributes.NORMAL = 1e9), 'attributes.NORMAL'],
    ['indices accessor', (j) => (j.meshes[0].primitives[0].indices = 999), 'primitives[0].indices'],
    ['material', (j) => (j.meshes[0].primitives[0].material = 7), 'primitives[0].material'],
    ['morph target accessor', (j) => (j.meshes[0].primitives[0].targets[0].POSITION = 500), 'targets[0].POSITION'],
    ['texture of a material', (j) => (j.materials[0].pbrMetallicRoughness.baseColorTexture.index = 40), 'baseColorTexture.index'],
    ['texture in a material extension', (j) => (j.materials[0].extensions = { KHR_materials_clearcoat: { clearcoatTexture: { index: 40 } } }), 'clearcoatTexture.index'],
    ['image of a texture', (j) => (j.textures[0].source = 12), 'textures[0].source'],
    ['sampler of a texture', (j) => (j.textures[0].sampler = 12), 'textures[0].sampler'],
    ['skin joint', (j) => j.skins[0].joints.push(300), 'skins[0].joints[3]'],
    ['inverse bind matrices', (j) => (j.skins[0].inverseBindMatrices = 300), 'inverseBindMatrices'],
    ['animation input', (j) => (j.animations[0].samplers[0].input = 300), 'samplers[0].input'],
    ['channel sampler', (j) => (j.animations[0].channels[0].sampler = 30), 'channels[0].sampler'],
    ['channel node', (j) => (j.animations[0].channels[0].target.node = 30), 'target.node'],
    ['scene node', (j) => j.scenes[0].nodes.push(77), 'scenes[0].nodes'],
    ['default scene', (j) => (j.scene = 3), 'scene'],
    ['buffer view buffer', (j) => (j.bufferViews[0].buffer = 2), 'bufferViews[0].buffer'],
    ['accessor buffer view', (j) => (j.accessors[0].bufferView = 2000), 'accessors[0].bufferView'],
    ['image buffer view', (j) => (j.images[0].bufferView = 2000), 'images[0].bufferView'],
  ];
  it.each(cases)('%s → BAD_INDEX naming the path', async (_what, edit, where) => {
    const error = await formatError(editedGlb(edit));
    expect(error.code).toBe('BAD_INDEX');
    expect(error.message).toContain(where);
  });
});

describe('sizes and counts that do not fit the bytes', () => {
  const cases: [string, (json: any) => void, string][] = [
    ['an accessor past its view', (j) => (j.accessors[0].count += 1), 'BAD_SIZE'],
    ['an accessor offset past its view', (j) => (j.accessors[0].byteOffset = 1e6), 'BAD_SIZE'],
    ['a huge count', (j) => (j.accessors[0].count = 2 ** 40), 'BAD_SIZE'],
    ['a count that is not a number', (j) => (j.accessors[0].count = 'many'), 'BAD_VALUE'],
    ['a negative count', (j) => (j.accessors[0].count = -3), 'BAD_VALUE'],
    ['a view past its buffer', (j) => (j.bufferViews[0].byteLength += 1e6), 'BAD_SIZE'],
    ['an unknown component type', (j) => (j.accessors[0].componentType = 9999), 'BAD_VALUE'],
    ['half floats (no decoder in Node 20)', (j) => (j.accessors[0].componentType = 5131), 'UNSUPPORTED'],
    ['an unknown element type', (j) => (j.accessors[0].type = 'VEC7'), 'BAD_VALUE'],
    ['a stride over 252', (j) => (j.bufferViews[0].byteStride = 256), 'BAD_VALUE'],
    ['a stride shorter than an element', (j) => (j.bufferViews[j.accessors[0].bufferView].byteStride = 4), 'BAD_VALUE'],
    ['4 GB of zero-filled accessor a skin uses', (j) => (j.skins[0].inverseBindMatrices = j.accessors.push({ componentType: 5126, type: 'MAT4', count: 2 ** 26 }) - 1), 'BAD_COUNT'],
    ['sparse count past the accessor', (j) => (j.accessors.find((a: any) => a.sparse).sparse.count = 1000), 'BAD_COUNT'],
    ['sparse indices past their view', (j) => (j.accessors.find((a: any) => a.sparse).sparse.indices.byteOffset = 1e6), 'BAD_SIZE'],
    ['a sparse index type that is not one', (j) => (j.accessors.find((a: any) => a.sparse).sparse.indices.componentType = 5126), 'BAD_VALUE'],
    ['a buffer with no data', (j) => j.buffers.push({ byteLength: 8 }) && j.bufferViews.push({ buffer: 1, byteLength: 8 }), 'BAD_INDEX'],
    ['a data URI that is not base64', (j) => (j.buffers[0].uri = 'data:application/octet-stream;base64,@@@@'), 'BAD_VALUE'],
    ['an image with neither uri nor view', (j) => delete j.images[0].bufferView, 'BAD_VALUE'],
    ['a camera of no type', (j) => (j.cameras[0].type = 'fisheye'), 'BAD_VALUE'],
    ['a camera without its parameters', (j) => delete j.cameras[0].perspective, 'BAD_VALUE'],
    ['a primitive mode past 6', (j) => (j.meshes[0].primitives[0].mode = 9), 'BAD_VALUE'],
    ['a node list that is not a list', (j) => (j.nodes = { 0: {} }), 'BAD_VALUE'],
    ['a skin without joints', (j) => delete j.skins[0].joints, 'BAD_VALUE'],
  ];
  it.each(cases)('%s → %s', async (_what, edit, code) => {
    expect((await formatError(editedGlb(edit))).code).toBe(code);
  });
});

describe('hierarchies that are not trees', () => {
  it.each([
    ['a node its own child', (j: any) => (j.nodes[0].children = [0])],
    ['a cycle of two', (j: any) => ((j.nodes[1].children = [0]), (j.nodes[0].children = [...(j.nodes[0].children ?? []), 1]))],
    ['a node with two parents', (j: any) => j.nodes[j.nodes.length - 1].children = [j.nodes[0].children[0]]],
  ])('%s → BAD_VALUE', async (_what, edit) => {
    const error = await formatError(editedGlb(edit));
    expect(error.code).toBe('BAD_VALUE');
    expect(error.expected).toMatch(/cycles|one parent/);
  });
});
