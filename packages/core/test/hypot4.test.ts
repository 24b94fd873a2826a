import { describe, expect, it } from 'vitest';
import { math } from '../src/index.js';

// hypot4 stands in for Math.hypot in key loops: it must agree bit for bit on finite arguments.
describe('math.hypot4', () => {
  it('equals Math.hypot on finite values of every magnitude, signs and zeros', () => {
    let seed = 12345;
    const next = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1;
    const scales = [0, 1e-300, 1e-20, 1e-3, 1, 7, 1e5, 1e150, 3e307];
    let checked = 0;
    for (let i = 0; i < 20000; i++) {
      const v = [0, 1, 2, 3].map((k) => next() * scales[(i + k * 3) % scales.length]) as [number, number, number, number];
      expect(Object.is(math.hypot4(...v), Math.hypot(...v))).toBe(true);
      checked++;
    }
    expect(checked).toBe(20000);
    expect(math.hypot4(0, -0, 0, 0)).toBe(0);
    expect(math.hypot4(3, 4, 0, 0)).toBe(5);
    expect(math.hypot4(-1, -1, -1, -1)).toBe(2);
  });
});
