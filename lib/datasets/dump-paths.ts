// Where the API and its bulk downloads live: a leaf module, so the dataset registry can name a dump without the route table.
export const API_BASE = "/api/v1/public";

export type DumpDatasetId = string;

export const DUMP_FORMATS = {
  json: "application/json; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  ndjson: "application/x-ndjson; charset=utf-8",
} as const;
export type DumpFormat = keyof typeof DUMP_FORMATS;

export const DUMPS_DIR = `${API_BASE}/dumps`;
export const DUMP_INDEX = `${DUMPS_DIR}/index.json`;
export const dumpPath = (id: DumpDatasetId, format: DumpFormat): string => `${DUMPS_DIR}/${id}.${format}`;
