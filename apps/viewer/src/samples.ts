/** The sample picker: one model per format. Only redistributable files are shipped (see public/samples/NOTICE.md). */
export interface Sample {
  format: string;
  label: string;
  /** Short name on the picker. */
  short: string;
  title: string;
  file: string;
  /** Companion files next to it (O3D skeleton and motions). */
  companions?: string[];
  credit: string;
  license: string;
  licenseUrl?: string;
  sourceUrl?: string;
  /** Written at dev/build time by scripts/samples.ts, not shipped. */
  generated?: boolean;
}

export const samples: Sample[] = [
  {
    format: 'ms3d',
    short: 'Woman4',
    label: 'MS3D',
    title: 'Woman4 — skinned, 31 joints',
    file: 'samples/glscene__Woman4.ms3d',
    credit: 'Woman4.ms3d from GLScene',
    license: 'MPL-2.0',
    licenseUrl: 'https://mozilla.org/MPL/2.0/',
    sourceUrl: 'https://github.com/glscene/GLScene/blob/255dc4418190/Assets/ModelExt/Woman4.ms3d',
  },
  {
    format: 'ase',
    short: 'MotionCapture',
    label: 'ASE',
    title: 'MotionCaptureROM — animated hierarchy',
    file: 'samples/assimp__MotionCaptureROM.ase',
    credit: 'MotionCaptureROM.ase from the assimp test models',
    license: 'BSD-3-Clause',
    licenseUrl: 'samples/NOTICE.md',
    sourceUrl: 'https://github.com/assimp/assimp/blob/21bea12f1278/test/models/ASE/MotionCaptureROM.ase',
  },
  {
    format: 'o3d',
    short: 'Column',
    label: 'O3D',
    title: 'Skinned column (.o3d + .chr + .ani)',
    file: 'samples/generated/relic_column.o3d',
    companions: ['relic_column.chr', 'relic_column_sway.ani'],
    credit: 'written by @relic3d/o3d’s fixture writer (no Flyff data is shipped)',
    license: 'MIT',
    generated: true,
  },
  {
    format: 'mdl',
    short: 'Column',
    label: 'MDL',
    title: 'G3D v100 skinned column',
    file: 'samples/generated/relic_column.mdl',
    companions: ['sample.mat'],
    credit: 'written by @relic3d/mdl’s fixture writer (no Circuit Chaos data is shipped)',
    license: 'MIT',
    generated: true,
  },
  {
    format: 'lod',
    short: 'Serpent',
    label: 'LOD',
    title: 'Skinned serpent — 5 bones, 2 clips',
    file: 'samples/generated/relic_serpent.lod',
    credit: 'written by @relic3d/lod’s fixture writer (no third-party LODka3D data is shipped)',
    license: 'MIT',
    generated: true,
  },
];
