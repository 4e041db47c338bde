// The recargos rates (Art. 21 CFF, LIF) and the SBC integration factors (LFT, LSS): their API records and routes; their registry entries (lib/datasets/tables.ts) carry them.
import type { RecargosRow } from "../../sources/recargos.ts";
import type { IntegrationRow } from "../../sources/factor-integracion.ts";
import type { FactorIntegracion, RecargosRate } from "../../core/late-schemas.ts";
import { CACHE } from "../route-shape/route-types.ts";

export function recargosRate(r: RecargosRow): RecargosRate {
  return {
    anio: r.year,
    tasaMora: r.mora,
    tasaProrroga: r.prorroga,
    tasaParcialidadesHasta12Meses: r.parcialidades.hasta12,
    tasaParcialidades12a24Meses: r.parcialidades.de12a24,
    tasaParcialidadesMas24MesesODiferido: r.parcialidades.mas24oDiferido,
    instrumento: r.instrument,
    fuentes: r.sources,
    notas: r.notes,
  };
}

const INTEGRATION_LEGAL =
  "Arts. 76 (vacaciones, reforma DOF 27-12-2022), 80 (prima vacacional) y 87 (aguinaldo) de la Ley Federal del Trabajo; Art. 27 de la Ley del Seguro Social";

export function factorIntegracionRecord(r: IntegrationRow): FactorIntegracion {
  return {
    anioServicioDesde: r.fromYear,
    anioServicioHasta: r.toYear,
    diasVacaciones: r.vacationDays,
    primaVacacional: r.premiumPercent,
    diasAguinaldo: r.aguinaldoDays,
    factor: r.factor,
    fundamento: INTEGRATION_LEGAL,
    verificacion: r.verification,
  };
}

export const recargosRoutes = [
  {
    id: "recargosRates",
    path: "/recargos/tasas",
    mcp: { tool: "tabla_fiscal", as: "recargos" },
    tag: "Recargos",
    summary: "Tasas mensuales de recargos por año (Art. 21 CFF y Ley de Ingresos de la Federación)",
    description:
      "Una fila por año: la tasa de recargos por mora (la de la LIF más 50 %, a la centésima, Art. 21 CFF), la de prórroga y las de pago a plazos, " +
      "con la ley que las fija y las copias que se leyeron. Un hueco es null: ninguna copia leída da ese valor.",
    params: [],
    body: { arrayOf: "RecargosRate" },
    cache: CACHE.hour,
    kind: "file",
    notFound: false,
  },
] as const;

export const factorIntegracionRoutes = [
  {
    id: "factorIntegracionList",
    path: "/imss/factor-integracion",
    mcp: { tool: "tabla_fiscal", as: "factor-integracion" },
    tag: "UMA y salario mínimo",
    summary: "Factor de integración mínimo del salario base de cotización por años de servicio (desde 2023)",
    description:
      "Los días de vacaciones del Art. 76 LFT (reforma de 2023) por año de servicio, con 15 días de aguinaldo (Art. 87) y prima vacacional del 25 % (Art. 80): " +
      "factor = (365 + aguinaldo + vacaciones × prima) ÷ 365, a cuatro decimales.",
    params: [],
    body: { arrayOf: "FactorIntegracion" },
    cache: CACHE.hour,
    kind: "file",
    notFound: false,
  },
] as const;
