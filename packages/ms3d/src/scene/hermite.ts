/**
 * The viewer's position tangents (msModel::SetupTangents) as glTF CUBICSPLINE tangents. For more
 * than 2 keys, key k gets tangent = p[k+1] − p[k−1] (indices wrap around the track), split into
 * in = tangent·dt1/(dt1+dt2) and out = tangent·dt2/(dt1+dt2) with dt1, dt2 the times to the
 * neighbours; 1-2 keys get zero tangents. The viewer's tangents are per normalised segment, glTF's
 * per second, hence the division by the segment length. The bind offset is constant, so the
 * tangents of `R_bind · p_key` equal the key tangents rotated.
 */
export function hermiteTangents(times: Float32Array, offsets: Float64Array, values: Float32Array): void {
  const n = times.length;
  if (n <= 2) return;
  for (let k = 0; k < n; k++) {
    const k0 = k === 0 ? n - 1 : k - 1;
    const k2 = k === n - 1 ? 0 : k + 1;
    const dt1 = times[k] - times[k0];
    const dt2 = times[k2] - times[k];
    const dt = dt1 + dt2;
    if (!dt) continue;
    const segmentIn = k > 0 ? times[k] - times[k - 1] : 0;
    const segmentOut = k < n - 1 ? times[k + 1] - times[k] : 0;
    for (let c = 0; c < 3; c++) {
      const tangent = offsets[k2 * 3 + c] - offsets[k0 * 3 + c];
      if (segmentIn > 0) values[k * 9 + c] = (tangent * dt1) / dt / segmentIn;
      if (segmentOut > 0) values[k * 9 + 6 + c] = (tangent * dt2) / dt / segmentOut;
    }
  }
}
