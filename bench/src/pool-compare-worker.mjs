// workerpool's side of pool-compare.ts: the same converter as the batch's own workers (settings in
// workerData, given once per worker), one task per call.
import { createRequire } from 'node:module';
import { workerData } from 'node:worker_threads';
import { createConverter } from '@relic3d/batch/node';

const require = createRequire(createRequire(import.meta.url).resolve('@relic3d/batch/package.json'));
const workerpool = require('workerpool');
const convert = createConverter(workerData);
workerpool.worker({ convert: (task) => convert(task) });
