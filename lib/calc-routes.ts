// The calculations section of the route table: functions over the API's own records with the arithmetic of the site's calculators.
import {
  CACHE,
  type CachePolicy,
  type DecimalQueryParam,
  type Param,
  type Route,
  type StringQueryParam,
  type WholeQueryParam,
} from "./route-shape/route-types.ts";
import { ISR_PERIODS } from "../core/isr-periods.ts";
import type { BodySchema } from "../core/schemas.ts";
import { PERIOD_PATTERN } from "../core/dates.ts";
import { factorIntegracion } from "../sources/factor-integracion.ts";

const amount = (name: string, description: string, example: string, maximum = "100000000.00"): DecimalQueryParam => ({
  in: "query",
  name,
  type: "decimal",
  required: true,
  decimals: 2,
  minimum: "0.01",
  maximum,
  example,
  description: `${description} En pesos, con punto decimal y hasta dos decimales (sin signo, separadores ni exponente).`,
});
const calcYear = (what: string): WholeQueryParam => ({
  in: "query",
  name: "anio",
  type: "whole",
  minimum: 2000,
  maximum: 2099,
  example: "2026",
  description: `Año ${what}; si no está publicado, 404.`,
});
const month = (name: string, description: string, example: string): StringQueryParam => ({
  in: "query",
  name,
  type: "string",
  required: true,
  maxLength: 7,
  pattern: PERIOD_PATTERN,
  example,
  description: `${description} AAAA-MM.`,
});
const optionalDays = (name: string, minimum: number, example: string, description: string): DecimalQueryParam => ({
  in: "query",
  name,
  type: "decimal",
  required: false,
  decimals: 0,
  minimum: String(minimum),
  maximum: "365",
  example,
  description: `${description} Entero, de ${minimum} a 365 (opcional).`,
});
/** The last year of service the integration table covers (35: the table of Art. 76 LFT as compiled). */
const LAST_SERVICE_YEAR = factorIntegracion.rows.at(-1)?.toYear ?? 1;
const whole = (name: string, minimum: number, maximum: number, example: string, description: string): WholeQueryParam => ({
  in: "query",
  name,
  type: "whole",
  minimum,
  maximum,
  example,
  description,
});

/** The presets of /calculos/factura (lib/calc/invoice.ts gives each its taxes and their legal basis). */
export const INVOICE_PRESETS = [
  "honorarios-pf-a-pm",
  "arrendamiento-pf-a-pm",
  "fletes-a-pm",
  "resico-servicios-pf-a-pm",
  "resico-bienes-pf-a-pm",
  "publico-general",
] as const;
export type InvoicePreset = (typeof INVOICE_PRESETS)[number];

/** Most concepts a POST to /calculos/factura may send. */
export const MAX_INVOICE_CONCEPTS = 1000;

const rate = (name: string, description: string, example: string, minimum = "0.000001"): DecimalQueryParam => ({
  in: "query",
  name,
  type: "decimal",
  required: false,
  decimals: 6,
  minimum,
  maximum: "100.000000",
  example,
  description: `${description} Debe admitirla c_TasaOCuota.`,
});

/**
 * The fields of one concept of /calculos/factura: the GET's parameters, and each concept of the POST's body is
 * checked with the same definitions (lib/calc/invoice.ts), so both forms accept and refuse the same values.
 */
