// lib/http-kit/handler.ts keptAnswers: an answer is kept the second time its key is asked, within a bounded number.
import { describe, expect, it } from "vitest";
import { keptAnswers } from "../lib/http-kit/handler.ts";

describe("keptAnswers", () => {
  it("computes a key's answer twice, then answers it from memory; a key asked once keeps nothing", () => {
    const answer = keptAnswers(8);
    let made = 0;
    const make = (value: string) => () => {
      made++;
      return { value };
    };
    const first = answer("a", make("a"));
    answer("a", make("a"));
    const third = answer("a", make("a"));
    expect(made).toBe(2);
    expect(third).toEqual(first);
    expect(new TextDecoder().decode(third.body)).toBe('{"value":"a"}');
    expect(third.etag).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
    // Another key gets its own answer, never the kept one.
    expect(new TextDecoder().decode(answer("b", make("b")).body)).toBe('{"value":"b"}');
    expect(made).toBe(3);
  });

  it("keeps at most `size` answers, the oldest going first, and answers of a POST carry no ETag", () => {
    const answer = keptAnswers(2, false);
    let made = 0;
    const ask = (key: string) => answer(key, () => ++made);
    for (const key of ["x", "x", "y", "y", "z", "z"]) ask(key);
    expect(made).toBe(6);
    ask("y");
    ask("z");
    expect(made).toBe(6);
    // x was the oldest of three: gone, so computed again.
    expect(ask("x").etag).toBeUndefined();
    expect(made).toBe(7);
  });
});
