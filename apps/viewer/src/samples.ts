/** The sample picker: one model per format. Only redistributable files are shipped (see public/samples/NOTICE.md). */
export interface Sample {
  /** `?sample=<id>`; the first sample of a format also answers to the format's id. */
  id: string;
  format: string;
  label: string;
  /** Short name on the picker. */
  short: string;
  title: string;
  file: string;
  /** Companion files next to it (textures, O3D skeleton and motions): only these are fetched. */
  companions?: string[];
  /** Said under the credit: what the sample lacks, and why. */
  note?: string;
  credit: string;
  license: string;
  licenseUrl?: string;
  sourceUrl?: string;
  /** Written at dev/build time by scripts/samples.ts, not shipped. */
  generated?: boolean;
}

export const samples: Sample[] = [
  {
    id: 'jeep',
    format: 'ms3d',
    short: 'Jeep',
    label: 'MS3D',
    title: 'jeep1 — textured (.ms3d + .jpg)',
    file: 'samples/assimp__jeep1.ms3d',
    companions: ['jeep1.jpg'],
    credit: 'jeep1.ms3d and jeep1.jpg from the assimp test models',
    license: 'BSD-3-Clause',
    licenseUrl: 'samples/NOTICE.md',
    sourceUrl: 'https://github.com/assimp/assimp/blob/21bea12f1278/test/models/MS3D/jeep1.ms3d',
  },
  {
    id: 'woman4',
    format: 'ms3d',
    short: 'Woman4',
    label: 'MS3D',
    title: 'Woman4 — skinned, 31 joints',
    file: 'samples/glscene__Woman4.ms3d',
    // Her two textures (Woman4-Remap-texture.tga, Hair.tga) are not shipped: nothing is fetched.
    companions: [],
    note: 'untextured: her two .tga textures are not redistributed with her',
    credit: 'Woman4.ms3d from GLScene',
    license: 'MPL-2.0',
    licenseUrl: 'https://mozilla.org/MPL/2.0/',
    sourceUrl: 'https://github.com/glscene/GLScene/blob/255dc4418190/Assets/ModelExt/Woman4.ms3d',
  },
  {
    id: 'ase',
    format: 'ase',
    short: 'Mocap',
    label: 'ASE',
    title: 'MotionCaptureROM — animated hierarchy',
    file: 'samples/assimp__MotionCaptureROM.ase',
    credit: 'MotionCaptureROM.ase from the assimp test models',
    license: 'BSD-3-Clause',
    licenseUrl: 'samples/NOTICE.md',
    sourceUrl: 'https://github.com/assimp/assimp/blob/21bea12f1278/test/models/ASE/MotionCaptureROM.ase',
  },
  {
    id: 'o3d',
    format: 'o3d',
    short: 'Column',
    label: 'O3D',
    title: 'Skinned column (.o3d + .chr + .ani)',
    file: 'samples/generated/mvr_sample.o3d',
    companions: ['mvr_sample.chr', 'mvr_sample_sway.ani'],
    credit: 'written by @relic3d/o3d’s fixture writer (no Flyff data is shipped)',
    license: 'MIT',
    generated: true,
  },
  {
    id: 'mdl',
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
    id: 'lod',
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

/** The sample `?sample=` names: by id, else the first of a format (`?sample=ms3d`). */
export function findSample(name: string | null): Sample | undefined {
  if (!name) return undefined;
  return samples.find((s) => s.id === name) ?? samples.find((s) => s.format === name);
}
