// JSON text of response bodies, each record serialized once however many files (lookups, pages, dumps) repeat it.

/**
 * The same record object appears in a lookup file, a list page and three dumps; its text is computed
 * once and reused. An array's text is its elements' texts joined, exactly what JSON.stringify gives for
 * arrays of plain records.
 */
export class JsonText {
  private readonly cache = new WeakMap<object, string>();

  of(value: unknown): string {
    if (Array.isArray(value)) return `[${value.map((v) => this.of(v)).join(",")}]`;
    if (typeof value !== "object" || value === null) return JSON.stringify(value);
    let text = this.cache.get(value);
    if (text === undefined) {
      text = JSON.stringify(value);
      this.cache.set(value, text);
    }
    return text;
  }
}
