// Joining a node into a link as one more joint (AND) cause, from the J picker or by dropping a
// card on a link. When the node already has its own link to the same target, nothing is done
// silently: the person is asked whether that link should go (in the same undoable step).
import { create } from 'zustand';
import type { WorkingFile } from '../../format';
import { ownLinksTo } from '../../format/operations';
import { commands } from '../../store/commands';
import { useDocumentStore } from '../../store/document-store';

export interface JoinQuestion {
  linkId: string;
  nodeId: string;
  /** The node's own links to the same target. */
  own: string[];
}

export const useJoinQuestion = create<{ question: JoinQuestion | null }>(() => ({ question: null }));

export function requestJoin(linkId: string, nodeId: string): void {
  const data = useDocumentStore.getState().document?.data;
  const own = data ? ownLinksTo(data as WorkingFile, linkId, nodeId) : [];
  if (own.length === 0) {
    commands.addSourceToLink(linkId, nodeId);
    return;
  }
  useJoinQuestion.setState({ question: { linkId, nodeId, own } });
}

export function answerJoin(answer: 'replace' | 'keep' | 'cancel'): void {
  const question = useJoinQuestion.getState().question;
  useJoinQuestion.setState({ question: null });
  if (!question || answer === 'cancel') return;
  commands.addSourceToLink(question.linkId, question.nodeId, undefined, answer === 'replace');
}
