// SAT's filling guide for CFDI 4.0, the notes that say when a key is used, each with its page or question and the sentence quoted; transcribed by hand.

/**
 * Copied from the project's hand-kept table guia-llenado-notas.csv (compiled November 2026 from the pdftotext
 * output of the documents below; every quotation was checked by program to occur on the cited page). Short names:
 * [guia40] SAT, «Anexo 20 Guía de llenado de los comprobantes fiscales digitales por Internet» (CFDI 4.0, PDF of
 * 2023-03-09; Apéndice 7 = «Preguntas y respuestas sobre el Anexo 20 versión 4.0»); [global40] SAT, «Guía de
 * llenado del CFDI global» 4.0 (PDF of 2023-03-09); [pregfrec40] SAT, «Preguntas y respuestas sobre el Anexo 20
 * versión 4.0» (PDF of 2024-05-29). All read from formasdigitales/documentacionSAT@406eba69a30467715df8da5b8ae2a736a85f852a
 * (CFDI/Version 4.0/Guias de llenado/ and Preguntas frecuentes/). ObjetoImp 04–08 are not in the 2023 guide: no note.
 */
export interface GuideNote {
  id: string;
  /** The CFDI field(s) the note is about, as the table writes them («RegimenFiscalReceptor; UsoCFDI»). */
  campo: string;
  /** The key(s), paired with `campo` by position; a parenthesis when the note names no key («(la de mayor monto)»). */
  clave: string;
  /** When it applies, in a sentence. */
  situacion: string;
  /** Document, page and section or question. */
  fuente: string;
  /** The guide's own sentence. */
  cita: string;
}

