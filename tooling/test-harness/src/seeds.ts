/**
 * A synthetic model file built with a format package's test writer. Each package lists its own in
 * `@relic3d/fixtures/<format>-seeds`; its hardening test and the fuzzer (tooling/fuzz) both start from that list.
 */
export interface SyntheticSeed {
  /**
   * What the file exercises. Hardening runs are mostly named after it, and a run's name seeds its
   * mutations: renaming a seed changes the inputs its hardening run tries.
   */
  name: string;
  /** The model's file name (O3D side files are found from it). */
  fileName: string;
  bytes: Uint8Array;
  /** Side files by name (O3D .chr and .ani). */
  companions?: Record<string, Uint8Array>;
  /** Motion names a parse requests (O3D). */
  motions?: string[];
}
