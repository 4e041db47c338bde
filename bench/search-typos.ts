// Relevance under one typo: each query of the relevance sets with one seeded edit in its longest word, scored beside the query as written.
import { parseArgs } from "node:util";
import { loadDatasets } from "../build/datasets.ts";
import { searchIndexFile } from "../build/search-index.ts";
import { SatSearch } from "../lib/search/sat-search.ts";
import { AS_OF, RAW_DIR } from "../test/helpers/tree.ts";
import { type EvalQuery, evalQueries, score } from "../test/helpers/search-eval.ts";

const { values } = parseArgs({ options: { seeds: { type: "string", default: "7,11,13" }, misses: { type: "boolean", default: false } } });
const LETTERS = "abcdefghijklmnopqrstuvwxyz";
/** The typo's length floor: the search forgives one typo in words of five letters or more (search-terms.ts). */
const MIN_TYPO_WORD = 5;

/** A linear congruential generator: the same edits on every run for one seed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a * 1103515245 + 12345) % 2147483648;
    return a / 2147483648;
  };
}

/** One edit inside the word (never its first or last letter): a letter dropped, two swapped, one replaced or one inserted. */
function typo(word: string, next: () => number): string {
  const i = 1 + Math.floor(next() * (word.length - 2));
  const letter = LETTERS[Math.floor(next() * LETTERS.length)]!;
  switch (Math.floor(next() * 4)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + word[i + 1]! + word[i]! + word.slice(i + 2);
    case 2:
      return word.slice(0, i) + letter + word.slice(i + 1);
    default:
      return word.slice(0, i) + letter + word.slice(i);
  }
}

/** The queries with a word of MIN_TYPO_WORD letters or more, that word (the longest, the first of equals) given one typo. */
function withTypo(queries: EvalQuery[], seed: number): EvalQuery[] {
  const next = random(seed);
  return queries.flatMap((q) => {
    const words = q.query.split(" ");
    let longest = -1;
    for (let i = 0; i < words.length; i++)
      if (words[i]!.length >= MIN_TYPO_WORD && (longest < 0 || words[i]!.length > words[longest]!.length)) longest = i;
    if (longest < 0) return [];
    words[longest] = typo(words[longest]!, next);
    return [{ ...q, query: words.join(" ") }];
  });
}

const search = new SatSearch(searchIndexFile(await loadDatasets(RAW_DIR), AS_OF).data.toString("utf8"));
const queries = [...evalQueries("queries.csv"), ...evalQueries("own-queries.csv"), ...evalQueries("fresh-queries.csv")];
const pct = (x: number): string => `${(x * 100).toFixed(0)} %`;
console.log("| seed | n | as written: first / top 10 | one typo: first / top 10 |\n|---|---|---|---|");
for (const seed of values.seeds.split(",").map(Number)) {
  const typed = withTypo(queries, seed);
  const written = score(
    search,
    queries.filter((q) => typed.some((t) => t.id === q.id)),
  ).groups.get("all")!;
  const { groups, ranks } = score(search, typed);
  const f = groups.get("all")!;
  console.log(`| ${seed} | ${f.n} | ${pct(written.first)} / ${pct(written.top10)} | ${pct(f.first)} / ${pct(f.top10)} |`);
  if (values.misses) for (const q of typed) if (ranks.get(q.id) === null) console.log(`  ${q.id} «${q.query}»`);
}
