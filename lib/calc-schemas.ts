// JSON Schemas of the /calculos results: each states the inputs, the result, its legal basis and the data it used.

const pesos = { type: "number", minimum: 0, description: "Pesos, a dos decimales." } as const;
const percent = { type: "number", minimum: 0, description: "Porcentaje tal como lo imprime la ley (1.125 = 1.125 %)." } as const;
const basis = { type: "string", minLength: 1, description: "Fundamento legal del cálculo." } as const;

/** The UMA and minimum-wage values a calculation used, with the publication they come from. */
const umaUsed = {
  type: "object",
  required: ["anio", "uma", "umaVigenteDesde", "fuente", "ruta"],
  properties: {
    anio: { type: "integer" },
    uma: { ...pesos, description: "UMA diaria usada." },
    umaVigenteDesde: { type: "string", format: "date" },
    salarioMinimo: { ...pesos, description: "Salario mínimo general diario usado." },
    salarioMinimoVigenteDesde: { type: "string", format: "date" },
    fuente: { type: "string" },
    ruta: { type: "string", description: "Ruta de la API con el registro completo." },
  },
  additionalProperties: false,
} as const;

const obj = (description: string, required: string[], properties: Record<string, unknown>) =>
  ({ type: "object", description, required, properties, additionalProperties: false }) as const;

