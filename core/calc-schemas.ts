// Shapes of the /calculos results, defined once with TypeBox: each states the inputs, the result, its legal basis and the data it used.
import { Type, type Static, type TProperties } from "@sinclair/typebox";
import { closed, enumOf, nullable, nullableNumber } from "./schema-kit.ts";
import { PERIOD_PATTERN } from "./dates.ts";
import { subsidyOfPeriod, tariffRowUsed, type SubsidyOfPeriod } from "./payroll-schemas.ts";

const pesos = (description = "Pesos, a dos decimales.") => Type.Number({ minimum: 0, description });
const percent = () => Type.Number({ minimum: 0, description: "Porcentaje tal como lo imprime la ley (1.125 = 1.125 %)." });
const basis = () => Type.String({ minLength: 1, description: "Fundamento legal del cálculo." });
const text = (description?: string) => Type.String(description === undefined ? {} : { description });
const integer = (options: { minimum?: number; maximum?: number; description?: string } = {}) => Type.Integer(options);
const obj = <P extends TProperties>(description: string, properties: P) =>
  Type.Object(properties, { ...(description !== "" && { description }), ...closed });

/** The UMA and minimum-wage values a calculation used, with the publication they come from. */
export const umaUsed = Type.Object(
  {
    anio: integer(),
    uma: pesos("UMA diaria usada."),
    umaVigenteDesde: Type.String({ format: "date" }),
    salarioMinimo: Type.Optional(pesos("Salario mínimo general diario usado.")),
    salarioMinimoVigenteDesde: Type.Optional(Type.String({ format: "date" })),
    fuente: text(),
    ruta: text("Ruta de la API con el registro completo."),
  },
  closed,
);

const CalcIsr = obj(
  "ISR por salarios con la tarifa del Art. 96 LISR de un año y periodo (`isr`, antes del subsidio para el empleo) y, con la fecha de pago, " +
    "el subsidio del periodo y el ISR a retener.",
  {
    ingreso: pesos(),
    periodo: enumOf(["mensual", "anual", "quincenal", "semanal", "diaria", "decenal"], {
      description: "decenal: la tarifa decenal del Anexo 8 (también en /tarifa/isr/{year}/decenal).",
    }),
    anio: integer(),
    isr: pesos("ISR determinado: impuesto marginal + cuota fija (0 si el ingreso es menor que el primer límite inferior)."),
    renglon: nullable<Static<typeof tariffRowUsed>>("object", {
      ...tariffRowUsed,
      description: "El renglón aplicado; null si el ingreso es menor que el primer límite inferior.",
    }),
    fundamento: basis(),
    datos: obj("La tarifa usada.", { tarifa: obj("", { anio: integer(), periodo: text(), fuente: text(), ruta: text() }) }),
    fechaPago: nullable<string>("string", {
      format: "date",
      description: "Fecha con la que se eligió la regla del subsidio (la enviada, o el primer día de `mes`); null si no se envió ninguna.",
    }),
    subsidio: nullable<SubsidyOfPeriod>("object", {
      ...subsidyOfPeriod,
      type: ["object", "null"],
      description:
        "Subsidio para el empleo del periodo; null sin fecha de pago, antes del 2024-05-01 (sin datos), en el periodo anual o sin regla para la fecha (ver `nota`).",
    }),
    isrARetener: nullableNumber({
      minimum: 0,
      description: "isr − subsidio, nunca negativo (el subsidio no se entrega en efectivo); null cuando subsidio es null.",
    }),
    fundamentoRetencion: basis(),
    nota: nullable<string>("string", { description: "Por qué no hay subsidio o qué regla especial se aplicó; null si nada que advertir." }),
  },
);

export const inpcUsed = (description: string) => obj(description, { period: text(), value: Type.Number(), ruta: text() });

