// Child process of memory.test.ts (bundled by it): builds one hostile input, writes it with every
// writer, and reports each outcome with the process's peak RSS growth since the input was built.
import { Document, WebIO } from '@gltf-transform/core';
import { writers } from '@relic3d/formats';
import { fromGltf, isWriteError, sceneDataBytes, type Scene } from 'relic3d';
import { readFileSync, writeFileSync } from 'node:fs';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { instanced, longSpan } from './scenes.js';

v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** One 30,276-vertex grid (60,000 triangles) drawn by 3,000 nodes, as a .glb (the audit's 482 KB file, bigger). */
async function instancedGlb(): Promise<Uint8Array> {
  const side = 174;
  const doc = new Document();
  const buffer = doc.createBuffer();
  const positions = new Float32Array(side * side * 3);
  for (let v = 0; v < side * side; v++) positions.set([(v % side) / side, Math.floor(v / side) / side, 0], v * 3);
  const indices = new Uint32Array((side - 1) * (side - 1) * 6);
  let at = 0;
  for (let y = 0; y + 1 < side; y++) for (let x = 0; x + 1 < side; x++) {
    const v = y * side + x;
    indices.set([v, v + 1, v + side, v + 1, v + side + 1, v + side], at);
    at += 6;
  }
  const prim = doc.createPrimitive()
    .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(positions).setBuffer(buffer))
    .setIndices(doc.createAccessor().setType('SCALAR').setArray(indices).setBuffer(buffer));
  const mesh = doc.createMesh('grid').addPrimitive(prim);
  const scene = doc.createScene('instances');
  for (let n = 0; n < 3000; n++) scene.addChild(doc.createNode(`copy${n}`).setMesh(mesh).setTranslation([n % 60, Math.floor(n / 60), 0]));
  return new WebIO().writeBinary(doc);
}

const inputs: Record<string, () => Promise<{ scene: Scene; inputBytes: number }>> = {
  instancing: async () => {
    const scene = instanced(100, 3000);
    return { scene, inputBytes: sceneDataBytes(scene) };
  },
  'instancing glb': async () => {
    const glb = await instancedGlb();
    return { scene: await fromGltf(glb), inputBytes: glb.length };
  },
  'key span 1e9 s': async () => {
    const scene = longSpan(1e9);
    return { scene, inputBytes: sceneDataBytes(scene) };
  },
  'key span 2.5e38 s': async () => {
    const scene = longSpan(2.5e38);
    return { scene, inputBytes: sceneDataBytes(scene) };
  },
};

/**
 * This process's peak RSS. Linux keeps `maxRSS` across fork and exec, so a child of a big test
 * worker would start at the worker's peak; the address space's own high-water mark (VmHWM) starts
 * with this process, and is reset once the input is built so that only the writes count.
 */
const procStatus = '/proc/self/status';
function resetPeak(): void {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // Not Linux: maxRSS below.
  }
}
function peakRss(): number {
  try {
    const kb = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(procStatus, 'utf8'))?.[1];
    if (kb) return Number(kb) * 1024;
  } catch {
    // Not Linux.
  }
  return process.resourceUsage().maxRSS * 1024;
}

const caseName = process.argv[2];
const { scene, inputBytes } = await inputs[caseName]();
gc();
resetPeak();
const before = process.memoryUsage().rss;
// Every writer in turn; peak RSS is the process's, so each report bounds all writes so far.
for (const writer of writers) {
  let outcome: string;
  let outputBytes = 0;
  try {
    const result = writer.write(scene, { name: 'hostile' });
    outcome = 'written';
    outputBytes = Object.values(result.files).reduce((n, f) => n + f.length, 0);
  } catch (error) {
    outcome = isWriteError(error) ? `refused ${(error as { code: string }).code}` : `untyped ${String(error)}`;
  }
  const peak = peakRss();
  process.stdout.write(JSON.stringify({ writer: writer.id, outcome, outputBytes, inputBytes, growth: Math.max(0, peak - before) }) + '\n');
}
