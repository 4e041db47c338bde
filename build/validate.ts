// Validates response bodies with ajv (draft 2020-12) against the component schemas, one compiled validator per route.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import * as addFormatsModule from "ajv-formats";
import { bodyJsonSchema, type BodySchema, type SchemaName } from "../core/schemas.ts";
import { schemas } from "../lib/datasets/published-schemas.ts";

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = addFormatsModule.default as unknown as typeof addFormatsModule.default.default;

const DOC_ID = "https://fiscal-mx.local/openapi.json";

export class BodyValidator {
  private readonly ajv = new Ajv2020({ strict: true, allErrors: false });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(componentSchemas: Record<string, unknown> = schemas) {
    addFormats(this.ajv, ["date", "date-time"]);
    this.ajv.addKeyword("components");
    this.ajv.addSchema({ $id: DOC_ID, components: { schemas: componentSchemas } });
  }

  private validator(body: BodySchema): ValidateFunction {
    const key = JSON.stringify(body);
    let fn = this.compiled.get(key);
    if (!fn) {
      const schema = JSON.parse(JSON.stringify(bodyJsonSchema(body)).replaceAll('"#/components', `"${DOC_ID}#/components`)) as object;
      fn = this.ajv.compile(schema);
      this.compiled.set(key, fn);
    }
    return fn;
  }

  /** Returns null when valid, else a one-line description of the first violation. */
  check(body: BodySchema, value: unknown): string | null {
    if ("arrayOf" in body) {
      if (!Array.isArray(value)) return "/ debe ser un arreglo";
      for (let i = 0; i < value.length; i++) {
        const violation = this.checkRecord(body.arrayOf, value[i]);
        // "/field …" becomes "/i/field …"; a violation of the record itself ("/ …") becomes "/i …".
        if (violation !== null) return `/${i}${violation.startsWith("/ ") ? violation.slice(1) : violation}`;
      }
      return null;
    }
    return this.checkRecord(body.ref, value);
  }

  private checkRecord(name: SchemaName, value: unknown): string | null {
    const fn = this.validator({ ref: name });
    if (!fn(value)) {
      const e = fn.errors?.[0];
      return e ? `${e.instancePath || "/"} ${e.message ?? "inválido"}${e.params ? ` ${JSON.stringify(e.params)}` : ""}` : "inválido";
    }
    return null;
  }
}
