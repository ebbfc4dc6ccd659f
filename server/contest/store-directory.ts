/**
 * Every contest store's public details, found by host, in memory: the lookup's way from a domain to a
 * store without asking SQLite. Inside a busy server one SQLite query by domain costs 10–30 µs (B-tree
 * pages compete with the HTTP stack for the CPU caches), more than the rest of the rank lookup
 * together; this costs about a microsecond. How it stays compact: StoreDirectory below.
 */

export type DirectoryStore = {
  key: number;
  domain: string;
  customDomain: string | null;
  id: string;
  name: string | null;
  logo: string | null;
  optedIn: boolean;
};

/** What a lookup needs of a store. */
export type FoundStore = Pick<DirectoryStore, 'key' | 'id' | 'name' | 'logo' | 'optedIn'>;

const HEADER = 10;
const CHUNK_BITS = 20;
const CHUNK = 1 << CHUNK_BITS;
const OFFSET_MASK = CHUNK - 1;
const FIELDS = 5;
const PRESENT = 1;
const OPTED_IN = 2;

/**
 * Compact on purpose, as it holds every store (about 100 bytes a store: some 100 MB at a million):
 * - records in 1 MiB Buffers (no copying as it grows), each a 10-byte header of five UTF-8 byte lengths
 *   (domain, custom domain, id, name, logo; 0 = none) followed by those fields; `recordAt` gives a
 *   store key's record as chunk × 2^20 + offset;
 * - an open-addressing hash table (linear probing, at most half full) from each host (a store's
 *   domain and its custom domain) to the store key, with the host's 32-bit hash beside it so most
 *   probes never read a record. A hit is confirmed against the record's own text, so a hash collision
 *   can never answer with another store.
 * A changed store gets a new record at the end; the old bytes are reclaimed by compacting once they are
 * half of all written.
 */
export class StoreDirectory {
  private chunks: Buffer[] = [];
  /** Bytes written to the last chunk. */
  private tail = CHUNK;
  /** Bytes written in all, and how many of them belong to replaced records. */
  private used = 0;
  private garbage = 0;
  /** By store key: where its record starts, and PRESENT | OPTED_IN. */
  private recordAt = new Uint32Array(1024);
  private state = new Uint8Array(1024);
  /** The host table: store key (0 = empty slot) and the host's hash. */
  private slotKey = new Int32Array(1024);
  private slotHash = new Int32Array(1024);
  private hosts = 0;
  private count = 0;

  /** Stores held. */
  get size(): number {
    return this.count;
  }

  /** Bytes of records held, replaced ones not yet reclaimed included. */
  get recordBytesHeld(): number {
    return this.used;
  }

  /** Bytes held by the chunks and the arrays (their capacity). */
  get bytes(): number {
    return (
      this.chunks.length * CHUNK +
      this.recordAt.byteLength +
      this.state.byteLength +
      this.slotKey.byteLength +
      this.slotHash.byteLength
    );
  }

