import { computeBounds, validateScene, type Scene } from '@relic3d/core';
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { describe, expect, it } from 'vitest';
import { ms3dFormat, parseSync, readMs3d } from '../src/index.js';
import { dumpMs3d, influences, referenceBounds } from './reference.js';

const files = corpusFiles('ms3d', '.ms3d');

/** Facts from a MANIFEST note: "v4, 1789v/3450t/10g/2m, fps 15 ..., 31 joints, 66123 rot/3123 pos keys, trailer: ...". */
function manifestFacts(note: string) {
  const m = /v(\d+), (\d+)v\/(\d+)t\/(\d+)g\/(\d+)m, fps (\S+) curTime (\S+) totalFrames (\d+), (\d+) joints/.exec(note);
  if (!m) throw new Error(`unparsed note: ${note}`);
  const keys = /(\d+) rot\/(\d+) pos keys/.exec(note);
  const trailer = /no trailer/.test(note)
    ? []
    : [...(/trailer: (.*)$/.exec(note)?.[1] ?? '').matchAll(/(comments|vertexExtra|jointExtra|modelExtra) sv(\d)/g)].map((x) => `${x[1]} sv${x[2]}`);
  return {
    version: +m[1], vertices: +m[2], triangles: +m[3], groups: +m[4], materials: +m[5], fps: +m[6], totalFrames: +m[8], joints: +m[9],
    rotKeys: keys ? +keys[1] : 0, posKeys: keys ? +keys[2] : 0, trailer,
  };
}

function close(a: number[], b: number[], eps: number) {
  a.forEach((v, i) => expect(v).toBeCloseTo(b[i], eps));
}

