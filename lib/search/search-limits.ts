// The bounds on one catalog search query, shared by the search and the route table that documents them.

/** Characters of the query read (the HTTP layer refuses longer ones). */
export const MAX_QUERY_CHARS = 100;
/** Distinct words kept; the rest are ignored. */
export const MAX_QUERY_WORDS = 8;
/** Letters kept of each word. */
export const MAX_WORD_CHARS = 32;
/** A typo is forgiven only in words of this many letters… */
export const MIN_TYPO_CHARS = 5;
/** …up to this many. */
export const MAX_TYPO_CHARS = 16;
/** Entries scored at most per pass: the rarest words are taken first, so a very frequent word only ranks what they found. */
export const CANDIDATE_BUDGET = 500;
/** The word being typed is completed to at most this many indexed words, the commonest. */
export const MAX_COMPLETIONS = 24;
/** Postings looked up at most per pass (the rarest word's always): a word past it is only checked in the descriptions of what the rarer words found. */
export const POSTINGS_BUDGET = 5000;
