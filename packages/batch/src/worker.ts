// Worker entry: each worker instantiates the WASM kernels once (ready() is memoised) and decodes
// files sent by decodeBatch; scenes go back with their buffers transferred, not copied.
import workerpool from 'workerpool';
import { ready, setKernelMode } from '@relic3d/kernels';
import { decodeOne, transferables } from './decode.js';
import type { BatchInput } from './types.js';

const warm = ready();

workerpool.worker({
  async decode(input: BatchInput, index: number, kernels?: 'wasm' | 'js') {
    await warm;
    setKernelMode(kernels ?? 'wasm');
    const result = await decodeOne(input, index, kernels);
    return new workerpool.Transfer(result, transferables(result));
  },
});
