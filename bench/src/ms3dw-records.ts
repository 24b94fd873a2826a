// MS3D's triangle records (serialize.ts partRecords) alone, against an older copy of the writer's
// sources in the same rounds: CPU ms per call, best of interleaved rounds, on 65,534 seeded
// triangles over 32,000 render vertices. `node --import tsx src/ms3dw-records.ts --old=NAME [--rounds=30]`:
// packages/ms3d/NAME/src is the old copy (untracked, as write-old.ts).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cpuMs } from './timing.js';

type PartRecords = (w: unknown, start: number, part: unknown, slots: Uint32Array | undefined) => void;
const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const load = async (folder: string) => {
  const dir = path.resolve(import.meta.dirname, '../../packages/ms3d', folder, 'src/write');
  const { partRecords } = (await import(pathToFileURL(path.join(dir, 'serialize.ts')).href)) as { partRecords: PartRecords };
  const { FileWriter } = (await import(pathToFileURL(path.join(dir, 'file-writer.ts')).href)) as { FileWriter: new (out: Uint8Array) => unknown };
  return { partRecords, FileWriter };
};
const vertices = 32000, triangleCount = 65534;
let seed = 7;
const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32) * 2 - 1;
const normals = Float32Array.from({ length: vertices * 3 }, random), uvs = Float32Array.from({ length: vertices * 2 }, random);
const triangles = Uint32Array.from({ length: triangleCount * 3 }, (_, i) => ((i * 7919) >>> 1) % vertices);
const part = {
  rv: { triangles, triangleSource: Uint32Array.from({ length: triangleCount }, (_, i) => i), normals, uvs },
  fileIndex: Int32Array.from({ length: vertices }, (_, v) => v),
  group: 0, smoothing: undefined, flags: undefined, first: 0,
};
const start = 18 + 15 * vertices;
const paths = [await load('.'), await load(flags.old ?? 'base')];
const best = paths.map(() => Infinity);
const outputs = paths.map(() => new Uint8Array(0));
const out = new Uint8Array(start + triangleCount * 70);
for (let r = 0; r < Number(flags.rounds ?? 30); r++) {
  for (const p of r % 2 ? [1, 0] : [0, 1]) {
    const w = new paths[p].FileWriter(out);
    const t = cpuMs();
    for (let k = 0; k < 5; k++) paths[p].partRecords(w, start, part, undefined);
    best[p] = Math.min(best[p], (cpuMs() - t) / 5);
    outputs[p] = out.slice();
  }
}
console.log(`partRecords: new ${best[0].toFixed(2)} ms, old ${best[1].toFixed(2)} ms (${(best[1] / best[0]).toFixed(2)}×); same bytes: ${Buffer.compare(outputs[0], outputs[1]) === 0 ? 'yes' : 'NO'}`);
