// What bounds issue 25's WASM target (≥ 1.5× the 'js' path end to end): the share f of a 'js' parse
// spent in the kernels' TypeScript twins, the only code WASM replaces. Even free kernels make the
// parse at most 1 / (1 − f) faster (Amdahl). Measured with V8's sampling profiler in this process.
import { Session } from 'node:inspector/promises';

interface ProfileNode { id: number; callFrame: { functionName: string; url: string }; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

/** Frames of the kernels package: its twins (and their dispatch, a few calls per parse). */
const KERNELS_URL = /\/packages\/kernels\/|\/@relic3d\/kernels\//;
const IDLE = new Set(['(idle)', '(program)']);

export interface KernelShare {
  /** Share of the sampled parse time (garbage collection included) in the kernels' code. */
  share: number;
  /** 1 / (1 − share): the end-to-end WASM speedup with kernels that cost nothing. */
  bound: number;
  sampledMs: number;
}

/** Self time of a profile's samples: all non-idle, and the part in frames whose URL matches `url`. */
export function selfTimeShare(profile: Profile, url: RegExp): { totalUs: number; matchedUs: number } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  let totalUs = 0;
  let matchedUs = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    if (IDLE.has(frame.functionName)) return;
    const us = profile.timeDeltas[i] ?? 0;
    totalUs += us;
    if (url.test(frame.url)) matchedUs += us;
  });
  return { totalUs, matchedUs };
}

/** Profiles `runs` calls of `parseWithTwins` (a parse with kernels: 'js'), one after another. */
export async function kernelShare(parseWithTwins: () => Promise<unknown>, runs: number): Promise<KernelShare> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    for (let r = 0; r < runs; r++) await parseWithTwins();
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
    const { totalUs, matchedUs } = selfTimeShare(profile, KERNELS_URL);
    const share = totalUs ? matchedUs / totalUs : 0;
    return { share, bound: 1 / (1 - share), sampledMs: totalUs / 1000 };
  } finally {
    await session.post('Profiler.disable').catch(() => undefined);
    session.disconnect();
  }
}