const CalcFactorActualizacion = obj("Factor de actualización del Art. 17-A CFF entre dos meses, con los INPC usados.", {
  desde: Type.String({ pattern: PERIOD_PATTERN }),
  hasta: Type.String({ pattern: PERIOD_PATTERN }),
  factor: Type.Number({ minimum: 1, description: "Hasta el diezmilésimo (se descartan los demás decimales); 1 si el cociente es menor." }),
  cociente: Type.Number({ description: "INPC reciente ÷ INPC antiguo, a ocho decimales (truncado)." }),
  menorQueUno: Type.Boolean({ description: "Si el cociente fue menor que 1 (entonces el factor es 1)." }),
  monto: nullableNumber({ minimum: 0, description: "Monto enviado; null si no se envió." }),
  montoActualizado: nullableNumber({ minimum: 0, description: "Monto × factor, redondeado al centavo; null sin monto." }),
  fundamento: basis(),
  datos: obj("Los dos INPC usados (índice general, INEGI).", {
    inpcReciente: inpcUsed("INPC del mes anterior al más reciente del periodo."),
    inpcAntiguo: inpcUsed("INPC del mes anterior al más antiguo del periodo."),
    fuente: text(),
  }),
});

const imssConcept = obj("", {
  concepto: text(),
  fundamento: basis(),
  base: enumOf(["prima-de-riesgo", "uma", "sbc-excedente-3-uma", "sbc"], {
    description: "Sobre qué se aplica la tasa (prima-de-riesgo: el SBC con la prima de la empresa).",
  }),
  baseDiaria: pesos("Importe diario de la base."),
  tasaTrabajador: percent(),
  tasaPatron: percent(),
  trabajador: pesos("Base diaria × días × tasa, redondeado al centavo."),
  patron: pesos(),
});

const CalcCuotasImss = obj("Cuotas obrero-patronales del IMSS y aportación patronal al INFONAVIT de un periodo, concepto por concepto.", {
  sbcCapturado: pesos("SBC diario enviado."),
  sbc: pesos("SBC diario usado: al menos el salario mínimo, a lo más 25 UMA."),
  ajusteSbc: enumOf(["salario-minimo", "tope-25-uma", null], {
    description: "Por qué el SBC usado difiere del enviado; null si no difiere.",
  }),
  dias: integer({ minimum: 1, maximum: 31 }),
  anio: integer(),
  primaRiesgo: percent(),
  rangoCesantia: obj("Rango del SBC para la cuota patronal de cesantía y vejez.", {
    indice: integer({ minimum: 0, maximum: 7, description: "0 = salario mínimo … 7 = más de 4 UMA." }),
    rango: text(),
    tasaPatron: percent(),
  }),
  conceptos: Type.Array(imssConcept, { minItems: 1 }),
  totales: obj("Sumas; si el SBC es el salario mínimo, el patrón absorbe la parte del trabajador.", {
    trabajador: pesos(),
    patron: pesos(),
    total: pesos(),
  }),
  patronPagaCuotasTrabajador: Type.Boolean({ description: "Art. 36 LSS: con el salario mínimo el patrón paga las cuotas del trabajador." }),
  fundamento: basis(),
  datos: obj("UMA, salario mínimo y tabla de tasas usados.", { uma: umaUsed, tasas: text("Publicación de las tasas.") }),
});

const CURRENCIES = ["USD", "MXN", "UDI"] as const;

const CalcConversion = obj(
  "Un monto convertido entre dólares y pesos (al FIX o al tipo de cambio del Art. 20 CFF de una fecha) o entre pesos y UDIS (al valor de la UDI de una fecha).",
  {
    monto: Type.Number({ exclusiveMinimum: 0, description: "Monto recibido: pesos o dólares con dos decimales, UDIS con seis." }),
    moneda: enumOf(CURRENCIES),
    fecha: Type.String({ format: "date" }),
    regla: enumOf(["fix", "dof", null], {
      type: ["string", "null"],
      description: "null en las conversiones con UDIS, a las que no aplica.",
    }),
    resultado: Type.Number({
      minimum: 0,
      description: "Monto convertido: pesos y dólares redondeados al centavo, UDIS a seis decimales (la mitad hacia arriba).",
    }),
    monedaResultado: enumOf(CURRENCIES),
    tipoDeCambio: Type.Number({ exclusiveMinimum: 0, description: "Pesos por dólar (cuatro decimales) o pesos por UDI (seis decimales)." }),
    fundamento: basis(),
    datos: obj("El FIX, el tipo de cambio del DOF o el valor de la UDI usado (exactamente uno).", {
      fix: Type.Optional(
        obj("FIX de la fecha (regla=fix).", { date: Type.String({ format: "date" }), rate: Type.Number(), source: text(), ruta: text() }),
      ),
      dof: Type.Optional(
        obj("Tipo de cambio aplicable según el Art. 20 CFF (regla=dof).", {
          date: Type.String({ format: "date", description: "Fecha en que se causa la obligación." }),
          rate: Type.Number(),
          fixDate: Type.String({ format: "date", description: "Fecha de determinación del FIX." }),
          dofDate: Type.String({ format: "date", description: "Fecha de su publicación en el DOF." }),
          source: text(),
          ruta: text(),
        }),
      ),
      udi: Type.Optional(
        obj("Valor de la UDI de la fecha.", { date: Type.String({ format: "date" }), value: Type.Number(), source: text(), ruta: text() }),
      ),
    }),
  },
);

