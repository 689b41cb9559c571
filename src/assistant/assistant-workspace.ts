// What one `causeway mcp` run may touch: one working file, or the working files directly inside
// one folder (regular files only: a symbolic link, a FIFO or a device is never followed, read or
// written). The assistant names a file of a folder by its name as listed, never by a path.
import { lstat, readdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { FileSeat, SeatRefusal, type SeatOptions } from './file-seat';

const WORKING_FILE = /^[^.][^/\\]*\.ya?ml$/i;

export interface AssistantWorkspace {
  kind: 'file' | 'folder';
  /** For messages: the file's or the folder's name. */
  label: string;
  /** The seat for `name` (folder mode: required; file mode: optional, must be the file's own name). */
  seat(name: string | undefined): Promise<FileSeat>;
  /** The working files one may name (file mode: the one file). */
  list(): Promise<string[]>;
  /** Folder mode: the path a new file of that name would have, refused if it is not a plain new name. */
  newFile(name: string | undefined): Promise<{ path: string; seat: FileSeat }>;
  /** Leaves any group session a seat joined. */
  close(): Promise<void>;
}

export function fileWorkspace(path: string, options: SeatOptions): AssistantWorkspace {
  const seat = new FileSeat(path, options);
  const name = basename(path);
  return {
    kind: 'file',
    label: name,
    async seat(asked) {
      if (asked !== undefined && asked !== name) throw new SeatRefusal(`This server works on ${name} only; ${describeAsked(asked)} is not it.`);
      return seat;
    },
    list: async () => [name],
    async newFile(asked) {
      if (asked !== undefined && asked !== name) throw new SeatRefusal(`This server works on ${name} only; it cannot create ${describeAsked(asked)}.`);
      return { path, seat };
    },
    close: () => seat.close(),
  };
}

export function folderWorkspace(folder: string, options: SeatOptions): AssistantWorkspace {
  const seats = new Map<string, FileSeat>();
  const seatFor = (name: string) => {
    let seat = seats.get(name);
    if (!seat) seats.set(name, (seat = new FileSeat(join(folder, name), options)));
    return seat;
  };
  const list = async () => {
    const names = (await readdir(folder)).filter((name) => WORKING_FILE.test(name)).sort();
    const regular: string[] = [];
    for (const name of names) {
      const info = await lstat(join(folder, name)).catch(() => undefined);
      if (info?.isFile()) regular.push(name);
    }
    return regular;
  };
  return {
    kind: 'folder',
    label: `${basename(folder)}/ (in ${dirname(folder)})`,
    async seat(asked) {
      const files = await list();
      if (asked === undefined) throw new SeatRefusal(`Name the file to work on (file): one of ${files.join(', ') || '(none yet: create_file makes one)'}.`);
      checkName(asked);
      if (!files.includes(asked)) throw new SeatRefusal(`${describeAsked(asked)} is not a working file of this folder; choose one of ${files.join(', ') || '(none yet: create_file makes one)'}.`);
      return seatFor(asked);
    },
    list,
    async newFile(asked) {
      if (asked === undefined) throw new SeatRefusal('Name the new file (file), such as plan.yaml.');
      checkName(asked);
      const exists = await lstat(join(folder, asked)).then(() => true, () => false);
      if (exists) throw new SeatRefusal(`${asked} already exists in this folder.`);
      return { path: join(folder, asked), seat: seatFor(asked) };
    },
    close: async () => {
      await Promise.all([...seats.values()].map((seat) => seat.close()));
    },
  };
}

/** A file of the folder is named by its plain name: never a path, never a hidden file. */
function checkName(name: string): void {
  if (/[/\\]/.test(name) || name === '..' || name === '.') throw new SeatRefusal(`${describeAsked(name)} is a path; name a file of this folder by its name alone (see list_files), such as plan.yaml.`);
  if (!WORKING_FILE.test(name)) throw new SeatRefusal(`${describeAsked(name)} is not the name of a working file: a name ending in .yaml (or .yml), not starting with a dot.`);
}

function describeAsked(name: string): string {
  return JSON.stringify(name.length > 80 ? `${name.slice(0, 77)}…` : name);
}
