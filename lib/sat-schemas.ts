// Schemas of the SAT catalog section: the columns each catalog adds to its entries, the c_TasaOCuota rules and search results.

/** The sheet columns published beside code, description and plain, by the catalogs that have them. */
export const satEntryProperties = {
  descripcion: { type: ["string", "null"], description: "c_ClaveUnidad: la columna Descripción de la hoja (su `description` es el Nombre de la unidad); null si está vacía." },
  nota: { type: ["string", "null"], description: "c_ClaveUnidad: nota del SAT." },
  simbolo: { type: ["string", "null"], description: "c_ClaveUnidad: símbolo de la unidad." },
  formatoCodigoPostal: { type: ["string", "null"], description: "c_Pais: patrón del código postal." },
  formatoRegistroIdentidadTributaria: { type: ["string", "null"], description: "c_Pais: patrón del registro de identidad tributaria." },
  validacionRegistroIdentidadTributaria: { type: ["string", "null"], description: "c_Pais: cómo se valida el registro de identidad tributaria." },
  agrupaciones: { type: ["string", "null"], description: "c_Pais: agrupaciones a las que pertenece el país (p. ej. Unión Europea)." },
  retencion: { type: "boolean", description: "c_Impuesto: si el impuesto se retiene." },
  traslado: { type: "boolean", description: "c_Impuesto: si el impuesto se traslada." },
  localOFederal: { type: "string", description: "c_Impuesto: Local o Federal." },
  pais: { type: "string", description: "c_Estado: país del estado (parte de la clave)." },
  estado: { type: "string", description: "c_Municipio y c_Localidad: estado (parte de la clave)." },
  aduana: { type: "string", description: "c_NumPedimentoAduana: aduana (parte de la clave)." },
  patente: { type: "string", description: "c_NumPedimentoAduana: patente (parte de la clave)." },
  ejercicio: { type: "integer", description: "c_NumPedimentoAduana: ejercicio (parte de la clave)." },
  cantidad: { type: "integer", minimum: 0, description: "c_NumPedimentoAduana: número de pedimentos autorizados." },
  nombreORazonSocial: { type: "string", description: "c_Banco (Nómina): nombre o razón social del banco." },
} as const;

export const satSchemas = {
  TasaOCuotaRule: {
    type: "object",
    description: "Regla del catálogo c_TasaOCuota: el valor fijo o el rango de tasa o cuota que admite un impuesto con un tipo de factor.",
    required: ["rangoOFijo", "valorMinimo", "valorMaximo", "impuesto", "factor", "traslado", "retencion", "validFrom", "validTo"],
    properties: {
      rangoOFijo: { type: "string", enum: ["Fijo", "Rango"], description: "Fijo: exactamente valorMaximo; Rango: de valorMinimo a valorMaximo." },
      valorMinimo: { type: ["number", "null"], minimum: 0, description: "Inicio del rango; null en los valores fijos." },
      valorMaximo: { type: "number", minimum: 0, description: "El valor fijo, o el fin del rango." },
      impuesto: { type: "string", minLength: 1, description: "Impuesto, como lo escribe el SAT (IVA, IEPS, ISR, …)." },
      factor: { type: "string", minLength: 1, description: "Tipo de factor (Tasa o Cuota)." },
      traslado: { type: "boolean", description: "Aplica a traslados." },
      retencion: { type: "boolean", description: "Aplica a retenciones." },
      validFrom: { type: ["string", "null"], format: "date", description: "Fecha de inicio de vigencia." },
      validTo: { type: ["string", "null"], format: "date", description: "Fecha de fin de vigencia; null si sigue vigente." },
    },
    additionalProperties: false,
  },
  SearchResult: {
    type: "object",
    description: "Una clave encontrada por /cfdi/buscar, con la ruta de su consulta.",
    required: ["catalog", "code", "description", "inForce", "validTo", "url"],
    properties: {
      catalog: { type: "string", description: "Catálogo (el id de `catalogo`, p. ej. clave-prod-serv)." },
      code: { type: "string", description: "Clave del catálogo." },
      description: { type: "string", description: "Descripción oficial." },
      inForce: { type: "boolean", description: "false si la clave ya no estaba vigente en la fecha de corte (esas van después de las vigentes)." },
      validTo: { type: ["string", "null"], format: "date", description: "Fin de vigencia; null si sigue vigente." },
      url: { type: "string", description: "Ruta de la consulta de la clave, relativa a la base de la API." },
    },
    additionalProperties: false,
  },
} as const;
