// Do scene nodes share hidden classes (V8 maps) across parses and formats? Code that reads nodes
// (writers, topologicalOrder, the glTF exporter) is deoptimised for "wrong map" when each parse's
// nodes have maps of their own (issue 25). Parses every format's static and skinned bench input
// `--parses` times (a full GC before each, kernels alternating, every scene kept), and prints per
// input the fewest nodes one parse shares with the parse before, then the distinct node maps across
// every input's last parse (one per shape of node is the best a spread can do; one in all is the literal).
// `node --allow-natives-syntax --expose-gc --import tsx src/corenode-maps.ts [formats…] [--mb=2] [--parses=4]`
import { ready } from '@relic3d/kernels';
import type { Node, ParseOptions, Scene } from '@relic3d/core';
import { parseOptionsOf } from './generate.js';
import { benchInputs } from './inputs.js';
import { loadParsers } from './parsers.js';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const named = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const formats = new Set(named.length ? named : ['ms3d', 'ase', 'o3d', 'mdl', 'lod']);
const parses = Number(flags.parses ?? 4);
// V8's own check, reached through --allow-natives-syntax (a Function keeps `%` out of tsx's parser).
const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc --allow-natives-syntax');

await ready();
const parsers = await loadParsers();
const representatives: Node[] = [];
let nodesSeen = 0;
for (const g of benchInputs(Number(flags.mb ?? 2), 6000, formats)) {
  const parse = parsers[g.format];
  if (!parse) continue;
  const scenes: Scene[] = [];
  for (let p = 0; p < parses; p++) {
    gc();
    scenes.push(await parse(g.bytes, { ...parseOptionsOf(g), kernels: p % 2 ? 'js' : 'wasm' } as ParseOptions));
  }
  let fewest = Infinity;
  for (let p = 1; p < parses; p++) {
    let shared = 0;
    for (let i = 0; i < scenes[p].nodes.length; i++) if (sameMap(scenes[p - 1].nodes[i], scenes[p].nodes[i])) shared++;
    fewest = Math.min(fewest, shared);
  }
  const last = scenes[parses - 1].nodes;
  for (const node of last) {
    nodesSeen++;
    if (!representatives.some((r) => sameMap(r, node))) representatives.push(node);
  }
  console.log(`${g.format} ${g.kind}: at least ${fewest} of ${last.length} nodes share the parse before's map`);
}
console.log(`${nodesSeen} nodes (last parses), ${representatives.length} distinct maps`);
