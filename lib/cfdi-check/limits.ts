// The bound on a CFDI XML, shared by the route table (its POST's 413) and the reader (callers without HTTP, as MCP).

/** The largest XML read: 1 MiB of UTF-8 (an invoice of a few thousand lines). */
export const MAX_XML_BYTES = 1024 * 1024;
