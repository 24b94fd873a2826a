/**
 * What the file and folder names in the READMEs stand for, in the corpus. Each example runs in a
 * fresh folder holding the fixtures whose name it mentions, copied from $RELIC3D_CORPUS at test
 * time (never into the repository). Corpus paths end in `/` for a whole folder.
 */
import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';

export interface Fixture {
  /** The name as a README writes it (a file, or a folder without its slash). */
  name: string;
  /** Destination (relative to the example's folder) → corpus path. */
  files: Record<string, string>;
  /** Files of the copied folders left out. */
  leaveOut?: RegExp;
}

const aiBatt = (into: string) => ({
  [`${into}mvr_AiBatt.o3d`]: 'o3d/mvr_AiBatt.o3d',
  [`${into}mvr_AiBatt.chr`]: 'o3d/mvr_AiBatt.chr',
  [`${into}mvr_AiBatt_stand.ani`]: 'o3d/mvr_AiBatt_stand.ani',
  [`${into}mvr_AiBatt_walk.ani`]: 'o3d/mvr_AiBatt_walk.ani',
});

const corpusFolders = ['ase', 'bad', 'foreign', 'lod', 'mdl', 'ms3d', 'o3d'];

export const fixtures: readonly Fixture[] = [
  // Model files named without their corpus source prefix.
  { name: 'Woman4.ms3d', files: { 'Woman4.ms3d': 'ms3d/glscene__Woman4.ms3d' } },
  { name: 'jeep1.ms3d', files: { 'jeep1.ms3d': 'ms3d/assimp__jeep1.ms3d', 'jeep1.jpg': 'ms3d/assimp__jeep1.jpg' } },
  { name: 'TRINITYrage.lod', files: { 'TRINITYrage.lod': 'lod/xtreme3d__TRINITYrage.lod' } },
  { name: 'mvr_AiBatt.o3d', files: aiBatt('') },
  // "any ASE file": an animated one from 3ds Max.
  { name: 'model.ase', files: { 'model.ase': 'ase/assimp__MotionCaptureROM.ase' } },
  // A Flyff client keeps its models in Model/.
  { name: 'Model', files: { Model: 'o3d/' } },
  // A web page's model folder (served over HTTP to the examples that fetch).
  {
    name: 'models',
    files: { 'models/Woman4.ms3d': 'ms3d/glscene__Woman4.ms3d', 'models/jeep1.ms3d': 'ms3d/assimp__jeep1.ms3d', 'models/jeep1.jpg': 'ms3d/assimp__jeep1.jpg' },
  },
  // The root README's batch input: the MilkShape models, a Flyff monster with its skeleton and
  // motions, an O3D of an older version and a Quake 1 MDL; no images.
  {
    name: 'in',
    files: { in: 'ms3d/', ...aiBatt('in/'), 'in/obj_dunTest.o3d': 'bad/obj_dunTest.o3d', 'in/quake1__slipgate_grenade.mdl': 'foreign/quake1__slipgate_grenade.mdl' },
    leaveOut: /\.jpg$/i,
  },
  // The whole corpus, and its folders by their own names (the CLI reference writes `o3d/…`).
  { name: 'corpus', files: { corpus: '' } },
  ...corpusFolders.map((folder) => ({ name: folder, files: { [folder]: `${folder}/` } })),
];

/** Whether `text` uses `name` as a path or path segment (`Woman4.ms3d`, `'Model/x.o3d'`, `o3d/a`). */
export function mentions(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[\\s'"\`(=/\\\\])${escaped}($|[\\s'"\`),;:/\\\\])`, 'm').test(text);
}

/** Copies into `dir` every fixture `text` mentions; returns their names. */
export function placeFixtures(text: string, dir: string, corpus: string): string[] {
  const placed: string[] = [];
  for (const fixture of fixtures) {
    if (!mentions(text, fixture.name)) continue;
    for (const [destination, source] of Object.entries(fixture.files)) {
      const target = path.join(dir, destination);
      mkdirSync(path.dirname(target), { recursive: true });
      const keep = (from: string) =>
        (source === '' || path.basename(from) !== 'MANIFEST.tsv') && !fixture.leaveOut?.test(path.basename(from));
      cpSync(path.join(corpus, source), target, { recursive: true, filter: keep });
    }
    placed.push(fixture.name);
  }
  return placed;
}
