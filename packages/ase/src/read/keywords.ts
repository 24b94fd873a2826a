import type { AseObjectKind } from '../file.js';

/** Object block keywords and the kind of object each one starts. */
export const OBJECT_KINDS: Record<string, AseObjectKind> = {
  GEOMOBJECT: 'geom',
  SHAPEOBJECT: 'shape',
  CAMERAOBJECT: 'camera',
  LIGHTOBJECT: 'light',
  HELPEROBJECT: 'helper',
  GROUP: 'group',
};
/** Keywords that end an unclosed `*MATERIAL_LIST` (Blender 2.51 bug, assimp PR #3844). */
export const TOP_LEVEL = new Set(Object.keys(OBJECT_KINDS));
