// The shared view in the URL hash: what is written reads back the same; malformed parts are left out.
import { describe, expect, it } from 'vitest';
import { formatViewHash, parseViewHash, type ViewState } from '../src/browser/hash-state.js';

describe('view hash', () => {
  it('writes a readable hash in a fixed order and reads it back', () => {
    const state: ViewState = { model: 'Model/Mvr_Aibatt.o3d', clip: 1, time: 0.625, camera: [2.5, 3, 6.123456, 0, 1.5, -0.1], show: ['skeleton', 'wireframe'], light: 'studio', background: '202830' };
    const hash = formatViewHash(state);
    expect(hash).toBe('#model=Model/Mvr_Aibatt.o3d&clip=1&t=0.625&cam=2.5,3,6.1235,0,1.5,-0.1&show=skeleton,wireframe&light=studio&bg=202830');
    expect(parseViewHash(hash)).toEqual({ ...state, camera: [2.5, 3, 6.1235, 0, 1.5, -0.1] });
  });

  it('escapes what a URL cannot carry in a model path', () => {
    const state: ViewState = { model: 'Model/a b&c=#d.o3d' };
    const hash = formatViewHash(state);
    expect(hash).not.toMatch(/ |&c|#d/);
    expect(parseViewHash(hash)).toEqual(state);
  });

  it('leaves the default light and an empty display out; an empty state is no hash', () => {
    expect(formatViewHash({ model: 'lod', light: 'default', show: [] })).toBe('#model=lod');
    expect(formatViewHash({})).toBe('');
  });

  it('drops malformed parts rather than guessing', () => {
    expect(parseViewHash('#model=lod&clip=-1&t=abc&cam=1,2,3&show=skeleton,bogus&light=disco&bg=red')).toEqual({ model: 'lod', show: ['skeleton'] });
    expect(parseViewHash('#clip=1.5&t=-2&cam=1,2,3,4,5,Infinity')).toEqual({});
    expect(parseViewHash('')).toEqual({});
    expect(parseViewHash('#show=')).toEqual({ show: [] });
  });
});
