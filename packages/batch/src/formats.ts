import type { Format } from '@relic3d/core';
import { aseFormat } from '@relic3d/ase';
import { lodFormat } from '@relic3d/lod';
import { mdlFormat } from '@relic3d/mdl';
import { ms3dFormat } from '@relic3d/ms3d';
import { o3dFormat } from '@relic3d/o3d';

/** Every format the batch decoder detects and parses (the one list to extend). */
export const batchFormats: readonly Format[] = [ms3dFormat, aseFormat, o3dFormat, mdlFormat, lodFormat] as Format[];
