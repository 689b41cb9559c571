// One way in for every file the user opens (picker, drop, keyboard): read, then open.
import { useCallback } from 'react';
import { useDocumentStore } from '../store/document-store';
import { readFileText } from './read-file';

export function useOpenFile(): (file: File) => Promise<boolean> {
  const openText = useDocumentStore((s) => s.openText);
  const reportUnreadable = useDocumentStore((s) => s.reportUnreadable);
  return useCallback(
    async (file: File) => {
      const read = await readFileText(file);
      if (!read.ok) {
        reportUnreadable(file.name, read.message);
        return false;
      }
      return openText(read.text, file.name);
    },
    [openText, reportUnreadable],
  );
}