  /** The store whose domain or custom domain is `host` (already normalised), opted in or not. */
  find(host: string): FoundStore | undefined {
    const hash = hashOf(host);
    const mask = this.slotKey.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const key = this.slotKey[slot] as number;
      if (key === 0) return undefined;
      if (this.slotHash[slot] === hash && this.hasHost(key, host)) {
        const store = this.read(key);
        return { key, id: store.id, name: store.name, logo: store.logo, optedIn: store.optedIn };
      }
    }
  }

  /** Whether the store's domain or custom domain is `host`, compared in place (hosts are ASCII). */
  private hasHost(key: number, host: string): boolean {
    const address = this.recordAt[key] as number;
    const text = this.chunks[address >>> CHUNK_BITS] as Buffer;
    const start = address & OFFSET_MASK;
    const domainLength = text.readUInt16LE(start);
    const customLength = text.readUInt16LE(start + 2);
    const at = start + HEADER;
    return (
      (domainLength === host.length && sameAscii(text, at, host)) ||
      (customLength === host.length && sameAscii(text, at + domainLength, host))
    );
  }

  /** Whether the store behind a key is known and takes part in the contest. */
  optedIn(key: number): boolean {
    return key > 0 && key < this.state.length && ((this.state[key] as number) & OPTED_IN) !== 0;
  }

  /** The store behind a key, or undefined. */
  get(key: number): DirectoryStore | undefined {
    return key > 0 && key < this.state.length && this.state[key] ? this.read(key) : undefined;
  }

  /** Adds a store or replaces what is known of it (its hosts move with it). */
  set(store: DirectoryStore): void {
    const { key } = store;
    if (!Number.isInteger(key) || key <= 0 || key > 0x7fffffff) throw new RangeError(`bad store key ${key}`);
    const old = this.get(key);
    if (old) {
      this.garbage += this.recordBytes(key);
      if (old.domain !== store.domain) this.removeHost(old.domain, key);
      if (old.customDomain && old.customDomain !== store.customDomain) this.removeHost(old.customDomain, key);
    } else {
      this.count += 1;
    }
    this.ensureKey(key);
    this.recordAt[key] = this.append(store);
    this.state[key] = PRESENT | (store.optedIn ? OPTED_IN : 0);
    if (old?.domain !== store.domain) this.addHost(store.domain, key);
    if (store.customDomain && old?.customDomain !== store.customDomain) this.addHost(store.customDomain, key);
    if (this.garbage > 64 * 1024 && this.garbage * 2 > this.used) this.compact();
  }

  private read(key: number): DirectoryStore {
    const address = this.recordAt[key] as number;
    const text = this.chunks[address >>> CHUNK_BITS] as Buffer;
    const start = address & OFFSET_MASK;
    let at = start + HEADER;
    const field = (i: number): string | null => {
      const length = text.readUInt16LE(start + 2 * i);
      if (length === 0) return null;
      const value = text.toString('utf8', at, at + length);
      at += length;
      return value;
    };
    return {
      key,
      domain: field(0) as string,
      customDomain: field(1),
      id: field(2) as string,
      name: field(3),
      logo: field(4),
      optedIn: ((this.state[key] as number) & OPTED_IN) !== 0,
    };
  }

  private recordBytes(key: number): number {
    const address = this.recordAt[key] as number;
    return recordBytesAt(this.chunks[address >>> CHUNK_BITS] as Buffer, address & OFFSET_MASK);
  }

  /** Writes a record at the end of the last chunk (or a new one); answers its address. */
  private append(store: DirectoryStore): number {
    const fields = [store.domain, store.customDomain, store.id, store.name, store.logo];
    const lengths = fields.map((value) => (value ? Buffer.byteLength(value) : 0));
    const bytes = lengths.reduce((sum, length) => sum + length, HEADER);
    if (lengths.some((length) => length > 0xffff)) throw new RangeError(`store ${store.id}: a field is too long`);
    if (this.tail + bytes > CHUNK) {
      if (this.chunks.length >= 2 ** (32 - CHUNK_BITS)) throw new RangeError('the store directory is full');
      this.chunks.push(Buffer.allocUnsafe(CHUNK));
      this.tail = 0;
    }
    const text = this.chunks[this.chunks.length - 1] as Buffer;
    const start = this.tail;
    let at = start + HEADER;
    for (let i = 0; i < FIELDS; i += 1) {
      text.writeUInt16LE(lengths[i] as number, start + 2 * i);
      if (lengths[i]) at += text.write(fields[i] as string, at, 'utf8');
    }
    this.tail = at;
    this.used += bytes;
    return (this.chunks.length - 1) * CHUNK + start;
  }

  /** Copies the live records into new chunks, dropping replaced ones. */
  private compact(): void {
    const old = this.chunks;
    this.chunks = [];
    this.tail = CHUNK;
    this.used = 0;
    this.garbage = 0;
    for (let key = 1; key < this.state.length; key += 1) {
      if (!this.state[key]) continue;
      const address = this.recordAt[key] as number;
      const start = address & OFFSET_MASK;
      const from = old[address >>> CHUNK_BITS] as Buffer;
      const bytes = recordBytesAt(from, start);
      if (this.tail + bytes > CHUNK) {
        this.chunks.push(Buffer.allocUnsafe(CHUNK));
        this.tail = 0;
      }
      from.copy(this.chunks[this.chunks.length - 1] as Buffer, this.tail, start, start + bytes);
      this.recordAt[key] = (this.chunks.length - 1) * CHUNK + this.tail;
      this.tail += bytes;
      this.used += bytes;
    }
  }

  private ensureKey(key: number): void {
    if (key < this.state.length) return;
    const length = Math.max(key + 1, Math.ceil(this.state.length * 1.5));
    const recordAt = new Uint32Array(length);
    recordAt.set(this.recordAt);
    this.recordAt = recordAt;
    const state = new Uint8Array(length);
    state.set(this.state);
    this.state = state;
  }

  private addHost(host: string, key: number): void {
    if ((this.hosts + 1) * 2 > this.slotKey.length) this.rehash(this.slotKey.length * 2);
    this.place(hashOf(host), key);
    this.hosts += 1;
  }

  private place(hash: number, key: number): void {
    const mask = this.slotKey.length - 1;
    let slot = hash & mask;
    while (this.slotKey[slot] !== 0) slot = (slot + 1) & mask;
    this.slotKey[slot] = key;
    this.slotHash[slot] = hash;
  }

  private rehash(slots: number): void {
    const keys = this.slotKey;
    const hashes = this.slotHash;
    this.slotKey = new Int32Array(slots);
    this.slotHash = new Int32Array(slots);
    for (let i = 0; i < keys.length; i += 1) if (keys[i]) this.place(hashes[i] as number, keys[i] as number);
  }

  /** Removes one host of a store; later entries of its probe run shift back, so no tombstones are needed. */
  private removeHost(host: string, key: number): void {
    const hash = hashOf(host);
    const mask = this.slotKey.length - 1;
    let hole = hash & mask;
    while (this.slotKey[hole] !== 0 && !(this.slotKey[hole] === key && this.slotHash[hole] === hash)) {
      hole = (hole + 1) & mask;
    }
    if (this.slotKey[hole] === 0) return;
    this.hosts -= 1;
    for (let next = (hole + 1) & mask; this.slotKey[next] !== 0; next = (next + 1) & mask) {
      const home = (this.slotHash[next] as number) & mask;
      // The entry at `next` may move into the hole unless its home slot lies cyclically in (hole, next].
      const stays = hole < next ? home > hole && home <= next : home > hole || home <= next;
      if (stays) continue;
      this.slotKey[hole] = this.slotKey[next] as number;
      this.slotHash[hole] = this.slotHash[next] as number;
      hole = next;
    }
    this.slotKey[hole] = 0;
    this.slotHash[hole] = 0;
  }
}

function sameAscii(text: Buffer, at: number, host: string): boolean {
  for (let i = 0; i < host.length; i += 1) if (text[at + i] !== host.charCodeAt(i)) return false;
  return true;
}

function recordBytesAt(chunk: Buffer, start: number): number {
  let bytes = HEADER;
  for (let i = 0; i < FIELDS; i += 1) bytes += chunk.readUInt16LE(start + 2 * i);
  return bytes;
}

/** FNV-1a over the host's UTF-16 code units (hosts are ASCII once normalised), then mixed. */
function hashOf(host: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < host.length; i += 1) hash = Math.imul(hash ^ host.charCodeAt(i), 0x01000193);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  return hash ^ (hash >>> 13);
}
