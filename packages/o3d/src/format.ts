import type { Format } from '@relic3d/core';
import { parse, parseO3d } from './parse.js';
import { isFlyffO3d } from './read.js';
import type { O3dParseOptions } from './types.js';

/** Fly For Fun `.o3d` (versions 20–22), with `.chr` skeletons and `.ani` motions as companions. */
export const o3dFormat: Format<O3dParseOptions> = {
  id: 'o3d',
  name: 'Flyff O3D',
  extensions: ['.o3d'],
  mimeTypes: ['application/x-flyff-o3d'],
  encoding: 'binary',
  test: isFlyffO3d,
  parse,
  parseSync: parseO3d,
};
