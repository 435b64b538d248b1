import { describe, expect, it } from 'vitest';
import { WordIndex } from './word-index';

describe('word index', () => {
  it('finds word prefixes in its compact base and in the rows changed since, before and after a merge', () => {
    // Prepare
    const index = new WordIndex();
    index.set(0, ['harbor', 'bakery']);
    index.set(1, ['harvest', 'clinic']);
    index.merge();
    index.set(2, ['harness']);
    index.set(0, ['maple']); // row 0 changed: its base words no longer count
    const found = (p: string) => {
      const out = new Set<number>();
      index.forPrefix(p, (s) => out.add(s));
      return [...out].sort();
    };
    // Act + Assess
    expect(found('har')).toEqual([1, 2]);
    expect(found('bak')).toEqual([]);
    expect(found('map')).toEqual([0]);
    index.merge();
    expect(index.pending).toBe(0);
    expect(found('har')).toEqual([1, 2]);
    expect(found('harn')).toEqual([2]);
    expect(found('bak')).toEqual([]);
    expect(found('map')).toEqual([0]);
    expect(index.words).toBe(4);
  });
});
