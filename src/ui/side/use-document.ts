// The open document as the side panel reads it. Panels render only while a document is open.
import type { WorkingFile, DrawableTree } from '../../format';
import { useDocumentStore } from '../../store/document-store';

const NO_TREES: DrawableTree[] = [];

export function useTrees(): DrawableTree[] {
  return useDocumentStore((s) => s.document?.trees) ?? NO_TREES;
}

/** The data as the format's operations read it (they check every value before trusting it). */
export function useWorkingFile(): WorkingFile {
  return useDocumentStore((s) => s.document?.data) as unknown as WorkingFile;
}
