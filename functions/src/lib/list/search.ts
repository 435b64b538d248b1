import { ChangingList } from './changes';
import type { PackedStrings } from './strings';
import type { WordIndex } from './word-index';

/** The word index folds its changes into its compact base past this many changed rows. */
const INDEX_MERGE_AT = 20_000;

/** Keyword search: word prefixes through the word index, or anywhere in the search texts (full text). */
export abstract class SearchableList<Row, Own = Row> extends ChangingList<Row, Own> {

  /** The search texts of every slot, derived from the columns (once after a snapshot load). */
  protected ensureTexts(): PackedStrings {
    if (this.textsStale) {
      const n = this.slots;
      const parts = new Array<string>(n);
      const offs = new Int32Array(n + 1);
      let at = 0;
      for (let s = 0; s < n; s++) {
        const t = this.live[s] ? this.spec.searchText(this.at(s) as unknown as Own) : '';
        parts[s] = t;
        at += t.length;
        offs[s + 1] = at;
      }
      this.texts.restore(parts.join(''), offs, this.capacity);
      this.textsStale = false;
    }
    return this.texts;
  }

  protected ensureIndex(): WordIndex {
    if (this.indexStale) {
      this.ensureTexts();
      this.index.build(this.slots, this.live, (s) => this.texts.get(s), this.capacity);
      this.indexStale = false;
    }
    return this.index;
  }

  /** Per slot of the other list, whether a keyword word matches its search text (for joined search; read it before the next word's). */
  wordMask(word: string, fullText: boolean): Uint8Array | undefined {
    const mask = this.scratchWordMask(Math.max(1, this.capacity));
    let any = false;
    if (fullText) {
      this.ensureTexts().stampContaining(word, this.slots, this.live, mask, 0, 1);
      any = mask.includes(1);
    } else {
      this.ensureIndex().stamp(word, mask, 0, 1);
      any = mask.includes(1);
    }
    return any ? mask : undefined;
  }

  /**
   * Slots matching every keyword word: in their own search text (word prefixes through the index,
   * or anywhere with fullText), or, for a searchable join, in the joined row's search text.
   * Answers a stamp per slot (a slot matches when its stamp equals the number of words) and the
   * matching slots themselves (`hits`, unordered: a query's candidates when they are its fewest).
   */
  protected keywordStamps(words: string[], fullText: boolean): { stamps: Uint8Array | Int32Array; hits: number[] } {
    if (this.ensureIndex().pending > INDEX_MERGE_AT) this.index.merge();
    const stamps = this.scratchStamps(this.slots, words.length);
    const joins = this.resolveJoins().filter((j) => j.decl.search);
    const hits: number[] = [];
    words.forEach((w, k) => {
      // the last word's matches are the slots matching every word
      const last = k === words.length - 1 && !fullText ? hits : undefined;
      if (fullText) {
        this.ensureTexts().stampContaining(w, this.slots, this.live, stamps, k, k + 1);
      } else {
        this.index.stamp(w, stamps, k, k + 1, last);
      }
      for (const j of joins) {
        // (each mask read before the next is asked for: a list's word mask is its one scratch table)
        const m = j.target.wordMask(w, fullText);
        if (!m) continue;
        const fk = this.fkOf(j);
        const live = this.live;
        for (let s = 0; s < this.slots; s++) {
          if (stamps[s] !== k || !live[s]) continue;
          const t = fk[s]!;
          if (t >= 0 && m[t] === 1) {
            stamps[s] = k + 1;
            last?.push(s);
          }
        }
      }
    });
    if (fullText) for (let s = 0; s < this.slots; s++) if (stamps[s] === words.length) hits.push(s);
    return { stamps, hits };
  }
}
