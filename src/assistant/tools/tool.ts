// What a tool is, and the replies every editing tool gives: what it wrote, what else changed as
// the format requires, and whether it was merged with the people's changes.
import type { z } from 'zod';
import { ASSISTANT, findItem, type Attribution, type EditResult, type Mode, type WorkingFile } from '../../format';
import type { AssistantWorkspace } from '../assistant-workspace';
import { describeChange } from '../describe';
import { SeatRefusal, type ChangeOutcome, type FileSeat } from '../file-seat';
import type { Credit } from '../inputs';
import type { TurnTracker } from '../turn-tracker';

export interface ToolContext {
  workspace: AssistantWorkspace;
  turns: TurnTracker;
}

export interface ToolReply {
  text: string;
  /** The same as data, for clients that read structured results. */
  data?: Record<string, unknown>;
}

export interface AssistantTool<Shape extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: Shape;
  /** Reads only (the client may call it freely), or changes the file. */
  readOnly: boolean;
  /** Removes or overwrites reasoning (clients may ask the user first). */
  destructive?: boolean;
  /** Works without an existing file (create_file); the seat is then that of the file to create. */
  createsFile?: boolean;
  /** About the workspace, not one file (list_files): no file is named or read. */
  workspaceOnly?: boolean;
  /** `seat` is undefined only for a workspace-only tool. */
  run(args: z.infer<z.ZodObject<Shape>>, seat: FileSeat, context: ToolContext): Promise<ToolReply>;
}

export function defineTool<Shape extends z.ZodRawShape>(tool: AssistantTool<Shape>): AssistantTool {
  return tool as unknown as AssistantTool;
}

/** The contributor and attribution the format asks for, from the assistant's account of who had the idea. */
export function creditOf(credit: Credit | undefined): { contributor: string | undefined; attribution: Attribution; mode: Mode } {
  const mode = credit?.mode ?? 'text';
  if (!credit || credit.idea_from === 'assistant') {
    if (credit?.person !== undefined) throw new SeatRefusal(`credit.person names who said it; with a person's idea set idea_from to "person" (an idea of yours is credited to the assistant).`);
    return { contributor: ASSISTANT, attribution: 'assistant', mode };
  }
  if (credit.person === ASSISTANT) throw new SeatRefusal('"assistant" is not a person; for your own idea set idea_from to "assistant".');
  return credit.person !== undefined ? { contributor: credit.person, attribution: 'speaker_label', mode } : { contributor: undefined, attribution: 'driver_default', mode };
}

/** Refuses, with a hint, an id that names nothing in the file and looks like a path. */
export function checkReference(file: WorkingFile, id: string): void {
  if (findItem(file, id)) return;
  if (/[/\\]/.test(id) || /^\.{1,2}$/.test(id)) throw new SeatRefusal(`${JSON.stringify(id.slice(0, 120))} looks like a path; the tools name nodes and links by their id (such as n3), never by a path.`);
}

/** Makes the change and says what was written, what else changed, and what was merged. */
export async function applyEdit(seat: FileSeat, operation: (file: WorkingFile, avoid: ReadonlySet<string>) => EditResult, done: (outcome: ChangeOutcome) => string): Promise<ToolReply> {
  const outcome = await seat.change(operation);
  return editReply(outcome, done(outcome));
}

export function editReply(outcome: ChangeOutcome, headline: string): ToolReply {
  const lines = [headline];
  if (outcome.changes.length === 0) lines.push('Nothing changed: the file already says this.');
  else lines.push(outcome.via === 'session' ? 'Written to the group session (every open editor has it now; the session writes the file):' : 'Written to the file:', ...outcome.changes.map((change) => `- ${describeChange(change)}`));
  if (outcome.fellBack) lines.push(outcome.fellBack);
  if (outcome.notices.length > 0) lines.push(`Also, as the format requires: ${outcome.notices.join('; ')}.`);
  if (outcome.merged) {
    lines.push('The people had changed the file since you last read it; your change was merged with theirs:', ...outcome.merged.theirs.slice(0, 20).map((change) => `- ${describeChange(change)}`));
    if (outcome.merged.theirs.length > 20) lines.push(`- …and ${outcome.merged.theirs.length - 20} more (turn_summary lists them all).`);
    lines.push(...outcome.merged.notes.map((note) => `- ${note}`));
  }
  return {
    text: lines.join('\n'),
    data: {
      written: outcome.changes.length > 0,
      created: outcome.created,
      changes: outcome.changes.map(describeChange),
      notices: outcome.notices,
      ...(outcome.via ? { via: outcome.via } : {}),
      ...(outcome.merged ? { merged_with: outcome.merged.theirs.map(describeChange) } : {}),
    },
  };
}
