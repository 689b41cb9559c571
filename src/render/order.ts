// A stable, human order for ids: `n2` before `n10`. The projection keeps no file order (reordering
// is not a change), so diagrams order by id and the same content always gives the same picture.

const CHUNKS = /(\d+)|(\D+)/g;

export function naturalCompare(a: string, b: string): number {
  const left = a.match(CHUNKS) ?? [];
  const right = b.match(CHUNKS) ?? [];
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const x = left[i]!;
    const y = right[i]!;
    if (x === y) continue;
    const nx = /^\d/.test(x);
    const ny = /^\d/.test(y);
    if (nx && ny) {
      const diff = x.replace(/^0+/, '').length - y.replace(/^0+/, '').length;
      if (diff !== 0) return diff;
      const cmp = x.replace(/^0+/, '') < y.replace(/^0+/, '') ? -1 : x.replace(/^0+/, '') > y.replace(/^0+/, '') ? 1 : 0;
      if (cmp !== 0) return cmp;
      if (x.length !== y.length) return x.length - y.length;
      continue;
    }
    return x < y ? -1 : 1;
  }
  if (left.length !== right.length) return left.length - right.length;
  return a < b ? -1 : a > b ? 1 : 0;
}
