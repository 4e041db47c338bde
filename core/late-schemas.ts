// Shapes of the recargos rates and SBC integration factors, and of the late-payment (Arts. 17-A, 21 CFF) and SBC (Arts. 27, 28 LSS) results.
import { Type, type Static, type TProperties } from "@sinclair/typebox";
import { closed, date, enumOf, money, nullableNumber, nullableString } from "./schema-kit.ts";
import { inpcUsed, umaUsed } from "./calc-schemas.ts";

const obj = <P extends TProperties>(description: string, properties: P) =>
  Type.Object(properties, { ...(description !== "" && { description }), ...closed });
const rate = (description: string) =>
  Type.Number({ exclusiveMinimum: 0, description: `${description} Porcentaje mensual (2.07 = 2.07 %).` });
const basis = () => Type.String({ minLength: 1, description: "Fundamento legal." });
const text = (description?: string) => Type.String(description === undefined ? {} : { description });

export const RecargosRate = obj(
  "Las tasas mensuales de recargos de un año: la de mora del Art. 21 CFF y las de prórroga y pago a plazos de la LIF.",
  {
    anio: Type.Integer(),
    tasaMora: rate("Recargos por falta de pago oportuno (Art. 21 CFF: la tasa de la LIF más 50 %, a la centésima)."),
    tasaProrroga: rate("LIF fr. I: prórroga, sobre los saldos insolutos."),
    tasaParcialidadesHasta12Meses: nullableNumber({
      description: "LIF fr. II: pago a plazos en parcialidades de hasta 12 meses; null si ninguna copia leída la da.",
    }),
    tasaParcialidades12a24Meses: nullableNumber({ description: "Más de 12 y hasta 24 meses; null si ninguna copia leída la da." }),
    tasaParcialidadesMas24MesesODiferido: nullableNumber({
      description: "Más de 24 meses o pago a plazo diferido; null si ninguna copia leída la da.",
    }),
    instrumento: text("Ley de Ingresos del año (artículo y DOF)."),
    fuentes: text("Copias públicas que se leyeron."),
    notas: nullableString({ description: "Desacuerdos entre copias y huecos; null si no hay." }),
  },
);

export const FactorIntegracion = obj(
  "Un tramo de años de servicio con sus días de vacaciones (Art. 76 LFT desde 2023) y el factor de integración mínimo del SBC (15 días de aguinaldo, prima del 25 %).",
  {
    anioServicioDesde: Type.Integer({ minimum: 1, description: "Primer año de servicio del tramo (1 = desde el ingreso)." }),
    anioServicioHasta: Type.Integer({ minimum: 1 }),
    diasVacaciones: Type.Integer({ minimum: 1 }),
    primaVacacional: Type.Number({ description: "Porcentaje mínimo (Art. 80 LFT)." }),
    diasAguinaldo: Type.Integer({ description: "Días mínimos (Art. 87 LFT)." }),
    factor: Type.Number({
      minimum: 1,
      description: "(365 + aguinaldo + vacaciones × prima) ÷ 365, a cuatro decimales (la mitad hacia arriba).",
    }),
    fundamento: basis(),
    verificacion: text("Contra qué copia se comprobó el factor."),
  },
);

const CalcRecargos = obj(
  "Lo que cuesta pagar tarde una contribución: su actualización (Art. 17-A CFF) y los recargos (Art. 21 CFF) mes por mes, con cada INPC y tasa usados.",
  {
    monto: money("Contribución omitida, en pesos."),
    fechaLimite: date("Día en que debió pagarse."),
    fechaPago: date("Día en que se paga."),
    factorActualizacion: obj("Art. 17-A CFF: INPC del mes anterior al del pago ÷ INPC del mes anterior al del vencimiento.", {
      factor: Type.Number({
        minimum: 1,
        description: "Hasta el diezmilésimo (se descartan los demás decimales); 1 si el cociente es menor.",
      }),
      cociente: Type.Number({ description: "A ocho decimales (truncado)." }),
      menorQueUno: Type.Boolean(),
      inpcReciente: inpcUsed("INPC del mes anterior al mes del pago."),
      inpcAntiguo: inpcUsed("INPC del mes anterior al mes en que debió pagarse."),
    }),
    montoActualizado: money("Monto × factor, redondeado al centavo."),
    actualizacion: money("Monto actualizado − monto."),
    meses: Type.Integer({ minimum: 1, maximum: 60, description: "Meses o fracciones de mes de mora (Art. 21 CFF)." }),
    tasaRecargos: Type.Number({ description: "Suma de las tasas de cada mes, en porcentaje." }),
    detalleMeses: Type.Array(
      obj("", {
        numero: Type.Integer({ minimum: 1 }),
        desde: date("Primer día del mes o fracción."),
        hasta: date("Mismo día del mes siguiente, o el día del pago si es una fracción."),
        fraccion: Type.Boolean(),
        anio: Type.Integer({ description: "Año de la tasa: el del primer día." }),
        tasa: rate("Tasa de mora de ese año."),
      }),
      { minItems: 1, maxItems: 60 },
    ),
    recargos: money("Monto actualizado × tasa de recargos, redondeado al centavo."),
    total: money("Monto actualizado + recargos."),
    fundamento: basis(),
    nota: text("Lo que este cálculo no considera."),
    datos: obj("De dónde salen las tasas y los índices.", { tasas: text("Ruta de la API con las tasas de recargos."), inpc: text() }),
  },
);

const CalcSbc = obj(
  "Salario base de cotización diario (Arts. 27 y 28 LSS): salario diario × factor de integración + partes variables, con tope de 25 UMA.",
  {
    salarioDiario: money(),
    anioServicio: Type.Integer({ minimum: 1 }),
    anio: Type.Integer(),
    diasAguinaldo: Type.Integer(),
    diasVacaciones: Type.Integer(),
    primaVacacional: Type.Number({ description: "Porcentaje." }),
    prestaciones: enumOf(["minimos-de-ley", "del-patron"], {
      description: "minimos-de-ley: el factor de la tabla; del-patron: el de las prestaciones enviadas (mayores que las de ley).",
    }),
    factorMinimo: Type.Number({ minimum: 1, description: "Factor de la tabla para el año de servicio." }),
    factor: Type.Number({ minimum: 1, description: "Factor usado, a cuatro decimales." }),
    sdiFijo: money("Salario diario × factor, redondeado al centavo."),
    partesVariables: money("Parte variable diaria enviada."),
    salarioIntegrado: money("sdiFijo + partesVariables."),
    tope25Uma: money("25 UMA diarias del año (Art. 28 LSS)."),
    topado: Type.Boolean(),
    sbc: money("El salario integrado, a lo más 25 UMA."),
    menorQueSalarioMinimo: Type.Boolean({
      description:
        "Si el SBC es menor que el salario mínimo general del año: /calculos/cuotas-imss cotiza entonces sobre el salario mínimo.",
    }),
    rutaCuotasImss: text("Las cuotas del IMSS sobre este SBC: agregue primaRiesgo y dias."),
    fundamento: basis(),
    datos: obj("La UMA y el renglón de la tabla usados.", { uma: umaUsed, tabla: text("Ruta de la API con la tabla de factores.") }),
  },
);

export const lateSchemas = { RecargosRate, FactorIntegracion, CalcRecargos, CalcSbc };

export type RecargosRate = Static<typeof RecargosRate>;
export type FactorIntegracion = Static<typeof FactorIntegracion>;
export type CalcRecargos = Static<typeof CalcRecargos>;
export type CalcSbc = Static<typeof CalcSbc>;
