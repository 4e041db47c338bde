// Sanity checks of the hand-kept yearly tables (UMA, minimum wage, IMSS rates).
import type { CesantiaRow, ImssTable, MinimumWageRow, UmaRow } from "./table-rows.ts";
import type { CheckFailure, NamedCheck } from "./types.ts";

const round2 = (x: number): number => Math.round(x * 100) / 100;

function consecutiveYears<R extends { year: number; row: number }>(name: string): NamedCheck<R[]> {
  return {
    name,
    run(rows, file) {
      const failures: CheckFailure[] = [];
      for (let i = 1; i < rows.length; i++) {
        const prev = rows[i - 1]!;
        const cur = rows[i]!;
        if (cur.year !== prev.year + 1)
          failures.push({ check: name, file, row: cur.row, message: `año ${cur.year} no sigue a ${prev.year}` });
      }
      return failures;
    },
  };
}

function rising<R extends { year: number; row: number }>(name: string, value: (r: R) => number, min: number, max: number): NamedCheck<R[]> {
  return {
    name,
    run(rows, file) {
      const failures: CheckFailure[] = [];
      rows.forEach((r, i) => {
        const v = value(r);
        const prev = rows[i - 1];
        if (!(v >= min && v <= max))
          failures.push({ check: name, file, row: r.row, message: `${r.year}: valor ${v} fuera de [${min}, ${max}]` });
        else if (prev && v < value(prev))
          failures.push({ check: name, file, row: r.row, message: `${r.year}: valor ${v} menor que el del año anterior` });
      });
      return failures;
    },
  };
}

const umaDerivedValues: NamedCheck<UmaRow[]> = {
  name: "uma-mensual-y-anual-derivadas",
  run(rows, file) {
    // Ley de la UMA Art. 4: monthly = daily × 30.4, annual = monthly × 12, each to the centavo.
    return rows.flatMap((r) => {
      const monthly = round2(r.daily * 30.4);
      const annual = round2(r.monthly * 12);
      return monthly === r.monthly && annual === r.annual
        ? []
        : [
            {
              check: this.name,
              file,
              row: r.row,
              message: `${r.year}: mensual ${r.monthly} / anual ${r.annual} no corresponden a diaria ${r.daily} (esperado ${monthly} / ${annual})`,
            },
          ];
    });
  },
};

export const umaChecks: NamedCheck<UmaRow[]>[] = [
  consecutiveYears("uma-anios-consecutivos"),
  rising("uma-valor-plausible", (r) => r.daily, 50, 1000),
  umaDerivedValues,
];

export const minimumWageChecks: NamedCheck<MinimumWageRow[]>[] = [
  consecutiveYears("salario-minimo-anios-consecutivos"),
  rising("salario-minimo-valor-plausible", (r) => r.general, 50, 5000),
  {
    name: "salario-minimo-frontera-mayor",
    run(rows, file) {
      return rows
        .filter((r) => r.borderZone !== null && r.borderZone <= r.general)
        .map((r) => ({
          check: this.name,
          file,
          row: r.row,
          message: `${r.year}: zona fronteriza ${r.borderZone} no mayor que el general ${r.general}`,
        }));
    },
  },
];

function cesantiaBandsRise(rows: CesantiaRow[], file: string, name: string): CheckFailure[] {
  return rows.flatMap((r, i) => {
    const prev = rows[i - 1];
    const bandsRise = r.percents.length === 8 && r.percents.every((p, j) => j === 0 || p > r.percents[j - 1]!);
    const yearsRise = !prev || (r.year === prev.year + 1 && r.percents.every((p, j) => p >= prev.percents[j]!));
    return bandsRise && yearsRise
      ? []
      : [{ check: name, file, row: r.row, message: `${r.year}: las cuotas de cesantía deben crecer por banda y por año` }];
  });
}

export const imssChecks: NamedCheck<ImssTable>[] = [
  {
    name: "imss-tasas-plausibles",
    run(t, file) {
      return t.rates
        .filter(
          (r) =>
            (r.employerPercent !== null && (r.employerPercent <= 0 || r.employerPercent > 25)) ||
            r.workerPercent < 0 ||
            r.workerPercent > 5,
        )
        .map((r) => ({ check: this.name, file, row: r.row, message: `${r.concept}: tasa fuera de lo plausible` }));
    },
  },
  {
    name: "imss-cesantia-creciente",
    run(t, file) {
      return cesantiaBandsRise(t.cesantia, file, this.name);
    },
  },
];