describe.skipIf(files.length === 0)('ms3d corpus', () => {
  it('has the 21 MANIFEST files', () => {
    expect(files.length).toBe(21);
  });

  describe.each(files.map((f) => [f.file, f] as const))('%s', (_name, entry) => {
    const bytes = readCorpusFile(entry);
    const facts = manifestFacts(entry.note);
    const dump = dumpMs3d(bytes);
    let scene: Scene;

    it('the independent dump agrees with the MANIFEST and ends on the last byte', () => {
      expect(dump.end).toBe(bytes.length);
      expect([dump.version, dump.nVertices, dump.nTriangles, dump.nGroups, dump.nMaterials, dump.joints.length]).toEqual([
        facts.version, facts.vertices, facts.triangles, facts.groups, facts.materials, facts.joints,
      ]);
      expect(dump.fps).toBe(facts.fps);
      expect(dump.totalFrames).toBe(facts.totalFrames);
      expect([dump.rotKeys, dump.posKeys]).toEqual([facts.rotKeys, facts.posKeys]);
      expect(dump.trailer).toEqual(facts.trailer);
    });

    it('reads every section as stored', () => {
      expect(ms3dFormat.test(bytes)).toBe(true);
      const file = readMs3d(bytes);
      expect(file.version).toBe(facts.version);
      expect(file.vertices.count).toBe(facts.vertices);
      expect(file.triangles.count).toBe(facts.triangles);
      expect(file.groups.length).toBe(facts.groups);
      expect(file.materials.length).toBe(facts.materials);
      expect(file.joints.length).toBe(facts.joints);
      expect(file.animationFps).toBe(facts.fps);
      expect(file.totalFrames).toBe(facts.totalFrames);
      expect(file.joints.reduce((s, j) => s + j.rotationKeys.length / 4, 0)).toBe(facts.rotKeys);
      expect(file.joints.reduce((s, j) => s + j.positionKeys.length / 4, 0)).toBe(facts.posKeys);
      expect(file.trailer.map((s) => `${s} sv${file[s]!.subVersion}`)).toEqual(facts.trailer);
      expect(file.unreadBytes).toBe(0);
      expect(file.warnings).toEqual([]);
      // Per-joint key counts and names against the dump.
      expect(file.joints.map((j) => [j.name, j.parentName, j.rotationKeys.length / 4, j.positionKeys.length / 4])).toEqual(
        dump.joints.map((j) => [j.name, j.parent, j.rotKeys.length, j.posKeys.length]),
      );
      expect(file.groups.map((g) => [g.triangleIndices.length, g.materialIndex])).toEqual(dump.groupTriangleCounts.map((n, i) => [n, dump.groupMaterials[i]]));
      expect(file.materials.map((m) => m.name)).toEqual(dump.materialNames);
      expect(file.materials.map((m) => m.texture)).toEqual(dump.materialTextures);
      expect(file.currentTime).toBe(dump.currentTime);
      // Trailer contents, section by section.
      if (dump.comments) {
        const c = file.comments!;
        expect([c.groups.length, c.materials.length, c.joints.length, c.model]).toEqual([
          dump.comments.groups, dump.comments.materials, dump.comments.joints, dump.comments.model,
        ]);
      } else expect(file.comments).toBeUndefined();
      if (dump.trailer.some((t) => t.startsWith('vertexExtra'))) {
        expect(Array.from(file.vertexExtra!.weights)).toEqual(dump.extraWeights.flat());
        expect(Array.from(file.vertexExtra!.boneIds)).toEqual(dump.extraIds.flat());
      } else expect(file.vertexExtra).toBeUndefined();
      if (dump.jointColors) expect(Array.from(file.jointExtra!.colors)).toEqual(dump.jointColors.flat());
      else expect(file.jointExtra).toBeUndefined();
      if (dump.modelExtra) {
        const m = file.modelExtra!;
        expect([m.jointSize, m.transparencyMode, m.alphaRef]).toEqual(dump.modelExtra);
      } else expect(file.modelExtra).toBeUndefined();
    });

    it('becomes a valid scene with the bind-pose box of the used vertices', () => {
      scene = parseSync(bytes, { fileName: entry.file });
      expect(validateScene(scene)).toEqual([]);
      expect(scene.format).toBe('ms3d');
      expect(scene.version).toBe(facts.version);
      expect(scene.warnings).toEqual([]);
      expect(scene.extras.totalFrames).toBe(facts.totalFrames);
      expect(scene.nodes.filter((n) => n.joint && !n.extras?.ms3dRigid).length).toBe(facts.joints);
      const primitives = scene.meshes[0]?.primitives ?? [];
      expect(primitives.length).toBe(dump.groupTriangleCounts.filter((n) => n > 0).length);
      expect(primitives.map((p) => p.attributes.POSITION.length / 3)).toEqual(dump.groupRenderVertices.filter((_, g) => dump.groupTriangleCounts[g] > 0));
      expect(primitives.reduce((s, p) => s + p.indices!.length / 3, 0)).toBe(dump.groupTriangleCounts.reduce((a, b) => a + b, 0));
      if (dump.used.size) {
        const ref = referenceBounds(dump);
        const b = computeBounds(scene);
        close(b.min, ref.min, 4);
        close(b.max, ref.max, 4);
      } else {
        expect(scene.meshes.length).toBe(0);
      }
      if (facts.rotKeys + facts.posKeys > 0) {
        expect(scene.animations.length).toBe(1);
        const clip = scene.animations[0];
        const maxKey = Math.max(...dump.joints.flatMap((j) => [...j.rotKeys, ...j.posKeys].map((k) => k[0])));
        expect(clip.duration).toBeCloseTo(maxKey, 5);
        expect(clip.extras?.fps).toBe(facts.fps);
      } else {
        expect(scene.animations.length).toBe(0);
      }
    });

    if (facts.joints > 0 && dump.used.size > 0) {
      it('poses like the viewer at several times (linear and Hermite positions)', () => {
        const hermite = parseSync(bytes, { positionInterpolation: 'hermite' });
        expect(validateScene(hermite)).toEqual([]);
        const clip = scene.animations[0];
        for (const f of [0, 0.13, 0.5, 0.77, 1]) {
          const time = clip.duration * f;
          const ref = referenceBounds(dump, time);
          const b = computeBounds(scene, { animation: 0, time });
          close(b.min, ref.min, 3);
          close(b.max, ref.max, 3);
          const refH = referenceBounds(dump, time, true);
          const h = computeBounds(hermite, { animation: 0, time });
          close(h.min, refH.min, 3);
          close(h.max, refH.max, 3);
        }
      });
    }
  });
});

