// Shapes of the CFDI pre-checks' answers: findings (rule, verdict, field, message, catalog column, SAT code) and what only SAT can check.
import { Type } from "@sinclair/typebox";
import { closed, date, enumOf, nullable, nullableString } from "./schema-kit.ts";

/** SAT's matrix spells its codes CFDI40101–CFDI40222, CFDI40999 and, for the rules added later, CFDI140223–CFDI140227. */
const SAT_CODE = "^CFDI1?40\\d{3}$";

const Finding = Type.Object(
  {
    rule: Type.String({ description: "Identificador de la regla (p. ej. uso-regimen, tasa-o-cuota)." }),
    passed: nullable<boolean>("boolean", {
      description:
        "true: se cumple; false: el SAT rechazaría el comprobante por esto; null: un requisito que estos datos no muestran (un complemento, otro impuesto del concepto).",
    }),
    field: Type.String({ description: "Atributo del CFDI 4.0 al que se refiere, como lo nombra el Anexo 20." }),
    message: Type.String({ minLength: 1, description: "Qué se revisó y qué resultó, en español." }),
    catalog: nullableString({ description: "Catálogo del SAT que decide la regla; null en las reglas de estructura del RFC." }),
    column: nullableString({ description: "Columna del catálogo que decide la regla." }),
    satCode: nullableString({
      pattern: SAT_CODE,
      description:
        "Código de la matriz de errores del CFDI 4.0 del SAT para esta regla, como el SAT lo escribe (CFDI40179, CFDI140226); null cuando la matriz no tiene uno.",
    }),
  },
  { description: "El resultado de una regla de la revisión previa.", ...closed },
);

const NotChecked = Type.Object(
  {
    what: Type.String({ description: "Lo que el SAT revisa con sus propias listas y esta revisión no puede." }),
    satCode: nullableString({ pattern: SAT_CODE, description: "Código de la matriz de errores, si lo tiene." }),
  },
  { description: "Una validación del SAT que no se decide con los catálogos públicos.", ...closed },
);

const checkProperties = {
  passed: Type.Boolean({ description: "false si alguna regla falló; una revisión aprobada no es un comprobante timbrado." }),
  date: date("Fecha a la que se leyeron las vigencias."),
  findings: Type.Array(Finding, { description: "Cada regla revisada, en orden." }),
  notChecked: Type.Array(NotChecked, { description: "Lo que solo el SAT puede revisar (listas no públicas)." }),
};

const CfdiCheck = Type.Object(checkProperties, {
  description: "Revisión previa de campos de un CFDI 4.0 contra los catálogos del SAT: una lista de hallazgos, no solo un sí o no.",
  ...closed,
});

const ReceptorCheck = Type.Object(
  {
    ...checkProperties,
    persona: enumOf(["fisica", "moral", null], {
      description: "Tipo de persona según la estructura del RFC; null si no está bien formado.",
    }),
    allowedUsos: Type.Array(
      Type.Object(
        { code: Type.String({ description: "Clave de c_UsoCFDI." }), description: Type.String({ description: "Descripción oficial." }) },
        closed,
      ),
      { description: "Los usos vigentes en la fecha que c_UsoCFDI permite al tipo de persona y al régimen (si se conocen)." },
    ),
  },
  { description: "Revisión previa del receptor de un CFDI 4.0, con los usos de CFDI que puede recibir.", ...closed },
);

const CfdiValidation = Type.Object(
  {
    passed: checkProperties.passed,
    date: date("Fecha del comprobante (de su atributo Fecha) a la que se leyeron las vigencias; hoy si la Fecha no cumple su patrón."),
    version: Type.Literal("4.0", { description: "Versión del comprobante revisado." }),
    findings: Type.Array(Finding, {
      description: "Las reglas que fallaron (passed false) o que el XML no puede mostrar (passed null), en el orden del documento.",
    }),
    passedRules: Type.Array(
      Type.Object(
        {
          rule: Type.String({ description: "Identificador de la regla." }),
          satCode: nullableString({ pattern: SAT_CODE, description: "Código de la matriz de errores, si lo tiene." }),
          count: Type.Integer({ minimum: 1, description: "Cuántas veces se cumplió (una por concepto, línea de impuesto…)." }),
        },
        closed,
      ),
      { description: "Las reglas que se cumplieron, con cuántas veces: la lista completa de lo revisado es findings más passedRules." },
    ),
    notChecked: checkProperties.notChecked,
  },
  {
    description:
      "Revisión de un CFDI 4.0 completo: cada campo contra los catálogos del SAT, las reglas entre sus campos y su aritmética (importes, impuestos, SubTotal, Total), con el código de la matriz de errores del SAT.",
    ...closed,
  },
);

export const checkSchemas = { CfdiCheck, ReceptorCheck, CfdiValidation };
