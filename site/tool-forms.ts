// The form and the explanation of every calculator in content/tools.ts, filled with the years and dates the data covers.
import { imssRateTable } from "../lib/imss-table.ts";
import { currentYear, isrYears, umaYears } from "../lib/records.ts";
import { dofDecidableDates } from "../lib/fx-dof.ts";
import { Series } from "../lib/series.ts";
import { ISR_API_PERIODS } from "../lib/routes.ts";
import type { SiteContext } from "./context.ts";
import { calcForm, dateField, jsonBlock, radioField, selectField, textField, yearOptions } from "./form-fields.ts";
import { fmtDate, fmtPeriod } from "./format.ts";

export interface ToolForm {
  /** The form, its result region and any data block. */
  form: string;
  /** "Cómo se calcula": paragraphs of plain text. */
  explain: string[];
}

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

function isr(ctx: SiteContext): ToolForm {
  const years = isrYears(ctx.data.isr);
  return {
    form: calcForm([
      selectField("anio", "Año de la tarifa", yearOptions(years), String(currentYear(years, ctx.asOf) ?? years.at(-1))),
      selectField(
        "periodo",
        "Periodo de pago",
        ISR_API_PERIODS.map((p) => [p, PERIOD_LABELS[p] ?? p]),
        "mensual",
      ),
      textField("ingreso", "Ingreso gravado del periodo, en pesos", {
        decimal: true,
        placeholder: "20,000.00",
        hint: "Sueldo y demás percepciones gravadas, sin la parte exenta.",
      }),
    ]),
    explain: [
      "Se ubica el renglón de la tarifa del artículo 96 de la LISR cuyo límite inferior es el mayor que no rebasa el ingreso. Al ingreso se le resta ese límite inferior; el excedente se multiplica por la tasa marginal del renglón y el resultado, redondeado al centavo, se suma a la cuota fija.",
      "El resultado es el ISR determinado antes del subsidio para el empleo, que no se resta aquí. Las tarifas de 2023, 2024 y 2025 son las mismas (Anexo 8 de la RMF 2023); la de 2026 es la actualizada para ese año.",
    ],
  };
}

function uma(ctx: SiteContext): ToolForm {
  return {
    form: calcForm([
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
    ]),
    explain: [
      "De UMA a pesos se multiplica la cantidad por el valor diario, mensual o anual de la UMA del año y se redondea al centavo. De pesos a UMA se divide el importe entre ese valor, con cuatro decimales.",
      "El valor mensual es el diario por 30.4 y el anual es el mensual por 12, tal como los publica el INEGI.",
    ],
  };
}

function minimumWage(ctx: SiteContext): ToolForm {
  return {
    form: calcForm([
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
    ]),
    explain: [
      "El salario mínimo se fija por día. Para el mes se usa el día por 30.4, el mismo promedio de días por mes con que se calcula la UMA mensual, y para el año el día por 365. El resultado en pesos se redondea al centavo; el número de salarios mínimos se muestra con cuatro decimales.",
    ],
  };
}

function fx(ctx: SiteContext): ToolForm {
  const first = ctx.data.fx[0]?.date ?? "";
  const last = ctx.data.fx.at(-1)?.date ?? "";
  const lastDof = dofDecidableDates(new Series(ctx.data.fx))?.last ?? last;
  return {
    form: calcForm([
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
    ]),
    explain: [
      "Se usa el FIX que el Banco de México determinó en la fecha elegida. Si ese día no hubo FIX (fin de semana, día inhábil bancario o aún no publicado), se usa el último determinado antes de esa fecha y se indica cuál. El resultado se redondea al centavo.",
      "Con el tipo de cambio del DOF aplicable se sigue el artículo 20, tercer párrafo, del Código Fiscal de la Federación: una obligación en dólares se calcula con el tipo de cambio que el Banco de México publicó en el Diario Oficial de la Federación el día anterior a la fecha elegida o, si ese día no hubo publicación, con el último publicado antes. El Banxico publica en el DOF el FIX de un día hábil bancario el día hábil bancario siguiente; por ejemplo, para el miércoles 9 de febrero de 2022 aplica el publicado el martes 8, que es el FIX del viernes 4 (el lunes 7 fue inhábil).",
    ],
  };
}

function udi(ctx: SiteContext): ToolForm {
  const first = ctx.data.udi[0]?.date ?? "";
  const last = ctx.data.udi.at(-1)?.date ?? "";
  return {
    form: calcForm([
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
    ]),
    explain: [
      "Se usa el valor de la UDI del día elegido, con los seis decimales que publica el Banco de México (serie SP68257). De pesos a UDIS se divide el importe entre ese valor y se muestran seis decimales; de UDIS a pesos se multiplica y se redondea al centavo.",
      "La UDI sigue a la inflación medida por el INPC. El Banco de México publica sus valores por adelantado, por eso puede haber valores para días que aún no llegan.",
    ],
  };
}

