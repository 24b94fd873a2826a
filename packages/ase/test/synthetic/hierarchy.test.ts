// The node hierarchy: *NODE_PARENT, *GROUP, missing parents and parent cycles.
import { computeBounds } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { aseFile, cube, geom, helper, IDENTITY_ROWS } from '@relic3d/fixtures/ase';
import { load, codes, yUp, close, worldOf, rotZ, worldBox, expectBox } from './helpers.js';

describe('hierarchy', () => {
  it('*NODE_PARENT builds the hierarchy; locals = parent⁻¹ · world; vertices stay where the file puts them', () => {
    const parentRows = rotZ(45, [10, 0, 0]);
    const childRows = rotZ(90, [10, 5, 1]);
    const pm = cube([10, 0, 0]), cm = cube([10, 5, 1], 1);
    const s = load(aseFile([geom('Child', cm, { rows: childRows, parent: 'Parent' }), geom('Parent', pm, { rows: parentRows })]));
    const child = s.nodes.find((n) => n.name === 'Child')!;
    expect(s.nodes[child.parent].name).toBe('Parent');
    expect(s.roots).toEqual([1]);
    close(worldOf(s, 'Child').subarray(12, 15), yUp(childRows[3]));
    expectBox(computeBounds(s), worldBox([...pm.vertices, ...cm.vertices]));
  });

  it('*GROUP: a group node holds its members; *NODE_PARENT still wins', () => {
    const text = aseFile([
      ['*GROUP "Crate" {', geom('Lid', cube([0, 0, 2])), geom('Box', cube()), helper('Handle', IDENTITY_ROWS, { parent: 'Lid' }), '}'].join('\n'),
    ]);
    const s = load(text);
    const idx = (n: string) => s.nodes.findIndex((x) => x.name === n);
    expect(s.nodes[idx('Crate')].extras?.kind).toBe('group');
    expect(s.nodes[idx('Lid')].parent).toBe(idx('Crate'));
    expect(s.nodes[idx('Box')].parent).toBe(idx('Crate'));
    expect(s.nodes[idx('Handle')].parent).toBe(idx('Lid'));
    expect(s.roots).toEqual([idx('Crate')]);
  });

  it('missing parents and parent cycles fall back to the root with warnings', () => {
    const s = load(aseFile([geom('A', cube(), { parent: 'B' }), geom('B', cube(), { parent: 'A' }), geom('C', cube(), { parent: 'Nobody' })]));
    expect(codes(s)).toEqual(['ASE_MISSING_PARENT', 'ASE_PARENT_CYCLE']);
    // Links are made in file order and the one that would close the cycle (B → A) is refused.
    const idx = (name: string) => s.nodes.findIndex((n) => n.name === name);
    expect(s.nodes[idx('A')].parent).toBe(idx('B'));
    expect(s.nodes[idx('B')].parent).toBe(-1);
    expect(s.warnings[1].message).toBe("object 'B': *NODE_PARENT 'A' would form a cycle; kept at the root");
  });

  it('several cycles with tails: in each, the link made last in file order is the one refused', () => {
    const h = (name: string, parent: string) => helper(name, IDENTITY_ROWS, { parent });
    // X → Y → Z → X with T hanging off X; P ⇄ Q; R → X outside both cycles.
    const s = load(aseFile([h('X', 'Y'), h('Y', 'Z'), h('T', 'X'), h('P', 'Q'), h('Z', 'X'), h('Q', 'P'), h('R', 'X')]));
    const parentName = (name: string) => s.nodes[s.nodes[s.nodes.findIndex((n) => n.name === name)].parent]?.name ?? null;
    expect(['X', 'Y', 'Z', 'T', 'P', 'Q', 'R'].map(parentName)).toEqual(['Y', 'Z', null, 'X', 'Q', null, 'X']);
    expect(s.warnings.map((w) => w.message)).toEqual([
      "object 'Z': *NODE_PARENT 'X' would form a cycle; kept at the root",
      "object 'Q': *NODE_PARENT 'P' would form a cycle; kept at the root",
    ]);
  });
});
