// Child process: peak memory of one parse as a multiple of the input size. Baseline RSS is taken
// after imports and a GC, before the file is read, so the input itself counts once.
import { readFileSync } from 'node:fs';
import { ready } from '@relic3d/kernels';
import { loadParsers } from './parsers.js';
import { gc } from './timing.js';

const [format, file] = process.argv.slice(2);
const parse = (await loadParsers())[format];
await ready();
if (!parse) {
  process.stdout.write(JSON.stringify({ format, skipped: true }));
  process.exit(0);
}

gc();
const baseline = process.memoryUsage().rss;
const maxBefore = process.resourceUsage().maxRSS * 1024;
const bytes = new Uint8Array(readFileSync(file));
const scene = await parse(bytes, { fileName: file });
const peak = process.resourceUsage().maxRSS * 1024;
process.stdout.write(JSON.stringify({ format, input: bytes.length, baseline, peak, maxBefore, nodes: scene.nodes.length, peakMultiple: (peak - baseline) / bytes.length }));
