// Child process: peak memory of one parse as a multiple of the input size. Baseline RSS is taken
// after imports and a GC, before the file is read, so the input itself counts once.
import { existsSync, readFileSync } from 'node:fs';
import { ready } from '@relic3d/kernels';
import { resolverOf } from './generate.js';
import { companionsOf } from './inputs.js';
import { loadParsers } from './parsers.js';
import { gc } from './timing.js';

const [format, file, name] = process.argv.slice(2);

/**
 * Peak RSS so far. Linux: VmHWM of /proc/self/status (getrusage's maxRSS survives exec, so a child
 * would report its parent's peak); elsewhere maxRSS.
 */
function peakRss(): number {
  if (existsSync('/proc/self/status')) {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]) * 1024;
  }
  return process.resourceUsage().maxRSS * 1024;
}
const parse = (await loadParsers())[format];
await ready();
if (!parse) {
  process.stdout.write(JSON.stringify({ format, skipped: true }));
  process.exit(0);
}

const resolve = resolverOf({ companions: companionsOf(file) });
gc();
const baseline = process.memoryUsage().rss;
const maxBefore = peakRss();
const buffer = readFileSync(file); // one copy of the input: a view of the Buffer, not a second copy
const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
// Companions (an O3D character's .chr and .ani) are read before the baseline: the model's parse is measured.
const scene = await parse(bytes, { fileName: name ?? file, resolve });
const peak = peakRss();
process.stdout.write(JSON.stringify({ format, input: bytes.length, baseline, peak, maxBefore, nodes: scene.nodes.length, peakMultiple: (peak - baseline) / bytes.length }));
