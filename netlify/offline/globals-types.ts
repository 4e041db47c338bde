// The one type netlify-cli's edge config extractor imports from edge.netlify.com, so the edge function's `config` (its
// platform rate limit) is read without that host (`netlify build --offline`); mapped by netlify/import-map.json.
export interface NetlifyGlobal {
  readonly context: unknown;
  readonly env: {
    delete(name: string): void;
    get(name: string): string | undefined;
    has(name: string): boolean;
    set(name: string, value: string): void;
    toObject(): Record<string, string>;
  };
}
