import { computeBounds, isFormatError, validateScene, type Scene } from '@relic3d/core';
import { corpusFiles, readCorpusFile, type CorpusEntry } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';
import { mdlFormat, parse, parseSync as parseMdl, readMdl } from '../src/index.js';
import { dumpUltra } from './dump.js';

/** Facts the MANIFEST note states, read with regular expressions (independent of the parser). */
function manifestFacts(entry: CorpusEntry) {
  const note = entry.note;
  const num = (re: RegExp) => Number(re.exec(note)![1]);
  const triple = (re: RegExp) => re.exec(note)![1].split(',').map(Number);
  const phys = /PHYS=(\d+) B: ([^;]+);/.exec(note)!;
  return {
    version: num(/v(30\d); parsed to EOF/),
    bytes: num(/parsed to EOF \((\d+) bytes\)/),
    lods: num(/LODs=(\d+)/),
    meshes: num(/meshes=(\d+)/),
    vertices: num(/vertices=(\d+)/),
    indices: num(/indices=(\d+)/),
    name: /node name='([^']*)'/.exec(note)![1],
    scale: triple(/scale=\(([^)]*)\)/),
    rotation: triple(/rot\(xyzw\)=\(([^)]*)\)/),
    extraFloats: /node floats=\(([^)]*)\)/.test(note) ? triple(/node floats=\(([^)]*)\)/) : undefined,
    physBytes: Number(phys[1]),
    physShape: phys[2].startsWith('no collider') ? undefined : phys[2].slice(0, 4),
    meshPolygons: /MESH\(flag=(\d), (\d+) polygons of (\d) verts\)/.exec(note)?.slice(1).map(Number),
    materials: JSON.parse(/materials=(\[.*\])/.exec(note)![1].replace(/'/g, '"')) as string[],
  };
}

/** World-space box worked out from the dump: LH node TRS on raw positions, then Z mirrored. */
function expectedBounds(d: ReturnType<typeof dumpUltra>) {
  const [qx, qy, qz, qw] = d.rotation;
  const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
  for (const mesh of d.meshes) {
    for (let i = 0; i < mesh.positions.length; i += 3) {
      const x = mesh.positions[i] * d.scale[0], y = mesh.positions[i + 1] * d.scale[1], z = mesh.positions[i + 2] * d.scale[2];
      // v' = v + 2w(q×v) + 2q×(q×v)
      const cx = qy * z - qz * y, cy = qz * x - qx * z, cz = qx * y - qy * x;
      const rx = x + 2 * (qw * cx + qy * cz - qz * cy);
      const ry = y + 2 * (qw * cy + qz * cx - qx * cz);
      const rz = z + 2 * (qw * cz + qx * cy - qy * cx);
      const w = [rx + d.position[0], ry + d.position[1], -(rz + d.position[2])];
      for (let c = 0; c < 3; c++) {
        min[c] = Math.min(min[c], w[c]);
        max[c] = Math.max(max[c], w[c]);
      }
    }
  }
  return { min, max };
}

const files = corpusFiles('mdl', '.mdl');

const close = (a: number, b: number, eps = 1e-4) => Math.abs(a - b) <= eps * Math.max(1, Math.abs(b));

