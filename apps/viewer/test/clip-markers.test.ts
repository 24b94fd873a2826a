import { describe, expect, it } from 'vitest';
import { markerTicks } from '../src/clip-markers.js';

describe('clip markers', () => {
  it('places each marker at its share of the clip, labelled, and leaves out what is not a marker in the clip', () => {
    const ticks = markerTicks([{ name: 'hit', time: 0.5, frame: 15 }, { name: 'sound', time: 1, soundId: 7 }, { name: 'quake', time: 3 }, { time: 0.2 }, 'x'], 2);
    expect(ticks).toEqual([
      { left: 25, label: 'hit @ 0.50 s', name: 'hit' },
      { left: 50, label: 'sound 7 @ 1.00 s', name: 'sound' },
    ]);
    expect(markerTicks(undefined, 2)).toEqual([]);
    expect(markerTicks([{ name: 'hit', time: 0 }], 0)).toEqual([]);
  });
});
