/**
 * The contest's in-memory rank index: every store's counted revenue by its integer key, plus the
 * participants' revenues (> 0) sorted ascending. A lookup is two binary searches, O(log n); one
 * change moves part of the sorted array (a memmove, microseconds at a million entries); a large
 * batch rebuilds it with one typed-array sort. Memory: 8 bytes per store + 8 bytes per participant.
 */
export class RankIndex {
  /** Revenue in kobo by store key (0 = no revenue or not participating). */
  private revenue: Float64Array;
  /** Participants' revenues, ascending, in sorted[0 .. count). */
  private sorted: Float64Array = new Float64Array(1024);
  private count = 0;

  /** `capacity`: store keys to make room for at once (a reload passes the old index's, so it never regrows). */
  constructor(capacity = 1024) {
    this.revenue = new Float64Array(capacity);
  }

  /** Store keys there is room for without growing. */
  get capacity(): number {
    return this.revenue.length;
  }

  get participants(): number {
    return this.count;
  }

  /** Bytes held by the two arrays (their capacity). */
  get bytes(): number {
    return this.revenue.byteLength + this.sorted.byteLength;
  }

  revenueOf(key: number): number {
    return key < this.revenue.length ? (this.revenue[key] ?? 0) : 0;
  }

  /** How many participants have strictly more revenue than `kobo`. */
  countAbove(kobo: number): number {
    return this.count - this.upperBound(kobo);
  }

  /** Revenue at a 1-based place, highest first; 0 when there are fewer participants. */
  revenueAtPlace(place: number): number {
    return place >= 1 && place <= this.count ? (this.sorted[this.count - place] ?? 0) : 0;
  }

  /** Replaces everything with `entries` ([key, kobo] pairs). */
  load(entries: Iterable<readonly [number, number]>): void {
    this.revenue = new Float64Array(this.revenue.length);
    for (const [key, kobo] of entries) this.write(key, kobo);
    this.rebuild();
  }

  /** Replaces everything with entries fed page by page: clear(), add() each, then rebuild(). */
  clear(): void {
    this.revenue = new Float64Array(this.revenue.length);
  }

  add(key: number, kobo: number): void {
    this.write(key, kobo);
  }

  /** Applies new revenues; a batch larger than a small fraction of the index rebuilds it instead. */
  apply(changes: readonly (readonly [number, number])[]): void {
    if (changes.length > 64 && changes.length > this.count / 256) {
      for (const [key, kobo] of changes) this.write(key, kobo);
      this.rebuild();
      return;
    }
    for (const [key, kobo] of changes) this.set(key, kobo);
  }

  set(key: number, kobo: number): void {
    const old = this.revenueOf(key);
    if (old === kobo) return;
    this.write(key, kobo);
    if (old > 0) {
      const at = this.lowerBound(old);
      this.sorted.copyWithin(at, at + 1, this.count);
      this.count -= 1;
    }
    if (kobo > 0) {
      if (this.count === this.sorted.length) this.sorted = grow(this.sorted, this.count + 1);
      const at = this.lowerBound(kobo);
      this.sorted.copyWithin(at + 1, at, this.count);
      this.sorted[at] = kobo;
      this.count += 1;
    }
  }

  private write(key: number, kobo: number): void {
    if (!Number.isInteger(key) || key < 0) return;
    if (key >= this.revenue.length) this.revenue = grow(this.revenue, key + 1);
    this.revenue[key] = kobo > 0 ? kobo : 0;
  }

  rebuild(): void {
    let count = 0;
    for (const kobo of this.revenue) if (kobo > 0) count += 1;
    const sorted = new Float64Array(Math.max(1024, Math.ceil(count * 1.05)));
    let i = 0;
    for (const kobo of this.revenue) if (kobo > 0) sorted[i++] = kobo;
    sorted.subarray(0, count).sort();
    this.sorted = sorted;
    this.count = count;
  }

  /** First index whose value is >= kobo. */
  private lowerBound(kobo: number): number {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.sorted[mid] as number) < kobo) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First index whose value is > kobo. */
  private upperBound(kobo: number): number {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.sorted[mid] as number) <= kobo) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

function grow(array: Float64Array, atLeast: number): Float64Array {
  const next = new Float64Array(Math.max(atLeast, Math.ceil(array.length * 1.5)));
  next.set(array);
  return next;
}
