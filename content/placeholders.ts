// Values a calculator's text quotes from the data: written `{{name}}` in its Markdown, checked by the loader, filled by the site per build.

/** Every placeholder a text may hold, with what the site puts in its place. */
const PLACEHOLDERS = {
  "inpc-primer-mes": "First month of the INPC the build has, as the site writes a month (e.g. «enero de 2000»).",
  "inpc-ultimo-mes": "Last month of the INPC the build has, written the same way.",
} as const;

export type Placeholder = keyof typeof PLACEHOLDERS;

/** A `{{name}}` on one line; the name is whatever lies between the braces, so a misspelt one is reported rather than shown. */
const PLACEHOLDER = /\{\{([^{}\n]*)\}\}/g;
const BRACES = /\{\{|\}\}/;

const isPlaceholder = (name: string): name is Placeholder => Object.hasOwn(PLACEHOLDERS, name);

/** The source line of `index` in a text that starts on line `first` and keeps its line breaks. */
const lineAt = (raw: string, first: number, index: number): number => first + (raw.slice(0, index).match(/\n/g)?.length ?? 0);

/** What is wrong with the placeholders of a calculator's text, each problem with its line. */
export function placeholderProblems(raw: string, first: number): string[] {
  const problems: string[] = [];
  const known = Object.keys(PLACEHOLDERS).map((p) => `{{${p}}}`);
  for (const m of raw.matchAll(PLACEHOLDER)) {
    const name = m[1] ?? "";
    if (!isPlaceholder(name))
      problems.push(`línea ${lineAt(raw, first, m.index)}: marcador desconocido {{${name}}}; los válidos son ${known.join(", ")}`);
  }
  const stray = BRACES.exec(raw.replace(PLACEHOLDER, (m) => " ".repeat(m.length)));
  if (stray)
    problems.push(
      `línea ${lineAt(raw, first, stray.index)}: "${stray[0]}" sin su pareja; un marcador se escribe {{nombre}} en una sola línea`,
    );
  return problems;
}

/** The line of the first `{{` or `}}` of a text that holds no placeholders (a guide or a term: the site would show it as typed). */
export function braceLine(raw: string, first: number): number | undefined {
  const at = BRACES.exec(raw)?.index;
  return at === undefined ? undefined : lineAt(raw, first, at);
}

/** The text with each placeholder replaced by its value (the loader has already refused unknown ones). */
export function fillPlaceholders(text: string, values: Record<Placeholder, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!isPlaceholder(name)) throw new Error(`marcador desconocido ${whole}`);
    return values[name];
  });
}
