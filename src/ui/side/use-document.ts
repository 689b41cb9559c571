// The open document as the side panel reads it. Panels render only while a document is open.
import type { Json, WorkingFile, DrawableTree } from '../../format';
import { useDocumentStore } from '../../store/document-store';
import { rawItem } from './items';

const NO_TREES: DrawableTree[] = [];

export function useTrees(): DrawableTree[] {
  return useDocumentStore((s) => s.document?.trees) ?? NO_TREES;
}

/** A node or link as the file has it (every field, those the editor does not show included). */
export function useRawItem(tree: DrawableTree, list: 'nodes' | 'links', index: number): Record<string, Json> | undefined {
  return useDocumentStore((s) => rawItem(s.document?.data, tree.key, list, index));
}

/** The data as the format's operations read it (they check every value before trusting it). */
export function useWorkingFile(): WorkingFile {
  return useDocumentStore((s) => s.document?.data) as unknown as WorkingFile;
}
