// Art. 20 CFF: the FIX published in the DOF that applies to an obligation in foreign currency on a given date.
import type { FxDofRate } from "../../core/schemas.ts";
import { SIE_SERIES } from "./series.ts";
import { addDays, nextWeekday } from "../../core/dates.ts";
import type { DatedValue, Series } from "../../core/series.ts";

/**
 * The rule, as the API documents it. Art. 20, third paragraph, of the Código Fiscal de la Federación:
 * obligations in foreign currency are converted at the exchange rate that Banco de México publishes in
 * the Diario Oficial de la Federación the day before the one on which the obligation arises; when none
 * was published that day, the last one published before it applies. Banxico publishes in the DOF the FIX
 * determined on a banking day on the next banking day (SIE series SF60653 shows it: its value for
 * 1991-11-14 is the FIX determined 1991-11-12), so the publications are read from the FIX series itself:
 * the FIX of observation i is published on the date of observation i + 1. The latest FIX is published on a
 * banking day the series does not show yet, but never on a Saturday or a Sunday (no banking day is), so the
 * latest publication still applies while the eve falls before the next Monday-to-Friday day.
 */
export const ART20_RULE =
  "Regla del artículo 20, tercer párrafo, del Código Fiscal de la Federación: las obligaciones en moneda extranjera se calculan con el tipo de cambio " +
  "que el Banco de México publica en el Diario Oficial de la Federación (DOF) el día anterior a aquel en que se causan; si ese día no se publicó, " +
  "se aplica el último publicado antes. El Banco de México publica en el DOF el FIX determinado en un día hábil bancario el día hábil bancario siguiente, " +
  "así que las fechas de publicación se toman de la propia serie SF43718: el FIX de una fecha de determinación se publica en la fecha siguiente de la serie. " +
  "Para una obligación del día D: `dofDate` es la última publicación en o antes de D − 1 (día natural), `fixDate` la fecha de determinación de ese FIX " +
  "y `rate` su valor. El FIX más reciente se publica en un día hábil bancario que la serie aún no muestra, nunca en sábado ni en domingo: " +
  "la última publicación de la serie sigue aplicando mientras D − 1 sea anterior al primer día de lunes a viernes posterior a la última fecha de la serie. " +
  "Desde ese día, D − 1 podría ser ya la publicación del FIX más reciente y la respuesta es 404.";

const FX_DOF_SOURCE = `${SIE_SERIES.fx.source}, publicado en el DOF el día hábil bancario siguiente; regla del Art. 20 CFF`;

export type DofLookup = { found: true; record: FxDofRate } | { found: false; detail: string };

/**
 * The last obligation date the series decides: the first weekday after the latest FIX, the earliest day that
 * FIX can be published. An obligation on that day still takes the publication before (its eve is earlier);
 * from the next day on, the eve may be the latest FIX's own publication.
 */
const latestDecidableDate = (last: DatedValue): string => nextWeekday(last.date);

/**
 * The rate applicable on `date` under Art. 20 CFF, from the FIX series. Not found when no publication
 * precedes it (before 1991-11-14) or when the data cannot decide (D − 1 on or after the first weekday
 * after the latest observation, a day on which the latest FIX may have been published).
 */
export function dofRate(fix: Series<DatedValue>, date: string): DofLookup {
  const last = fix.last;
  if (last === undefined) return { found: false, detail: "No hay observaciones del FIX." };
  const lastDecidable = latestDecidableDate(last);
  if (date > lastDecidable) {
    return {
      found: false,
      detail:
        `No se puede determinar el tipo de cambio del DOF aplicable al ${date}: el FIX más reciente (${last.date}) se publica en el DOF ` +
        `el día hábil bancario siguiente, el ${lastDecidable} o después, fecha que aún no consta en la serie. La fecha más reciente con respuesta es ${lastDecidable}.`,
    };
  }
  // Publications are the observations from the second on; the latest dated before D, that is on or before the eve.
  const publication = fix.lowerBound(date) - 1;
  if (publication < 1) {
    const firstPublication = fix.observations[1]?.date;
    return {
      found: false,
      detail: `No hay tipo de cambio publicado en el DOF antes del ${date}; la primera publicación de la serie es del ${firstPublication ?? "(ninguna)"}, aplicable desde el ${firstPublication ? addDays(firstPublication, 1) : "(ninguna)"}.`,
    };
  }
  const published = fix.observations[publication]!;
  const determined = fix.observations[publication - 1]!;
  return {
    found: true,
    record: { date, rate: determined.value, fixDate: determined.date, dofDate: published.date, source: FX_DOF_SOURCE },
  };
}

/** The first and last obligation dates the rule can decide from the series (inclusive), or undefined. */
export function dofDecidableDates(fix: Series<DatedValue>): { first: string; last: string } | undefined {
  const firstPublication = fix.observations[1];
  const last = fix.last;
  if (firstPublication === undefined || last === undefined) return undefined;
  return { first: addDays(firstPublication.date, 1), last: latestDecidableDate(last) };
}
