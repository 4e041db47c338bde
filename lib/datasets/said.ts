// The words of the MCP texts (lib/mcp/summary.ts) a dataset's definition writes its own with: values, counts, spans.
import { formatPesos, scaled } from "../../core/money.ts";

/** A JSON record of an answer. */
export type Json = Record<string, unknown>;

/** What a dataset's definition says of its answers: one record, or a list of them (lib/mcp/summary.ts). */
export interface McpTexts {
  one?: (b: Json) => string;
  many?: (list: Json[]) => string;
}

// The calculators' own formatting ("$20,383.65"); amounts in the API are never negative.
export const pesos = (n: unknown): string => (typeof n === "number" ? formatPesos(scaled(n, 2)) : String(n));
export const s = (v: unknown): string => String(v);
/** "1 registro", "3 registros". */
export const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
/** ", del <first> al <last>" of a list's field; empty for an empty list. */
export const span = (l: Json[], key: string): string => (l.length > 0 ? `, del ${s(l[0]?.[key])} al ${s(l.at(-1)?.[key])}` : "");
