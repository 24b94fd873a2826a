import { describe, expect, it } from 'vitest';
import { WARNINGS_PER_CODE, WarningSink, createScene, isWarningSummary, type Warning } from '../src/index.js';

describe('WarningSink', () => {
  it('keeps the first warnings of each code and counts the rest in one summary per code', () => {
    const seen: Warning[] = [];
    const sink = new WarningSink('test', (w) => seen.push(w));
    for (let i = 0; i < 200_000; i++) sink.warn('MANY', `stray ${i}`, i);
    sink.warn('ONCE', 'only one');
    for (let i = 0; i < WARNINGS_PER_CODE + 3; i++) sink.warn('FEW', `few ${i}`);

    const many = sink.list.filter((w) => w.code === 'MANY');
    expect(many).toHaveLength(WARNINGS_PER_CODE + 1);
    expect(many.slice(0, WARNINGS_PER_CODE).map((w) => w.offset)).toEqual([...Array(WARNINGS_PER_CODE).keys()]);
    const summary = many[WARNINGS_PER_CODE];
    expect(isWarningSummary(summary)).toBe(true);
    expect(isWarningSummary(many[0])).toBe(false);
    expect(summary).toMatchObject({ code: 'MANY', format: 'test', dropped: 200_000 - WARNINGS_PER_CODE });
    expect(summary.message).toBe(`${200_000 - WARNINGS_PER_CODE} more MANY warnings not listed (the first ${WARNINGS_PER_CODE} are)`);
    expect(sink.list.filter((w) => w.code === 'FEW').at(-1)).toMatchObject({ dropped: 3 });
    expect(sink.list.filter((w) => w.code === 'ONCE')).toHaveLength(1);
    // The summary sits where the cap was reached: after the kept ones, before later codes.
    expect(sink.list.indexOf(summary)).toBe(WARNINGS_PER_CODE);

    // onWarning sees what the list holds, the summary once (and it keeps counting in place).
    expect(seen).toEqual(sink.list);
    expect(seen.filter(isWarningSummary)).toHaveLength(2);

    // attach moves 200k-warning lists without spreading them onto the stack.
    const scene = sink.attach(createScene('test'));
    expect(scene.warnings).toHaveLength(sink.list.length);
  });

  it('attach does not overflow the stack with a list over 125,000 long', () => {
    const sink = new WarningSink('test', undefined, Infinity);
    for (let i = 0; i < 200_000; i++) sink.warn('MANY', 'x');
    expect(sink.attach(createScene('test')).warnings).toHaveLength(200_000);
  });

  it('replay carries kept warnings and dropped counts into another sink', () => {
    const inner = new WarningSink('test');
    for (let i = 0; i < WARNINGS_PER_CODE + 50; i++) inner.warn('A', `a ${i}`, i);
    inner.warn('B', 'b', 7);
    const outer = new WarningSink('test');
    for (let i = 0; i < 10; i++) outer.warn('A', 'earlier');
    outer.replay(inner);
    const a = outer.list.filter((w) => w.code === 'A');
    expect(a.filter((w) => !isWarningSummary(w))).toHaveLength(WARNINGS_PER_CODE);
    // 10 earlier + 150 replayed = 160 in all, 100 kept.
    expect(a.find(isWarningSummary)?.dropped).toBe(60);
    expect(outer.list.find((w) => w.code === 'B')).toMatchObject({ message: 'b', offset: 7 });
  });
});
