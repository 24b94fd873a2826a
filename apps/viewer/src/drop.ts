// Files dropped anywhere on the page: the drop overlay while dragging, then the dropped folders
// handed to the thumbnail workers as handles (browser/handed-folder.ts), or, where they cannot be,
// listed here (files.ts listDrop: names at once) and handed on while their handles arrive
// (arriving-files.ts).
import { $ } from './dom.js';
import { dropHandles, expandPacks, listDrop, plainFiles } from './files.js';
import type { FolderHandles } from './browser/folder-handles.js';
import { arrivedFolder, arrivingFolder, type ArrivingFolder } from './arriving-files.js';
import type { Stage } from './stage.js';

/** `covered`: whether what was opened covers the view (a folder's grid), which then stays undrawn. */
/**
 * `handOver`: hands a drop's handles to the thumbnail workers, which read the folder on their own
 * threads (browser/handed-folder.ts); undefined when they cannot, and the page takes the entries.
 */
export function bindDrop(stage: Stage, open: (folder: ArrivingFolder) => Promise<void>, fail: (error: unknown) => void, covered: () => boolean, handOver?: () => ((handles: FolderHandles, names?: readonly string[]) => Promise<ArrivingFolder>) | undefined): void {
  let dragDepth = 0;
  addEventListener('dragenter', (e) => { e.preventDefault(); dragDepth++; $('drop').hidden = false; });
  addEventListener('dragleave', () => { if (--dragDepth <= 0) { dragDepth = 0; $('drop').hidden = true; } });
  addEventListener('dragover', (e) => e.preventDefault());
  addEventListener('drop', async (e: DragEvent) => {
    e.preventDefault();
    performance.mark('relic3d:drop');
    dragDepth = 0;
    $('drop').hidden = true;
    if (!e.dataTransfer) return;
    // The view is not drawn while a dropped folder is listed and opened (on a software renderer its
    // frames were the page's longest tasks then); afterwards only if no grid covers it.
    const suspended = stage.suspended;
    stage.suspended = true;
    try {
      // Taken from the event at once: the DataTransfer is emptied once the handler yields.
      const hand = handOver?.();
      const handles = hand && dropHandles(e.dataTransfer);
      const listing = listDrop(e.dataTransfer);
      const plain = listing ? undefined : plainFiles(e.dataTransfer);
      // A folder among them: read by the workers; plain files stay with the page. Its names are listed
      // here from the entries (names only: 9,665 in under 1 s, where the workers' handles took 7 s).
      const got = await handles;
      const handed = got?.some((h) => h.kind === 'directory') ? await hand!(got, listing && [...(await listing()).keys()]) : undefined;
      const folder = handed ?? (listing ? await arrivingFolder(await listing()) : arrivedFolder(await expandPacks(plain!)));
      performance.mark('relic3d:listed');
      await open(folder);
    } catch (error) {
      fail(error);
    } finally {
      if (!covered()) Object.assign(stage, { suspended }).invalidate();
    }
  });
}
