// The Model Context Protocol server of `causeway mcp`: the tools (the format's operations), the
// resources (the format's rules, the working file) and the prompt "record this exchange", on the
// official TypeScript SDK. Transport-free: the command connects it to stdio, tests to memory.
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { TREE_KEYS } from '../format';
import type { AssistantWorkspace } from './assistant-workspace';
import { SeatRefusal, type FileSeat } from './file-seat';
import { FORMAT_RULES } from './format-rules';
import { fileField } from './inputs';
import { recordExchangePrompt } from './prompts';
import { editTools } from './tools/edit-tools';
import { fileTools } from './tools/file-tools';
import { readTools } from './tools/read-tools';
import { statusTools } from './tools/status-tools';
import type { AssistantTool, ToolContext } from './tools/tool';
import { turnTools } from './tools/turn-tools';
import type { TurnTracker } from './turn-tracker';

export const SERVER_NAME = 'causeway';

export const ALL_TOOLS: readonly AssistantTool[] = [...readTools, ...turnTools, ...editTools, ...statusTools, ...fileTools];

const INSTRUCTIONS = `Causeway keeps a group's Theory of Constraints reasoning in a Conversational YAML v1 working file. Read the resource causeway://rules once. Before answering the people, call turn_summary to see what they changed (endorsements, disputes, rewordings). Record what they say with the tools (credit the person who had the idea; never endorse yourself), then end_turn with a short summary of what you ask them to confirm.`;

export function createAssistantServer(workspace: AssistantWorkspace, turns: TurnTracker, version: string): McpServer {
  const server = new McpServer({ name: SERVER_NAME, version }, { instructions: INSTRUCTIONS, capabilities: { logging: {} } });
  const context: ToolContext = { workspace, turns };
  const folder = workspace.kind === 'folder';

  for (const tool of ALL_TOOLS) {
    const shape = folder && !tool.workspaceOnly ? { ...tool.input, file: fileField(true) } : tool.input;
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: z.strictObject(shape),
        annotations: { title: tool.title, readOnlyHint: tool.readOnly, destructiveHint: tool.destructive ?? false, openWorldHint: false },
      },
      async (args: Record<string, unknown>) => {
        try {
          const name = typeof args.file === 'string' ? args.file : undefined;
          const seat = tool.workspaceOnly ? (undefined as unknown as FileSeat) : tool.createsFile ? (await workspace.newFile(name)).seat : await workspace.seat(name);
          const reply = await tool.run(args, seat, context);
          return { content: [{ type: 'text' as const, text: reply.text }], ...(reply.data ? { structuredContent: reply.data } : {}) };
        } catch (error) {
          if (error instanceof SeatRefusal) return { content: [{ type: 'text' as const, text: error.message }], isError: true };
          throw error;
        }
      },
    );
  }

  server.registerResource(
    'rules',
    'causeway://rules',
    { title: 'Conversational YAML v1, the rules for the assistant', description: 'The format’s rules in short: kinds per tree, links, status and endorsement, credit, traces, backlog, history.', mimeType: 'text/markdown' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: FORMAT_RULES }] }),
  );

  server.registerResource(
    'working-file',
    new ResourceTemplate('causeway://file/{name}', {
      list: async () => ({ resources: (await workspace.list()).map((name) => ({ uri: `causeway://file/${encodeURIComponent(name)}`, name, mimeType: 'application/yaml' })) }),
    }),
    { title: 'The working file', description: 'The working file as it is on disk now (YAML).', mimeType: 'application/yaml' },
    async (uri, variables) => {
      const raw = Array.isArray(variables.name) ? variables.name[0] : variables.name;
      const name = decodeURIComponent(String(raw ?? ''));
      const seat = await workspace.seat(folder ? name : name === '' ? undefined : name);
      const reading = await seat.read();
      return { contents: [{ uri: uri.href, mimeType: 'application/yaml', text: reading.text }] };
    },
  );

  server.registerPrompt(
    'record_this_exchange',
    {
      title: 'Record this exchange',
      description: 'Walks you through recording a stretch of the conversation: capture the claims (credited), link them, add backlog work, record only the endorsements given, and ask the group to endorse the rest.',
      argsSchema: {
        exchange: z.string().max(100_000).optional().describe('The part of the conversation to record (default: the latest exchange).'),
        tree: z.string().max(40).optional().describe(`The tree to record it in: ${TREE_KEYS.join(', ')} (default: the active tree).`),
      },
    },
    (args) => ({ messages: [{ role: 'user' as const, content: { type: 'text' as const, text: recordExchangePrompt(args.exchange, args.tree) } }] }),
  );

  return server;
}