const exemptParts = (cap: string) => ({
  topeExento: pesos(cap),
  exento: pesos(),
  gravado: pesos(),
  fundamento: basis(),
  datos: obj("La UMA usada.", { uma: umaUsed }),
});

const CalcAguinaldo = obj("Aguinaldo (Art. 87 LFT) con su parte exenta de ISR hasta 30 UMA (Art. 93 fr. XIV LISR) y la gravada.", {
  salarioDiario: pesos(),
  dias: integer(),
  diasTrabajados: integer(),
  anio: integer(),
  diasQueCorresponden: Type.Number({ description: "Días × días trabajados ÷ 365, a tres decimales." }),
  aguinaldo: pesos(),
  ...exemptParts("30 UMA diarias del año."),
});

const CalcPrimaVacacional = obj(
  "Prima vacacional (Arts. 76 y 80 LFT) con su parte exenta de ISR hasta 15 UMA (Art. 93 fr. XIV LISR) y la gravada.",
  {
    salarioDiario: pesos(),
    antiguedad: integer(),
    porcentaje: percent(),
    anio: integer(),
    diasVacaciones: integer({ description: "Días del Art. 76 LFT (desde 2023) por los años de servicio." }),
    salarioVacaciones: pesos("Salario diario × días de vacaciones."),
    primaVacacional: pesos(),
    ...exemptParts("15 UMA diarias del año."),
  },
);

const TAX_KEYS = ["001", "002", "003"] as const;
const tasaOCuota = () =>
  nullable<string>("string", {
    pattern: "^\\d+\\.\\d{6}$",
    description: "TasaOCuota con los seis decimales del catálogo c_TasaOCuota (0.160000); null en Exento.",
  });
const taxLine = obj("Un impuesto del concepto, como va en su nodo Traslado o Retencion.", {
  impuesto: enumOf(TAX_KEYS, { description: "Clave c_Impuesto: 001 ISR, 002 IVA, 003 IEPS." }),
  nombre: enumOf(["ISR", "IVA", "IEPS"]),
  tipoFactor: enumOf(["Tasa", "Cuota", "Exento"]),
  tasaOCuota: tasaOCuota(),
  base: Type.Number({ minimum: 0, description: "Base del impuesto: pesos a dos decimales; en Cuota, las unidades (cantidad)." }),
  importe: nullableNumber({ minimum: 0, description: "Importe del impuesto al centavo; null en Exento." }),
  limiteInferior: nullableNumber({ minimum: 0, description: "Límite inferior del SAT: (Base − 10^-d/2) × TasaOCuota, truncado." }),
  limiteSuperior: nullableNumber({
    minimum: 0,
    description: "Límite superior del SAT: (Base + 10^-d/2 − 10^-12) × TasaOCuota, redondeado hacia arriba.",
  }),
  fundamento: basis(),
});
const taxGroup = obj("Un renglón del nodo Impuestos del comprobante.", {
  impuesto: enumOf(TAX_KEYS),
  nombre: enumOf(["ISR", "IVA", "IEPS"]),
  tipoFactor: Type.Optional(enumOf(["Tasa", "Cuota", "Exento"])),
  tasaOCuota: Type.Optional(tasaOCuota()),
  base: Type.Optional(Type.Number({ minimum: 0, description: "Suma de las bases de los conceptos (solo traslados)." })),
  importe: nullableNumber({ minimum: 0, description: "Suma de los importes de los conceptos; null en Exento." }),
});
const invoiceConcept = obj("Un concepto con su importe, descuento e impuestos.", {
  numero: integer({ minimum: 1, description: "Posición del concepto (1 el primero)." }),
  cantidad: Type.String({ description: "Cantidad tal como se recibió." }),
  valorUnitario: Type.String({ description: "Valor unitario tal como se recibió." }),
  importe: pesos("Cantidad × valor unitario, redondeado al centavo (la mitad hacia arriba)."),
  descuento: pesos(),
  objetoImp: enumOf(["01", "02", "03", "04"]),
  preset: nullable<string>("string", { description: "Caso común aplicado; null si ninguno." }),
  traslados: Type.Array(taxLine),
  retenciones: Type.Array(taxLine),
  total: pesos("Importe − descuento + trasladados − retenidos del concepto."),
});

