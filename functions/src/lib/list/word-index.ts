/**
 * The keyword index: word -> slots whose search text has the word, for word-prefix search.
 *
 * A compact base (built at a snapshot, a load or when the changes pile up) keeps the sorted
 * vocabulary as ONE string with offsets and the postings as one Int32Array (CSR layout): a few bytes
 * per word and four per posting, instead of a JS string, array and map entry per word. Rows changed
 * since the base are marked dirty and matched through their current words (the delta); the base's
 * postings of a dirty slot are skipped. `merge()` folds the delta into a new base.
 */
import { searchWords } from './spec';

export class WordIndex {
  /** base: the sorted distinct words, concatenated; word i is vocab[vocabOff[i], vocabOff[i+1]) */
  vocab = '';
  vocabOff = new Int32Array(1);
  /** base: postings of word i are post[postStart[i], postStart[i+1]) */
  postStart = new Int32Array(1);
  post = new Int32Array(0);
  /** slots whose words differ from the base, and their current words (empty when removed) */
  private dirty = new Uint8Array(0);
  private delta = new Map<number, string[]>();

  get words(): number {
    return this.vocabOff.length - 1;
  }

  get pending(): number {
    return this.delta.size;
  }

  grow(capacity: number) {
    if (this.dirty.length >= capacity) return;
    const d = new Uint8Array(capacity);
    d.set(this.dirty);
    this.dirty = d;
  }

  /** A slot's current words (distinct), or none when the slot was freed. */
  set(slot: number, words: string[]) {
    this.grow(slot + 1);
    this.dirty[slot] = 1;
    this.delta.set(slot, words);
  }

  private word(i: number): string {
    return this.vocab.slice(this.vocabOff[i], this.vocabOff[i + 1]);
  }

  /** First base word >= w (UTF-16 order, as JS compares strings). */
  private lowerBound(w: string): number {
    let lo = 0;
    let hi = this.words;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.word(mid) < w) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * For every slot having a word that starts with `prefix`: `stamps[slot] = to` where it was `from`
   * (keyword words are applied one after another: a slot matching all of them ends at their count),
   * each such slot pushed to `hits` when given.
   */
  stamp(prefix: string, stamps: Int32Array | Uint8Array, from: number, to: number, hits?: number[]) {
    const { vocab, vocabOff, postStart, post, dirty } = this;
    for (let i = this.lowerBound(prefix); i < this.words; i++) {
      const at = vocabOff[i]!;
      if (vocabOff[i + 1]! - at < prefix.length || !vocab.startsWith(prefix, at)) break;
      const end = postStart[i + 1]!;
      for (let j = postStart[i]!; j < end; j++) {
        const s = post[j]!;
        if (stamps[s] === from && dirty[s] === 0) {
          stamps[s] = to;
          hits?.push(s);
        }
      }
    }
    for (const [slot, words] of this.delta) {
      if (stamps[slot] !== from) continue;
      for (const w of words) {
        if (w.startsWith(prefix)) {
          stamps[slot] = to;
          hits?.push(slot);
          break;
        }
      }
    }
  }

  /** Visit every slot having a word that starts with `prefix` (a slot may be visited more than once). */
  forPrefix(prefix: string, visit: (slot: number) => void) {
    const seen = new Uint8Array(this.dirty.length);
    this.stamp(prefix, seen, 0, 1);
    for (let s = 0; s < seen.length; s++) if (seen[s]) visit(s);
  }

