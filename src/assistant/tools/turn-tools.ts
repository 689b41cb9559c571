// The assistant's side of turns: ending a turn with a word for the people, and learning what the
// people changed since its last turn (endorsements, disputes, rewordings, new items, backlog).
import { z } from 'zod';
import { isObject, openWorkingFile, turnChanges, type Json, type TurnChange } from '../../format';
import { readAfterAssistant, readTurnRecords } from '../../disk/turn-log';
import { describeChange, quote } from '../describe';
import { defineTool } from './tool';

export const turnTools = [
  defineTool({
    name: 'turn_summary',
    title: 'What the people changed',
    description: 'What the people changed in the file since your last change to it (in this conversation or an earlier one): new endorsements, disputes with their objections, rewordings, items added or removed, backlog done or added. Call it before you answer, to follow the group.',
    input: {},
    readOnly: true,
    async run(_args, seat) {
      const reading = await seat.read();
      const folder = await seat.outputFolder();
      const base = await readAfterAssistant(folder);
      if (base === undefined) return { text: 'You have not changed this file yet, so there is no earlier turn to compare with; summary and read_tree show it as it is.', data: { changes: [] } };
      const before = openWorkingFile(base);
      const changes = turnChanges(before.data, reading.data as Json);
      const last = (await readTurnRecords(folder)).filter((record) => record.fingerprint !== undefined).at(-1);
      const since = last ? ` (at ${last.at})` : '';
      if (changes.length === 0) return { text: `Nothing changed since your last change${since}.`, data: { changes: [] } };
      const lines = [`Since your last change${since}, the people:`, ...changes.map((change) => `- ${peopleWords(change)}`)];
      return { text: lines.join('\n'), data: { changes: changes.map(describeChange) } };
    },
  }),

  defineTool({
    name: 'end_turn',
    title: 'End your turn',
    description: 'Ends your current turn (the changes you made since your last turn ended), with a short summary for the people: what you recorded and what you ask of them (e.g. "Please confirm n4 and n5"). They see it in the editor’s Turns panel, where they endorse, dispute or undo your changes. Your next change starts a new turn.',
    input: { summary: z.string().trim().min(1).max(1000).optional().describe('What you did and what you ask of the group, in a sentence or two.') },
    readOnly: false,
    async run(args, seat) {
      const turn = await seat.endTurn(args.summary);
      return { text: turn ? `Turn ${turn} ended${args.summary ? ' with your summary' : ''}; the people review it in the Turns panel.` : 'You have made no change since your last turn ended; there is no turn to end.' };
    },
  }),
];

/** A change told as what the people did. */
function peopleWords(change: TurnChange): string {
  if ((change.subject === 'node' || change.subject === 'link') && change.change === 'changed' && isObject(change.before) && isObject(change.after)) {
    const was = change.before;
    const now = change.after;
    const parts: string[] = [];
    const endorsers = (item: typeof now) => (Array.isArray(item.accepted_by) ? item.accepted_by.map(String) : []);
    if (now.status === 'accepted' && was.status !== 'accepted') parts.push(`endorsed ${change.id} (accepted by ${endorsers(now).join(', ')})`);
    else if (now.status === 'accepted') {
      const added = endorsers(now).filter((who) => !endorsers(was).includes(who));
      if (added.length) parts.push(`${added.join(', ')} also endorsed ${change.id}`);
    }
    if (now.status === 'disputed' && was.status !== 'disputed') {
      const challenges = Array.isArray(now.challenges) ? now.challenges.filter(isObject) : [];
      const objection = challenges.at(-1);
      parts.push(`disputed ${change.id}${objection ? `: ${String(objection.by)} objects ${quote(String(objection.text))}` : ''}`);
    }
    if (now.status === 'proposed' && was.status !== 'proposed') parts.push(`${change.id} is proposed again (was ${String(was.status)})`);
    if (was.text !== now.text && typeof now.text === 'string') parts.push(`reworded ${change.id}: ${quote(String(was.text))} → ${quote(now.text)}`);
    if (parts.length > 0) {
      const told = new Set(['status', 'accepted_by', 'text', 'challenges']);
      const others = [...new Set([...Object.keys(was), ...Object.keys(now)])].filter((key) => !told.has(key) && JSON.stringify(was[key]) !== JSON.stringify(now[key]));
      return `${parts.join('; ')}${others.length ? `; also changed its ${others.join(', ')}` : ''}`;
    }
  }
  if (change.subject === 'backlog' && change.change === 'removed') return `finished (removed) backlog work on ${change.id}: ${isObject(change.before) ? String(change.before.work) : ''}`;
  return describeChange(change);
}
