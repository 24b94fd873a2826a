// unweldRecordCorners (MS3D groups: corners' file vertex and key words read from the 70-byte
// triangle records and unwelded in one WASM call) against its TypeScript twin, and against the
// route MS3D took before (keys built in TypeScript, then the WASM unweldByVertex, which copies
// them in), on the bench's static and skinned MS3D inputs, every group per call. CPU ms per
// parse's worth of groups, interleaved best of rounds, one run.
// `node --expose-gc --import tsx src/record-corners.ts [--rounds=7]`
import os from 'node:os';
import { ready, unweldByVertex, unweldRecordCorners, withInput, type RecordCornerLayout } from '@relic3d/kernels';
import { recordCornerKeys, unweldRecordCornersJS } from '@relic3d/kernels/reference';
import { readMs3d } from '@relic3d/ms3d';
import { benchInputs } from './inputs.js';
import { fmt, timeInterleaved } from './timing.js';

const flags = Object.fromEntries(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=')) as [string, string][]);
const rounds = Number(flags.rounds ?? 7);
const layout: RecordCornerLayout = { stride: 70, cornersPerRecord: 3, primaryOffset: 2, keyFields: [{ offset: 8, words: 3 }, { offset: 44, words: 1 }, { offset: 56, words: 1 }] };
await ready();
const load = os.loadavg()[0];
for (const input of benchInputs(50, 60000, new Set(['ms3d']))) {
  const file = readMs3d(input.bytes);
  const records = input.bytes.subarray(file.triangles.offset, file.triangles.offset + 70 * file.triangles.count);
  const count = file.vertices.count;
  const groups = file.groups.map((g) => g.triangleIndices);
  const paths = [
    () => withInput(records, () => groups.map((rows) => unweldRecordCorners(records, rows, layout, count, { kernels: 'wasm' })), { kernels: 'wasm' }),
    () => groups.map((rows) => unweldRecordCorners(records, rows, layout, count, { kernels: 'wasm' })),
    () => groups.map((rows) => unweldRecordCornersJS(records, rows, layout, count)),
    () =>
      groups.map((rows) => {
        const { primary, keys } = recordCornerKeys(records, rows, layout, count);
        return unweldByVertex(primary, count, keys, 5, { kernels: 'wasm' });
      }),
  ];
  const [placed, copied, twin, before] = timeInterleaved(paths, rounds);
  const corners = groups.reduce((s, g) => s + g.length * 3, 0);
  console.log(
    `ms3d ${input.kind}: ${groups.length} groups, ${corners} corners; WASM placed ${fmt(placed)} ms, copied ${fmt(copied)} ms, TS twin ${fmt(twin)} ms, ` +
      `TS keys + WASM unweldByVertex ${fmt(before)} ms; twin ÷ placed ${fmt(twin / placed)}×, before ÷ placed ${fmt(before / placed)}×, twin ÷ copied ${fmt(twin / copied)}×`,
  );
}
console.log(`load average ${load.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}`);
