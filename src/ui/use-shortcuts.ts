// Keyboard: Ctrl+O open, Ctrl+S export, Ctrl+Z undo, Ctrl+Shift+Z or Ctrl+Y redo, N add a node.
import { useEffect, useRef } from 'react';
import { useDocumentStore } from '../store/document-store';

export interface ShortcutActions {
  open(): void;
  exportFile(): void;
  addNode(): void;
}

function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element && (element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName));
}

export function useShortcuts(actions: ShortcutActions): void {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const key = event.key.toLowerCase();
      const command = event.ctrlKey || event.metaKey;
      if (command && !event.altKey) {
        if (key === 'o') {
          event.preventDefault();
          latest.current.open();
        } else if (key === 's') {
          event.preventDefault();
          latest.current.exportFile();
        } else if (key === 'z' && !event.shiftKey) {
          // Undo is the document's, even while typing: each keystroke is already a store edit.
          event.preventDefault();
          useDocumentStore.getState().undo();
        } else if ((key === 'z' && event.shiftKey) || key === 'y') {
          event.preventDefault();
          useDocumentStore.getState().redo();
        }
        return;
      }
      if (key === 'n' && !event.altKey && !isTyping(event.target) && !document.querySelector('[role="dialog"], [role="alertdialog"]')) {
        event.preventDefault();
        latest.current.addNode();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
