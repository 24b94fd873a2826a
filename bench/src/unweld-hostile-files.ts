// The crafted MS3D and ASE files of packages/{ms3d,ase}/test/hostile-unweld.test.ts, parsed by this
// build and by another (`--old=DIR`, a checkout whose packages/<fmt>/dist is built, e.g. /work/base11),
// WASM and TypeScript kernels: CPU seconds per parse, one parse each (the old one may take minutes;
// `--paths=old-wasm,...` and `--formats=ase,...` pick). `node --import tsx src/unweld-hostile-files.ts --old=DIR`
import os from 'node:os';
import type { Scene } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { craftedAse, craftedMs3d } from '@relic3d/fixtures/unweld-collisions-files';
import { parseSync as parseAse } from '../../packages/ase/src/index.js';
import { parseSync as parseMs3d } from '../../packages/ms3d/src/index.js';
import { cpuMs, fmt } from './timing.js';

type Parse = (bytes: Uint8Array, options: { kernels: 'wasm' | 'js' }) => Scene;
const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
await ready();
const files: [string, Uint8Array, Parse, string][] = [
  ['ms3d', craftedMs3d().bytes, parseMs3d, 'ms3d'],
  ['ase', craftedAse().bytes, parseAse, 'ase'],
];
const load = os.loadavg();
for (const [name, bytes, parse, pkg] of files) {
  if (flags.formats && !flags.formats.split(',').includes(name)) continue;
  const builds: [string, Parse][] = [['new', parse]];
  if (flags.old) {
    const old = (await import(`${flags.old}/packages/${pkg}/dist/index.js`)) as { parseSync: Parse };
    builds.push(['old', old.parseSync]);
  }
  for (const [build, p] of builds) {
    for (const kernels of ['wasm', 'js'] as const) {
      if (flags.paths && !flags.paths.split(',').includes(`${build}-${kernels}`)) continue;
      const start = cpuMs();
      const scene = p(bytes, { kernels });
      const vertices = scene.meshes[0].primitives.reduce((s, q) => s + q.attributes.POSITION!.length / 3, 0);
      console.log(`${name} (${(bytes.length / 1e6).toFixed(1)} MB) ${build} ${kernels}: ${fmt((cpuMs() - start) / 1000, 2)} CPU s, ${vertices} vertices`);
    }
  }
}
console.log(`load average ${load.map((x) => x.toFixed(2)).join(' / ')} → ${os.loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
