// The form of every calculator in content/tools/, and the data values its text quotes, filled with the years and dates the data covers.
import { imssRateTable } from "../lib/calc/imss-table.ts";
import { currentYear, isrYears, umaYears } from "../lib/datasets/records.ts";
import { dofDecidableDates } from "../lib/datasets/fx-dof.ts";
import { Series } from "../core/series.ts";
import { ISR_API_PERIODS } from "../lib/routes/routes.ts";
import type { Placeholder } from "../content/placeholders.ts";
import type { SiteContext } from "./context.ts";
import { calcForm, dateField, jsonBlock, radioField, selectField, textField, yearOptions } from "./form-fields.ts";
import { fmtDate, fmtPeriod } from "./format.ts";
import { MONTH_NAMES } from "../core/dates.ts";
import { receptorForm } from "./tool-forms-cfdi.ts";

const PERIOD_LABELS: Record<string, string> = {
  diaria: "Diaria",
  semanal: "Semanal",
  quincenal: "Quincenal",
  mensual: "Mensual",
  anual: "Anual",
};

function umaYearField(ctx: SiteContext, hint: string): string {
  const years = umaYears(ctx.data);
  return selectField("anio", "Año", yearOptions(years), String(currentYear(years, ctx.asOf) ?? years.at(-1)), hint);
}

function isr(ctx: SiteContext): string {
  const years = isrYears(ctx.data.isr);
  return calcForm([
    selectField("anio", "Año de la tarifa", yearOptions(years), String(currentYear(years, ctx.asOf) ?? years.at(-1))),
    selectField(
      "periodo",
      "Periodo de pago",
      ISR_API_PERIODS.map((p) => [p, PERIOD_LABELS[p] ?? p]),
      "mensual",
    ),
    selectField(
      "mes",
      "Mes de pago",
      MONTH_NAMES.map((name, i) => [String(i + 1).padStart(2, "0"), name[0]!.toUpperCase() + name.slice(1)]),
      ctx.asOf.slice(5, 7),
      "Elige la regla del subsidio para el empleo: en enero rige una transitoria.",
    ),
    textField("ingreso", "Ingreso gravado del periodo, en pesos", {
      decimal: true,
      placeholder: "20,000.00",
      hint: "Sueldo y demás percepciones gravadas, sin la parte exenta.",
    }),
  ]);
}

function isrAnnual(ctx: SiteContext): string {
  const years = isrYears(ctx.data.isr);
  return calcForm([
    selectField("anio", "Ejercicio", yearOptions(years), String(currentYear(years, ctx.asOf) ?? years.at(-1))),
    textField("ingreso", "Base gravable del ejercicio, en pesos", {
      decimal: true,
      placeholder: "300,000.00",
      hint: "Ingresos acumulables menos deducciones autorizadas y personales.",
    }),
  ]);
}

function resico(): string {
  return calcForm([
    radioField(
      "periodo",
      "Periodo",
      [
        ["mensual", "Pago mensual (Art. 113-E)"],
        ["anual", "Declaración anual (Art. 113-F)"],
      ],
      "mensual",
    ),
    textField("ingreso", "Ingresos cobrados del periodo, en pesos", {
      decimal: true,
      placeholder: "40,000.00",
      hint: "Sin IVA; el RESICO no tiene deducciones.",
    }),
  ]);
}

function invoice(): string {
  return calcForm([
    selectField(
      "preset",
      "Caso",
      [
        ["honorarios-pf-a-pm", "Honorarios de persona física a persona moral"],
        ["arrendamiento-pf-a-pm", "Arrendamiento de persona física a persona moral"],
        ["fletes-a-pm", "Fletes (autotransporte de bienes) a persona moral"],
        ["resico-servicios-pf-a-pm", "RESICO: servicios o arrendamiento a persona moral"],
        ["resico-bienes-pf-a-pm", "RESICO: venta de bienes a persona moral"],
        ["publico-general", "Venta al público en general"],
      ],
      "honorarios-pf-a-pm",
    ),
    textField("cantidad", "Cantidad", { decimal: true, placeholder: "1", hint: "Hasta seis decimales." }),
    textField("valorUnitario", "Valor unitario, en pesos, sin IVA", { decimal: true, placeholder: "10,000.00" }),
    textField("descuento", "Descuento, en pesos", { decimal: true, optional: true, placeholder: "0.00" }),
  ]);
}

