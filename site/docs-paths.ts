// Where the API reference puts things: the index at /docs/, one page per OpenAPI tag (family) and an anchor per operation.

export const DOCS_INDEX = "/docs/";

/**
 * A family's page slug from its tag: accents folded, lower case, a trailing version number dropped
 * ("CFDI 4.0" → "cfdi", "Nómina 1.2" → "nomina", "UMA y salario mínimo" → "uma-y-salario-minimo").
 */
export function familySlug(tag: string): string {
  return tag
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\s+\d+(\.\d+)*$/, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The site path of a family's page: "/docs/cfdi/". */
export const familyPath = (tag: string): string => `${DOCS_INDEX}${familySlug(tag)}/`;

/** The link to an operation of the reference: its family's page and its operationId as the anchor. */
export const operationHref = (op: { tag: string; id: string }): string => `${familyPath(op.tag)}#${op.id}`;