  /**
   * A new base from every live slot's text (after a cold start from the feed): words get ids in a
   * map, (word, slot) pairs go to typed arrays, the distinct words are sorted once and the pairs
   * counting-sorted by word into the postings.
   */
  build(slots: number, live: Uint8Array, textOf: (slot: number) => string, capacity: number) {
    const ids = new Map<string, number>();
    const words: string[] = [];
    let pw = new Int32Array(1 << 16);
    let ps = new Int32Array(1 << 16);
    let m = 0;
    for (let s = 0; s < slots; s++) {
      if (!live[s]) continue;
      for (const w of new Set(searchWords(textOf(s)))) {
        let id = ids.get(w);
        if (id === undefined) {
          id = words.length;
          ids.set(w, id);
          words.push(w);
        }
        if (m === pw.length) {
          const a = new Int32Array(m * 2);
          a.set(pw);
          pw = a;
          const b = new Int32Array(m * 2);
          b.set(ps);
          ps = b;
        }
        pw[m] = id;
        ps[m++] = s;
      }
    }
    const sorted = words.slice().sort();
    const rank = new Int32Array(words.length);
    sorted.forEach((w, r) => (rank[ids.get(w)!] = r));
    const postStart = new Int32Array(sorted.length + 1);
    for (let i = 0; i < m; i++) postStart[rank[pw[i]!]! + 1]!++;
    for (let r = 0; r < sorted.length; r++) postStart[r + 1]! += postStart[r]!;
    const fill = postStart.slice(0, sorted.length);
    const post = new Int32Array(m);
    for (let i = 0; i < m; i++) post[fill[rank[pw[i]!]!]!++] = ps[i]!;
    const vocabOff = new Int32Array(sorted.length + 1);
    for (let r = 0; r < sorted.length; r++) vocabOff[r + 1] = vocabOff[r]! + sorted[r]!.length;
    this.restore(sorted.join(''), vocabOff, postStart, post, capacity);
  }

  /** Fold the delta into a new base. */
  merge() {
    if (this.delta.size === 0) return;
    const added = new Map<string, number[]>();
    for (const [slot, words] of this.delta) {
      for (const w of words) {
        let p = added.get(w);
        if (!p) added.set(w, (p = []));
        p.push(slot);
      }
    }
    const newWords = [...added.keys()].sort();
    const pieces: string[] = [];
    const offs: number[] = [0];
    const starts: number[] = [0];
    let post = new Int32Array(Math.max(16, this.post.length + this.delta.size * 8));
    let n = 0;
    const push = (s: number) => {
      if (n === post.length) {
        const b = new Int32Array(post.length * 2);
        b.set(post);
        post = b;
      }
      post[n++] = s;
    };
    let chars = 0;
    const emit = (w: string) => {
      if (n === starts[starts.length - 1]) return; // no postings left: the word goes
      pieces.push(w);
      chars += w.length;
      offs.push(chars);
      starts.push(n);
    };
    let i = 0;
    let j = 0;
    const base = this.words;
    while (i < base || j < newWords.length) {
      const bw = i < base ? this.word(i) : undefined;
      const nw = j < newWords.length ? newWords[j] : undefined;
      const w = bw !== undefined && (nw === undefined || bw <= nw) ? bw : nw!;
      if (bw === w) {
        for (let k = this.postStart[i]!; k < this.postStart[i + 1]!; k++) {
          const s = this.post[k]!;
          if (this.dirty[s] === 0) push(s);
        }
        i++;
      }
      if (nw === w) {
        for (const s of added.get(w)!) push(s);
        j++;
      }
      emit(w);
    }
    this.vocab = pieces.join('');
    this.vocabOff = Int32Array.from(offs);
    this.postStart = Int32Array.from(starts);
    this.post = post.slice(0, n);
    this.dirty.fill(0);
    this.delta.clear();
  }

  /** Load a base (from a snapshot); nothing is dirty. */
  restore(vocab: string, vocabOff: Int32Array<ArrayBuffer>, postStart: Int32Array<ArrayBuffer>, post: Int32Array<ArrayBuffer>, capacity: number) {
    this.vocab = vocab;
    this.vocabOff = vocabOff;
    this.postStart = postStart;
    this.post = post;
    this.dirty = new Uint8Array(capacity);
    this.delta.clear();
  }
}