function uma(ctx: SiteContext): string {
  return calcForm([
    umaYearField(ctx, "La UMA de cada año rige desde el 1 de febrero; en enero aplica la del año anterior."),
    radioField(
      "sentido",
      "Conversión",
      [
        ["uma-a-pesos", "De UMA a pesos"],
        ["pesos-a-uma", "De pesos a UMA"],
      ],
      "uma-a-pesos",
    ),
    selectField(
      "valor",
      "Valor de la UMA",
      [
        ["diaria", "Diario"],
        ["mensual", "Mensual"],
        ["anual", "Anual"],
      ],
      "diaria",
    ),
    textField("cantidad", "Cantidad", {
      decimal: true,
      placeholder: "30",
      hint: "Número de UMA o importe en pesos, según la conversión.",
    }),
  ]);
}

function minimumWage(ctx: SiteContext): string {
  return calcForm([
    umaYearField(ctx, "El salario mínimo de cada año rige desde el 1 de enero."),
    radioField(
      "zona",
      "Zona",
      [
        ["general", "Salario mínimo general"],
        ["frontera", "Zona Libre de la Frontera Norte (desde 2019)"],
      ],
      "general",
    ),
    radioField(
      "sentido",
      "Conversión",
      [
        ["sm-a-pesos", "De salarios mínimos a pesos"],
        ["pesos-a-sm", "De pesos a salarios mínimos"],
      ],
      "sm-a-pesos",
    ),
    selectField(
      "base",
      "Periodo",
      [
        ["dia", "Por día"],
        ["mes", "Por mes (30.4 días)"],
        ["anio", "Por año (365 días)"],
      ],
      "mes",
    ),
    textField("cantidad", "Cantidad", {
      decimal: true,
      placeholder: "2",
      hint: "Número de salarios mínimos o importe en pesos del periodo.",
    }),
  ]);
}

function fx(ctx: SiteContext): string {
  const first = ctx.data.fx[0]?.date ?? "";
  const last = ctx.data.fx.at(-1)?.date ?? "";
  const lastDof = dofDecidableDates(new Series(ctx.data.fx))?.last ?? last;
  return calcForm([
    dateField("fecha", "Fecha", "date", {
      value: last,
      attrs: `min="${first}" max="${lastDof}"`,
      hint: `FIX del ${fmtDate(first)} al ${fmtDate(last)}; tipo de cambio del DOF aplicable hasta el ${fmtDate(lastDof)}.`,
    }),
    radioField(
      "tipo",
      "Tipo de cambio",
      [
        ["fix", "FIX determinado en esa fecha"],
        ["dof", "Tipo de cambio del DOF aplicable (Art. 20 CFF)"],
      ],
      "fix",
    ),
    radioField(
      "sentido",
      "Conversión",
      [
        ["usd-a-mxn", "De dólares a pesos"],
        ["mxn-a-usd", "De pesos a dólares"],
      ],
      "usd-a-mxn",
    ),
    textField("cantidad", "Cantidad", { decimal: true, placeholder: "1,000.00" }),
  ]);
}

