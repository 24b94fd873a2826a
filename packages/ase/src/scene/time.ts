import { WarningSink, keepMapAlive } from '@relic3d/core';
import type { AseFile, AseObject } from '../file.js';

export interface TimeBase {
  ticksPerSecond: number;
  firstTick: number;
  ticksPerFrame: number;
  /** Sampling step of the sampled tracks (ticks), used to re-insert held samples. */
  step: number;
  /**
   * Samples a TCB track may take per key (at most 100): the parse's sample budget, which grows
   * with the input size, shared out over every TCB key of the file.
   */
  samplesPerKey: number;
  /** Samples still allowed after the TCB tracks (look-at channels draw on it). */
  budget: { left: number };
  /**
   * The declared timeline widened by its own length (at least a minute) on each side, in ticks: keys
   * outside are left out (docs/formats/ase.md §5.1), counted in `outside`. Infinite without a
   * `*SCENE_LASTFRAME`.
   */
  window: { earliest: number; latest: number; outside: number };
}

/** Samples any parse may make, plus SAMPLES_PER_INPUT_BYTE per byte of input. */
export const SAMPLE_FLOOR = 1 << 18;
export const SAMPLES_PER_INPUT_BYTE = 1 / 16;
/** At most this many samples per TCB key, whatever the budget (damaged files span billions of ticks). */
const MAX_SAMPLES_PER_KEY = 100;

/** The sample budget of one parse: per TCB key, and what is left for look-at channels. */
export function sampleBudget(inputBytes: number, tcbKeys: number): Pick<TimeBase, 'samplesPerKey' | 'budget'> {
  const total = SAMPLE_FLOOR + Math.floor(Math.max(0, inputBytes) * SAMPLES_PER_INPUT_BYTE);
  const samplesPerKey = Math.max(1, Math.min(MAX_SAMPLES_PER_KEY, Math.floor(total / Math.max(1, tcbKeys))));
  // Each TCB key makes at most samplesPerKey + 1 samples.
  return { samplesPerKey, budget: { left: Math.max(0, total - (samplesPerKey + 1) * tcbKeys) } };
}

const DEFAULT_FRAMESPEED = 30;
const DEFAULT_TICKSPERFRAME = 160;

/** Ticks to seconds, the exporter's sampling step and the sample budget of one parse. */
export function timeBase(file: AseFile, inputBytes: number, sink: WarningSink): TimeBase {
  const s = file.scene;
  let fps = s?.frameSpeed ?? DEFAULT_FRAMESPEED;
  let tpf = s?.ticksPerFrame ?? DEFAULT_TICKSPERFRAME;
  if (s && s.ticksPerFrame === undefined) sink.warn('ASE_NO_TICKSPERFRAME', `*SCENE has no *SCENE_TICKSPERFRAME; ${DEFAULT_TICKSPERFRAME} assumed`);
  if (!(fps > 0) || !Number.isFinite(fps)) fps = DEFAULT_FRAMESPEED;
  if (!(tpf > 0) || !Number.isFinite(tpf)) tpf = DEFAULT_TICKSPERFRAME;
  if (!Number.isFinite(fps * tpf)) {
    fps = DEFAULT_FRAMESPEED;
    tpf = DEFAULT_TICKSPERFRAME;
  }
  const first = Number.isFinite(s?.firstFrame) ? s!.firstFrame! : 0;
  // The exporter's sampling step: the smallest gap between samples of any sampled track.
  let step = Infinity;
  let tcbKeys = 0;
  const scan = (obj: AseObject) => {
    for (const a of obj.animations) {
      for (const track of [a.pos, a.rot, a.scale]) {
        if (track?.kind === 'tcb') tcbKeys += track.time.length;
        if (!track || track.kind !== 'sample') continue;
        for (let i = 1; i < track.time.length; i++) {
          const d = track.time[i] - track.time[i - 1];
          if (d > 0 && d < step) step = d;
        }
      }
    }
    obj.children?.forEach(scan);
  };
  file.objects.forEach(scan);
  const window = keyWindow(first * tpf, s?.lastFrame, tpf, fps * tpf);
  return { ticksPerSecond: fps * tpf, ticksPerFrame: tpf, firstTick: first * tpf, step: Number.isFinite(step) ? step : tpf, ...sampleBudget(inputBytes, tcbKeys), window };
}

/** The least margin outside the declared range (a scene range is often left shorter than its keys). */
const MARGIN_SECONDS = 60;

/** Keys this far outside `*SCENE_FIRSTFRAME`..`*SCENE_LASTFRAME` are far: past an end by more than the length and more than a minute. */
function keyWindow(firstTick: number, lastFrame: number | undefined, tpf: number, ticksPerSecond: number): TimeBase['window'] {
  const lastTick = lastFrame !== undefined && Number.isFinite(lastFrame * tpf) ? lastFrame * tpf : undefined;
  if (lastTick === undefined || !Number.isFinite(firstTick)) return { earliest: -Infinity, latest: Infinity, outside: 0 };
  const margin = Math.max(Math.abs(lastTick - firstTick), MARGIN_SECONDS * ticksPerSecond);
  return { earliest: Math.min(firstTick, lastTick) - margin, latest: Math.max(firstTick, lastTick) + margin, outside: 0 };
}

// A time base (and its window) per parse otherwise: the track loops' code would lose its map at every full GC.
// Its numbers are fractions so that every field is a double: a parse's whole-number ticks then fit the
// kept map, where a keeper of whole numbers had fields a parse's doubles widen to a map of its own.
const KEEPER_FILE = {
  scene: { frameSpeed: 29.97, ticksPerFrame: 160.5, firstFrame: 0.5, lastFrame: 100.5 },
  objects: [{ animations: [{ rot: { kind: 'sample', time: Float64Array.of(0, 0.25) } }] }],
};
keepMapAlive(timeBase(KEEPER_FILE as unknown as AseFile, 0, new WarningSink('ase')));
