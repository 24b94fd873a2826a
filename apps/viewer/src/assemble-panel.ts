// The Character panel: when the open folder holds a player skeleton (mvr_male.chr / mvr_female.chr)
// and its parts (Part_m* / Part_f*), pick parts, a weapon and a motion, and show them assembled as
// the client shows a player (@relic3d/o3d assembleCharacter, docs/formats/o3d.md §14).
import { baseNameOf, type Scene } from '@relic3d/core';
import { assembleCharacter } from '@relic3d/o3d';
import { h } from './dom.js';
import { nextTask } from './tasks.js';

type Files = Map<string, Blob>;

/** Shows an assembled scene; `modelPath` names it, and its folder is where textures are looked up. */
export type ShowAssembled = (scene: Scene, modelPath: string, files: Record<string, Blob>) => Promise<void>;

const SKELETON = /(^|\/)mvr_(male|female)\.chr$/i;
const base = (path: string) => baseNameOf(path).toLowerCase();
/** The parts' prefix of a skeleton: `Part_m*` for the male, `Part_f*` for the female. */
const partsOf = (skeleton: string) => `part_${/female/i.test(skeleton) ? 'f' : 'm'}`;

/** The folder's paths with their lower-case base names, made once per folder (each path's name is needed by every list). */
export interface FolderNames {
  paths: string[];
  names: string[];
  /** The player skeletons there are. */
  skeletons: string[];
  /** The parts' prefixes there are (`part_m`, `part_f`). */
  partPrefixes: Set<string>;
}

/**
 * One pass over the folder: a game folder's 9,665 paths were walked twice (the skeleton's parts, then
 * the lists), each name made again, in the task that ends its drawing (92–135 ms at load 3.5, issue 31).
 */
export function folderNames(paths: string[]): FolderNames {
  const folder: FolderNames = { paths, names: new Array<string>(paths.length), skeletons: [], partPrefixes: new Set() };
  for (let i = 0; i < paths.length; i++) {
    const name = base(paths[i]);
    folder.names[i] = name;
    if (name.endsWith('.o3d')) {
      if (name.startsWith('part_f') || name.startsWith('part_m')) folder.partPrefixes.add(name.slice(0, 6));
    } else if (name.endsWith('.chr') && SKELETON.test(paths[i])) folder.skeletons.push(paths[i]);
  }
  return folder;
}

/** What the panel lists for `skeleton`, from the names made once. */
export function panelLists(folder: FolderNames, skeleton: string): { parts: string[]; items: string[]; motions: string[]; skeletons: string[] } {
  const [partPrefix, motionPrefix] = [partsOf(skeleton), `${base(skeleton).replace(/\.chr$/, '')}_`];
  const lists = { parts: [] as string[], items: [] as string[], motions: [] as string[], skeletons: folder.skeletons };
  const { paths, names } = folder;
  for (let i = 0; i < paths.length; i++) {
    const name = names[i];
    if (name.endsWith('.o3d')) {
      if (name.startsWith(partPrefix)) lists.parts.push(paths[i]);
      else if (name.startsWith('item_')) lists.items.push(paths[i]);
    } else if (name.endsWith('.ani') && name.startsWith(motionPrefix)) lists.motions.push(paths[i]);
  }
  for (const list of [lists.parts, lists.items, lists.motions]) list.sort();
  return lists;
}

const read = async (files: Files, path: string) => ({ name: baseNameOf(path), bytes: new Uint8Array(await files.get(path)!.arrayBuffer()) });

/**
 * Appends the rows a few dozen per task: a game folder's 345 parts added at once were, with the
 * panel's lists, one 0.1-s task (most of it their layout) while the grid drew.
 */
async function addRows(list: HTMLElement, rows: (() => HTMLElement)[], perTask = ROWS_AT_ONCE): Promise<void> {
  for (let at = 0; at < rows.length && list.isConnected; at += perTask) {
    if (at) await nextTask();
    list.append(...rows.slice(at, at + perTask).map((row) => row()));
  }
}
const ROWS_AT_ONCE = 40;
/** A list's options per task (920 weapons of a game folder at once were a long task under load). */
const OPTIONS_AT_ONCE = 200;

