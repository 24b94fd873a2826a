/**
 * The names of an `.o3d`'s companions: its `.chr` skeleton and `.ani` motions (docs/formats/o3d.md
 * §5.5). Real folders mix the case of prefixes (`mvr_`/`Mvr_`), so every match is case-insensitive.
 */
import { baseNameOf } from '@relic3d/core';

export interface Companions {
  /** The `.chr` as spelled in the listing, when found. */
  skeleton?: string;
  /** Motion name (e.g. `stand`) → `.ani` file name as spelled in the listing. */
  motions: Record<string, string>;
}

const stripExt = (name: string) => name.replace(/\.[^.]*$/, '');

/** Player parts (`Part_m*`, `Part_f*`) share the player skeletons and their hundreds of motions. */
export function isPlayerPart(o3dName: string): boolean {
  return /^part_[mf]/i.test(stripExt(baseNameOf(o3dName)));
}

/**
 * The skeleton file name an O3D uses: player parts (`Part_m*`, `Part_f*`) share
 * `mvr_male.chr`/`mvr_female.chr`; everything else uses `<name>.chr`.
 */
export function skeletonNameFor(o3dName: string): string {
  const base = stripExt(baseNameOf(o3dName));
  if (/^part_m/i.test(base)) return 'mvr_male.chr';
  if (/^part_f/i.test(base)) return 'mvr_female.chr';
  return `${base}.chr`;
}

/** The prefix of motion files: `<skeleton name>_`, e.g. `mvr_aibatt_` (lower case). */
export function motionPrefixFor(o3dName: string): string {
  return `${stripExt(skeletonNameFor(o3dName)).toLowerCase()}_`;
}

/** The `.ani` file name of a motion: a full name (`x.ani`) stays, a short one gets the prefix. */
export function motionFileFor(o3dName: string, motion: string): string {
  if (/\.ani$/i.test(motion)) return motion;
  return `${stripExt(skeletonNameFor(o3dName))}_${motion}.ani`;
}

/** Clip name of a motion file: the part after `<skeleton>_`, without `.ani`. */
export function motionNameOf(o3dName: string, motionFile: string): string {
  const base = stripExt(baseNameOf(motionFile));
  const prefix = motionPrefixFor(o3dName);
  return base.toLowerCase().startsWith(prefix) && base.length > prefix.length ? base.slice(prefix.length) : base;
}

/**
 * Finds an O3D's companions in a folder listing (file names, case-insensitive).
 * @example findCompanions('mvr_AiBatt.o3d', ['Mvr_AiBatt.chr', 'mvr_AiBatt_stand.ani'])
 *   // { skeleton: 'Mvr_AiBatt.chr', motions: { stand: 'mvr_AiBatt_stand.ani' } }
 */
export function findCompanions(fileName: string, folderListing: readonly string[]): Companions {
  const index = listingIndex(folderListing);
  const wanted = skeletonNameFor(fileName).toLowerCase();
  const prefix = motionPrefixFor(fileName);
  const matching = index.withPrefix(prefix);
  // `mvr_Lawolf_Boss.chr` beside `mvr_Lawolf.chr`: `mvr_Lawolf_Boss_*.ani` are the boss's motions.
  const longer: string[] = [];
  for (const i of matching) {
    const lower = index.lower[i];
    if (lower.endsWith('.chr') && lower !== wanted) longer.push(`${lower.slice(0, -4)}_`);
  }
  const result: Companions = { motions: {} };
  const skeleton = index.first.get(wanted);
  if (skeleton !== undefined) result.skeleton = folderListing[skeleton];
  for (const i of matching) {
    const lower = index.lower[i];
    if (!lower.endsWith('.ani') || lower.length <= prefix.length + 4 || longer.some((p) => lower.startsWith(p))) continue;
    const motion = baseNameOf(folderListing[i]).slice(prefix.length, -4);
    if (!(motion in result.motions)) result.motions[motion] = folderListing[i];
  }
  return result;
}

/** A listing's lower-cased base names, sorted, for prefix queries. */
interface ListingIndex {
  lower: string[];
  /** Lower-cased name → position of its first spelling in the listing. */
  first: Map<string, number>;
  /** Positions of the names that start with `prefix` (lower case), in listing order. */
  withPrefix(prefix: string): number[];
}

/**
 * One index per listing (which must not change once asked about), kept while the listing lives:
 * a batch asks once per model of a folder of thousands of files, and a scan per model made the
 * whole batch quadratic.
 */
const indexes = new WeakMap<readonly string[], ListingIndex>();

function listingIndex(listing: readonly string[]): ListingIndex {
  let index = indexes.get(listing);
  if (index) return index;
  const lower = listing.map((entry) => baseNameOf(entry).toLowerCase());
  const first = new Map<string, number>();
  lower.forEach((name, i) => {
    if (!first.has(name)) first.set(name, i);
  });
  const sorted = lower.map((_, i) => i).sort((a, b) => (lower[a] < lower[b] ? -1 : lower[a] > lower[b] ? 1 : a - b));
  const withPrefix = (prefix: string): number[] => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (lower[sorted[mid]] < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let k = lo; k < sorted.length && lower[sorted[k]].startsWith(prefix); k++) out.push(sorted[k]);
    return out.sort((a, b) => a - b);
  };
  index = { lower, first, withPrefix };
  indexes.set(listing, index);
  return index;
}

/** Case-insensitive lookup of one name in a listing. */
export function findInListing(name: string, folderListing: readonly string[]): string | undefined {
  const lower = baseNameOf(name).toLowerCase();
  return folderListing.find((entry) => baseNameOf(entry).toLowerCase() === lower);
}
