// Offsets → 1-based line and column, as the yaml package's LineCounter counts them (a line
// starts after each LF). Built on first use, so a file with nothing to report never pays for it.

export class LineIndex {
  private starts: Int32Array | undefined;

  constructor(private readonly text: string) {}

  private build(): Int32Array {
    const text = this.text;
    let count = 1;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
    const starts = new Int32Array(count);
    let n = 1;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts[n++] = i + 1;
    return starts;
  }

  position(offset: number): { line: number; column: number } {
    const starts = (this.starts ??= this.build());
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - starts[low]! + 1 };
  }
}
