// Byte-level: the layout of 3ds Max's AsciiExport 2.00 (tabs, `%.4f`, `%4d`), and the number writer.
import { addNode, createScene } from '@relic3d/core';
import { describe, expect, it } from 'vitest';
import { TextWriter } from '../../src/write/text.js';
import { write } from './helpers.js';
import { cube } from './scenes.js';

describe('layout', () => {
  const scene = createScene('test');
  scene.meshes.push({ name: 'box', primitives: cube(2) });
  addNode(scene, { name: 'Box01', mesh: 0, translation: [1, 2, 3] });
  const w = write(scene);
  const lines = w.text.split('\n');

  it('header, comment and *SCENE as Max writes them', () => {
    expect(lines.slice(0, 11)).toEqual([
      '*3DSMAX_ASCIIEXPORT\t200',
      '*COMMENT "AsciiExport Version  2.00 - relic3d"',
      '*SCENE {',
      '\t*SCENE_FILENAME ""',
      '\t*SCENE_FIRSTFRAME 0',
      '\t*SCENE_LASTFRAME 100',
      '\t*SCENE_FRAMESPEED 30',
      '\t*SCENE_TICKSPERFRAME 160',
      '\t*SCENE_BACKGROUND_STATIC 0.0000\t0.0000\t0.0000',
      '\t*SCENE_AMBIENT_STATIC 0.0000\t0.0000\t0.0000',
      '}',
    ]);
  });

  it('object, *NODE_TM and list lines in the exporter\'s columns', () => {
    const at = lines.indexOf('*GEOMOBJECT {');
    expect(lines.slice(at, at + 19)).toEqual([
      '*GEOMOBJECT {',
      '\t*NODE_NAME "Box01"',
      '\t*NODE_TM {',
      '\t\t*NODE_NAME "Box01"',
      '\t\t*INHERIT_POS 0 0 0',
      '\t\t*INHERIT_ROT 0 0 0',
      '\t\t*INHERIT_SCL 0 0 0',
      '\t\t*TM_ROW0 1.0000\t0.0000\t0.0000',
      '\t\t*TM_ROW1 0.0000\t1.0000\t0.0000',
      '\t\t*TM_ROW2 0.0000\t0.0000\t1.0000',
      '\t\t*TM_ROW3 1.0000\t-3.0000\t2.0000',
      '\t\t*TM_POS 1.0000\t-3.0000\t2.0000',
      '\t\t*TM_ROTAXIS 0.0000\t0.0000\t0.0000',
      '\t\t*TM_ROTANGLE 0.0000',
      '\t\t*TM_SCALE 1.0000\t1.0000\t1.0000',
      '\t\t*TM_SCALEAXIS 0.0000\t0.0000\t0.0000',
      '\t\t*TM_SCALEAXISANG 0.0000',
      '\t}',
      '\t*MESH {',
    ]);
    expect(lines).toContain('\t\t\t*MESH_VERTEX    0\t2.0000\t-4.0000\t1.0000');
    expect(lines.find((l) => l.startsWith('\t\t\t*MESH_FACE    0:'))).toMatch(/^\t\t\t\*MESH_FACE {4}0: {4}A: {4}0 B: {4}1 C: {4}2 AB: {4}1 BC: {4}1 CA: {4}1\t \*MESH_SMOOTHING \d+ \t\*MESH_MTLID 0$/);
    expect(lines).toContain('\t\t\t*MESH_TFACE 0\t0\t1\t2');
    expect(lines).toContain('\t\t*MESH_NUMCVERTEX 0');
    expect(lines.slice(-7)).toEqual(['\t\t}', '\t}', '\t*PROP_MOTIONBLUR 0', '\t*PROP_CASTSHADOW 1', '\t*PROP_RECVSHADOW 1', '}', '']);
    expect(w.text.endsWith('}\n')).toBe(true);
  });

  it('every float is %.4f; decimals on request', () => {
    const floats = w.text.slice(w.text.indexOf('*SCENE')).match(/-?\d+\.\d+/g)!;
    expect(floats.every((f) => /^-?\d+\.\d{4}$/.test(f))).toBe(true);
    const six = write(scene, { decimals: 6 });
    expect(six.text).toContain('\t\t*TM_ROW3 1.000000\t-3.000000\t2.000000');
  });
});

describe('number writer', () => {
  it('writes what toFixed writes (and no sign on a zero), at any decimals', () => {
    for (const d of [0, 1, 4, 6, 9]) {
      const out = new TextWriter(d);
      const values: number[] = [0, -0, 1e-5, -1e-5, 0.00005, 0.00015, 123.45675, 2147483647.5, 4294967296.123, 1e15, 9e15, -1e20, NaN, Infinity];
      let seed = 7;
      for (let i = 0; i < 5000; i++) {
        seed = (seed * 16807) % 2147483647;
        values.push(((seed / 2147483647) - 0.5) * 10 ** ((seed % 13) - 4));
      }
      for (const v of values) {
        out.fixed(v);
        out.newline();
      }
      const lines = new TextDecoder().decode(out.result()).split('\n');
      // One assertion for the 5,014 values (an expect each was 25,000 of them): the lines that differ.
      const wrong: string[] = [];
      values.forEach((v, i) => {
        const want = (Number.isFinite(v) ? v : 0).toFixed(d);
        const expected = /[1-9]/.test(want) ? want : want.replace('-', '');
        if (lines[i] !== expected) wrong.push(`${v} at ${d}: ${lines[i]} ≠ ${expected}`);
      });
      expect(wrong).toEqual([]);
    }
  });

  it('%d and %4d', () => {
    const out = new TextWriter();
    for (const v of [0, 7, 42, 12345, 2147483648, -12]) {
      out.int(v, 4);
      out.newline();
    }
    expect(new TextDecoder().decode(out.result())).toBe('   0\n   7\n  42\n12345\n2147483648\n -12\n');
  });
});
