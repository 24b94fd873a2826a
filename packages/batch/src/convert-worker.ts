// Worker entry of convertBatch: receives the batch settings once (workerData), then one task per
// message, and answers each with a small ConvertResult (no model bytes cross threads).
import { parentPort, workerData } from 'node:worker_threads';
import { createConverter, type ConvertSettings, type ConvertTask } from './convert.js';

const convert = createConverter(workerData as ConvertSettings);
parentPort!.on('message', (task: ConvertTask) => {
  void convert(task).then((result) => parentPort!.postMessage(result));
});