/** "2024-01" plus one month. */
function nextMonth(period: string): string {
  const [y, m] = period.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

function factor(ctx: SiteContext): ToolForm {
  const first = ctx.data.inpc[0]?.period ?? "2000-01";
  const last = ctx.data.inpc.at(-1)?.period ?? first;
  return {
    form: calcForm([
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
    ]),
    explain: [
      "El artículo 17-A del CFF divide el INPC del mes anterior al más reciente del periodo entre el INPC del mes anterior al más antiguo. El cociente se calcula hasta el diezmilésimo: se conservan cuatro decimales y se descartan los demás. Si resulta menor que 1, el factor es 1.",
      `Si el INPC que se necesita aún no se publica, se usa el último publicado, como ordena el mismo artículo. Los índices disponibles van de ${fmtPeriod(first)} a ${fmtPeriod(last)}. El monto actualizado es el monto por el factor, redondeado al centavo.`,
    ],
  };
}

function aguinaldo(ctx: SiteContext): ToolForm {
  return {
    form: calcForm([
      umaYearField(ctx, "El de la UMA vigente cuando se paga el aguinaldo."),
      textField("salario", "Salario diario, en pesos", { decimal: true, placeholder: "500.00" }),
      textField("dias", "Días de aguinaldo al año", { decimal: true, value: "15", hint: "La ley da al menos 15." }),
      textField("trabajados", "Días trabajados en el año", {
        decimal: true,
        value: "365",
        hint: "De 1 a 365; 365 si trabajó el año completo.",
      }),
    ]),
    explain: [
      "Aguinaldo = salario diario × días de aguinaldo × días trabajados ÷ 365, redondeado al centavo (artículo 87 de la LFT).",
      "La parte exenta de ISR llega hasta 30 veces la UMA diaria del año (artículo 93, fracción XIV, de la LISR); el resto es ingreso gravado.",
    ],
  };
}

function vacationPremium(ctx: SiteContext): ToolForm {
  return {
    form: calcForm([
      umaYearField(ctx, "El de la UMA vigente cuando se paga la prima."),
      textField("salario", "Salario diario, en pesos", { decimal: true, placeholder: "500.00" }),
      textField("antiguedad", "Años de servicio cumplidos", { decimal: true, value: "1" }),
      textField("porcentaje", "Prima vacacional, en porcentaje", { decimal: true, value: "25", hint: "La ley da al menos 25 %." }),
    ]),
    explain: [
      "Desde 2023 el artículo 76 de la LFT da 12 días de vacaciones el primer año, dos más por año hasta 20 en el quinto y, desde el sexto, dos más por cada cinco años de servicio. La prima es el porcentaje pactado (al menos 25 %, artículo 80) del salario de esos días, redondeada al centavo.",
      "La prima vacacional está exenta de ISR hasta 15 veces la UMA diaria en el año (artículo 93, fracción XIV, de la LISR); el resto es gravado.",
    ],
  };
}

function imss(ctx: SiteContext): ToolForm {
  return {
    form:
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
      ]),
    explain: [
      "Cada concepto se calcula sobre el salario base de cotización (SBC) por los días del periodo, con las tasas de la Ley del Seguro Social y de la Ley del INFONAVIT, y se redondea al centavo. La cuota fija de enfermedades y maternidad se calcula sobre la UMA y la cuota adicional sobre la parte del SBC que excede de tres UMA.",
      "La cuota patronal de cesantía y vejez depende del año y del rango del SBC (tabla de la reforma de 2020, de 2023 a 2030; antes de 2023 era 3.150 %). El SBC no puede ser menor que el salario mínimo ni mayor que 25 UMA; cuando el SBC es el salario mínimo, el patrón paga también las cuotas del trabajador (artículo 36 de la LSS). Es una estimación: no incluye amortizaciones de créditos ni ausencias o incapacidades.",
    ],
  };
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

function cfdi(): ToolForm {
  return {
    form: calcForm(
      [
        selectField("catalogo", "Catálogo", CFDI_CATALOGS, "uso"),
        textField("clave", "Clave", {
          placeholder: "G03",
          hint: "Tal como aparece en el catálogo, con ceros a la izquierda (por ejemplo 03, PUE, 601 o 01010101).",
        }),
      ],
      "Buscar",
    ),
    explain: [
      "Se consulta la clave exacta en el catálogo del Anexo 20 del SAT. Para los catálogos de uso, forma y método de pago, régimen y tipo de comprobante se muestra además una explicación en lenguaje sencillo.",
    ],
  };
}

function rfc(): ToolForm {
  return {
    form: calcForm(
      [
        textField("rfc", "RFC", {
          placeholder: "GODE561231GR8",
          hint: "13 caracteres para persona física, 12 para persona moral.",
          attrs: 'autocapitalize="characters" maxlength="20"',
        }),
      ],
      "Validar",
    ),
    explain: [
      "Se revisa la longitud, los caracteres, la fecha de nacimiento o de constitución, las palabras inconvenientes y el dígito verificador. Un RFC con estructura válida no necesariamente está inscrito ni activo: eso solo lo confirma el SAT.",
    ],
  };
}

/** Form builders by tool slug; a tool without one fails the build's tests, not the page. */
export const toolForms: Record<string, (ctx: SiteContext) => ToolForm> = {
  "calculadora-isr-salarios": isr,
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
};
