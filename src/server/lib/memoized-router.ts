import type { Result, Router } from "hono/router";
import { TrieRouter } from "hono/router/trie-router";
import { BoundedMemory } from "./bounded-memory.ts";

/** Paths longer than this are matched every time: the memory holds paths people and the app use. */
const REMEMBERED_PATH_LENGTH = 256;
/** How many answers are kept; the first one kept is forgotten first. */
const ANSWERS_KEPT = 1_000;

/**
 * Hono's TrieRouter with a memory of its answers, by method and path.
 *
 * Hono's faster RegExpRouter refuses the app's routes (it cannot put a fixed segment and a
 * parameter at the same place, as /admin/resources/links beside
 * /admin/resources/{resourceId}/reminders), so Hono matches every request with its TrieRouter,
 * whose search builds new arrays and objects each time and stores some of them in its
 * long-lived nodes. Under load V8 took those for long-lived and allocated them straight in the
 * old generation: young collections slowed down, full ones came every few seconds, and pauses
 * of 10–15 ms several times a second made the p99 of a signed-in read.
 *
 * An answer depends only on the method and the path, and Hono only reads it (its RegExpRouter
 * hands one shared answer to every request of a fixed path), so each is kept and handed out
 * again. Bounded: at most ANSWERS_KEPT answers, for paths of at most REMEMBERED_PATH_LENGTH.
 */
export class MemoizedRouter<T> implements Router<T> {
  readonly name = "MemoizedRouter";
  readonly #router = new TrieRouter<T>();
  readonly #answers = new BoundedMemory<string, Result<T>>(ANSWERS_KEPT);

  add(method: string, path: string, handler: T): void {
    this.#router.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    if (path.length > REMEMBERED_PATH_LENGTH) return this.#router.match(method, path);
    const key = `${method} ${path}`;
    const known = this.#answers.get(key);
    if (known) return known;
    const answer = this.#router.match(method, path);
    this.#answers.remember(key, answer);
    return answer;
  }
}
