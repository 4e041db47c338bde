// The TypeBox building blocks every response shape uses: dates, money, nullable columns, enums and component references.
import { Type, type Static, type TSchema, type TUnsafe } from "@sinclair/typebox";
import { ISO_DATE_PATTERN } from "./dates.ts";

export type JsonSchema = { [key: string]: unknown };

export const date = (description?: string) =>
  Type.String({ format: "date", pattern: ISO_DATE_PATTERN, ...(description !== undefined && { description }) });
export const money = (description?: string) => Type.Number({ minimum: 0, ...(description !== undefined && { description }) });
export const closed = { additionalProperties: false } as const;

/** A JSON Schema whose `type` also admits null (`["number", "null"]`), typed as T | null. */
export function nullable<T>(type: string, options: JsonSchema = {}): TUnsafe<T | null> {
  return Type.Unsafe<T | null>({ type: [type, "null"], ...options });
}
export const nullableString = (options: JsonSchema = {}) => nullable<string>("string", options);
export const nullableNumber = (options: JsonSchema = {}) => nullable<number>("number", options);

/** A reference to another component, typed as that component. */
export const ref = <T extends TSchema>(name: string, _schema: T): TUnsafe<Static<T>> =>
  Type.Unsafe<Static<T>>({ $ref: `#/components/schemas/${name}` });

export const enumOf = <const V extends readonly (string | number | null)[]>(values: V, options: JsonSchema = {}) =>
  Type.Unsafe<V[number]>({ ...(values.every((v) => typeof v === "string") && { type: "string" }), enum: [...values], ...options });
