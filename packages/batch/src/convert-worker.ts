// Worker entry of convertBatch. At spawn (while the main thread scans the folder) it loads the format
// packages and compiles the WASM kernels, and with `warm` parses and exports one tiny model per
// format; then it receives the batch settings once (the pool's setup) and tasks in chunks, and
// answers each with a small ConvertResult (no model bytes cross threads). Tasks run one at a time,
// in the order received (serveTasksWith), so a timeout or a crash is the running task's.
import { workerData } from 'node:worker_threads';
import { ready } from '@relic3d/kernels';
import { createConverter, type ConvertSettings } from './convert.js';
import { serveTasksWith } from './pool-worker.js';
import { warmUp } from './warm-up.js';

const { kernels, warm } = (workerData ?? {}) as { kernels?: 'wasm' | 'js'; warm?: boolean };
serveTasksWith((init) => createConverter(init as ConvertSettings), warm ? warmUp(kernels) : kernels === 'js' ? undefined : ready());
