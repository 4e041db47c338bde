// Masks secrets (publishers' tokens) in any text about to be printed, in every encoding a token travels in.

const MASK = "***";
/** Shorter fragments would mask ordinary words; a token's encodings are all longer than this. */
const MIN_FRAGMENT = 6;

/**
 * The base64 text that any occurrence of `bytes` produces inside a longer base64 string, whatever its
 * alignment: for each of the three offsets, only the characters that depend on the secret's bytes alone.
 */
function base64Cores(bytes: Buffer): string[] {
  const cores: string[] = [];
  for (const offset of [0, 1, 2]) {
    const text = Buffer.concat([Buffer.alloc(offset), bytes])
      .toString("base64")
      .replace(/=+$/, "");
    // Characters wholly made of the prefix's bits, or mixing them with the secret's, are left out;
    // so is a last character that would mix the secret's bits with whatever follows it.
    const first = Math.ceil((offset * 8) / 6);
    const last = Math.floor(((offset + bytes.length) * 8) / 6);
    cores.push(text.slice(first, last));
  }
  return cores;
}

/** Every form of one secret worth masking: raw, percent-encoded, form-encoded, JSON-escaped, hex, base64(url). */
export function secretForms(secret: string): string[] {
  const bytes = Buffer.from(secret, "utf8");
  const percent = encodeURIComponent(secret);
  const cores = base64Cores(bytes);
  const forms = [
    secret,
    percent,
    percent.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
    // encodeURIComponent leaves !'()* alone; strict encoders (RFC 3986) escape them too.
    percent.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
    new URLSearchParams({ s: secret }).toString().slice(2),
    encodeURI(secret),
    JSON.stringify(secret).slice(1, -1),
    bytes.toString("hex"),
    bytes.toString("hex").toUpperCase(),
    ...cores,
    ...cores.map((c) => c.replace(/\+/g, "-").replace(/\//g, "_")),
  ];
  return [...new Set(forms)].filter((f) => f.length >= MIN_FRAGMENT);
}

/** A function that replaces every form of every secret with ***; secrets shorter than 4 characters are ignored. */
export function redactor(secrets: readonly (string | undefined)[]): (text: string) => string {
  const forms = secrets
    .filter((s): s is string => typeof s === "string" && s.length >= 4)
    .flatMap((s) => [s, ...secretForms(s)])
    // Longest first, so that a form containing another is masked whole.
    .sort((a, b) => b.length - a.length);
  if (forms.length === 0) return (text) => text;
  const pattern = new RegExp([...new Set(forms)].map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "gi");
  return (text) => text.replace(pattern, MASK);
}
