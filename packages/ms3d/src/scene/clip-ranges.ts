import type { ClipRange } from '@relic3d/core';

/**
 * Clips relic3d's writer laid end to end on MS3D's one timeline, from the `clip=<first frame>,<last
 * frame>,<name>` lines it puts in the model comment (docs/formats/ms3d.md §2.6: MS3D "actions" are
 * frame ranges agreed outside the file).
 */
export function clipRangesOf(modelComment: string | undefined, fps: number): ClipRange[] {
  if (!modelComment || !(fps > 0) || !Number.isFinite(fps)) return [];
  const ranges: ClipRange[] = [];
  for (const m of modelComment.matchAll(/^clip=(\d+(?:\.\d+)?),(\d+(?:\.\d+)?),(.*?)\r?$/gm)) {
    const start = Number(m[1]) / fps, end = Number(m[2]) / fps;
    if (end >= start) ranges.push({ name: m[3], start, end });
  }
  return ranges;
}