function udi(ctx: SiteContext): string {
  const first = ctx.data.udi[0]?.date ?? "";
  const last = ctx.data.udi.at(-1)?.date ?? "";
  return calcForm([
    dateField("fecha", "Fecha", "date", {
      value: last,
      attrs: `min="${first}" max="${last}"`,
      hint: `Del ${fmtDate(first)} al ${fmtDate(last)}: la UDI tiene valor para cada día natural.`,
    }),
    radioField(
      "sentido",
      "Conversión",
      [
        ["pesos-a-udis", "De pesos a UDIS"],
        ["udis-a-pesos", "De UDIS a pesos"],
      ],
      "pesos-a-udis",
    ),
    textField("cantidad", "Cantidad", {
      decimal: true,
      placeholder: "100,000.00",
      hint: "Importe en pesos o número de UDIS, según la conversión.",
    }),
  ]);
}

/** "2024-01" plus one month. */
function nextMonth(period: string): string {
  const [y, m] = period.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

/** The first and last month of the INPC the build has. */
function inpcRange(ctx: SiteContext): { first: string; last: string } {
  const first = ctx.data.inpc[0]?.period ?? "2000-01";
  return { first, last: ctx.data.inpc.at(-1)?.period ?? first };
}

function factor(ctx: SiteContext): string {
  const { first } = inpcRange(ctx);
  return calcForm([
    dateField("desde", "Mes más antiguo del periodo", "month", {
      value: "2024-02",
      attrs: `min="${nextMonth(first)}"`,
      hint: "Por ejemplo, el mes en que debió pagarse la contribución.",
    }),
    dateField("hasta", "Mes más reciente del periodo", "month", {
      value: "2025-02",
      attrs: `min="${nextMonth(first)}"`,
      hint: "Por ejemplo, el mes en que se paga.",
    }),
    textField("monto", "Monto a actualizar, en pesos (opcional)", { decimal: true, placeholder: "10,000.00", optional: true }),
  ]);
}

function aguinaldo(ctx: SiteContext): string {
  return calcForm([
    umaYearField(ctx, "El de la UMA vigente cuando se paga el aguinaldo."),
    textField("salario", "Salario diario, en pesos", { decimal: true, placeholder: "500.00" }),
    textField("dias", "Días de aguinaldo al año", { decimal: true, value: "15", hint: "La ley da al menos 15." }),
    textField("trabajados", "Días trabajados en el año", {
      decimal: true,
      value: "365",
      hint: "De 1 a 365; 365 si trabajó el año completo.",
    }),
  ]);
}

function vacationPremium(ctx: SiteContext): string {
  return calcForm([
    umaYearField(ctx, "El de la UMA vigente cuando se paga la prima."),
    textField("salario", "Salario diario, en pesos", { decimal: true, placeholder: "500.00" }),
    textField("antiguedad", "Años de servicio cumplidos", { decimal: true, value: "1" }),
    textField("porcentaje", "Prima vacacional, en porcentaje", { decimal: true, value: "25", hint: "La ley da al menos 25 %." }),
  ]);
}

function imss(ctx: SiteContext): string {
  return (
    jsonBlock("tasas-imss", imssRateTable) +
    calcForm([
      umaYearField(ctx, "Año de la UMA, del salario mínimo y de la cuota de cesantía y vejez."),
      textField("sbc", "Salario base de cotización diario, en pesos", { decimal: true, placeholder: "600.00" }),
      textField("dias", "Días del periodo", { decimal: true, value: "30" }),
      textField("riesgo", "Prima de riesgo de trabajo, en porcentaje", {
        decimal: true,
        value: "0.54355",
        hint: "La de tu empresa; 0.54355 % es la media de la clase I para empresas que se inscriben.",
      }),
    ])
  );
}

function latePayment(ctx: SiteContext): string {
  const last = ctx.data.inpc.at(-1)?.period ?? "2026-01";
  return calcForm([
    textField("monto", "Contribución omitida, en pesos", {
      decimal: true,
      placeholder: "10,000.00",
      hint: "El impuesto que no se pagó a tiempo, sin actualizar.",
    }),
    dateField("limite", "Fecha en que debió pagarse", "date", {
      value: "2025-11-17",
      attrs: 'min="2019-01-01"',
      hint: "El último día del plazo (si caía en día inhábil, el siguiente día hábil).",
    }),
    dateField("pago", "Fecha en que se paga", "date", {
      value: "2026-02-20",
      hint: `El INPC publicado llega a ${fmtPeriod(last)}: un pago posterior al mes siguiente aún no se puede calcular.`,
    }),
  ]);
}

function sbc(ctx: SiteContext): string {
  return calcForm([
    umaYearField(ctx, "El de la UMA del tope de 25 UMA."),
    textField("salario", "Salario diario, en pesos", { decimal: true, placeholder: "200.00" }),
    textField("anioServicio", "Año de servicio que cursa", {
      decimal: true,
      value: "1",
      hint: "1 desde el ingreso, 2 desde el primer aniversario…",
    }),
    textField("variables", "Parte variable diaria, en pesos (opcional)", {
      decimal: true,
      placeholder: "0.00",
      optional: true,
      hint: "Percepciones variables del bimestre anterior entre sus días.",
    }),
    textField("aguinaldo", "Días de aguinaldo del patrón (opcional)", { decimal: true, optional: true, hint: "Si da más de 15." }),
    textField("vacaciones", "Días de vacaciones del patrón (opcional)", { decimal: true, optional: true, hint: "Si da más que la ley." }),
    textField("prima", "Prima vacacional del patrón, en porcentaje (opcional)", {
      decimal: true,
      optional: true,
      hint: "Si da más de 25 %.",
    }),
  ]);
}

const CFDI_CATALOGS: [string, string][] = [
  ["uso", "Uso del CFDI (c_UsoCFDI)"],
  ["forma-pago", "Forma de pago (c_FormaPago)"],
  ["metodo-pago", "Método de pago (c_MetodoPago)"],
  ["regimen", "Régimen fiscal (c_RegimenFiscal)"],
  ["tipo-comprobante", "Tipo de comprobante (c_TipoDeComprobante)"],
  ["moneda", "Moneda (c_Moneda)"],
  ["clave-prod-serv", "Clave de producto o servicio (c_ClaveProdServ)"],
];

function cfdi(): string {
  return calcForm(
    [
      selectField("catalogo", "Catálogo", CFDI_CATALOGS, "uso"),
      textField("clave", "Clave", {
        placeholder: "G03",
        hint: "Tal como aparece en el catálogo, con ceros a la izquierda (por ejemplo 03, PUE, 601 o 01010101).",
      }),
    ],
    "Buscar",
  );
}

function rfc(): string {
  return calcForm(
    [
      textField("rfc", "RFC", {
        placeholder: "GODE561231GR8",
        hint: "13 caracteres para persona física, 12 para persona moral.",
        attrs: 'autocapitalize="characters" maxlength="20"',
      }),
    ],
    "Validar",
  );
}

/** Form builders by tool slug; a tool without one fails the build's tests, not the page. */
export const toolForms: Record<string, (ctx: SiteContext) => string> = {
  "calculadora-isr-salarios": isr,
  "calculadora-isr-anual": isrAnnual,
  "calculadora-resico": resico,
  "conversor-uma": uma,
  "conversor-salario-minimo": minimumWage,
  "conversor-dolar-peso-fix": fx,
  "conversor-udis": udi,
  "factor-de-actualizacion": factor,
  "calculadora-aguinaldo": aguinaldo,
  "calculadora-prima-vacacional": vacationPremium,
  "calculadora-cuotas-imss": imss,
  "catalogos-cfdi": cfdi,
  "validador-rfc": rfc,
  "revision-receptor-cfdi": receptorForm,
  "calculadora-factura": invoice,
  "calculadora-recargos": latePayment,
  "calculadora-sbc": sbc,
};

/** What each `{{placeholder}}` of the calculators' Markdown stands for in this build. */
export function placeholderValues(ctx: SiteContext): Record<Placeholder, string> {
  const { first, last } = inpcRange(ctx);
  return { "inpc-primer-mes": fmtPeriod(first), "inpc-ultimo-mes": fmtPeriod(last) };
}
