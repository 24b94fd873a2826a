/** Every format relic3d reads (importing relic3d registers them in core's registry too); glTF is the sixth input. */
export { formats, formatExtensions, ms3dFormat, aseFormat, o3dFormat, mdlFormat, lodFormat } from '@relic3d/formats';
export { inputFormats, inputExtensions, gltfFormat } from '@relic3d/formats';

export { detect, formatFor, parse, parseSync, type AnyParseOptions } from './parse.js';
export { describeScene, type SceneInfo } from './info.js';
export { write, writerFor, fileNameProblem, checkFileNames, writers, ms3dWriter, aseWriter, o3dWriter, mdlWriter, lodWriter, type AnyWriteOptions } from './write.js';
export { kernelSkinning } from './bounds.js';
export * from '@relic3d/core';
export * from '@relic3d/gltf';
export * as ms3d from '@relic3d/ms3d';
export * as ase from '@relic3d/ase';
export * as o3d from '@relic3d/o3d';
export * as mdl from '@relic3d/mdl';
export * as lod from '@relic3d/lod';
export * as gltf from '@relic3d/gltf';
export { ready, setKernelMode, getKernelMode, supported as wasmSupported, simdSupported } from '@relic3d/kernels';