describe.skipIf(files.length === 0)('ms3d corpus facts from the spec', () => {
  const load = (name: string) => readCorpusFile(name, 'ms3d');

  it('glscene__Woman4: comments, 664 multi-bone vertices, hair mode 0x60, skinned and animated', () => {
    const bytes = load('glscene__Woman4.ms3d');
    const file = readMs3d(bytes);
    expect(file.comments!.groups.length).toBe(10);
    expect(file.comments!.materials.length).toBe(1);
    expect(file.comments!.joints.length).toBe(0);
    expect(file.comments!.model!.startsWith('scale=0.5\r\nconfig=0\r\n')).toBe(true);
    const dump = dumpMs3d(bytes);
    const multi = dump.boneIds.filter((_, v) => influences(dump, v).length > 1).length;
    expect(multi).toBe(664); // 630 with two joints, 34 with three
    expect(Math.max(...dump.extraWeights.flat())).toBe(100);
    expect(file.materials.find((m) => m.name === 'Hair')?.mode).toBe(0x60);
    // Rotation and position key counts differ on 30 of 31 joints.
    expect(file.joints.filter((j) => j.rotationKeys.length !== j.positionKeys.length).length).toBe(30);

    const scene = parseSync(bytes, { fileName: 'Woman4.ms3d' });
    expect(scene.materials.filter((m) => typeof m.extras?.comment === 'string')).toHaveLength(1);
    const hair = scene.materials.find((m) => m.name === 'Hair')!;
    expect(hair.extras).toMatchObject({ hasAlpha: true, combineAlpha: true, sphereMap: false });
    expect(scene.extras.modelComment).toMatch(/^scale=0\.5/);
    // RightArm0 carries the editor's HIDDEN flag (2) yet is the figure's right arm: it stays a primitive.
    const arm = scene.meshes[0].primitives.find((p) => p.extras!.name === 'RightArm0')!;
    expect(arm.extras).toMatchObject({ flags: 2, hidden: true });
    expect(arm.indices!.length).toBe(412 * 3);
    // Influence counts per file vertex reach the scene unchanged: 1125 × 1, 630 × 2, 34 × 3
    // (the dump's own reading of the viewer rules).
    const expected: Record<number, number> = {};
    dump.boneIds.forEach((_, v) => {
      const n = influences(dump, v).length;
      expected[n] = (expected[n] ?? 0) + 1;
    });
    expect(expected).toEqual({ 1: 1125, 2: 630, 3: 34 });
    const got: Record<number, number> = {};
    const seen = new Set<number>();
    for (const p of scene.meshes[0].primitives) {
      const w = p.attributes.WEIGHTS_0!;
      const src = p.extras!.sourceVertices as Uint32Array;
      for (let v = 0; v < src.length; v++) {
        if (seen.has(src[v])) continue;
        seen.add(src[v]);
        const n = [0, 1, 2, 3].filter((k) => w[v * 4 + k] > 0).length;
        got[n] = (got[n] ?? 0) + 1;
      }
    }
    expect(got).toEqual(expected);
    // Posed bounds stay sensible through the 142 s clip: finite, same scale as the bind pose.
    const bind = computeBounds(scene);
    const size = bind.max.map((v, i) => v - bind.min[i]);
    const height = Math.max(...size);
    for (const time of [0, 1, 5, 20, 60, 100, 142.2]) {
      const b = computeBounds(scene, { animation: 0, time });
      const extent = b.max.map((v, i) => v - b.min[i]);
      for (let i = 0; i < 3; i++) {
        expect(Number.isFinite(b.min[i]) && Number.isFinite(b.max[i])).toBe(true);
        expect(extent[i]).toBeLessThan(height * 1.6);
        expect(extent[i]).toBeGreaterThan(height * 0.1);
      }
      // The clip stands the figure on the ground (feet near y = 0) without stretching it.
      expect(extent[1]).toBeGreaterThan(size[1] * 0.5);
      expect(extent[1]).toBeLessThan(size[1] * 1.1);
      expect(b.min[1]).toBeGreaterThan(-2);
      expect(b.min[1]).toBeLessThan(0);
    }
    expect(scene.animations[0].duration).toBeCloseTo(142.2, 3);
  });

  it('soulsheng__Model: key translations are rotated by the bind rotation (joint4)', () => {
    const bytes = load('soulsheng__Model.ms3d');
    const file = readMs3d(bytes);
    expect(file.currentTime).toBeCloseTo(17.5331, 3);
    expect(file.materials[1].name).toBe('');
    const j4 = file.joints.find((j) => j.name === 'joint4')!;
    close(j4.rotation, [1.565, 0.056, -3.142], 3);
    const scene = parseSync(bytes);
    const node = scene.nodes.findIndex((n) => n.name === 'joint4');
    const channel = scene.animations[0].channels.find((c) => c.node === node && c.path === 'translation')!;
    const k = Array.from({ length: j4.positionKeys.length / 4 }, (_, i) => i).find((i) => Math.hypot(j4.positionKeys[i * 4 + 1], j4.positionKeys[i * 4 + 2], j4.positionKeys[i * 4 + 3]) > 1)!;
    const key = [j4.positionKeys[k * 4 + 1], j4.positionKeys[k * 4 + 2], j4.positionKeys[k * 4 + 3]];
    const got = Array.from(channel.values.subarray(k * 3, k * 3 + 3));
    const unrotated = j4.position.map((p, i) => p + key[i]);
    expect(Math.hypot(...got.map((g, i) => g - unrotated[i]))).toBeGreaterThan(0.5); // not assimp's sum
    // |p - p_bind| = |p_key| (a rotation keeps length).
    expect(Math.hypot(...got.map((g, i) => g - j4.position[i]))).toBeCloseTo(Math.hypot(...key), 4);
  });

  it('cubby__Human: skeleton and animation without a mesh; keys run past totalFrames', () => {
    const scene = parseSync(load('cubby__Human.ms3d'));
    expect(scene.meshes.length).toBe(0);
    expect(scene.skins.length).toBe(0);
    expect(scene.nodes.length).toBe(25);
    const clip = scene.animations[0];
    expect(Math.round(clip.duration * 24)).toBe(383);
    expect(clip.extras!.totalFrames).toBe(349);
    expect(clip.extras!.editorDuration).toBeCloseTo(349 / 24, 5);
  });

  it('glscene__Box: the empty group is kept in extras; material -1 gets the default material', () => {
    const scene = parseSync(load('glscene__Box.ms3d'));
    expect(scene.meshes[0].primitives.length).toBe(1);
    expect((scene.meshes[0].extras!.emptyGroups as unknown[]).length).toBe(1);
    expect(scene.materials.length).toBe(1);
    expect(scene.materials[0].extras!.ms3dDefault).toBe(true);
  });

  it('assimp__jeep1: texture path normalised, raw path kept', () => {
    const scene = parseSync(load('assimp__jeep1.ms3d'));
    expect(scene.textures).toHaveLength(1);
    expect(scene.textures[0].uri).toBe('./jeep1.jpg');
    expect(scene.textures[0].extras!.path).toBe('.\\jeep1.jpg');
    expect(scene.materials[0].baseColorTexture!.texture).toBe(0);
  });

  it('hiero__Walker: non-zero sv3 extra words are kept and skipped by size', () => {
    const file = readMs3d(load('hiero__Walker.ms3d'));
    const extra = file.vertexExtra!.extra;
    let nonZero = 0;
    for (let v = 0; v < file.vertices.count; v++) if (extra[v * 2] || extra[v * 2 + 1]) nonZero++;
    expect(nonZero).toBe(118);
    expect(file.trailer).toEqual(['comments', 'vertexExtra', 'jointExtra', 'modelExtra']);
    expect(file.unreadBytes).toBe(0);
  });

  it('front faces are counter-clockwise: face normals agree with stored corner normals', () => {
    let agree = 0, total = 0;
    for (const f of files) {
      const scene = parseSync(readCorpusFile(f));
      for (const p of scene.meshes[0]?.primitives ?? []) {
        const P = p.attributes.POSITION, N = p.attributes.NORMAL!, I = p.indices!;
        for (let t = 0; t < I.length; t += 3) {
          const [a, b, c] = [I[t], I[t + 1], I[t + 2]];
          const u = [0, 1, 2].map((i) => P[b * 3 + i] - P[a * 3 + i]);
          const v = [0, 1, 2].map((i) => P[c * 3 + i] - P[a * 3 + i]);
          const n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
          if (Math.hypot(...n) < 1e-9) continue;
          const s = [0, 1, 2].map((i) => N[a * 3 + i] + N[b * 3 + i] + N[c * 3 + i]);
          total++;
          if (n[0] * s[0] + n[1] * s[1] + n[2] * s[2] > 0) agree++;
        }
      }
    }
    // Measured with a float64 cross product on the raw triangles: 8 of 19,912 disagree
    // (the spec reports 4 of 19,908); nothing here is mirrored.
    expect(total).toBeGreaterThan(19_800);
    expect(total - agree).toBeLessThanOrEqual(8);
  });
});
