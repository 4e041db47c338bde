// Validates bodies against the published openapi.json itself (not the route table), for contract tests.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import * as addFormatsModule from "ajv-formats";

const addFormats = addFormatsModule.default as unknown as typeof addFormatsModule.default.default;

interface Parameter {
  name: string;
  in: string;
  schema: { pattern?: string; enum?: string[] };
}
interface Operation {
  parameters?: Parameter[];
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
export interface OpenApiDoc {
  paths: Record<string, { get: Operation }>;
  components: { schemas: Record<string, object> };
}

/** A compiled validator per operation, and a way to find the operation of a request path. */
export class OpenApiContract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly ops: { template: string; regex: RegExp; validate: ValidateFunction }[] = [];

  constructor(
    readonly doc: OpenApiDoc,
    base = "/api/v1/public",
  ) {
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: "openapi.json", components: doc.components });
    for (const [template, item] of Object.entries(doc.paths)) {
      // Files answer GETs; a POST-only path (POST /cfdi/validar) has no file to match.
      if (item.get === undefined) continue;
      const schema = item.get.responses["200"]?.content?.["application/json"]?.schema;
      if (!schema) throw new Error(`no 200 JSON schema for ${template}`);
      const params = new Map((item.get.parameters ?? []).filter((p) => p.in === "path").map((p) => [p.name, p]));
      const pattern = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{(\w+)\\?\}/g, (_, name: string) => {
        const p = params.get(name);
        if (p?.schema.enum) return `(?:${p.schema.enum.join("|")})`;
        if (p?.schema.pattern) return `(?:${p.schema.pattern.replace(/^\^/, "").replace(/\$$/, "")})`;
        return "[^/]+";
      });
      const rewritten = JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"openapi.json#/components')) as object;
      this.ops.push({ template, regex: new RegExp(`^${base}${pattern}$`), validate: this.ajv.compile(rewritten) });
    }
  }

  /** The operation template whose path matches a request path (without query), or undefined. */
  operationFor(path: string): string | undefined {
    return this.ops.find((o) => o.regex.test(path))?.template;
  }

  /** Errors of a 200 body for a request path; [] when valid. */
  errors(path: string, body: unknown): string[] {
    const op = this.ops.find((o) => o.regex.test(path));
    if (!op) return [`no operation matches ${path}`];
    return op.validate(body) ? [] : (op.validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ""}`);
  }
}