const CalcFactura = obj(
  "Totales de una factura CFDI 4.0 en MXN: cada concepto con sus impuestos dentro de los límites del SAT, el nodo Impuestos agrupado y el total.",
  {
    moneda: Type.Literal("MXN"),
    conceptos: Type.Array(invoiceConcept, { minItems: 1 }),
    subtotal: pesos("Suma de los importes de los conceptos (SubTotal)."),
    descuento: pesos("Suma de los descuentos (Descuento)."),
    totalImpuestosTrasladados: pesos(),
    totalImpuestosRetenidos: pesos(),
    total: pesos("Subtotal − descuento + trasladados − retenidos (Total)."),
    traslados: Type.Array(taxGroup, { description: "Por impuesto, tipo de factor y TasaOCuota (CFDI40215, CFDI40221)." }),
    retenciones: Type.Array(taxGroup, { description: "Por impuesto (CFDI40211)." }),
    fundamento: basis(),
    notas: Type.Array(Type.String(), { description: "Lo que conviene saber del cálculo (un importe llevado a un límite del SAT, …)." }),
    datos: obj("El catálogo con que se revisaron las tasas.", { tasaOCuota: obj("", { fuente: text(), ruta: text() }) }),
  },
);

const conceptField = () => Type.Union([Type.String(), Type.Number()]);
const CalcFacturaSolicitud = Type.Object(
  {
    preset: Type.Optional(Type.String({ description: "Caso común para los conceptos que no traen el suyo (los del parámetro preset)." })),
    conceptos: Type.Array(
      Type.Object(
        {
          valorUnitario: conceptField(),
          cantidad: Type.Optional(conceptField()),
          descuento: Type.Optional(conceptField()),
          objetoImp: Type.Optional(Type.String()),
          preset: Type.Optional(Type.String()),
          iva: Type.Optional(conceptField()),
          iepsTasa: Type.Optional(conceptField()),
          iepsCuota: Type.Optional(conceptField()),
          isrRetenido: Type.Optional(conceptField()),
          ivaRetenido: Type.Optional(conceptField()),
        },
        { description: "Los campos y límites de los parámetros del GET de /calculos/factura.", ...closed },
      ),
      { minItems: 1, maxItems: 1000 },
    ),
  },
  { description: "Los conceptos de una factura para calcular sus totales.", ...closed },
);

export const calcSchemas = {
  CalcIsr,
  CalcFactorActualizacion,
  CalcCuotasImss,
  CalcConversion,
  CalcAguinaldo,
  CalcPrimaVacacional,
  CalcFactura,
  CalcFacturaSolicitud,
};

export type CalcIsr = Static<typeof CalcIsr>;
export type CalcFactorActualizacion = Static<typeof CalcFactorActualizacion>;
export type CalcCuotasImss = Static<typeof CalcCuotasImss>;
export type CalcConversion = Static<typeof CalcConversion>;
export type CalcAguinaldo = Static<typeof CalcAguinaldo>;
export type CalcPrimaVacacional = Static<typeof CalcPrimaVacacional>;
export type CalcFactura = Static<typeof CalcFactura>;
export type UmaUsed = Static<typeof umaUsed>;
