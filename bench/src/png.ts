// `pnpm --filter @relic3d/bench bench:png`: the PNG encoder's zlib step (issue 30 item 12). fflate's
// zlibSync (what png.ts uses: synchronous, in every runtime) against the platform's
// CompressionStream('deflate') (what it used: native zlib, async, missing in some runtimes), on the
// filtered scanlines of textures of three sizes. Interleaved, wall-time medians, one run.
import { zlibSync } from 'fflate';
import { rng } from './timing.js';

/** RGB scanlines (filter byte 0) of a `size`² texture: gradients with noise, as game textures compress. */
function scanlines(size: number): Uint8Array {
  const random = rng(size);
  const raw = new Uint8Array(size * (1 + size * 3));
  for (let y = 0, o = 0; y < size; y++) {
    raw[o++] = 0;
    for (let x = 0; x < size; x++) {
      const noise = Math.floor(random() * 24);
      raw[o++] = (x + noise) & 255;
      raw[o++] = (y + noise) & 255;
      raw[o++] = ((x ^ y) + noise) & 255;
    }
  }
  return raw;
}

async function compressionStream(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

export async function benchPng(rounds = 9): Promise<string> {
  const lines = ['| texture | fflate zlibSync ms | bytes | CompressionStream ms | bytes | fflate ÷ CompressionStream |', '|---|---|---|---|---|---|'];
  for (const size of [128, 256, 512]) {
    const raw = scanlines(size);
    const times: [number[], number[]] = [[], []];
    let sizes = [0, 0];
    for (let r = 0; r <= rounds; r++) {
      let t = performance.now();
      const a = zlibSync(raw);
      const fflateMs = performance.now() - t;
      t = performance.now();
      const b = await compressionStream(raw);
      const streamMs = performance.now() - t;
      if (r === 0) continue; // warm-up
      times[0].push(fflateMs);
      times[1].push(streamMs);
      sizes = [a.length, b.length];
    }
    const [f, c] = times.map(median) as [number, number];
    lines.push(`| ${size}² RGB | ${f.toFixed(2)} | ${sizes[0]} | ${c.toFixed(2)} | ${sizes[1]} | ${(f / c).toFixed(2)} |`);
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchPng());
