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
const umaUsed = Type.Object(
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

const inpcUsed = (description: string) => obj(description, { period: text(), value: Type.Number(), ruta: text() });

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

export const calcSchemas = { CalcIsr, CalcFactorActualizacion, CalcCuotasImss, CalcConversion, CalcAguinaldo, CalcPrimaVacacional };

export type CalcIsr = Static<typeof CalcIsr>;
export type CalcFactorActualizacion = Static<typeof CalcFactorActualizacion>;
export type CalcCuotasImss = Static<typeof CalcCuotasImss>;
export type CalcConversion = Static<typeof CalcConversion>;
export type CalcAguinaldo = Static<typeof CalcAguinaldo>;
export type CalcPrimaVacacional = Static<typeof CalcPrimaVacacional>;
export type UmaUsed = Static<typeof umaUsed>;
