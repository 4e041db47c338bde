// Every ending Snowball's Spanish stemmer can take off a folded word in one call, so a word whose stem cannot be some stem is told without stemming it.
// The suffix lists are those of the algorithm (https://snowballstem.org/algorithms/spanish/stemmer.html), as
// @orama/stemmers/spanish carries them, folded (accents off, as the search folds every word before stemming).

/** Step 0: attached pronouns, taken off after one of VERB_BEFORE_PRONOUN. */
const PRONOUNS = ["me", "se", "sela", "selo", "selas", "selos", "la", "le", "lo", "las", "les", "los", "nos"];
const VERB_BEFORE_PRONOUN = ["ando", "iendo", "yendo", "ar", "er", "ir"];

/** Step 1: standard suffixes, each group with the endings that may go before it. */
const STEP1: [suffixes: string, before: string][] = [
  ["anza anzas ico ica icos icas ismo ismos able ables ible ibles ista istas oso osa osos osas amiento amientos imiento imientos", ""],
  ["adora ador acion adoras adores aciones ante antes ancia ancias", "ic"],
  ["amente", "iv ativ os ic ad"],
  ["mente", "ante able ible"],
  ["idad idades", "abil ic iv"],
  ["iva ivo ivas ivos", "at"],
];

/** Step 1's replacements, by what stays of the ending: logía → log, ución → u (encia → ente is mayStemToSynonym's own case, lib/search/search-query.ts). */
const REPLACED_TAILS = ["ia", "ias", "cion", "ciones"];

/** Step 2a (after a u) and 2b: verb suffixes. The 2b ones that also take a u off after g are GU_SUFFIXES. */
const STEP2A = ["ya", "ye", "yan", "yen", "yeron", "yendo", "yo", "yas", "yes", "yais", "yamos"];
const GU_SUFFIXES = ["en", "es", "eis", "emos"];
const STEP2B = [
  ...GU_SUFFIXES,
  ..."aba ada ida ara iera ia aria eria iria ad ed id ase iese aste iste an aban aran ieran ian arian erian irian asen iesen aron ieron aran eran iran ado ido ando iendo ar er ir as abas adas idas aras ieras ias arias erias irias ases ieses abais arais ierais iais ariais eriais iriais aseis ieseis asteis isteis ais areis ereis ireis ados idos amos abamos aramos ieramos iamos ariamos eriamos iriamos aremos eremos iremos asemos iesemos imos aras eras iras is ara era ira are ere ire io".split(
    " ",
  ),
];

/** Step 3: residual endings (a final e takes a u off after g). */
const RESIDUAL = ["", "os", "a", "o", "i", "e", "ue"];

/** Every string the stemmer may take off the end of a word in one call, the empty one included (a superset: what it takes depends on the word). */
export const STEM_ENDINGS: ReadonlySet<string> = (() => {
  const last = new Set<string>(["", ...PRONOUNS, ...STEP2A, ...STEP2B, ...GU_SUFFIXES.map((s) => `u${s}`)]);
  for (const [suffixes, before] of STEP1) for (const s of suffixes.split(" ")) for (const b of ["", ...before.split(" ")]) last.add(b + s);
  for (const v of VERB_BEFORE_PRONOUN) for (const p of PRONOUNS) last.add(v + p);
  const endings = new Set<string>(REPLACED_TAILS);
  for (const r of RESIDUAL) for (const s of last) endings.add(r + s);
  return endings;
})();

/** The longest of STEM_ENDINGS. */
export const LONGEST_STEM_ENDING = Math.max(...[...STEM_ENDINGS].map((e) => e.length));
