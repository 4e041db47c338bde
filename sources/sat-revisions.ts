// Revisions SAT published of a catalog sheet after the one raw/ holds, by raw file: the sheet is then known to be behind.
// SAT publishes the catCFDI workbook and its revisions on the Anexo 20 page; raw/README.md says which copy raw/ holds.

export interface NewerRevisions {
  /** The sheet's /status id. */
  dataset: string;
  /** The days SAT published a revision of the sheet newer than ours, oldest first. */
  dates: readonly string[];
  /** What the file raw/ holds is, in words (the copy and why it is older). */
  held: string;
}

export const NEWER_SAT_REVISIONS: Readonly<Record<string, NewerRevisions>> = {
  "sat/catCFDI/c_ClaveProdServ.csv": {
    dataset: "cfdi-clave-prod-serv",
    dates: ["2022-12-21", "2025-09-03", "2025-12-31"],
    held: "una revisión anterior (de la época de CFDI 3.3, vigencias 2019-2022), no la hoja del libro de CFDI 4.0",
  },
};

/** Whether the sheet of this /status id is known to be behind SAT's revisions. */
export const knownBehind = (dataset: string): boolean => Object.values(NEWER_SAT_REVISIONS).some((r) => r.dataset === dataset);

/** The sentence that says a sheet is behind: which revision it is and the newer ones, or null. */
export function behindReason(rawFile: string): string | null {
  const r = NEWER_SAT_REVISIONS[rawFile];
  if (r === undefined) return null;
  return `la hoja es ${r.held}; el SAT publicó revisiones más recientes el ${r.dates.join(", ")}`;
}