/** The panel, appended to `parent`; `offer` fills it from an opened folder (hidden when it has no player). */
export function createAssemblePanel(parent: HTMLElement, show: ShowAssembled): { offer(files: Files): void } {
  const section = h('section', { id: 'assemble-panel', hidden: true });
  parent.append(section);
  let files: Files = new Map();
  let folder = folderNames([]);
  let offers = 0;

  const render = (skeleton: string) => {
    const { parts, items, motions, skeletons } = panelLists(folder, skeleton);
    const skeletonSelect = h('select', { id: 'assemble-skeleton', title: 'The skeleton every part is skinned to' }, ...skeletons.map((p) => h('option', { value: p, selected: p === skeleton }, baseNameOf(p))));
    skeletonSelect.onchange = () => render(skeletonSelect.value);
    const boxes = parts.map((p) => h('input', { type: 'checkbox', checked: true, value: p }));
    const weapon = h('select', { id: 'assemble-weapon', title: 'Held in the right hand' }, h('option', { value: '' }, 'no weapon'));
    const motion = h('select', { id: 'assemble-motion', title: 'A motion of the skeleton' }, h('option', { value: '' }, 'no motion'));
    const note = h('div', { className: 'label', id: 'assemble-status' });
    const button = h('button', { id: 'assemble', type: 'button', disabled: !parts.length }, 'Assemble');
    button.onclick = async () => {
      const chosen = boxes.filter((b) => b.checked).map((b) => b.value);
      if (!chosen.length) return void (note.textContent = 'pick at least one part');
      button.disabled = true;
      note.textContent = 'assembling…';
      try {
        const scene = await assembleCharacter({
          skeleton: await read(files, skeleton),
          parts: await Promise.all(chosen.map((p) => read(files, p))),
          ...(weapon.value ? { weapon: await read(files, weapon.value) } : {}),
          motions: motion.value ? { [baseNameOf(motion.value).replace(/\.ani$/i, '').slice(base(skeleton).replace(/\.chr$/, '').length + 1)]: (await read(files, motion.value)).bytes } : {},
          name: `${baseNameOf(skeleton).replace(/\.chr$/i, '')} character`,
        });
        // Named after the skeleton, in its folder (where the parts' textures are looked up).
        await show(scene, skeleton.replace(/[^/]*$/, `${baseNameOf(skeleton).replace(/\.chr$/i, '')} character`), Object.fromEntries(files));
        note.textContent = `${chosen.length} parts${weapon.value ? ' + weapon' : ''}${motion.value ? ', play the motion in Animation' : ''}`;
      } catch (error) {
        note.textContent = `failed: ${(error as Error).message}`;
      } finally {
        button.disabled = false;
      }
    };
    const partList = h('div', { className: 'assemble-parts' });
    section.replaceChildren(
      h('h2', {}, 'Character'),
      h('label', { className: 'row' }, 'Skeleton ', skeletonSelect),
      partList,
      h('label', { className: 'row' }, 'Weapon ', weapon),
      h('label', { className: 'row' }, 'Motion ', motion),
      button,
      note,
    );
    void addRows(partList, parts.map((p, k) => () => h('label', { className: 'row', title: p }, boxes[k], ' ', baseNameOf(p))));
    for (const [select, paths] of [[weapon, items], [motion, motions]] as const) void addRows(select, paths.map((p) => () => h('option', { value: p }, baseNameOf(p))), OPTIONS_AT_ONCE);
  };

  return {
    offer(set) {
      files = set;
      const offer = ++offers;
      folder = folderNames([...set.keys()]);
      // A skeleton with parts of its own.
      const skeleton = folder.skeletons.find((p) => folder.partPrefixes.has(partsOf(p)));
      if (!skeleton) {
        section.hidden = true;
        return void section.replaceChildren();
      }
      // The panel is built in a task of its own (its lists, then its elements and their layout).
      void nextTask().then(() => {
        if (offer !== offers) return;
        render(skeleton);
        section.hidden = false;
      });
    },
  };
}
