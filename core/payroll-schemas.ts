// Shapes of the payroll-tax records and results: subsidio para el empleo rules, RESICO rates, the annual ISR and the RESICO calculation.
import { Type, type Static, type TProperties } from "@sinclair/typebox";
import { closed, date, enumOf, money, nullable, nullableNumber, nullableString } from "./schema-kit.ts";

const obj = <P extends TProperties>(description: string, properties: P) =>
  Type.Object(properties, { ...(description !== "" && { description }), ...closed });
const pesos = (description = "Pesos, a dos decimales.") => money(description);
const basis = () => Type.String({ minLength: 1, description: "Fundamento legal del cálculo." });

export const SubsidioEmpleoRule = obj(
  "Una regla del subsidio para el empleo (decreto publicado en el DOF el 1 de mayo de 2024 y sus modificaciones): un porcentaje de la UMA mensual, " +
    "acreditable contra el ISR retenido a quien gana hasta el tope de ingreso mensual; nunca se entrega en efectivo.",
  {
    vigenteDesde: date("Primer día en que rige."),
    vigenteHasta: nullableString({
      format: "date",
      description: "Último día en que rige; null mientras ningún decreto posterior la sustituye.",
    }),
    datosHasta: date(
      "Último día para el que la API aplica esta regla: vigenteHasta o, si es null, el 31 de diciembre de su año (los decretos se publican cada diciembre; después, 404).",
    ),
    porcentajeUmaMensual: Type.Number({ exclusiveMinimum: 0, description: "Porcentaje de la UMA mensual (15.02 = 15.02 %)." }),
    umaMensual: pesos("UMA mensual a la que se aplica: en enero, la del año anterior (la nueva rige desde el 1 de febrero)."),
    montoMensual: pesos("Porcentaje × UMA mensual, redondeado al centavo."),
    topeIngresoMensual: pesos("Ingreso mensual por salarios por encima del cual no hay subsidio."),
    instrumento: Type.String({ description: "Decreto que la establece." }),
    fuentes: Type.String({ description: "Copias públicas del decreto que se leyeron." }),
  },
);

export const ResicoRate = obj(
  "Un renglón de la tabla del RESICO de personas físicas: la tasa se aplica al total de los ingresos del periodo.",
  {
    periodo: enumOf(["mensual", "anual"]),
    limiteInferior: pesos("Ingreso del periodo desde el que aplica (el límite superior del renglón anterior + 0.01)."),
    limiteSuperior: pesos("Ingreso del periodo hasta el que aplica, inclusive."),
    tasa: Type.Number({ exclusiveMinimum: 0, description: "Porcentaje tal como lo imprime la ley (1.10 = 1.10 %)." }),
    fundamento: basis(),
  },
);

const tariffUsed = obj("La tarifa usada.", {
  anio: Type.Integer(),
  periodo: Type.String(),
  fuente: Type.String(),
  ruta: Type.String({ description: "Ruta de la API con la tarifa completa." }),
});

/** The tariff row an ISR calculation applied (the salary and the annual ISR results). */
export const tariffRowUsed = obj("", {
  numero: Type.Integer({ minimum: 1, description: "Número de renglón en la tarifa, desde 1." }),
  limiteInferior: pesos(),
  limiteSuperior: nullableNumber({ minimum: 0, description: "null en el último renglón." }),
  excedente: pesos("Ingreso menos el límite inferior."),
  tasaMarginal: Type.Number({ minimum: 0, maximum: 1, description: "Fracción (21.36 % → 0.2136)." }),
  impuestoMarginal: pesos("Excedente × tasa marginal, redondeado al centavo."),
  cuotaFija: pesos(),
});

export const CalcIsrAnual = obj("ISR del ejercicio de una persona física con la tarifa anual del Art. 152 LISR.", {
  ingresoGravable: pesos("Base gravable del ejercicio enviada (ingresos acumulables menos deducciones)."),
  anio: Type.Integer(),
  isr: pesos("ISR del ejercicio: impuesto marginal + cuota fija (0 si la base es menor que el primer límite inferior)."),
  renglon: nullable<Static<typeof tariffRowUsed>>("object", {
    ...tariffRowUsed,
    type: ["object", "null"],
    description: "El renglón aplicado; null bajo el primero.",
  }),
  fundamento: basis(),
  limites: Type.String({ description: "Lo que el cálculo no incluye." }),
  datos: obj("La tarifa usada.", { tarifa: tariffUsed }),
});

export const CalcResico = obj("ISR del RESICO de personas físicas: la tasa del renglón se aplica al total de los ingresos del periodo.", {
  ingreso: pesos("Ingresos del periodo efectivamente cobrados, sin IVA."),
  periodo: enumOf(["mensual", "anual"]),
  tasa: nullableNumber({ exclusiveMinimum: 0, description: "Porcentaje aplicado; null por encima del tope del régimen." }),
  isr: nullableNumber({ minimum: 0, description: "Ingreso × tasa, redondeado al centavo; null por encima del tope del régimen." }),
  renglon: Type.Unsafe<Static<typeof ResicoRate> | null>({
    anyOf: [{ $ref: "#/components/schemas/ResicoRate" }, { type: "null" }],
    description: "El renglón aplicado; null por encima del tope del régimen.",
  }),
  excedeTope: Type.Boolean({ description: "Si el ingreso rebasa 3,500,000.00: el contribuyente deja de tributar en el RESICO." }),
  nota: nullableString({ description: "Qué pasa por encima del tope; null si no aplica." }),
  fundamento: basis(),
  limites: Type.String({ description: "Lo que el cálculo no incluye." }),
  datos: obj("La tabla usada.", { fuente: Type.String(), ruta: Type.String() }),
});

/** The subsidy of one pay period, as /calculos/isr states it. */
export const subsidyOfPeriod = obj("", {
  monto: pesos(
    "Subsidio del periodo: el mensual, o el mensual ÷ 30.4 × días en periodos menores a un mes, redondeado al centavo; 0 si el ingreso rebasa el tope.",
  ),
  aplica: Type.Boolean({ description: "Si el ingreso del periodo no rebasa el tope (el mensual, o el mensual ÷ 30.4 × días)." }),
  dias: Type.Number({ exclusiveMinimum: 0, description: "Días del periodo (mensual: 30.4)." }),
  montoMensual: pesos(),
  porcentajeUmaMensual: Type.Number({ exclusiveMinimum: 0 }),
  umaMensual: pesos(),
  topeIngresoMensual: pesos(),
  vigenteDesde: date(),
  instrumento: Type.String(),
  fundamento: basis(),
  ruta: Type.String({ description: "Ruta de la API con la regla de la fecha." }),
});

export const payrollSchemas = { SubsidioEmpleoRule, ResicoRate, CalcIsrAnual, CalcResico };

export type SubsidioEmpleoRule = Static<typeof SubsidioEmpleoRule>;
export type ResicoRate = Static<typeof ResicoRate>;
export type CalcIsrAnual = Static<typeof CalcIsrAnual>;
export type CalcResico = Static<typeof CalcResico>;
export type SubsidyOfPeriod = Static<typeof subsidyOfPeriod>;