export const INVOICE_CONCEPT_PARAMS: readonly Param[] = [
  {
    ...amount("valorUnitario", "Valor unitario del concepto, sin impuestos, hasta seis decimales (Anexo 20: t_Importe).", "10000"),
    decimals: 6,
    maximum: "1000000000.000000",
    description: "Valor unitario sin impuestos.",
    minimum: "0",
  },
  {
    in: "query",
    name: "cantidad",
    type: "decimal",
    required: false,
    decimals: 6,
    minimum: "0.000001",
    maximum: "1000000.000000",
    example: "1",
    description: "Cantidad; 1 por omisión.",
  },
  {
    in: "query",
    name: "descuento",
    type: "decimal",
    required: false,
    decimals: 2,
    minimum: "0",
    maximum: "1000000000000.00",
    example: "0",
    description: "Descuento en pesos.",
  },
  {
    in: "query",
    name: "objetoImp",
    type: "string",
    required: false,
    maxLength: 2,
    enum: ["01", "02", "03", "04"],
    example: "02",
    description: "c_ObjetoImp; 02 por omisión. Con 01, 03 o 04 el concepto no lleva impuestos (enviarlos es un 400).",
  },
  {
    in: "query",
    name: "preset",
    type: "string",
    required: false,
    maxLength: 30,
    enum: INVOICE_PRESETS,
    example: "honorarios-pf-a-pm",
    description:
      "Caso común. Honorarios y arrendamiento de persona física a moral (IVA 16 %, ISR 10 %, IVA retenido 2/3), fletes (IVA retenido 4 %), " +
      "RESICO (ISR 1.25 %; servicios también IVA 2/3), público en general (IVA 16 %). Un impuesto enviado reemplaza al del caso.",
  },
  {
    in: "query",
    name: "iva",
    type: "string",
    required: false,
    maxLength: 6,
    enum: ["16", "8", "0", "exento"],
    example: "16",
    description: "IVA trasladado. 8: estímulo de la región fronteriza.",
  },
  rate("iepsTasa", "IEPS por tasa. Fracción (0.265 = 26.5 %); entra en la base del IVA.", "0.265", "0"),
  rate("iepsCuota", "IEPS por cuota. Pesos por unidad de cantidad; entra en la base del IVA.", "6.4555"),
  rate("isrRetenido", "ISR retenido. Fracción (0.10 = 10 %).", "0.10"),
  {
    in: "query",
    name: "ivaRetenido",
    type: "string",
    required: false,
    maxLength: 11,
    pattern: "^(dos-tercios|0(\\.\\d{1,6})?)$",
    example: "dos-tercios",
    description: "IVA retenido. dos-tercios (Art. 3 fr. I RLIVA) o una fracción (0.04 = 4 %).",
  },
];

