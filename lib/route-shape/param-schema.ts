// The JSON Schema of one route parameter: OpenAPI's parameter objects and the MCP tools' input schemas both come from it.
import type { Param } from "./route-types.ts";
import { ISO_DATE_PATTERN } from "../../core/dates.ts";

export type ParamSchema = Record<string, unknown>;

/** The decimal texts a DecimalQueryParam accepts (the API app also checks its bounds); with no decimals, no fraction part. */
const decimalPattern = (decimals: number): string => (decimals === 0 ? "^\\d{1,15}$" : `^\\d{1,15}(\\.\\d{1,${decimals}})?$`);

export function paramSchema(p: Param): ParamSchema {
  if (p.in === "path" || p.type === "string") {
    // A path value's length is stated only where the server refuses a longer one (a pattern it checks); a
    // free value (a catalog code, an RFC) is taken at any length up to the 414 limit and answered 404 or 200.
    const schema: ParamSchema =
      p.in === "query"
        ? { type: "string", minLength: 1, maxLength: p.maxLength }
        : p.pattern
          ? { type: "string", maxLength: p.maxLength }
          : { type: "string" };
    if (p.pattern) schema["pattern"] = p.pattern;
    if (p.in === "path" && p.format) schema["format"] = p.format;
    if (p.enum) schema["enum"] = [...p.enum];
    return schema;
  }
  if (p.type === "date") return { type: "string", format: "date", pattern: ISO_DATE_PATTERN };
  if (p.type === "decimal") return { type: "string", pattern: decimalPattern(p.decimals), maxLength: 32 };
  if (p.type === "whole") return { type: "integer", minimum: p.minimum, maximum: p.maximum };
  const schema: ParamSchema = { type: "integer", minimum: p.minimum, default: p.default };
  if (p.maximum !== undefined) schema["maximum"] = p.maximum;
  return schema;
}

/** Whether a request must give the parameter. */
export const isRequiredParam = (p: Param): boolean =>
  p.in === "path" ||
  (p.type === "whole" && p.required !== false) ||
  ((p.type === "string" || p.type === "decimal" || p.type === "date") && p.required);

const NO_SUCH_DATE = "Una fecha que no existe → 400.";

/** The parameter's description with its bounds spelled out, as OpenAPI and the tools publish it. */
export function paramDescription(p: Param): string {
  if (p.in === "path") return p.format === "date" ? `${p.description} ${NO_SUCH_DATE}` : p.description;
  if (p.type === "string") return p.description;
  if (p.type === "decimal") return `${p.description} De ${p.minimum} a ${p.maximum}; otro valor → 400.`;
  if (p.type === "date") return `${p.description} ${NO_SUCH_DATE}`;
  return `${p.description} Solo dígitos decimales; fuera de límites → 400.`;
}