export const GUIDE_NOTES: readonly GuideNote[] = [
  {
    id: "fp-99",
    campo: "FormaPago",
    clave: "99",
    situacion:
      "No se recibe el pago al emitir (parcialidades o diferido): FormaPago 99 y MetodoPago PPD; por cada pago se emite CFDI con complemento para recepción de pagos.",
    fuente: "SAT, Anexo 20 Guía de llenado CFDI 4.0 [guia40] p. 6, campo FormaPago",
    cita: "En el caso de que no se reciba el pago de la contraprestación al momento de la emisión del comprobante fiscal (pago en parcialidades o diferido), los contribuyentes deberán seleccionar la clave “99” (Por definir) del catálogo c_FormaPago publicado en el Portal del SAT.",
  },
  {
    id: "mp-ppd",
    campo: "MetodoPago",
    clave: "PPD",
    situacion: "Con FormaPago 99 el método de pago es PPD; al cobrar se emite el CFDI de pagos.",
    fuente:
      "SAT, Anexo 20 Guía de llenado CFDI 4.0 [guia40] p. 6, campo FormaPago; igual en SAT, Preguntas y respuestas sobre el Anexo 20 v4.0 [pregfrec40] p. 5, pregunta 11",
    cita: "En este supuesto la clave del método de pago debe ser “PPD” (Pago en parcialidades o diferido) y cuando se reciba el pago total o parcial se debe emitir adicionalmente un CFDI al que se le incorpore el “Complemento para recepción de pagos” por cada pago que se reciba.",
  },
  {
    id: "fp-mayor-monto",
    campo: "FormaPago",
    clave: "(la de mayor monto)",
    situacion: "Varias formas de pago en una operación: se registra la que liquida la mayor cantidad; si empatan, cualquiera de ellas.",
    fuente: "SAT, Anexo 20 Guía de llenado CFDI 4.0 [guia40] p. 6, campo FormaPago",
    cita: "En el caso de aplicar más de una forma de pago en una transacción, los contribuyentes deben incluir en este campo la clave vigente del catálogo c_FormaPago de la forma de pago con la que se liquida la mayor cantidad del pago.",
  },
  {
    id: "fp-12",
    campo: "FormaPago",
    clave: "12",
    situacion: "Donativos entregados en especie: Dación en pago. (La guía no da otro uso de la clave 12.)",
    fuente: "SAT, Anexo 20 Guía de llenado CFDI 4.0 [guia40] p. 6, campo FormaPago",
    cita: "En el caso de donativos entregados en especie, en este campo se debe registrar la clave “12” (Dación en pago).",
  },
  {
    id: "fp-17",
    campo: "FormaPago",
    clave: "17",
    situacion:
      'Pago con bienes o servicios: no hay forma de pago "en especie"; cada parte factura su enajenación o servicio y se puede usar 17 (Compensación).',
    fuente:
      "SAT, Anexo 20 Guía de llenado CFDI 4.0 [guia40] p. 84, Apéndice 7, pregunta 28; igual en SAT, Preguntas y respuestas sobre el Anexo 20 v4.0 [pregfrec40] p. 9, pregunta 28",
    cita: "Tanto en el caso de la enajenación de bienes, como en la prestación de servicios se considera que el cliente y el proveedor son el mismo contribuyente, por lo tanto, se puede aplicar la forma de pago “17” (Compensación).",
  },
  {
    id: "fp-15",
    campo: "FormaPago",
    clave: "15",
    situacion:
      "CFDI de egreso (devolución, descuento o bonificación) sobre un CFDI de ingreso que aún no se ha pagado total o parcialmente: se puede usar 15 (Condonación).",
    fuente:
      "SAT, Anexo 20 Guía de llenado CFDI 4.0 [guia40] p. 84, Apéndice 7, pregunta 30; igual en SAT, Anexo 20 Guía de llenado CFDI 4.0 [guia40] p. 64, Apéndice 5, fracción I, inciso b)",
    cita: 'Se puede registrar la clave "15" (Condonación) del catálogo c_FormaPago publicado en el Portal del SAT.',
  },
  {
    id: "fp-15-forma",
    campo: "FormaPago",
    clave: "15",
    situacion: "En egresos, la clave 15 es una definición de forma, propuesta porque no existe un pago y el campo debe llenarse.",
    fuente: "SAT, Anexo 20 Guía de llenado CFDI 4.0 [guia40] p. 64, Apéndice 5, nota",
    cita: "es una definición de forma y que ésta se propone ante el hecho de la inexistencia de un pago y la necesidad de tener que llenar este campo para poder emitir el CFDI.",
  },
  {
    id: "fp-01-tarjeta-regalo",
    campo: "FormaPago",
    clave: "01",
    situacion:
      "Bonificación otorgada con tarjeta de regalo (CFDI de egreso) y factura de ingreso pagada con tarjeta de regalo: en ambos casos 01 (Efectivo).",
    fuente:
      "SAT, Anexo 20 Guía de llenado CFDI 4.0 [guia40] p. 84, Apéndice 7, pregunta 31; igual en SAT, Preguntas y respuestas sobre el Anexo 20 v4.0 [pregfrec40] p. 10, pregunta 31",
    cita: 'Se debe registrar en ambos casos la clave "01" (Efectivo) del catálogo c_FormaPago publicado en el Portal del SAT.',
  },
  {
    id: "fp-egreso",
    campo: "FormaPago",
    clave: "(la del CFDI de ingreso)",
    situacion:
      "CFDI de egreso: se registra la misma forma de pago del CFDI de ingreso que le dio origen (opcionalmente la forma con que se efectúa la devolución, descuento o bonificación).",
    fuente: "SAT, Anexo 20 Guía de llenado CFDI 4.0 [guia40] p. 7, campo FormaPago",
    cita: "Cuando el tipo de comprobante sea “E” (Egreso), se deberá registrar como forma de pago la misma clave vigente que se registró en el CFDI “I” (Ingreso) que dio origen a este comprobante, derivado ya sea de una devolución, descuento o bonificación",
  },
  {
    id: "fp-30",
    campo: "FormaPago",
    clave: "30",
    situacion:
      "Anticipo con CFDI de egreso: el egreso por el anticipo aplicado lleva FormaPago 30 (Aplicación de anticipos) y TipoRelacion 07.",
    fuente: "SAT, Anexo 20 Guía de llenado CFDI 4.0 [guia40] p. 71, Apéndice 6, A.III, inciso b)",
    cita: "FormaPago: En este campo se debe registrar la clave “30” (Aplicación de anticipo) del catálogo c_FormaPago.",
  },
  {
    id: "fp-23",
    campo: "FormaPago",
    clave: "23",
    situacion:
      "Descuento global a ventas futuras emitido sin relacionar a un ingreso: CFDI de egreso con FormaPago 23 (Novación); al facturar el ingreso se relaciona con TipoRelacion 02.",
    fuente: "SAT, Anexo 20 Guía de llenado CFDI 4.0 [guia40] p. 67, Apéndice 5, IV.B",
    cita: "el contribuyente podrá emitir un CFDI de tipo “E” (Egreso) por el valor del descuento sin relacionarlo a un CFDI de “I” (Ingreso), registrando en el campo FormaPago la clave “23” (Novación).",
  },
  {
    id: "egreso-descuento-posterior",
    campo: "TipoDeComprobante",
    clave: "E",
    situacion:
      "Descuento sobre el total de una factura ya emitida: se emite CFDI de egreso (si el descuento es al vender, va a nivel concepto).",
    fuente:
      "SAT, Anexo 20 Guía de llenado CFDI 4.0 [guia40] p. 82, Apéndice 7, pregunta 21; igual en SAT, Preguntas y respuestas sobre el Anexo 20 v4.0 [pregfrec40] p. 7, pregunta 21",
    cita: "Se debe de emitir un CFDI de egresos.",
  },
  {
    id: "tr-01",
    campo: "TipoRelacion",
    clave: "01",
    situacion: "Nota de crédito de los documentos relacionados; con 01 (o 02) no se relacionan comprobantes T, P o N.",
    fuente: "SAT, Anexo 20 Guía de llenado CFDI 4.0 [guia40] p. 13, campo TipoRelacion",
    cita: "Cuando el tipo de relación tenga la clave “01” o “02”, no se deben registrar notas de crédito y débito con comprobante de tipo “T” (Traslado), “P” (Pago) o “N” (Nómina).",
  },
  {
    id: "tr-01-global",
    campo: "TipoRelacion",
    clave: "01",
    situacion: "Nota de crédito a un CFDI global: el ejemplo de la guía global relaciona el egreso con TipoRelacion 01 y UsoCFDI G02.",
    fuente: "SAT, Guía de llenado del CFDI global 4.0 [global40] p. 29, ejemplo de CFDI de egreso",
    cita: "Tipo Relación: 01 Nota de crédito de los documentos relacionados",
  },
  {
    id: "tr-03",
    campo: "TipoRelacion",
    clave: "03",
    situacion: "Devolución de mercancía sobre facturas o traslados previos; no se registran devoluciones sobre comprobantes E, P o N.",
    fuente: "SAT, Anexo 20 Guía de llenado CFDI 4.0 [guia40] p. 13, campo TipoRelacion",
    cita: "Cuando el tipo de relación tenga la clave “03”, no se deben registrar devoluciones de mercancías sobre comprobantes de tipo “E” (Egreso), “P” (Pago) o “N” (Nómina).",
  },
  {
    id: "tr-04",
    campo: "TipoRelacion",
    clave: "04",
    situacion:
      "Sustitución: se emite primero el CFDI correcto con TipoRelacion 04 y el UUID del que se sustituye; luego se cancela el anterior con motivo 01.",
    fuente:
      "SAT, Anexo 20 Guía de llenado CFDI 4.0 [guia40] p. 89, Apéndice 7, pregunta 42; igual en SAT, Preguntas y respuestas sobre el Anexo 20 v4.0 [pregfrec40] p. 14, pregunta 42",
    cita: "Se debe emitir el comprobante que contiene los datos correctos, registrando la clave “04” (Sustitución de los CFDI previos) relacionando el folio fiscal del comprobante que se sustituye.",
  },
  {
    id: "tr-07",
    campo: "TipoRelacion",
    clave: "07",
    situacion:
      "Anticipos: el CFDI por el valor total de la operación se relaciona con el del anticipo mediante TipoRelacion 07 (CFDI por aplicación de anticipo).",
    fuente: "SAT, Anexo 20 Guía de llenado CFDI 4.0 [guia40] p. 71, Apéndice 6, A.II, inciso c)",
    cita: "TipoRelacion: En este campo se debe registrar la clave “07” (CFDI por aplicación de anticipo) del catálogo c_TipoRelacion, a efecto de relacionar este comprobante con el del anticipo emitido anteriormente.",
  },
  {
    id: "anticipo-definicion",
    campo: "(anticipo)",
    clave: "",
    situacion: "Sólo hay anticipo si no se conoce el bien/servicio o su precio; un depósito en garantía (p. ej. renta) no es anticipo.",
    fuente: "SAT, Anexo 20 Guía de llenado CFDI 4.0 [guia40] p. 69, Apéndice 6, consideraciones previas",
    cita: "Solo estaremos ante el caso de una operación en dónde existe el pago de un anticipo, cuando se realice un pago en una operación en dónde: a. No se conoce o no se ha determinado el bien o servicio que se va a adquirir o el precio del mismo.",
  },
  {
    id: "pg-rfc",
    campo: "Receptor/Rfc",
    clave: "XAXX010101000",
    situacion: "CFDI global de operaciones con el público en general: RFC genérico nacional.",
    fuente: "SAT, Guía de llenado del CFDI global 4.0 [global40] p. 14, Nodo Receptor, campo Rfc",
    cita: "Se debe registrar el valor “XAXX010101000”.",
  },
  {
    id: "pg-nombre-cp",
    campo: "Receptor/Nombre; DomicilioFiscalReceptor",
    clave: "PUBLICO EN GENERAL",
    situacion: 'CFDI global: Nombre "PUBLICO EN GENERAL" y como domicilio fiscal del receptor el mismo CP del LugarExpedicion.',
    fuente: "SAT, Guía de llenado del CFDI global 4.0 [global40] p. 14, Nodo Receptor",
    cita: "En este campo se debe de registrar el valor “PUBLICO EN GENERAL”. En este campo se debe registrar el mismo código postal señalado en el campo LugarExpedicion.",
  },
  {
    id: "pg-616-s01",
    campo: "RegimenFiscalReceptor; UsoCFDI",
    clave: "616; S01",
    situacion: "CFDI global: régimen del receptor 616 (Sin obligaciones fiscales) y UsoCFDI S01 (Sin efectos fiscales).",
    fuente: "SAT, Guía de llenado del CFDI global 4.0 [global40] p. 15, Nodo Receptor",
    cita: "En este campo se debe registrar la clave “616” (Sin obligaciones fiscales). Se debe registrar la clave “S01” (Sin efectos fiscales).",
  },
  {
    id: "pg-prodserv",
    campo: "Concepto/ClaveProdServ",
    clave: "01010101",
    situacion:
      "CFDI global: cada concepto (ticket) lleva ClaveProdServ 01010101 y en NoIdentificacion el folio del comprobante de la operación.",
    fuente: "SAT, Guía de llenado del CFDI global 4.0 [global40] p. 15, Nodo Concepto",
    cita: "En este campo se debe registrar la clave “01010101” del catálogo c_ClaveProdServ publicado en el Portal del SAT.",
  },
  {
    id: "pg-metodo",
    campo: "MetodoPago; Exportacion",
    clave: "PUE; 01",
    situacion: "CFDI global: siempre PUE; Exportacion 01 (No aplica).",
    fuente: "SAT, Guía de llenado del CFDI global 4.0 [global40] p. 10, campos Exportacion y MetodoPago",
    cita: "Se debe registrar siempre la clave “PUE” (Pago en una sola exhibición), de conformidad con el catálogo c_MetodoPago.",
  },
  {
    id: "pg-formapago",
    campo: "FormaPago",
    clave: "(la del ticket de mayor monto)",
    situacion:
      "CFDI global: forma de pago con que se liquidó el comprobante de operaciones con el público en general de mayor monto incluido en el global.",
    fuente: "SAT, Guía de llenado del CFDI global 4.0 [global40] p. 7, campo FormaPago",
    cita: "Se debe registrar la clave de forma de pago con la que se liquidó el comprobante de operaciones con el público en general de mayor monto de entre los contenidos en el CFDI global",
  },
  {
    id: "ext-616",
    campo: "RegimenFiscalReceptor",
    clave: "616",
    situacion: "Receptor residente en el extranjero con RFC genérico XEXX010101000: régimen 616 (Sin obligaciones fiscales).",
    fuente: "SAT, Anexo 20 Guía de llenado CFDI 4.0 [guia40] p. 18, campo RegimenFiscalReceptor",
    cita: "Cuando se trate de operaciones con residentes en el extranjero y se registre el valor “XEXX010101000” en este campo se debe registrar la clave “616” Sin obligaciones fiscales.",
  },
  {
    id: "ext-s01",
    campo: "UsoCFDI",
    clave: "S01",
    situacion: "Receptor residente en el extranjero con RFC genérico XEXX010101000: UsoCFDI S01 (Sin efectos fiscales).",
    fuente: "SAT, Anexo 20 Guía de llenado CFDI 4.0 [guia40] p. 19, campo UsoCFDI",
    cita: "En el caso de que se emita un CFDI a un residente en el extranjero con RFC genérico (XEXX010101000), en este campo se debe registrar la clave “S01” (Sin efectos fiscales).",
  },
  {
    id: "ext-residencia",
    campo: "Receptor/ResidenciaFiscal",
    clave: "(clave c_Pais)",
    situacion:
      "Extranjero: ResidenciaFiscal obligatoria cuando el RFC es el genérico extranjero y se incluye comercio exterior o NumRegIdTrib.",
    fuente: "SAT, Anexo 20 Guía de llenado CFDI 4.0 [guia40] p. 17, campo ResidenciaFiscal",
    cita: "Este campo es obligatorio cuando el RFC del receptor es un RFC genérico extranjero, y se incluya el complemento de comercio exterior o se registre el campo NumRegIdTrib.",
  },
  {
    id: "oi-02",
    campo: "Concepto/ObjetoImp",
    clave: "02",
    situacion: "Sí objeto de impuesto: se desglosan los impuestos a nivel concepto.",
    fuente: "SAT, Anexo 20 Guía de llenado CFDI 4.0 [guia40] p. 24, campo ObjetoImp",
    cita: "Si el valor registrado en este campo es “02” (Sí objeto de impuesto), se deben desglosar los Impuestos a nivel de Concepto.",
  },
  {
    id: "oi-01-03",
    campo: "Concepto/ObjetoImp",
    clave: "01; 03",
    situacion:
      "01 (No objeto de impuesto) y 03 (Sí objeto del impuesto y no obligado al desglose): no se desglosan impuestos a nivel concepto. Las claves 04–08 no aparecen en esta guía (ver README).",
    fuente: "SAT, Anexo 20 Guía de llenado CFDI 4.0 [guia40] p. 24, campo ObjetoImp",
    cita: "Si el valor registrado en este campo es “01” (No objeto de impuesto) o “03” (Sí objeto del impuesto y no obligado al desglose) no se desglosan impuestos a nivel Concepto.",
  },
  {
    id: "exento",
    campo: "Traslado/TipoFactor",
    clave: "Exento",
    situacion: "Conceptos exentos: se informan Base, Impuesto y TipoFactor Exento, sin TasaOCuota ni Importe.",
    fuente: "SAT, Anexo 20 Guía de llenado CFDI 4.0 [guia40] p. 80, Apéndice 7, pregunta 13",
    cita: "No se deben registrar los campos TasaOCuota e Importe.",
  },
  {
    id: "tasa-6-dec",
    campo: "TasaOCuota",
    clave: "(valor del catálogo, 6 decimales)",
    situacion: "TasaOCuota debe ser un valor (fijo o de rango) del catálogo c_TasaOCuota con seis decimales (p. ej. 0.160000), no dos.",
    fuente:
      "SAT, Anexo 20 Guía de llenado CFDI 4.0 [guia40] p. 88, Apéndice 7, pregunta 40; igual en SAT, Preguntas y respuestas sobre el Anexo 20 v4.0 [pregfrec40] p. 13, pregunta 40",
    cita: "Lo correcto es que el valor registrado debe corresponder a un valor, fijo o de rango respectivamente, del catálogo c_TasaOCuota. Se deben usar seis decimales de conformidad con dicho catálogo.",
  },
  {
    id: "decimales",
    campo: "Importes",
    clave: "",
    situacion: "Por concepto se usan de cero a seis decimales; los totales se redondean al final a los decimales de la moneda.",
    fuente: "SAT, Anexo 20 Guía de llenado CFDI 4.0 [guia40] p. 86, Apéndice 7, pregunta 37",
    cita: "por cada concepto de la factura se puede utilizar de cero hasta seis decimales como máximo y en los totales se debe redondear al final del cálculo el resultado al número de decimales que soporta la moneda.",
  },
  {
    id: "usocfdi-erroneo",
    campo: "UsoCFDI",
    clave: "",
    situacion: "Si el receptor dará un uso distinto al del UsoCFDI, el CFDI se cancela y se sustituye por uno con la clave correcta.",
    fuente: "SAT, Anexo 20 Guía de llenado CFDI 4.0 [guia40] p. 76, Apéndice 7, pregunta 1",
    cita: "Sí, se debe cancelar y sustituir por el CFDI que contenga la clave del UsoCFDI correcta.",
  },
];
