// Named checks of the subsidio para el empleo table: contiguous validity, amount = percentage × its UMA, the January transitional rows.
import { addDays, isValidIsoDate } from "../core/dates.ts";
import type { SubsidyRow } from "./table-rows.ts";
import type { CheckFailure, NamedCheck } from "./types.ts";
import type { UmaRow } from "./table-rows.ts";
import { uma } from "./uma.ts";

/** The first day of the regime of the 2024 decree: the table starts there, and nothing before it is known. */
export const SUBSIDY_FIRST_DATE = "2024-05-01";

/** Centavos of a decimal amount, exactly (the table's values have at most two decimals). */
const cents = (value: number): bigint => BigInt(Math.round(value * 100));

/** percent (two decimals) × monthly UMA, rounded half up to the centavo, in centavos. */
export function subsidyAmountCentavos(percent: number, umaMonthly: number): bigint {
  const product = cents(percent) * cents(umaMonthly);
  return (product + 5_000n) / 10_000n;
}

/** The monthly UMA in force on a day: a year's UMA applies from its inForceFrom date (February 1 since 2017). */
export function umaMonthlyOn(date: string, rows: readonly UmaRow[] = uma.rows): number | undefined {
  return [...rows].reverse().find((r) => r.inForceFrom <= date)?.monthly;
}

const failure = (check: string, file: string, r: SubsidyRow, message: string): CheckFailure => ({
  check,
  file,
  row: r.row,
  message: `${r.from}: ${message}`,
});

function rowCheck(
  name: string,
  test: (r: SubsidyRow, prev: SubsidyRow | undefined, last: boolean) => string | null,
): NamedCheck<SubsidyRow[]> {
  return {
    name,
    run(rows, file) {
      return rows.flatMap((r, i) => {
        const message = test(r, rows[i - 1], i === rows.length - 1);
        return message === null ? [] : [failure(name, file, r, message)];
      });
    },
  };
}

export const subsidyChecks: NamedCheck<SubsidyRow[]>[] = [
  rowCheck("subsidio-empleo-vigencia-contigua", (r, prev, last) => {
    if (!isValidIsoDate(r.from) || (r.to !== null && !isValidIsoDate(r.to))) return "fechas de vigencia inválidas";
    if (r.to !== null && r.to < r.from) return `termina (${r.to}) antes de empezar`;
    if (r.to === null && !last) return "solo el último renglón puede seguir vigente (sin fecha final)";
    if (prev === undefined) return r.from === SUBSIDY_FIRST_DATE ? null : `el primer renglón debe empezar el ${SUBSIDY_FIRST_DATE}`;
    return prev.to !== null && r.from === addDays(prev.to, 1)
      ? null
      : `no empieza el día siguiente al fin del renglón anterior (${prev.to})`;
  }),
  rowCheck("subsidio-empleo-monto-igual-porcentaje-por-uma", (r) => {
    const expected = subsidyAmountCentavos(r.percent, r.umaMonthly);
    return expected === cents(r.monthlyAmount)
      ? null
      : `monto ${r.monthlyAmount} no es ${r.percent} % de ${r.umaMonthly} (${Number(expected) / 100})`;
  }),
  // The percentage applies to the monthly UMA in force: in January the previous year's (the new UMA takes effect on February 1).
  rowCheck("subsidio-empleo-uma-vigente", (r) => {
    const inForce = umaMonthlyOn(r.from);
    return inForce === r.umaMonthly ? null : `UMA mensual ${r.umaMonthly} no es la vigente ese día (${inForce})`;
  }),
  // Since 2025 every year has a January row of its own (the decree's transitional percentage), ending on January 31.
  rowCheck("subsidio-empleo-renglon-transitorio-de-enero", (r) => {
    const january = r.from.endsWith("-01-01");
    if (!january)
      return r.from.endsWith("-02-01") || r.from === SUBSIDY_FIRST_DATE
        ? null
        : "solo empieza un 1 de enero, un 1 de febrero o el 1 de mayo de 2024";
    return r.to === `${r.from.slice(0, 4)}-01-31` ? null : "el renglón transitorio de enero debe terminar el 31 de enero";
  }),
  rowCheck("subsidio-empleo-valores-plausibles", (r) =>
    r.percent > 0 && r.percent < 100 && r.incomeCeiling > 0 && r.monthlyAmount > 0 && r.monthlyAmount < r.incomeCeiling
      ? null
      : "porcentaje, monto o tope fuera de lo plausible",
  ),
];
