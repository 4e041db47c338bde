// Shapes of the fiscal calendar: an occurrence of an obligation and a span of the calendar.
import { Type, type Static, type TProperties } from "@sinclair/typebox";
import { closed, date, enumOf, nullableString } from "./schema-kit.ts";
import { PERSONAS } from "./calendar.ts";

const obj = <P extends TProperties>(description: string, properties: P) => Type.Object(properties, { description, ...closed });
const text = (description: string) => Type.String({ description });
const personas = () =>
  Type.Array(enumOf(PERSONAS), { description: "A quién toca: personas físicas (fisica), personas morales (moral), patrones (patron)." });

export const Vencimiento = obj(
  "Un vencimiento de una obligación periódica, con su fecha legal y la recorrida por días inhábiles (Art. 12 CFF).",
  {
    id: text("Estable para el mismo vencimiento: la obligación y su periodo (sat-isr-pp-pm:2026-03)."),
    obligacion: text("Id de la obligación en la tabla de obligaciones periódicas."),
    titulo: text("La obligación y el periodo que cubre."),
    institucion: text("SAT, IMSS, INFONAVIT o STPS/LFT."),
    quien: text("Quién la debe, como lo dice la tabla."),
    personas: personas(),
    periodo: text("El periodo que cubre (mes, bimestre o ejercicio)."),
    fechaOriginal: date("La fecha que da la regla, antes de recorrerla."),
    fecha: nullableString({
      format: "date",
      description:
        "La fecha límite recorrida al siguiente día hábil cuando corresponde; null si Fiscal MX no tiene los días inhábiles de ese año.",
    }),
    recorrida: Type.Boolean({ description: "Si la fecha límite difiere de la original por un día inhábil." }),
    fechaPagoEnBanco: nullableString({
      format: "date",
      description:
        "Para pagos ante instituciones de crédito: también recorrida si es viernes o el banco cierra (Art. 12 CFF, 5º párr.); null si no es un pago o no se conoce.",
    }),
    diasInhabilesConocidos: Type.Boolean({
      description: "false si la fecha cae en un año cuyos días inhábiles no tiene Fiscal MX: no se recorre.",
    }),
    nota: nullableString({ description: "Por qué se recorrió la fecha, o por qué no se pudo recorrer; null si no aplica." }),
    siInhabil: text("Qué pasa si el último día es inhábil, según la tabla."),
    fundamento: text("Artículo o regla que fija la fecha."),
    reglaDeFecha: text("La regla de fecha como la dice el texto."),
  },
);

export const CalendarioFiscal = obj("Los vencimientos de un intervalo de fechas, en orden de fecha límite.", {
  desde: date("Primer día del intervalo."),
  hasta: date("Último día del intervalo."),
  aniosSinDiasInhabiles: Type.Array(Type.Integer(), {
    description: "Años del intervalo cuyos días inhábiles no tiene Fiscal MX: sus fechas no se recorren (diasInhabilesConocidos false).",
  }),
  vencimientos: Type.Array(Type.Unsafe<Static<typeof Vencimiento>>({ $ref: "#/components/schemas/Vencimiento" })),
});

export const calendarSchemas = { Vencimiento, CalendarioFiscal };

export type CalendarioFiscal = Static<typeof CalendarioFiscal>;
