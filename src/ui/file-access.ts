// Saving back to the user's own file where the browser allows it (File System Access API).
// The browser writes into a temporary file and swaps it in only when the write completes, so a
// failed save leaves the old file as it was. Elsewhere, saving downloads the file.

interface WritableStream {
  write(data: string): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}

export interface WritableFileHandle {
  name: string;
  kind: 'file';
  createWritable(): Promise<WritableStream>;
}

interface SavePickerWindow {
  showSaveFilePicker?(options: { suggestedName: string; types: { description: string; accept: Record<string, string[]> }[] }): Promise<WritableFileHandle>;
}

export function canSaveToFiles(): boolean {
  return typeof window !== 'undefined' && typeof (window as SavePickerWindow).showSaveFilePicker === 'function';
}

/** A handle for a dropped file, where the browser gives one; otherwise undefined. */
export async function handleOfDroppedItem(item: DataTransferItem | undefined): Promise<WritableFileHandle | undefined> {
  const getter = (item as (DataTransferItem & { getAsFileSystemHandle?(): Promise<unknown> }) | undefined)?.getAsFileSystemHandle;
  if (!item || typeof getter !== 'function') return undefined;
  try {
    const handle = (await getter.call(item)) as WritableFileHandle | null;
    return handle && handle.kind === 'file' && typeof handle.createWritable === 'function' ? handle : undefined;
  } catch {
    return undefined;
  }
}

export async function chooseSaveTarget(suggestedName: string): Promise<WritableFileHandle | undefined> {
  const picker = (window as SavePickerWindow).showSaveFilePicker;
  if (!picker) return undefined;
  try {
    return await picker.call(window, {
      suggestedName,
      types: [{ description: 'Conversational YAML working file', accept: { 'application/yaml': ['.yaml', '.yml'] } }],
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return undefined; // the user cancelled
    throw error;
  }
}

/** Writes the whole text; on any failure the file on disk keeps its previous content. */
export async function writeText(handle: WritableFileHandle, text: string): Promise<void> {
  const stream = await handle.createWritable();
  try {
    await stream.write(text);
    await stream.close();
  } catch (error) {
    await stream.abort().catch(() => undefined);
    throw error;
  }
}
