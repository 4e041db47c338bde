// The maps a compact index hands MiniSearch: ordinary Maps to it, built from packed numbers only when needed.

/**
 * A Map whose entries `materialize` makes on the first use of any of its methods. A subclass may answer
 * `has` and `get` from its packed form without making them: those are all a search calls.
 */
abstract class LazyMap<V> extends Map<number, V> {
  #materialized = false;

  protected abstract materialize(set: (k: number, v: V) => void): void;

  protected get materialized(): boolean {
    return this.#materialized;
  }

  protected ensure(): void {
    if (this.#materialized) return;
    this.#materialized = true;
    this.materialize((k, v) => super.set(k, v));
  }

  override get size(): number {
    this.ensure();
    return super.size;
  }
  override get(k: number): V | undefined {
    this.ensure();
    return super.get(k);
  }
  override has(k: number): boolean {
    this.ensure();
    return super.has(k);
  }
  override set(k: number, v: V): this {
    this.ensure();
    return super.set(k, v);
  }
  override delete(k: number): boolean {
    this.ensure();
    return super.delete(k);
  }
  override clear(): void {
    this.ensure();
    super.clear();
  }
  override forEach(fn: (v: V, k: number, map: Map<number, V>) => void, thisArg?: unknown): void {
    this.ensure();
    super.forEach(fn, thisArg);
  }
  override keys(): MapIterator<number> {
    this.ensure();
    return super.keys();
  }
  override values(): MapIterator<V> {
    this.ensure();
    return super.values();
  }
  override entries(): MapIterator<[number, V]> {
    this.ensure();
    return super.entries();
  }
  override [Symbol.iterator](): MapIterator<[number, V]> {
    return this.entries();
  }
}

/**
 * One term's posting lists (field id → (document id → frequency)), decoded on first use. Most terms are never
 * searched in the life of a function instance, and making a map per list at load was a third of a cold start.
 */
export class TermPostings extends LazyMap<Map<number, number>> {
  readonly #postings: Uint32Array;
  readonly #at: number;

  constructor(postings: Uint32Array, at: number) {
    super();
    this.#postings = postings;
    this.#at = at;
  }

  /** How many documents the term is in, per field summed, read from the packed form (a search's cost before it is run). */
  documents(): number {
    const p = this.#postings;
    let at = this.#at;
    let n = 0;
    for (let f = p[at++] ?? 0; f > 0; f--) {
      const count = p[at + 1] ?? 0;
      n += count;
      at += 2 + 2 * count;
    }
    return n;
  }

  protected materialize(set: (field: number, docs: Map<number, number>) => void): void {
    const p = this.#postings;
    let at = this.#at;
    for (let f = p[at++] ?? 0; f > 0; f--) {
      const field = p[at++] ?? 0;
      const count = p[at++] ?? 0;
      set(field, new FieldPostings(p, at, count));
      at += 2 * count;
    }
  }
}

/**
 * One field's postings of a term (document id → frequency), read from the packed pairs: its size, its
 * keys in order and the frequency of the key just read are all a search asks (MiniSearch's termResults),
 * answered without making a map. Making one per term and field was the most garbage a first search of
 * a word left, and most of the collector's pauses; any other use makes the entries first.
 */
class FieldPostings extends LazyMap<number> {
  readonly #postings: Uint32Array;
  readonly #at: number;
  readonly #count: number;
  /** The document id the key iterator last gave, and its frequency. */
  #lastId = -1;
  #lastFrequency = 0;

  constructor(postings: Uint32Array, at: number, count: number) {
    super();
    this.#postings = postings;
    this.#at = at;
    this.#count = count;
  }

  protected materialize(set: (id: number, frequency: number) => void): void {
    const p = this.#postings;
    for (let i = 0, at = this.#at, id = 0; i < this.#count; i++, at += 2) {
      id += p[at] ?? 0;
      set(id, p[at + 1] ?? 0);
    }
  }

  override get size(): number {
    return this.materialized ? super.size : this.#count;
  }

  override keys(): MapIterator<number> {
    return this.materialized ? super.keys() : (this.#ids() as unknown as MapIterator<number>);
  }

  /** The document ids in order, noting each one's frequency; one result object for the whole walk (for…of reads it before the next step). */
  #ids(): IterableIterator<number> {
    const p = this.#postings;
    const count = this.#count;
    let i = 0;
    let at = this.#at;
    let id = 0;
    const result = { value: 0, done: false };
    const iterator = {
      next: (): IteratorResult<number> => {
        if (i === count) {
          result.done = true;
          return result as IteratorResult<number>;
        }
        id += p[at] ?? 0;
        this.#lastId = id;
        this.#lastFrequency = p[at + 1] ?? 0;
        at += 2;
        i += 1;
        result.value = id;
        return result as IteratorResult<number>;
      },
      [Symbol.iterator]: () => iterator,
    };
    return iterator;
  }

  override get(id: number): number | undefined {
    return !this.materialized && id === this.#lastId ? this.#lastFrequency : super.get(id);
  }

  override has(id: number): boolean {
    return (!this.materialized && id === this.#lastId) || super.has(id);
  }
}

/**
 * A map of documents 0…n-1 whose `has` and `get` are answered from `valueAt` until its entries exist. A search
 * asks MiniSearch's id maps and field lengths about every posting it scores: answered by arithmetic and an
 * array instead of 62,500-entry hash maps, searches took 30 % less CPU, and a cold start no longer makes them.
 */
abstract class DocumentMap<V> extends LazyMap<V> {
  readonly #count: number;

  constructor(count: number) {
    super();
    this.#count = count;
  }

  protected abstract valueAt(id: number): V;

  protected materialize(set: (id: number, value: V) => void): void {
    for (let i = 0; i < this.#count; i++) set(i, this.valueAt(i));
  }

  override has(id: number): boolean {
    return this.materialized ? super.has(id) : Number.isInteger(id) && id >= 0 && id < this.#count;
  }
  override get(id: number): V | undefined {
    return this.materialized ? super.get(id) : this.has(id) ? this.valueAt(id) : undefined;
  }
}

/** MiniSearch's two id maps, where each document's id is its own short id. */
export class IdentityIds extends DocumentMap<number> {
  protected valueAt(id: number): number {
    return id;
  }
}

/**
 * MiniSearch's field lengths. A search reads one field's length of a document right after `get`, so `get`
 * answers with one array refilled for each document (a copy kept per document read was garbage that
 * lived: a young-generation collection copied it). Adding or removing a document only reads through `get`
 * and changes lengths through `set` and `delete`, which make the entries, each a copy of its own, first.
 */
export class FieldLengths extends DocumentMap<number[]> {
  readonly #flat: readonly number[];
  readonly #width: number;
  readonly #current: number[];

  constructor(flat: readonly number[], width: number) {
    super(flat.length / width);
    this.#flat = flat;
    this.#width = width;
    this.#current = new Array<number>(width).fill(0);
  }

  protected valueAt(id: number): number[] {
    for (let f = 0; f < this.#width; f++) this.#current[f] = this.#flat[id * this.#width + f]!;
    return this.#current;
  }

  protected override materialize(set: (id: number, value: number[]) => void): void {
    for (let i = 0; i < this.#flat.length / this.#width; i++) set(i, this.#flat.slice(i * this.#width, (i + 1) * this.#width));
  }
}
