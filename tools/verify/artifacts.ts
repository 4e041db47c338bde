// What `netlify dev` is known to do differently from the host it emulates: a difference that matches one is the emulator's.
import type { Difference } from "./checks.ts";

export interface Artifact {
  id: string;
  /** Why the emulator does it, in the report's words. */
  why: string;
  matches(d: Difference): boolean;
}

const EMULATOR_ARTIFACTS: readonly Artifact[] = [
  {
    id: "charset",
    why: "su servidor de archivos envía su propio Content-Type (charset=UTF-8), no el de dist/_headers",
    matches: (d) => d.aspect === "content-type" && /charset=UTF-8/.test(d.got),
  },
  {
    id: "head-length",
    why: "responde HEAD sin Content-Length",
    matches: (d) => d.aspect === "head-content-length",
  },
  {
    id: "htm-retry",
    why: "reintenta un archivo ausente con otros nombres (…/index.htm, ….htm) y vuelve a correr la función de borde en cada uno",
    matches: (d) => (d.aspect === "instance" && /\.html?"?$/.test(d.got)) || (d.aspect === "status" && d.target.includes("1900")),
  },
  {
    id: "max-age-0",
    why: "fuerza Cache-Control: max-age=0 en los archivos estáticos",
    matches: (d) => d.aspect === "cache-control" && /max-age=0\b/.test(d.got),
  },
  {
    id: "etag",
    why: "su servidor de archivos no da ETag ni responde 304 a If-None-Match",
    matches: (d) => d.aspect === "etag" || (d.aspect === "status" && d.expected === "304"),
  },
];

/** The artifact a difference is, if any. */
export const artifactOf = (d: Difference): Artifact | undefined => EMULATOR_ARTIFACTS.find((a) => a.matches(d));
