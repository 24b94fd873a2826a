// Triangles over a subset of a shared vertex list, renumbered by first use (a material block's own
// vertices), with their winding reversed: the per-block step of formats whose blocks index one
// vertex buffer (O3D).

/**
 * Triangles `indices[0 … 3 × triangles)` (u16 when `wide` is 0, else u32): a triangle with a corner
 * at or past `vertexCount` is skipped; the corners of the others are numbered by first use in the
 * order a, c, b and written as (a, c, b) to `out` (u16 when `outWide` is 0, else u32). `remap`
 * holds `vertexCount` i32 (filled with -1 here); each new vertex's stored one goes to `source`
 * (u32). Returns the number of new vertices; the corners written are stored as a u32 at `counts`.
 */
export function compactTriangles(indices: usize, wide: u32, triangles: u32, vertexCount: u32, remap: usize, source: usize, out: usize, outWide: u32, counts: usize): u32 {
  memory.fill(remap, 0xff, <usize>vertexCount << 2);
  if (wide) {
    if (outWide) return walk(indices, true, triangles, vertexCount, remap, source, out, true, counts);
    return walk(indices, true, triangles, vertexCount, remap, source, out, false, counts);
  }
  if (outWide) return walk(indices, false, triangles, vertexCount, remap, source, out, true, counts);
  return walk(indices, false, triangles, vertexCount, remap, source, out, false, counts);
}

// @ts-ignore: decorator
@inline function corner(indices: usize, wide: bool, at: u32): u32 {
  return wide ? load<u32>(indices + (<usize>at << 2)) : <u32>load<u16>(indices + (<usize>at << 1));
}

// @ts-ignore: decorator
@inline function renumber(v: u32, remap: usize, source: usize, unique: u32): u32 {
  const p = remap + (<usize>v << 2);
  const r = load<i32>(p);
  if (r >= 0) return <u32>r;
  store<i32>(p, <i32>unique);
  store<u32>(source + (<usize>unique << 2), v);
  return unique | 0x80000000; // new: the caller counts it
}

// @ts-ignore: decorator
@inline function put(out: usize, wide: bool, at: u32, value: u32): void {
  if (wide) store<u32>(out + (<usize>at << 2), value);
  else store<u16>(out + (<usize>at << 1), <u16>value);
}

// @ts-ignore: decorator
@inline function walk(indices: usize, wide: bool, triangles: u32, vertexCount: u32, remap: usize, source: usize, out: usize, outWide: bool, counts: usize): u32 {
  let unique: u32 = 0, o: u32 = 0;
  for (let t: u32 = 0, at: u32 = 0; t < triangles; t++, at += 3) {
    const a = corner(indices, wide, at), b = corner(indices, wide, at + 1), c = corner(indices, wide, at + 2);
    if (a >= vertexCount || b >= vertexCount || c >= vertexCount) continue;
    let ra = renumber(a, remap, source, unique);
    if (ra & 0x80000000) ra = unique++;
    let rc = renumber(c, remap, source, unique);
    if (rc & 0x80000000) rc = unique++;
    let rb = renumber(b, remap, source, unique);
    if (rb & 0x80000000) rb = unique++;
    put(out, outWide, o, ra);
    put(out, outWide, o + 1, rc);
    put(out, outWide, o + 2, rb);
    o += 3;
  }
  store<u32>(counts, o);
  return unique;
}
