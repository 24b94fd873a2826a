// O3D's vertex records (bytes/spans.ts writeRecords) alone, against an older copy of the writer's
// sources in the same rounds: CPU ms per call, best of interleaved rounds, on 60,000 seeded vertices
// (a skinned and a static span, order given). `node --import tsx src/o3dw-records.ts --old=NAME [--rounds=30]`:
// packages/o3d/NAME/src is the old copy (untracked, as write-old.ts).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cpuMs } from './timing.js';

type WriteRecords = (view: DataView, at: number, count: number, spans: unknown[], skin: boolean, scratch: unknown) => void;
const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const load = async (folder: string) => {
  const dir = path.resolve(import.meta.dirname, '../../packages/o3d', folder, 'src/write/bytes');
  const spans = (await import(pathToFileURL(path.join(dir, 'spans.ts')).href)) as { writeRecords: WriteRecords };
  const scratch = (await import(pathToFileURL(path.join(dir, 'scratch.ts')).href)) as { WriteScratch: new () => unknown };
  return { write: spans.writeRecords, scratch: new scratch.WriteScratch() };
};
const count = 60000;
let seed = 7;
const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32) * 2 - 1;
const positions = Float32Array.from({ length: count * 3 }, random), normals = Float32Array.from({ length: count * 3 }, random), uvs = Float32Array.from({ length: count * 2 }, random);
positions[5] = 0, positions[8] = -0;
const order = Int32Array.from({ length: count }, (_, k) => (k * 7919) % count);
const influences = { bones: Int32Array.from({ length: count * 2 }, (_, i) => i % 48), weights: Float32Array.from({ length: count * 2 }, (_, i) => (i % 2 ? 0.25 : 0.75)) };
const slots = Int32Array.from({ length: 48 }, (_, b) => b * 3);
const span = (skin: boolean) => ({ source: { positions, normals, uvs, ...(skin ? { influences } : {}) }, triangles: new Uint32Array(0), first: 0, start: 0, count, order, ...(skin ? { slots } : {}) });
const cases = [true, false].map((skin) => ({ skin, spans: [span(skin)], out: new Uint8Array(count * 44 + 8) }));
const paths = [await load('.'), await load(flags.old ?? 'base')];
const best = paths.map(() => cases.map(() => Infinity));
const outputs = paths.map(() => cases.map(() => new Uint8Array(0)));
for (let r = 0; r < Number(flags.rounds ?? 30); r++) {
  for (const p of r % 2 ? [1, 0] : [0, 1]) {
    cases.forEach((c, i) => {
      const view = new DataView(c.out.buffer, 4);
      const t = cpuMs();
      for (let k = 0; k < 5; k++) paths[p].write(view, 0, count, c.spans, c.skin, paths[p].scratch);
      best[p][i] = Math.min(best[p][i], (cpuMs() - t) / 5);
      outputs[p][i] = c.out.slice();
    });
  }
}
cases.forEach((c, i) => console.log(`${c.skin ? 'skinned' : 'static'}: new ${best[0][i].toFixed(2)} ms, old ${best[1][i].toFixed(2)} ms (${(best[1][i] / best[0][i]).toFixed(2)}×); same bytes: ${Buffer.compare(outputs[0][i], outputs[1][i]) === 0 ? 'yes' : 'NO'}`));
