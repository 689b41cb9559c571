// The checks worker's replies, made small: a large file has thousands of findings, and reading a
// reply that holds them all whole took a 20–30 ms task on the page after every pause in typing.
// An edit changes few findings, so each reply sends a finding whole only when it is new, and
// otherwise its place in the reply before. The page rebuilds the report, keeping the objects of
// unchanged findings.
import type { CheckReport, ReasoningFinding } from '../reasoning';

export interface ChecksReply {
  /** This reply's number, and the number of the reply whose places it refers to. */
  seq: number;
  base: number;
  /** Each finding whole, or its index among the findings and then the dismissed of reply `base`. */
  findings: (ReasoningFinding | number)[];
  dismissed: (ReasoningFinding | number)[];
}

/** The sending end (in the worker): one per channel, its replies read in order by one `reportReader`. */
export function replyWriter(): (report: CheckReport) => ChecksReply {
  let seq = 0;
  let last = new Map<string, number>();
  return (report) => {
    const next = new Map<string, number>();
    let place = 0;
    const encode = (finding: ReasoningFinding): ReasoningFinding | number => {
      const key = JSON.stringify(finding);
      const before = last.get(key);
      next.set(key, place++);
      return before ?? finding;
    };
    const reply = { seq: seq + 1, base: seq, findings: report.findings.map(encode), dismissed: report.dismissed.map(encode) };
    seq = reply.seq;
    last = next;
    return reply;
  };
}

/** The receiving end (on the page): the report of each reply, given the replies in order. */
export function reportReader(): (reply: ChecksReply) => CheckReport {
  let seq = 0;
  let last: ReasoningFinding[] = [];
  return (reply) => {
    if (reply.base !== seq) throw new Error(`A checks reply came out of order (it refers to reply ${reply.base}; the last one read was ${seq}).`);
    const decode = (item: ReasoningFinding | number): ReasoningFinding => {
      if (typeof item !== 'number') return item;
      const finding = last[item];
      if (!finding) throw new Error(`A checks reply refers to finding ${item}, which reply ${seq} did not have.`);
      return finding;
    };
    const report = { findings: reply.findings.map(decode), dismissed: reply.dismissed.map(decode) };
    seq = reply.seq;
    last = [...report.findings, ...report.dismissed];
    return report;
  };
}
