// Saving back to the user's own file where the browser allows it (File System Access API);
// elsewhere, saving downloads the file.
import type { FileEntryHandle } from '../store/history-folder';

export type WritableFileHandle = Pick<FileEntryHandle, 'name' | 'kind' | 'createWritable'>;

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
