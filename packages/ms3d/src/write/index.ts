// writeMs3d: a scene (glTF conventions) → a MilkShape 3D v4 file as MilkShape 1.8.x writes it, the
// inverse of ../read/ and ../scene/. One file per concern beside this one: drawn (what is drawn),
// joints (the skeleton), vertices and mesh (groups, vertices, triangles), materials and images,
// timeline, keys and tracks (animation), names and limits, serialize (the bytes).
import {
  checkDrawnCopies,
  checkNameTypes,
  codePageEncoder,
  isWriteError,
  outputBaseName,
  WarningSink,
  WriteError,
  type CodePageEncoder,
  type FormatWriter,
  type Scene,
  type WriteOptions,
  type WriteResult,
} from '@relic3d/core';
import { FORMAT_ID } from '../file.js';
import { drawnPrimitives } from './drawn.js';
import { drivenNodes, planJoints } from './joints.js';
import { buildMesh } from './mesh.js';
import { NameFields } from './names.js';
import { assembleOutput } from './output.js';
import { restWorlds } from './world.js';

/** Options of `writeMs3d`. */
export interface WriteMs3dOptions extends WriteOptions {
  /**
   * Frames per second of MS3D's timeline. Default: the clip's own (a scene read from MS3D), else
   * the usual rate its key times fall on (30, 24, 25, 60, …), else 30. Keys that must be sampled
   * (STEP or CUBICSPLINE keys, animated nodes folded between joints) are sampled at this rate.
   */
  fps?: number;
  /**
   * `'all'` (default): group, material, joint and model comments, as MilkShape writes them.
   * `'model'`: the model comment only. assimp 5 reads the int32 comment counts as u16 and fails on
   * a file with group, material or joint comments (as it does on MilkShape's own such files).
   */
  comments?: 'all' | 'model';
}

/** Bytes a baked vertex and triangle take while welded and laid out (before the 65,534 limits are checked). */
const BYTES_PER_VERTEX = 96;
const BYTES_PER_TRIANGLE = 48;

function encoderFor(page: string | undefined): CodePageEncoder {
  try {
    return codePageEncoder(page);
  } catch {
    throw new WriteError({ format: FORMAT_ID, code: 'UNSUPPORTED', limit: 'code page', value: String(page) });
  }
}

/** Writes a scene as MilkShape 3D files: `<name>.ms3d`, and the embedded images beside it. */
export function writeMs3d(scene: Scene, options: WriteMs3dOptions = {}): WriteResult {
  try {
    checkNameTypes(FORMAT_ID, scene);
    // Groups are baked in world space, one copy per drawing node: refused before any is made when too many.
    checkDrawnCopies(FORMAT_ID, scene, BYTES_PER_VERTEX, BYTES_PER_TRIANGLE);
    const sink = new WarningSink(FORMAT_ID, options.onWarning);
    const names = new NameFields(encoderFor(options.codePage), sink);
    const name = outputBaseName(scene, options);
    const fileName = `${name}.ms3d`;
    const world = restWorlds(scene);
    const drawn = drawnPrimitives(scene, sink);
    const driven = drivenNodes(scene);
    const joints = planJoints(scene, drawn, world, driven, sink);
    const mesh = buildMesh(scene, drawn, world, joints, sink);
    const { bytes, images } = assembleOutput({ scene, options, sink, names, name, fileName, driven, joints, mesh });
    return { files: { [fileName]: bytes, ...images }, warnings: sink.list };
  } catch (error) {
    if (isWriteError(error)) throw error;
    // The contract: only WriteError escapes a writer.
    throw new WriteError({ format: FORMAT_ID, code: 'INVALID_SCENE', limit: 'scene', value: error instanceof Error ? error.message : String(error) });
  }
}

/** The MilkShape 3D writer as plain data (the loaders.gl writer shape). */
export const ms3dWriter: FormatWriter<WriteMs3dOptions> = {
  id: FORMAT_ID,
  name: 'MilkShape 3D',
  extension: '.ms3d',
  write: writeMs3d,
};
