import { createScene, markScrubbedFinite, scrubNonFinite, type Scene, type WarningSink } from '@relic3d/core';
import type { MdlFile, MdlParseOptions } from '../file.js';
import type { BuildContext } from './context.js';
import { MaterialTable } from './materials.js';
import { buildNode } from './nodes.js';

/**
 * Raw file → core Scene, converted to glTF's frame at the edge (see axes.ts). The scene shares the
 * file's arrays where nothing changes them and converts copies otherwise: `file` is only read.
 */
export function buildMdlScene(file: MdlFile, options: MdlParseOptions, sink: WarningSink): Scene {
  const scene = createScene('mdl', file.version);
  if (file.root.name) scene.name = file.root.name;
  scene.extras = {
    variant: file.variant,
    magic: file.magic,
    sourceAxes: 'left-handed, +X right, +Y up, +Z forward, metres (Z mirrored on import)',
  };
  if (file.variant === 'g3d') scene.extras.unverifiedLayout = true;
  if (file.trailingBytes) scene.extras.trailingBytes = file.trailingBytes;
  const ctx: BuildContext = { scene, file, options, sink, materials: new MaterialTable(scene, options), finite: new Set(), scratch: new Float64Array(0) };
  buildNode(ctx, file.root, -1, true);
  const fixed = scrubNonFinite(scene, ctx.finite);
  if (fixed) sink.warn('MDL_NOT_FINITE', `${fixed} non-finite values (NaN or infinity) were replaced`);
  // Scrubbed whole: the glTF exporter need not scan it again.
  markScrubbedFinite(scene);
  return scene;
}
