/**
 * A map that keeps at most `limit` entries, the first remembered forgotten first. A hit writes
 * nothing: moving an entry to the end on every read rebuilt the map's table again and again.
 * For what a process remembers of its requests (the session reader's cookie headers, the
 * router's answers): bounded, so that no sequence of requests can grow it.
 */
export class BoundedMemory<Key, Value> {
  readonly #entries = new Map<Key, Value>();
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  get(key: Key): Value | undefined {
    return this.#entries.get(key);
  }

  remember(key: Key, value: Value): void {
    this.#entries.set(key, value);
    if (this.#entries.size > this.#limit) this.#entries.delete(this.#entries.keys().next().value!);
  }
}