describe.runIf(files.length > 0)('corpus/mdl: real "Ultra Model" files', () => {
  it('has the 24 files the spec measured', () => {
    expect(files).toHaveLength(24);
  });

  const scenes = new Map<string, Scene>();
  const sceneOf = (entry: CorpusEntry) => {
    let scene = scenes.get(entry.file);
    if (!scene) scenes.set(entry.file, (scene = parseMdl(readCorpusFile(entry), { fileName: entry.file })));
    return scene;
  };

  for (const entry of files) {
    it(`${entry.file}: manifest facts, field dump and bounds`, () => {
      const bytes = readCorpusFile(entry);
      const facts = manifestFacts(entry);
      const dump = dumpUltra(bytes);
      expect(dump.end).toBe(bytes.length); // the dump walks to the last byte, as the spec says
      expect(mdlFormat.test(bytes)).toBe(true);

      const scene = sceneOf(entry);
      expect(validateScene(scene)).toEqual([]);
      expect(scene.format).toBe('mdl');
      expect(scene.version).toBe(facts.version);
      expect(scene.warnings).toEqual([]);
      expect(scene.extras.variant).toBe('ultra');

      // Node: name and TRS (manifest rounds to 3 decimals; the dump has the exact floats).
      const root = scene.nodes[scene.roots[0]];
      expect(scene.roots).toHaveLength(1);
      expect(root.name).toBe(facts.name);
      root.scale!.forEach((s, c) => expect(s).toBeCloseTo(facts.scale[c], 3));
      root.scale!.forEach((s, c) => expect(s).toBe(Math.fround(dump.scale[c])));
      expect(root.translation).toEqual([dump.position[0], dump.position[1], -dump.position[2] + 0]);
      const [x, y, z, w] = facts.rotation;
      root.rotation!.forEach((v, c) => expect(v).toBeCloseTo([-x, -y, z, w][c], 3));
      if (facts.extraFloats) expect(root.extras!.unknownNodeFloats).toEqual(facts.extraFloats);
      else expect(root.extras!.unknownNodeFloats).toBeUndefined();
      expect(root.extras!.color).toEqual([1, 1, 1, 1]);

      // LODs, meshes, vertex and index counts.
      expect(root.lods).toHaveLength(facts.lods);
      const lodNode = scene.nodes[root.lods![0].node];
      const mesh = scene.meshes[lodNode.mesh!];
      expect(mesh.primitives).toHaveLength(facts.meshes);
      const vertexTotal = mesh.primitives.reduce((n, p) => n + p.attributes.POSITION.length / 3, 0);
      const indexTotal = mesh.primitives.reduce((n, p) => n + p.indices!.length, 0);
      expect(vertexTotal).toBe(facts.vertices);
      expect(indexTotal).toBe(facts.indices);
      mesh.primitives.forEach((p, k) => {
        const d = dump.meshes[k];
        expect(p.attributes.POSITION.length / 3).toBe(d.vertexCount);
        expect(p.indices!.length).toBe(d.indexCount);
        expect(p.extras!.strideField).toBe(88);
        expect(p.extras!.polyVerts).toBe(3);
        // Conversion at the edge: z negated, winding reversed.
        expect(Array.from(p.attributes.POSITION.subarray(0, 3))).toEqual([d.firstPosition[0], d.firstPosition[1], -d.firstPosition[2] + 0]);
        expect([p.indices![0], p.indices![1], p.indices![2]]).toEqual([d.indices[0], d.indices[2], d.indices[1]]);
        expect(p.extras!.vertexColor).toBe('white');
        expect(p.extras!.displacement).toBe(1);
        expect(Array.from(p.attributes.TEXCOORD_0!.subarray(0, 2))).toEqual(d.firstUv);
        expect(Array.from(p.attributes.NORMAL!.subarray(0, 3))).toEqual([d.normals[0], d.normals[1], -d.normals[2] + 0]);
        // Tangents: a TANGENT attribute only when none is zero; otherwise kept in extras.
        let zero = 0;
        for (let i = 0; i < d.tangents.length; i += 3) if (d.tangents[i] === 0 && d.tangents[i + 1] === 0 && d.tangents[i + 2] === 0) zero++;
        const t = p.attributes.TANGENT ?? (p.extras!.tangents as Float32Array | undefined);
        if (zero === d.vertexCount) expect(t).toBeUndefined();
        else {
          expect(p.attributes.TANGENT === undefined).toBe(zero > 0);
          if (zero > 0) expect(p.extras!.zeroTangents).toBe(zero);
          expect(Array.from(t!.subarray(0, 3))).toEqual([d.tangents[0], d.tangents[1], -d.tangents[2] + 0]);
        }
      });

        // Materials: the paths (the manifest lists them sorted) and mesh order from the dump.
      const paths = mesh.primitives.map((p) => (p.material === undefined ? '' : scene.materials[p.material].extras!.materialPath));
      expect([...paths].sort()).toEqual(facts.materials);
      expect(paths).toEqual(dump.meshes.map((m) => m.material));

      // Colliders.
      const raw = readMdl(bytes);
      expect(raw.root.collision.byteSize).toBe(facts.physBytes);
      if (!facts.physShape) expect(scene.colliders).toEqual([]);
      else {
        expect(scene.colliders).toHaveLength(1);
        const c = scene.colliders[0];
        expect(c.extras!.shapeTag).toBe(facts.physShape);
        expect(c.node).toBe(scene.roots[0]);
        const part = dump.parts[0];
        if (facts.physShape === 'MESH') {
          const [flag, count, n] = facts.meshPolygons!;
          expect(c.shape.type).toBe('trimesh');
          expect(c.extras!.flag).toBe(flag);
          expect(c.extras!.polygonSizes).toEqual(new Array(count).fill(n));
          if (c.shape.type === 'trimesh') expect(c.shape.indices.length).toBe(count * (n - 2) * 3);
        } else {
          expect(c.shape.type).toBe(facts.physShape === 'BOX_' ? 'box' : 'cylinder');
          expect(c.translation).toEqual([part.offset![0], part.offset![1], -part.offset![2] + 0]);
          if (c.shape.type === 'box') expect(c.shape.size).toEqual(part.size!.map(Math.abs));
          if (c.shape.type === 'cylinder') expect([c.shape.radius * 2, c.shape.height]).toEqual([Math.max(part.size![0], part.size![2]), part.size![1]]);
          expect(c.extras!.size).toEqual(part.size);
        }
      }

      // Bounding box against the dump.
      const b = computeBounds(scene);
      const e = expectedBounds(dump);
      for (let c = 0; c < 3; c++) {
        expect(close(b.min[c], e.min[c])).toBe(true);
        expect(close(b.max[c], e.max[c])).toBe(true);
      }
    });
  }

  it('front faces stay counter-clockwise: converted face normals agree with the stored normals', () => {
    let triangles = 0, agree = 0;
    for (const entry of files) {
      const scene = sceneOf(entry);
      for (const mesh of scene.meshes) {
        for (const p of mesh.primitives) {
          const P = p.attributes.POSITION, N = p.attributes.NORMAL!, I = p.indices!;
          for (let t = 0; t < I.length; t += 3) {
            const a = I[t] * 3, b = I[t + 1] * 3, c = I[t + 2] * 3;
            const ux = P[b] - P[a], uy = P[b + 1] - P[a + 1], uz = P[b + 2] - P[a + 2];
            const vx = P[c] - P[a], vy = P[c + 1] - P[a + 1], vz = P[c + 2] - P[a + 2];
            const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
            const sx = N[a] + N[b] + N[c], sy = N[a + 1] + N[b + 1] + N[c + 1], sz = N[a + 2] + N[b + 2] + N[c + 2];
            triangles++;
            if (nx * sx + ny * sy + nz * sz > 0) agree++;
          }
        }
      }
    }
    expect(triangles).toBe(12776); // spec §1: all 12,776 triangles of corpus/mdl
    expect(agree).toBe(triangles);
  });

  it('spec §2.5: the tangent is zero in about 6 % of all vertices; the scenes keep every non-zero one', () => {
    let zeroTangents = 0, allTangents = 0, kept = 0;
    for (const entry of files) {
      const dump = dumpUltra(readCorpusFile(entry));
      for (const m of dump.meshes) {
        for (let i = 0; i < m.tangents.length; i += 3) if (m.tangents[i] === 0 && m.tangents[i + 1] === 0 && m.tangents[i + 2] === 0) zeroTangents++;
        allTangents += m.vertexCount;
      }
      for (const p of sceneOf(entry).meshes[0].primitives) {
        const t = p.attributes.TANGENT ?? (p.extras!.tangents as Float32Array | undefined);
        if (t) for (let i = 0; i < t.length; i += 4) if (t[i] !== 0 || t[i + 1] !== 0 || t[i + 2] !== 0) kept++;
      }
    }
    expect(allTangents).toBe(files.reduce((n, e) => n + manifestFacts(e).vertices, 0));
    expect(kept).toBe(allTangents - zeroTangents);
    expect(zeroTangents / allTangents).toBeGreaterThan(0.04);
    expect(zeroTangents / allTangents).toBeLessThan(0.08);
  });

  it('tangent handedness follows the UVs: w = sign((N × T) · dP/dv) in the file frame (glTF: +Y of the normal map is −v)', () => {
    let plus = 0, minus = 0, alongU = 0, againstU = 0;
    for (const entry of files) {
      const dump = dumpUltra(readCorpusFile(entry));
      sceneOf(entry).meshes[0].primitives.forEach((p, k) => {
        const { positions: P, normals: N, tangents: T, uvs: U, indices: I, vertexCount } = dump.meshes[k];
        const du = new Float64Array(vertexCount * 3), dv = new Float64Array(vertexCount * 3);
        for (let t = 0; t < I.length; t += 3) {
          const [a, b, c] = [I[t], I[t + 1], I[t + 2]];
          const s1 = U[b * 2] - U[a * 2], t1 = U[b * 2 + 1] - U[a * 2 + 1], s2 = U[c * 2] - U[a * 2], t2 = U[c * 2 + 1] - U[a * 2 + 1];
          const r = s1 * t2 - s2 * t1;
          if (r === 0) continue;
          for (let c3 = 0; c3 < 3; c3++) {
            const e1 = P[b * 3 + c3] - P[a * 3 + c3], e2 = P[c * 3 + c3] - P[a * 3 + c3];
            for (const v of [a, b, c]) {
              du[v * 3 + c3] += (e1 * t2 - e2 * t1) / r;
              dv[v * 3 + c3] += (e2 * s1 - e1 * s2) / r;
            }
          }
        }
        const tangent = p.attributes.TANGENT ?? (p.extras!.tangents as Float32Array | undefined);
        for (let i = 0; i < vertexCount; i++) {
          const [tx, ty, tz] = [T[i * 3], T[i * 3 + 1], T[i * 3 + 2]], [nx, ny, nz] = [N[i * 3], N[i * 3 + 1], N[i * 3 + 2]];
          if (tx === 0 && ty === 0 && tz === 0) continue;
          const dotU = tx * du[i * 3] + ty * du[i * 3 + 1] + tz * du[i * 3 + 2];
          if (dotU > 0) alongU++;
          else againstU++;
          const h = (ny * tz - nz * ty) * dv[i * 3] + (nz * tx - nx * tz) * dv[i * 3 + 1] + (nx * ty - ny * tx) * dv[i * 3 + 2];
          const w = h < 0 ? -1 : 1;
          if (w > 0) plus++;
          else minus++;
          expect(tangent![i * 4 + 3]).toBe(w);
        }
        if (tangent) expect(p.extras!.tangentHandedness).toBe('texcoord gradient');
      });
    }
    // The stored tangent is dP/du; mirrored UV islands are common enough that a constant w is wrong.
    expect([alongU, againstU]).toEqual([14583, 2]);
    expect([plus, minus]).toEqual([12255, 2330]);
  });

  it('spec measurements: door height, character height, v302 box, cylinder, 180° yaw', () => {
    const byName = (f: string) => files.find((e) => e.file === f)!;
    // Doors stand on y = 0 and are 2.23 high; the v302 box is 1.2704 × 2.23 × 0.055.
    const door = sceneOf(byName('circuitchaos__doordouble_wood_v302.mdl'));
    const db = computeBounds(door);
    expect(db.min[1]).toBeCloseTo(0, 3);
    expect(db.max[1] - db.min[1]).toBeCloseTo(2.23, 3);
    expect(db.max[0] - db.min[0]).toBeCloseTo(1.2704, 3);
    expect(db.max[2] - db.min[2]).toBeCloseTo(0.1337, 3);
    const box = door.colliders[0];
    expect(box.shape.type).toBe('box');
    if (box.shape.type === 'box') box.shape.size.forEach((s, c) => expect(s).toBeCloseTo([1.2704, 2.23, 0.055][c], 3));
    // Primitive offset = centre of the mesh bounds in x and y (spec §2.6); z is 0 here while the
    // mesh is centred at −0.0226 after conversion (the box is thinner than the mesh).
    for (const c of [0, 1]) expect(box.translation![c]).toBeCloseTo((db.min[c] + db.max[c]) / 2, 3);
    expect(box.translation![2]).toBe(0);
    // Generic character: 72.8 units tall, node scale 0.0247, 1.80 m.
    const character = sceneOf(byName('circuitchaos__genericcharacter_v300.mdl'));
    const cb = computeBounds(character);
    expect(cb.max[1] - cb.min[1]).toBeCloseTo(1.8, 1);
    expect(character.nodes[0].scale![0]).toBeCloseTo(0.0247, 4);
    expect(character.meshes[0].primitives[0].material).toBeUndefined(); // empty material path
    // The CYLI part: offset (0, 0.1575, 0) and the v300 unit size (1, 1, 1), flagged unverified.
    const button = byName('circuitchaos__weightedbuttontop_v300.mdl');
    const cyl = sceneOf(button).colliders[0];
    expect(cyl.shape).toEqual({ type: 'cylinder', radius: 0.5, height: 1 });
    expect(cyl.translation![1]).toBeCloseTo(0.1575, 4);
    expect(cyl.extras!.unitSize).toMatch(/unverified/);
    // Its node is yawed 180°: (0,1,0,0) stays a 180° yaw after conversion.
    sceneOf(button).nodes[0].rotation!.forEach((v, c) => expect(v).toBeCloseTo([0, -1, 0, 0][c], 6));
  });

  it('parse (async) and the Format object agree with parseMdl', async () => {
    const entry = files[0];
    const bytes = readCorpusFile(entry);
    const a = await parse(bytes);
    const b = await mdlFormat.parse(bytes);
    expect(a.meshes[0].primitives[0].indices).toEqual(sceneOf(entry).meshes[0].primitives[0].indices);
    expect(b.nodes.map((n) => n.name)).toEqual(sceneOf(entry).nodes.map((n) => n.name));
  });
});