export function calculationRoutes() {
  const calc = <const I extends string>(
    id: I,
    slug: string,
    summary: string,
    description: string,
    params: Param[],
    body: BodySchema,
    cache: CachePolicy,
    /** The /status datasets the result reads. */
    datasets: readonly string[],
  ): Route & { id: I; kind: "function" } => ({
    id,
    path: `/calculos/${slug}`,
    tag: "Cálculos",
    summary,
    description,
    params,
    body,
    cache,
    kind: "function",
    notFound: true,
    // Every calculation is one value of the MCP tool calcular: a new one joins it with no other entry.
    mcp: { tool: "calcular", as: slug },
    datasets,
  });
  return [
    calc(
      "calcIsr",
      "isr",
      "ISR por salarios (Art. 96 LISR), subsidio para el empleo e ISR a retener",
      "El renglón de la tarifa del año y periodo cuyo límite inferior es el mayor que no rebasa el ingreso; ISR = (ingreso − límite inferior) × tasa marginal, " +
        "redondeado al centavo, + cuota fija (`isr`, antes del subsidio). Con `fecha` (día de pago) o `mes`, la regla del subsidio para el empleo de ese día: " +
        "el monto mensual si el ingreso no rebasa el tope mensual, o en periodos menores a un mes el mensual ÷ 30.4 × días (el tope también); " +
        "`isrARetener` = isr − subsidio, nunca negativo. Antes del 2024-05-01 no hay datos del subsidio: `subsidio` e `isrARetener` son null, con una nota. " +
        "No considera otros ingresos exentos ni el ajuste anual del Art. 97. Mismo cálculo que la calculadora del sitio.",
      [
        amount("ingreso", "Ingreso gravado del periodo.", "20000.00"),
        {
          in: "query",
          name: "periodo",
          type: "string",
          required: true,
          maxLength: 9,
          enum: [...ISR_PERIODS],
          example: "mensual",
          description: "Periodo de pago de la tarifa (decenal: la tarifa decenal del Anexo 8).",
        },
        { ...calcYear("de la tarifa (sin él, el de `fecha` o `mes`)"), required: false },
        {
          in: "query",
          name: "fecha",
          type: "date",
          required: false,
          example: "2026-03-15",
          description:
            "Día de pago (AAAA-MM-DD), del año `anio` si se envía: elige la regla del subsidio para el empleo (y, sin `anio`, el año de la tarifa). Opcional; no junto con `mes`.",
        },
        {
          ...month(
            "mes",
            "Mes de pago (AAAA-MM), del año `anio` si se envía, en lugar de `fecha` (opcional; sin `anio`, da el año de la tarifa).",
            "2026-03",
          ),
          required: false,
        },
      ],
      { ref: "CalcIsr" },
      CACHE.hour,
      ["isr", "subsidio-empleo"],
    ),
    calc(
      "calcIsrAnual",
      "isr-anual",
      "ISR del ejercicio de personas físicas (Art. 152 LISR)",
      "Con la tarifa anual del Art. 152 LISR del año (Anexo 8 de la RMF, publicada por separado: no es la mensual × 12): el renglón cuyo límite inferior es el mayor " +
        "que no rebasa la base; ISR = (base − límite inferior) × tasa marginal, redondeado al centavo, + cuota fija. La base la calcula quien declara " +
        "(ingresos acumulables menos deducciones autorizadas y personales): no se restan aquí retenciones, pagos provisionales ni el subsidio.",
      [amount("ingresoGravable", "Base gravable del ejercicio.", "300000.00", "1000000000.00"), calcYear("del ejercicio")],
      { ref: "CalcIsrAnual" },
      CACHE.hour,
      ["isr"],
    ),
    calc(
      "calcResico",
      "resico",
      "ISR del RESICO de personas físicas (Arts. 113-E y 113-F LISR)",
      "La tasa del primer renglón de la tabla mensual (Art. 113-E) o anual (Art. 113-F) cuyo límite superior es igual o mayor que el ingreso, aplicada al total del ingreso del periodo " +
        "y redondeada al centavo (sin cuota fija). Por encima de 3,500,000.00 el contribuyente deja de tributar en el régimen: tasa e isr null, con una nota.",
      [
        amount("ingreso", "Ingresos del periodo efectivamente cobrados, sin IVA.", "40000.00", "1000000000.00"),
        {
          in: "query",
          name: "periodo",
          type: "string",
          required: true,
          maxLength: 7,
          enum: ["mensual", "anual"],
          example: "mensual",
          description: "mensual (pago provisional, Art. 113-E) o anual (declaración del ejercicio, Art. 113-F).",
        },
      ],
      { ref: "CalcResico" },
      CACHE.hour,
      // The RESICO rates change with the law, not on a cadence: /status gives them no date nor staleFrom.
      [],
    ),
    calc(
      "calcFactorActualizacion",
      "factor-actualizacion",
      "Factor de actualización (Art. 17-A CFF)",
      "INPC del mes anterior al más reciente entre INPC del mes anterior al más antiguo, hasta el diezmilésimo (se descartan los demás decimales); 1 si es menor. " +
        "Si un INPC necesario aún no se publica, 404 con el mes que falta: la API no lo estima.",
      [
        month("desde", "Mes más antiguo del periodo.", "2024-02"),
        month("hasta", "Mes más reciente del periodo (no anterior a desde).", "2025-02"),
        { ...amount("monto", "Monto a actualizar (opcional).", "10000.00", "1000000000000.00"), required: false },
      ],
      { ref: "CalcFactorActualizacion" },
      CACHE.live,
      ["inpc"],
    ),
    calc(
      "calcCuotasImss",
      "cuotas-imss",
      "Cuotas obrero-patronales del IMSS y aportación del INFONAVIT",
      "Concepto por concepto sobre el SBC por los días del periodo, con la cuota patronal de cesantía y vejez del año y rango del SBC. " +
        "El SBC se sube al salario mínimo y se topa en 25 UMA; con el salario mínimo el patrón paga también las cuotas del trabajador (Art. 36 LSS).",
      [
        amount("sbc", "Salario base de cotización diario.", "600.00", "1000000.00"),
        calcYear("de la UMA, del salario mínimo y de la cuota de cesantía y vejez"),
        {
          in: "query",
          name: "primaRiesgo",
          type: "decimal",
          required: true,
          decimals: 5,
          minimum: "0.5",
          maximum: "15",
          example: "0.54355",
          description:
            "Prima de riesgo de trabajo de la empresa, en porcentaje (0.5 a 15, Art. 74 LSS), con punto decimal y hasta cinco decimales.",
        },
        whole("dias", 1, 31, "30", "Días del periodo, de 1 a 31."),
      ],
      { ref: "CalcCuotasImss" },
      CACHE.hour,
      ["uma", "imss"],
    ),
    calc(
      "calcAguinaldo",
      "aguinaldo",
      "Aguinaldo, con su parte exenta (30 UMA) y gravada",
      "Aguinaldo = salario diario × días × días trabajados ÷ 365, redondeado al centavo (Art. 87 LFT); exento de ISR hasta 30 UMA diarias del año (Art. 93 fr. XIV LISR).",
      [
        amount("salarioDiario", "Salario diario.", "500.00", "1000000.00"),
        whole("dias", 15, 365, "15", "Días de aguinaldo al año (al menos 15, Art. 87 LFT)."),
        whole("diasTrabajados", 1, 365, "365", "Días trabajados en el año, de 1 a 365."),
        calcYear("de la UMA"),
      ],
      { ref: "CalcAguinaldo" },
      CACHE.hour,
      ["uma"],
    ),
    calc(
      "calcPrimaVacacional",
      "prima-vacacional",
      "Prima vacacional, con su parte exenta (15 UMA) y gravada",
      "Días de vacaciones del Art. 76 LFT (desde 2023) por años de servicio; prima = porcentaje × salario de esos días, redondeada al centavo; " +
        "exenta de ISR hasta 15 UMA diarias del año (Art. 93 fr. XIV LISR).",
      [
        amount("salarioDiario", "Salario diario.", "500.00", "1000000.00"),
        whole("antiguedad", 1, 80, "1", "Años de servicio cumplidos, de 1 a 80."),
        {
          in: "query",
          name: "porcentaje",
          type: "decimal",
          required: true,
          decimals: 2,
          minimum: "25",
          maximum: "100",
          example: "25",
          description: "Prima vacacional en porcentaje (al menos 25, Art. 80 LFT; hasta 100), con hasta dos decimales.",
        },
        calcYear("de la UMA"),
      ],
      { ref: "CalcPrimaVacacional" },
      CACHE.hour,
      ["uma"],
    ),
    calc(
      "calcConversion",
      "conversion",
      "Dólares, pesos y UDIS: un monto convertido al FIX, al tipo del DOF (Art. 20 CFF) o al valor de la UDI de una fecha",
      "De dólares a pesos o de pesos a dólares con el FIX determinado por el Banco de México en `fecha` (regla=fix) o con el tipo de cambio aplicable en `fecha` " +
        "según el Art. 20 del CFF (regla=dof: el publicado en el DOF el día anterior o, si ese día no hubo publicación, el último anterior); de UDIS a pesos o de pesos a UDIS " +
        "con el valor de la UDI de `fecha`. Pesos y dólares se redondean al centavo y las UDIS a seis decimales (la mitad hacia arriba). " +
        "`regla` (por omisión fix) elige el tipo de cambio cuando hay dólares y no aplica a las UDIS: con moneda o destino UDI se rechaza (400), porque la UDI tiene un solo valor por día. " +
        "Una fecha sin FIX o sin UDI publicada es 404 con la fecha que falta: la API no estima.",
      [
        {
          in: "query",
          name: "monto",
          type: "decimal",
          required: true,
          decimals: 6,
          minimum: "0.01",
          maximum: "1000000000.00",
          example: "1000.00",
          description:
            "Monto a convertir, en la moneda de `moneda`, con punto decimal (sin signo, separadores ni exponente): hasta dos decimales en USD y MXN, hasta seis en UDI.",
        },
        {
          in: "query",
          name: "moneda",
          type: "string",
          required: true,
          maxLength: 3,
          enum: ["USD", "MXN", "UDI"],
          example: "USD",
          description: "Moneda del monto: USD, MXN o UDI.",
        },
        {
          in: "query",
          name: "destino",
          type: "string",
          required: false,
          maxLength: 3,
          enum: ["USD", "MXN", "UDI"],
          example: "MXN",
          description:
            "Moneda del resultado. Por omisión MXN para USD y UDI, y USD para MXN; de pesos a UDIS, destino=UDI. USD y UDI no se convierten entre sí.",
        },
        {
          in: "query",
          name: "fecha",
          type: "date",
          required: true,
          example: "2026-08-21",
          description:
            "AAAA-MM-DD: fecha de determinación del FIX (regla=fix), fecha en que se causa la obligación (regla=dof) o día del valor de la UDI.",
        },
        {
          in: "query",
          name: "regla",
          type: "string",
          required: false,
          maxLength: 3,
          enum: ["fix", "dof"],
          example: "fix",
          description:
            "Tipo de cambio cuando hay dólares: fix (el FIX de la fecha; por omisión) o dof (el aplicable en la fecha según el Art. 20 del CFF). No se admite con UDIS (400).",
        },
      ],
      { ref: "CalcConversion" },
      CACHE.live,
      ["fx", "udi"],
    ),
    {
      ...calc(
        "calcFactura",
        "factura",
        "Totales de una factura CFDI 4.0: impuestos trasladados y retenidos, subtotal, descuento y total",
        "Un concepto por GET (cantidad × valor unitario − descuento, con sus impuestos), o varios por POST. Cada importe se redondea al centavo (la mitad hacia arriba) " +
          "y cada impuesto queda dentro de los límites inferior y superior del SAT para su base y TasaOCuota (Anexo 20; Matriz de errores CFDI40180 y CFDI40186). " +
          "La base del IVA incluye el IEPS del concepto. El subtotal, el descuento y el nodo Impuestos (agrupado por impuesto, tipo de factor y tasa) suman los conceptos; " +
          "total = subtotal − descuento + trasladados − retenidos. Solo MXN (dos decimales). Cada tasa se revisa contra el catálogo c_TasaOCuota (404 si no está publicado).",
        [...INVOICE_CONCEPT_PARAMS],
        { ref: "CalcFactura" },
        CACHE.day,
        // c_TasaOCuota is kept by version, with no latest date for the x-fmx-data-* headers to carry.
        [],
      ),
      // The 10,000 of honorarios of a persona física to a persona moral: ISR 1,000.00, IVA retenido 1,066.67, total 9,533.33.
      exampleQuery: "valorUnitario=10000&preset=honorarios-pf-a-pm",
      post: {
        media: "json",
        maxBytes: 256 * 1024,
        schema: "CalcFacturaSolicitud",
        summary: "Totales de una factura de varios conceptos",
        description:
          `Un documento JSON {"preset"?, "conceptos": [...]}: de 1 a ${MAX_INVOICE_CONCEPTS} conceptos, cada uno con los mismos campos y límites que los parámetros del GET ` +
          "(texto o número JSON); `preset` fuera de los conceptos aplica a los que no traen el suyo. Un campo desconocido, faltante o fuera de límites es un 400 que nombra " +
          "el campo (p. ej. conceptos[2].valorUnitario).",
        example: JSON.stringify({
          preset: "honorarios-pf-a-pm",
          conceptos: [{ valorUnitario: "10000" }, { cantidad: "2", valorUnitario: "1500.50", descuento: "100" }],
        }),
      },
    },
    calc(
      "calcRecargos",
      "recargos",
      "Pago extemporáneo: actualización (Art. 17-A CFF) y recargos (Art. 21 CFF) de una contribución pagada tarde",
      "Actualización: factor = INPC del mes anterior al mes del pago ÷ INPC del mes anterior al mes en que debió pagarse, hasta el diezmilésimo (se descartan los demás decimales); " +
        "1 si es menor (Art. 17-A CFF); monto actualizado = monto × factor, redondeado al centavo. Recargos (Art. 21 CFF): monto actualizado × la suma de la tasa de mora de cada mes " +
        "o fracción de mes desde el día en que debió pagarse hasta el pago (cada mes con la tasa del año de su primer día, de /recargos/tasas), redondeado al centavo; a lo más cinco años. " +
        "Si el INPC que hace falta aún no se publica, 404 con el mes que falta: la API no lo estima. `fechaLimite` es el último día del plazo, ya recorrido si caía en día inhábil (Art. 12 CFF).",
      [
        amount("monto", "Contribución omitida, sin actualizar.", "10000.00", "1000000000000.00"),
        {
          in: "query",
          name: "fechaLimite",
          type: "date",
          required: true,
          example: "2025-11-17",
          description:
            "Vencimiento. AAAA-MM-DD del pago, el último día del plazo, desde 2019-01-01: las tasas de recargos de la API empiezan en 2019.",
        },
        {
          in: "query",
          name: "fecha",
          type: "date",
          required: true,
          example: "2026-02-20",
          description: "Día de pago (AAAA-MM-DD). Posterior a fechaLimite y a lo más cinco años después.",
        },
      ],
      { ref: "CalcRecargos" },
      CACHE.live,
      ["inpc", "recargos"],
    ),
    calc(
      "calcSbc",
      "sbc",
      "Salario base de cotización al IMSS: salario diario × factor de integración + partes variables, con tope de 25 UMA (Arts. 27 y 28 LSS)",
      "Factor de integración del año de servicio (tabla /imss/factor-integracion: 15 días de aguinaldo, prima del 25 % y los días de vacaciones del Art. 76 LFT) o, si se envían " +
        "las prestaciones del patrón (aguinaldo, vacaciones, porcentaje; cada una al menos la de ley), (365 + días de aguinaldo + días de vacaciones × prima) ÷ 365 a cuatro decimales. SDI fijo = salario diario × factor, " +
        "redondeado al centavo; más las partes variables diarias; tope de 25 UMA diarias del año (Art. 28 LSS). El resultado `sbc` es el parámetro sbc de /calculos/cuotas-imss.",
      [
        amount("salarioDiario", "Salario diario (cuota diaria).", "200.00", "1000000.00"),
        {
          in: "query",
          name: "anioServicio",
          type: "decimal",
          required: true,
          decimals: 0,
          minimum: "1",
          maximum: String(LAST_SERVICE_YEAR),
          example: "1",
          description: `Año de servicio. Es el que cursa: 1 desde el ingreso, 2 desde el primer aniversario…; entero de 1 a ${LAST_SERVICE_YEAR}, los de la tabla.`,
        },
        calcYear("de la UMA del tope"),
        {
          ...amount(
            "variables",
            "Variables diarias. Percepciones variables del bimestre anterior ÷ sus días (Art. 30 LSS); opcional, 0 si no se envía.",
            "40.00",
            "1000000.00",
          ),
          required: false,
          minimum: "0",
        },
        optionalDays("aguinaldo", 15, "20", "Días de aguinaldo. Los del patrón: al menos 15 (Art. 87 LFT)."),
        optionalDays("vacaciones", 12, "20", "Días de vacaciones. Los del patrón, al menos los del Art. 76 LFT en ese año de servicio."),
        {
          in: "query",
          name: "porcentaje",
          type: "decimal",
          required: false,
          decimals: 2,
          minimum: "25",
          maximum: "100",
          example: "30",
          description:
            "Prima vacacional del patrón en porcentaje. Al menos 25 (Art. 80 LFT) y hasta 100, con hasta dos decimales (opcional).",
        },
      ],
      { ref: "CalcSbc" },
      CACHE.hour,
      ["uma", "factor-integracion-sbc"],
    ),
  ] as const;
}
