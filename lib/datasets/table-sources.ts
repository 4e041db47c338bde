// The source of every dataset that is not a Banxico series nor a keyed SAT sheet, by its one id: the INPC, the tables and the catalogs of rules. The loaded data's type follows from it.
import { imss } from "../../sources/imss.ts";
import { inegi } from "../../sources/inegi.ts";
import { isrTariffs } from "../../sources/isr.ts";
import { minimumWage } from "../../sources/salario-minimo.ts";
import { tasaOCuota } from "../../sources/sat.ts";
import { subsidioEmpleo } from "../../sources/subsidio-empleo.ts";
import { uma } from "../../sources/uma.ts";
import { resico } from "../../sources/resico.ts";
import { obligations } from "../../sources/obligaciones.ts";
import { nonBusinessDays } from "../../sources/dias-inhabiles.ts";
import { recargos } from "../../sources/recargos.ts";
import { factorIntegracion } from "../../sources/factor-integracion.ts";
import { cancelReasons } from "../../sources/motivos-cancelacion.ts";
import type { CuratedTable, FeedSource } from "../../sources/types.ts";

/**
 * Each dataset's source under its id (its source's id too: test/dataset-definitions.test.ts), in the order of
 * /status and the dumps; lib/datasets/tables.ts gives each id its routes, dump and status and must name every one.
 */
export const TABLE_SOURCES = {
  inpc: inegi,
  uma,
  "salario-minimo": minimumWage,
  isr: isrTariffs,
  imss,
  "subsidio-empleo": subsidioEmpleo,
  resico,
  "obligaciones-periodicas": obligations,
  "dias-inhabiles-sat": nonBusinessDays,
  recargos,
  "factor-integracion-sbc": factorIntegracion,
  "cfdi-tasa-o-cuota": tasaOCuota,
  "cfdi-motivo-cancelacion": cancelReasons,
} as const;

/** The id of a dataset of TABLE_SOURCES. */
export type TableId = keyof typeof TABLE_SOURCES;

/** What a source gives once read and checked: a feed's parsed records, a table's rows. */
type RecordsOf<S> = S extends CuratedTable<infer T> ? T : S extends FeedSource<infer T> ? T : never;

/** The loaded records of every dataset of TABLE_SOURCES, under its id (`d.inpc`, `d["salario-minimo"]`). */
export type TableData = { -readonly [K in TableId]: RecordsOf<(typeof TABLE_SOURCES)[K]> };
