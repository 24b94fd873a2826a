import { it } from 'vitest';
import { ready } from '@relic3d/kernels';
import { writeO3d, parse } from '../src/index.js';
import { meshScene, skinnedStrip } from './write/scenes.js';
import { filesResolver } from './write/helpers.js';
function grid(n: number) {
  const p = new Float32Array(n * n * 12), nm = new Float32Array(n * n * 12), uv = new Float32Array(n * n * 8), idx = new Uint32Array(n * n * 6);
  for (let q = 0; q < n * n; q++) {
    const x = q % n, y = Math.floor(q / n);
    p.set([x, y, 0, x + 1, y, 0, x + 1, y + 1, 0, x, y + 1, 0], q * 12);
    nm.set([0,0,1,0,0,1,0,0,1,0,0,1], q * 12);
    idx.set([q * 4, q * 4 + 1, q * 4 + 2, q * 4, q * 4 + 2, q * 4 + 3], q * 6);
  }
  return { attributes: { POSITION: p, NORMAL: nm, TEXCOORD_0: uv }, indices: idx };
}
it('bench', async () => {
  await ready();
  for (const [name, scene] of [['grid', meshScene('big', [[grid(600)]])], ['skin', skinnedStrip('skin', 200000 / 2)]] as const) {
    writeO3d(scene);
    let t = performance.now();
    const r = writeO3d(scene);
    const w = performance.now() - t;
    const size = Object.values(r.files).reduce((n, b) => n + b.length, 0);
    t = performance.now();
    await parse(r.files[Object.keys(r.files).find((f) => f.endsWith('.o3d'))!], { fileName: Object.keys(r.files)[0], resolve: filesResolver(r.files) });
    const p = performance.now() - t;
    console.log(name, (size / 1e6).toFixed(1), 'MB', 'write', w.toFixed(0), 'ms', (size / 1e3 / w).toFixed(1), 'MB/s; parse', p.toFixed(0), 'ms');
  }
}, 300000);
