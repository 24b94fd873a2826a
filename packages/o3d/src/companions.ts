/**
 * Companion files: the `.chr` skeleton and `.ani` motions that belong to an `.o3d` (spec §5.5).
 * Real folders mix the case of prefixes (`mvr_`/`Mvr_`), so every match is case-insensitive.
 */

export interface Companions {
  /** The `.chr` as spelled in the listing, when found. */
  skeleton?: string;
  /** Motion name (e.g. `stand`) → `.ani` file name as spelled in the listing. */
  motions: Record<string, string>;
}

const stripDir = (name: string) => name.replace(/^.*[\\/]/, '');
const stripExt = (name: string) => name.replace(/\.[^.]*$/, '');

/** Player parts (`Part_m*`, `Part_f*`) share the player skeletons and their hundreds of motions. */
export function isPlayerPart(o3dName: string): boolean {
  return /^part_[mf]/i.test(stripExt(stripDir(o3dName)));
}

/**
 * The skeleton file name an O3D uses: player parts (`Part_m*`, `Part_f*`) share
 * `mvr_male.chr`/`mvr_female.chr`; everything else uses `<name>.chr`.
 */
export function skeletonNameFor(o3dName: string): string {
  const base = stripExt(stripDir(o3dName));
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
  const base = stripExt(stripDir(motionFile));
  const prefix = motionPrefixFor(o3dName);
  return base.toLowerCase().startsWith(prefix) && base.length > prefix.length ? base.slice(prefix.length) : base;
}

/**
 * Finds an O3D's companions in a folder listing (file names, case-insensitive).
 * @example findCompanions('mvr_AiBatt.o3d', ['Mvr_AiBatt.chr', 'mvr_AiBatt_stand.ani'])
 *   // { skeleton: 'Mvr_AiBatt.chr', motions: { stand: 'mvr_AiBatt_stand.ani' } }
 */
export function findCompanions(fileName: string, folderListing: readonly string[]): Companions {
  const wanted = skeletonNameFor(fileName).toLowerCase();
  const prefix = motionPrefixFor(fileName);
  // `mvr_Lawolf_Boss.chr` beside `mvr_Lawolf.chr`: `mvr_Lawolf_Boss_*.ani` are the boss's motions.
  const longer: string[] = [];
  for (const entry of folderListing) {
    const lower = stripDir(entry).toLowerCase();
    if (lower.endsWith('.chr') && lower.startsWith(prefix) && lower !== wanted) longer.push(`${lower.slice(0, -4)}_`);
  }
  const result: Companions = { motions: {} };
  for (const entry of folderListing) {
    const name = stripDir(entry);
    const lower = name.toLowerCase();
    if (lower === wanted && result.skeleton === undefined) result.skeleton = entry;
    else if (lower.endsWith('.ani') && lower.startsWith(prefix) && lower.length > prefix.length + 4 && !longer.some((p) => lower.startsWith(p))) {
      const motion = name.slice(prefix.length, -4);
      if (!(motion in result.motions)) result.motions[motion] = entry;
    }
  }
  return result;
}

/** Case-insensitive lookup of one name in a listing. */
export function findInListing(name: string, folderListing: readonly string[]): string | undefined {
  const lower = stripDir(name).toLowerCase();
  return folderListing.find((entry) => stripDir(entry).toLowerCase() === lower);
}
