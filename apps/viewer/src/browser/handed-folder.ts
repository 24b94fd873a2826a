// A dropped or picked folder handed to the thumbnail workers as FileSystemHandles: they list it and
// read its files on their own threads (folder-handles.ts), the first of them tells the page the
// paths as they are listed (the grid opens from the first part and grows) and each file's size and
// time (the cache's key). The page's thread makes no File of it, so none of Chromium's synchronous
// per-File calls to the browser process lands on it (issue 31). The files come to the page, in
// parts, once every one is read; as each is read when the page draws the thumbnails itself.
import type { ArrivingFolder, FileFacts } from '../arriving-files.js';
import type { FileSet } from '../files.js';
import type { FolderHandles } from './folder-handles.js';
import type { ThumbService } from './thumb-service.js';
import type { ToThumbWorker } from './thumb-protocol.js';

let folders = 0;

/**
 * The folder under `handles`, once the workers have listed its first part (rejected when nothing
 * could be listed); `names`: its files' paths when the page listed them already (a drop's entries:
 * names only, fast). Its `paths` grow until `listed` settles.
 */
export function handedFolder(service: ThumbService, handles: FolderHandles, names?: readonly string[], firstScreen?: number): Promise<ArrivingFolder> {
  const id = ++folders;
  const workers = service.handWorkers();
  const reporter = workers[0];
  const files: FileSet = new Map();
  const sized = new Map<string, FileFacts>();
  const paths: string[] = [];
  let listedAll!: () => void;
  const listed = new Promise<void>((resolve) => (listedAll = resolve));
  let allRead!: () => void;
  const read = new Promise<void>((resolve) => (allRead = resolve));
  let allHere!: () => void;
  const here = new Promise<void>((resolve) => (allHere = resolve));
  /** The page draws: the reporter sends each file as it reads it, so nothing is asked for at the end. */
  let streamed = false;
  void service.warmUp().then(() => {
    if (service.stats.drawer !== 'page') return;
    streamed = true;
    reporter.postMessage({ type: 'stream-files', folder: id } satisfies ToThumbWorker);
  });
  let folder: ArrivingFolder | undefined;
  return new Promise<ArrivingFolder>((resolve, reject) => {
    service.onFolderMessage = (message) => {
      if (message.folder !== id) return;
      if (message.type === 'listed') {
        if (!folder && message.done && message.error !== undefined && !paths.length && !message.paths.length) return reject(new Error(`the folder could not be listed: ${message.error}`));
        paths.push(...message.paths);
        if (message.done) listedAll();
        if (folder) return folder.onPaths?.();
        performance.mark('relic3d:listed');
        resolve((folder = {
          paths,
          listed,
          files,
          sized,
          readByWorkers: true,
          prioritise(wanted) {
            reporter.postMessage({ type: 'want', paths: [...wanted] } satisfies ToThumbWorker);
          },
          complete: read.then(() => {
            if (!streamed) reporter.postMessage({ type: 'send-files', folder: id } satisfies ToThumbWorker);
            return here.then(() => files);
          }),
        }));
      } else if (message.type === 'facts') {
        if (!sized.size) performance.mark('relic3d:first-facts');
        const part = new Map(message.files.map(([path, size, lastModified]) => [path, { size, lastModified }]));
        for (const [path, facts] of part) sized.set(path, facts);
        if (part.size) folder?.onSizes?.(part);
        if (message.done) allRead();
      } else {
        const part: FileSet = new Map(Object.entries(message.files) as [string, File][]);
        for (const [path, file] of part) files.set(path, file);
        if (part.size) folder?.onFiles?.(part);
        if (message.done) allHere();
      }
    };
    const listing = service.listingPace;
    // One listing: the reporter's parts go straight to the other workers (no names: a picked folder).
    const channels = names ? [] : workers.slice(1).map(() => new MessageChannel());
    for (const [i, worker] of workers.entries()) {
      const share = i === 0 ? channels.map((c) => c.port1) : undefined;
      const from = i > 0 ? channels[i - 1]?.port2 : undefined;
      const message: ToThumbWorker = { type: 'handles', folder: id, handles: [...handles], report: i === 0, names, listing, share, from, firstScreen };
      worker.postMessage(message, [...(share ?? []), ...(from ? [from] : [])]);
    }
  });
}