export const calcSchemas = {
  CalcIsr: obj(
    "ISR a retener por salarios con la tarifa del Art. 96 LISR de un año y periodo, antes del subsidio para el empleo.",
    ["ingreso", "periodo", "anio", "isr", "renglon", "fundamento", "datos"],
    {
      ingreso: pesos,
      periodo: { type: "string", enum: ["mensual", "anual", "quincenal", "semanal", "diaria"] },
      anio: { type: "integer" },
      isr: {
        ...pesos,
        description: "ISR determinado: impuesto marginal + cuota fija (0 si el ingreso es menor que el primer límite inferior).",
      },
      renglon: {
        type: ["object", "null"],
        description: "El renglón aplicado; null si el ingreso es menor que el primer límite inferior.",
        required: ["numero", "limiteInferior", "limiteSuperior", "excedente", "tasaMarginal", "impuestoMarginal", "cuotaFija"],
        properties: {
          numero: { type: "integer", minimum: 1, description: "Número de renglón en la tarifa, desde 1." },
          limiteInferior: pesos,
          limiteSuperior: { type: ["number", "null"], minimum: 0, description: "null en el último renglón." },
          excedente: { ...pesos, description: "Ingreso menos el límite inferior." },
          tasaMarginal: { type: "number", minimum: 0, maximum: 1, description: "Fracción (21.36 % → 0.2136)." },
          impuestoMarginal: { ...pesos, description: "Excedente × tasa marginal, redondeado al centavo." },
          cuotaFija: pesos,
        },
        additionalProperties: false,
      },
      fundamento: basis,
      datos: obj("La tarifa usada.", ["tarifa"], {
        tarifa: obj("", ["anio", "periodo", "fuente", "ruta"], {
          anio: { type: "integer" },
          periodo: { type: "string" },
          fuente: { type: "string" },
          ruta: { type: "string" },
        }),
      }),
    },
  ),
  CalcFactorActualizacion: obj(
    "Factor de actualización del Art. 17-A CFF entre dos meses, con los INPC usados.",
    ["desde", "hasta", "factor", "cociente", "menorQueUno", "monto", "montoActualizado", "fundamento", "datos"],
    {
      desde: { type: "string", pattern: "^\\d{4}-\\d{2}$" },
      hasta: { type: "string", pattern: "^\\d{4}-\\d{2}$" },
      factor: {
        type: "number",
        minimum: 1,
        description: "Hasta el diezmilésimo (se descartan los demás decimales); 1 si el cociente es menor.",
      },
      cociente: { type: "number", description: "INPC reciente ÷ INPC antiguo, a ocho decimales (truncado)." },
      menorQueUno: { type: "boolean", description: "Si el cociente fue menor que 1 (entonces el factor es 1)." },
      monto: { type: ["number", "null"], minimum: 0, description: "Monto enviado; null si no se envió." },
      montoActualizado: { type: ["number", "null"], minimum: 0, description: "Monto × factor, redondeado al centavo; null sin monto." },
      fundamento: basis,
      datos: obj("Los dos INPC usados (índice general, INEGI).", ["inpcReciente", "inpcAntiguo", "fuente"], {
        inpcReciente: obj("INPC del mes anterior al más reciente del periodo.", ["period", "value", "ruta"], {
          period: { type: "string" },
          value: { type: "number" },
          ruta: { type: "string" },
        }),
        inpcAntiguo: obj("INPC del mes anterior al más antiguo del periodo.", ["period", "value", "ruta"], {
          period: { type: "string" },
          value: { type: "number" },
          ruta: { type: "string" },
        }),
        fuente: { type: "string" },
      }),
    },
  ),
  CalcCuotasImss: obj(
    "Cuotas obrero-patronales del IMSS y aportación patronal al INFONAVIT de un periodo, concepto por concepto.",
    [
      "sbcCapturado",
      "sbc",
      "ajusteSbc",
      "dias",
      "anio",
      "primaRiesgo",
      "rangoCesantia",
      "conceptos",
      "totales",
      "patronPagaCuotasTrabajador",
      "fundamento",
      "datos",
    ],
    {
      sbcCapturado: { ...pesos, description: "SBC diario enviado." },
      sbc: { ...pesos, description: "SBC diario usado: al menos el salario mínimo, a lo más 25 UMA." },
      ajusteSbc: {
        enum: ["salario-minimo", "tope-25-uma", null],
        description: "Por qué el SBC usado difiere del enviado; null si no difiere.",
      },
      dias: { type: "integer", minimum: 1, maximum: 31 },
      anio: { type: "integer" },
      primaRiesgo: percent,
      rangoCesantia: obj("Rango del SBC para la cuota patronal de cesantía y vejez.", ["indice", "rango", "tasaPatron"], {
        indice: { type: "integer", minimum: 0, maximum: 7, description: "0 = salario mínimo … 7 = más de 4 UMA." },
        rango: { type: "string" },
        tasaPatron: percent,
      }),
      conceptos: {
        type: "array",
        minItems: 1,
        items: obj("", ["concepto", "fundamento", "base", "baseDiaria", "tasaTrabajador", "tasaPatron", "trabajador", "patron"], {
          concepto: { type: "string" },
          fundamento: basis,
          base: {
            type: "string",
            enum: ["prima-de-riesgo", "uma", "sbc-excedente-3-uma", "sbc"],
            description: "Sobre qué se aplica la tasa (prima-de-riesgo: el SBC con la prima de la empresa).",
          },
          baseDiaria: { ...pesos, description: "Importe diario de la base." },
          tasaTrabajador: percent,
          tasaPatron: percent,
          trabajador: { ...pesos, description: "Base diaria × días × tasa, redondeado al centavo." },
          patron: pesos,
        }),
      },
      totales: obj("Sumas; si el SBC es el salario mínimo, el patrón absorbe la parte del trabajador.", ["trabajador", "patron", "total"], {
        trabajador: pesos,
        patron: pesos,
        total: pesos,
      }),
      patronPagaCuotasTrabajador: {
        type: "boolean",
        description: "Art. 36 LSS: con el salario mínimo el patrón paga las cuotas del trabajador.",
      },
      fundamento: basis,
      datos: obj("UMA, salario mínimo y tabla de tasas usados.", ["uma", "tasas"], {
        uma: umaUsed,
        tasas: { type: "string", description: "Publicación de las tasas." },
      }),
    },
  ),
  CalcConversion: obj(
    "Un monto convertido entre dólares y pesos (al FIX o al tipo de cambio del Art. 20 CFF de una fecha) o entre pesos y UDIS (al valor de la UDI de una fecha).",
    ["monto", "moneda", "fecha", "regla", "resultado", "monedaResultado", "tipoDeCambio", "fundamento", "datos"],
    {
      monto: { type: "number", exclusiveMinimum: 0, description: "Monto recibido: pesos o dólares con dos decimales, UDIS con seis." },
      moneda: { type: "string", enum: ["USD", "MXN", "UDI"] },
      fecha: { type: "string", format: "date" },
      regla: {
        type: ["string", "null"],
        enum: ["fix", "dof", null],
        description: "null en las conversiones con UDIS, a las que no aplica.",
      },
      resultado: {
        type: "number",
        minimum: 0,
        description: "Monto convertido: pesos y dólares redondeados al centavo, UDIS a seis decimales (la mitad hacia arriba).",
      },
      monedaResultado: { type: "string", enum: ["USD", "MXN", "UDI"] },
      tipoDeCambio: {
        type: "number",
        exclusiveMinimum: 0,
        description: "Pesos por dólar (cuatro decimales) o pesos por UDI (seis decimales).",
      },
      fundamento: basis,
      datos: obj("El FIX, el tipo de cambio del DOF o el valor de la UDI usado (exactamente uno).", [], {
        fix: obj("FIX de la fecha (regla=fix).", ["date", "rate", "source", "ruta"], {
          date: { type: "string", format: "date" },
          rate: { type: "number" },
          source: { type: "string" },
          ruta: { type: "string" },
        }),
        dof: obj("Tipo de cambio aplicable según el Art. 20 CFF (regla=dof).", ["date", "rate", "fixDate", "dofDate", "source", "ruta"], {
          date: { type: "string", format: "date", description: "Fecha en que se causa la obligación." },
          rate: { type: "number" },
          fixDate: { type: "string", format: "date", description: "Fecha de determinación del FIX." },
          dofDate: { type: "string", format: "date", description: "Fecha de su publicación en el DOF." },
          source: { type: "string" },
          ruta: { type: "string" },
        }),
        udi: obj("Valor de la UDI de la fecha.", ["date", "value", "source", "ruta"], {
          date: { type: "string", format: "date" },
          value: { type: "number" },
          source: { type: "string" },
          ruta: { type: "string" },
        }),
      }),
    },
  ),
  CalcAguinaldo: obj(
    "Aguinaldo (Art. 87 LFT) con su parte exenta de ISR hasta 30 UMA (Art. 93 fr. XIV LISR) y la gravada.",
    [
      "salarioDiario",
      "dias",
      "diasTrabajados",
      "anio",
      "diasQueCorresponden",
      "aguinaldo",
      "topeExento",
      "exento",
      "gravado",
      "fundamento",
      "datos",
    ],
    {
      salarioDiario: pesos,
      dias: { type: "integer" },
      diasTrabajados: { type: "integer" },
      anio: { type: "integer" },
      diasQueCorresponden: { type: "number", description: "Días × días trabajados ÷ 365, a tres decimales." },
      aguinaldo: pesos,
      topeExento: { ...pesos, description: "30 UMA diarias del año." },
      exento: pesos,
      gravado: pesos,
      fundamento: basis,
      datos: obj("La UMA usada.", ["uma"], { uma: umaUsed }),
    },
  ),
  CalcPrimaVacacional: obj(
    "Prima vacacional (Arts. 76 y 80 LFT) con su parte exenta de ISR hasta 15 UMA (Art. 93 fr. XIV LISR) y la gravada.",
    [
      "salarioDiario",
      "antiguedad",
      "porcentaje",
      "anio",
      "diasVacaciones",
      "salarioVacaciones",
      "primaVacacional",
      "topeExento",
      "exento",
      "gravado",
      "fundamento",
      "datos",
    ],
    {
      salarioDiario: pesos,
      antiguedad: { type: "integer" },
      porcentaje: percent,
      anio: { type: "integer" },
      diasVacaciones: { type: "integer", description: "Días del Art. 76 LFT (desde 2023) por los años de servicio." },
      salarioVacaciones: { ...pesos, description: "Salario diario × días de vacaciones." },
      primaVacacional: pesos,
      topeExento: { ...pesos, description: "15 UMA diarias del año." },
      exento: pesos,
      gravado: pesos,
      fundamento: basis,
      datos: obj("La UMA usada.", ["uma"], { uma: umaUsed }),
    },
  ),
};
