// Whether an item just changed on disk (marked on its card or link for a moment). Each card asks
// for its own id only, so a change elsewhere never redraws it.
import { useDocumentStore } from '../../store/document-store';

export function useChangedOnDisk(id: string): boolean {
  return useDocumentStore((s) => s.recentChanges?.ids.has(id) ?? false);
}
