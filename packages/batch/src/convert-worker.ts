// Worker entry of convertBatch: receives the batch settings once (workerData), then one task per
// message, and answers each with a small ConvertResult (no model bytes cross threads). Tasks run one
// at a time, in the order received (serveTasks), so a timeout or a crash is the running task's.
import { workerData } from 'node:worker_threads';
import { createConverter, type ConvertSettings } from './convert.js';
import { serveTasks } from './pool-worker.js';

serveTasks(createConverter(workerData as ConvertSettings));