const foreign = corpusFiles('foreign', '.mdl');

describe.runIf(foreign.length > 0)('corpus/foreign: other .mdl formats get a FormatError naming them', () => {
  const expected: Record<string, RegExp> = {
    'quake1__slipgate_grenade.mdl': /this is a Quake 1 MDL \(IDPO v6\), not an Ultra Engine MDL/,
    'halflife1__halogs_grenade.mdl': /this is a Half-Life 1 MDL \(IDST v10\), not an Ultra Engine MDL/,
    'source__noerrors_error.mdl': /this is a Source engine MDL \(IDST v48\)/,
    'leadwerks4__key.mdl': /this is a Leadwerks 3\/4 MDL \(chunk format, version 2\)/,
  };
  it('covers every foreign file', () => {
    expect(foreign.map((f) => f.file).sort()).toEqual(Object.keys(expected).sort());
  });
  for (const entry of foreign) {
    it(entry.file, async () => {
      const bytes = readCorpusFile(entry);
      expect(mdlFormat.test(bytes)).toBe(false);
      let error: unknown;
      try {
        parseMdl(bytes);
      } catch (e) {
        error = e;
      }
      expect(isFormatError(error)).toBe(true);
      expect((error as Error).message).toMatch(expected[entry.file]);
      expect((error as { code: string }).code).toBe('FOREIGN_FORMAT');
      await expect(parse(bytes)).rejects.toThrow(expected[entry.file]);
      expect(() => readMdl(bytes)).toThrow(expected[entry.file]);
    });
  }
});
