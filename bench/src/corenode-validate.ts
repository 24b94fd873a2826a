// validateScene's CPU, old core against this one, on the same parsed scenes in one process (rounds
// interleaved, a full GC before each, median CPU ms): each format's static and skinned bench input,
// as a writer checks it (`trustMarkedFinite`: no float scans of a scrubbed scene) and in full.
// `node --expose-gc --import tsx src/corenode-validate.ts [formats…] --old=DIR [--runs=15] [--calls=20]`
// (DIR/core/dist/index.js: an older core build, e.g. a copy of the packages folder before a change).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ready } from '@relic3d/kernels';
import { validateScene, type Scene, type ValidateOptions } from '@relic3d/core';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { loadParsers } from './parsers.js';
import { fmt, interleavedCpu } from './timing.js';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const named = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const formats = new Set(named.length ? named : ['ms3d', 'ase', 'o3d', 'mdl', 'lod']);
if (!flags.old) throw new Error('usage: corenode-validate.ts [formats…] --old=DIR [--runs=15] [--calls=20]');
type Validate = (scene: Scene, options?: ValidateOptions) => unknown[];
const old = ((await import(pathToFileURL(path.resolve(flags.old, 'core', 'dist', 'index.js')).href)) as { validateScene: Validate }).validateScene;
const runs = Number(flags.runs ?? 15), calls = Number(flags.calls ?? 20);

await ready();
const parsers = await loadParsers();
for (const g of benchInputs(Number(flags.mb ?? 50), 60000, formats)) {
  const parse = parsers[g.format];
  if (!parse) continue;
  const scene = await parse(g.bytes, parseOptionsOf(g));
  const channels = scene.animations.reduce((n, clip) => n + clip.channels.length, 0);
  for (const options of [{ trustMarkedFinite: true }, {}]) {
    const repeat = (validate: Validate) => () => {
      for (let c = 0; c < calls; c++) if (validate(scene, options).length) throw new Error(`${g.format} ${g.kind}: scene not valid`);
    };
    const [before, after] = await interleavedCpu([['old', repeat(old)], ['new', repeat(validateScene)]], runs);
    const label = options.trustMarkedFinite ? 'trusted' : 'full';
    console.log(`${g.format} ${g.kind} ${label} (${scene.nodes.length} nodes, ${channels} channels): old ${fmt(before / calls)} ms, new ${fmt(after / calls)} ms, old ÷ new ${(before / after).toFixed(2)}`);
  }
}
