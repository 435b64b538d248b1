/**
 * The keyword index: word -> slots whose search text has the word, for word-prefix search.
 *
 * A compact base (built at a snapshot, a load or when the changes pile up) keeps the sorted
 * vocabulary as ONE string with offsets and the postings as one Int32Array (CSR layout): a few bytes
 * per word and four per posting, instead of a JS string, array and map entry per word. Rows changed
 * since the base are marked dirty and matched through their current words (the delta); the base's
 * postings of a dirty slot are skipped. `merge()` folds the delta into a new base.
 */
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

  /** Visit every slot having a word that starts with `prefix` (a slot may be visited more than once). */
  forPrefix(prefix: string, visit: (slot: number) => void) {
    const { vocab, vocabOff, postStart, post, dirty } = this;
    for (let i = this.lowerBound(prefix); i < this.words; i++) {
      const at = vocabOff[i]!;
      if (vocabOff[i + 1]! - at < prefix.length || !vocab.startsWith(prefix, at)) break;
      for (let j = postStart[i]!; j < postStart[i + 1]!; j++) {
        const s = post[j]!;
        if (dirty[s] === 0) visit(s);
      }
    }
    for (const [slot, words] of this.delta) {
      for (const w of words) {
        if (w.startsWith(prefix)) {
          visit(slot);
          break;
        }
      }
    }
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
