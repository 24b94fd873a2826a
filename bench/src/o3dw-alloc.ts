// Where a write's typed arrays come from: `node --import tsx src/o3dw-alloc.ts [FOLDER] [static|skinned]`
// writes the bench input twice with packages/o3d/FOLDER/src (default `.`) and, on the second write, sums
// the bytes of every typed array or ArrayBuffer of 4 KB or more made by a constructor (not views of a
// buffer; `from` and `slice` are not counted), by the two frames that made it. Issue 25: the skinned
// write's 15.8 MB fell to 11.9 MB (shared sampling buffers, scratch made once), and two writes after a
// forced GC stopped crossing V8's external-memory limit.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Scene, WriteResult } from '@relic3d/core';
import { formats } from '@relic3d/formats';
import { benchInputs } from './inputs.js';
import { parseOptionsOf } from './generate.js';
const kind = process.argv[3] ?? 'skinned';
const input = benchInputs(50, 60000, new Set(['o3d'])).find((g) => (g.kind ?? 'static') === kind)!;
const scene = await formats.find((f) => f.id === 'o3d')!.parse(input.bytes, parseOptionsOf(input));
const folder = process.argv[2] ?? '.';
const write = ((await import(pathToFileURL(path.resolve(import.meta.dirname, '../../packages/o3d', folder, 'src/index.ts')).href)) as { writeO3d: (s: Scene, o: { name: string }) => WriteResult }).writeO3d;
const sites = new Map<string, number>();
let on = false;
const g = globalThis as Record<string, unknown>;
for (const name of ['Float32Array', 'Float64Array', 'Int32Array', 'Uint32Array', 'Uint16Array', 'Uint8Array', 'Int16Array', 'ArrayBuffer']) {
  const C = g[name] as new (...a: unknown[]) => { byteLength: number };
  g[name] = new Proxy(C, {
    construct(target, args) {
      const x = Reflect.construct(target, args);
      if (on && !(args[0] instanceof ArrayBuffer) && x.byteLength >= 4096) {
        const at = (new Error().stack ?? '').split('\n').slice(2, 4).map((l) => l.trim().replace(/^at /, '').replace(/\(.*\/packages\//, '(').replace(/:\d+\)$/, ')')).join(' < ');
        sites.set(`${name} ${at}`, (sites.get(`${name} ${at}`) ?? 0) + x.byteLength);
      }
      return x;
    },
  });
}
write(scene, { name: 'b' });
on = true;
write(scene, { name: 'b' });
on = false;
const total = [...sites.values()].reduce((a, b) => a + b, 0);
console.log('total MB (new typed arrays ≥ 4 KB, not from/slice)', (total / 1048576).toFixed(2));
for (const [k, v] of [...sites].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((v / 1048576).toFixed(2).padStart(6), k.slice(0, 230));
