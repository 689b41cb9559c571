// The prompt "record this exchange": walks the assistant through recording a stretch of the
// conversation the way the format wants it recorded.

export function recordExchangePrompt(exchange: string | undefined, tree: string | undefined): string {
  return `Record this exchange in the working file${tree ? `, in the ${tree} tree` : ''}, through the causeway tools.

1. Catch up. Call turn_summary (what the people changed since your last turn) and read_tree${tree ? ` for ${tree}` : ' for the active tree'}.
2. Capture. For each distinct claim made in the exchange, add_node with the right kind for the tree, in the speaker's words. Credit whoever had the idea: {idea_from: "person", person: ID} when the speaker is named, {idea_from: "person"} when nobody was named (the driver is credited), {idea_from: "assistant"} only for your own suggestions. Do not add a claim that is already in the tree: add_contribution credits another person on the existing node instead.
3. Link. Connect what the people connected: add_link from causes to effects (or conditions to what they are necessary for). Causes that only act together are ONE link with several sources; alternatives are separate links. Record stated reasons as assumptions (add_assumption) and doubts as challenges (add_challenge, by who raised them).
4. Backlog. For what was left open, add_backlog_entry: connect_or_explain for an unlinked claim, test_causality for a doubtful link, examine_assumption, resolve_challenge.
5. Endorsement. Record only what the people explicitly endorsed (accept, naming them in endorsed_by); never endorse yourself. Objections that the group treats as substantive: dispute, with the objection and who raised it.
6. Ask. end_turn with a one- or two-sentence summary of what you recorded and a question asking the group to endorse, dispute or correct the proposed items by id. Then say the same to the people in your answer.
${exchange ? `\nThe exchange:\n"""\n${exchange}\n"""\n` : '\nThe exchange is the latest part of our conversation.\n'}`;
}
