// The CFDI pre-check section of the route table: receptor, concepto and comprobante, each a list of findings from the catalogs.
import { MAX_XML_BYTES } from "./cfdi-check/limits.ts";
import { CACHE, type DateQueryParam, type DecimalQueryParam, type Route, type StringQueryParam } from "./route-shape/route-types.ts";

/** A catalog code as a query value: free text (an unknown code is a finding, not a 400), bounded in length. */
const code = (name: string, required: boolean, example: string, description: string, maxLength = 8): StringQueryParam => ({
  in: "query",
  name,
  type: "string",
  required,
  maxLength,
  example,
  description: `${description} Una clave que no existe es un hallazgo, no un error.`,
});

const fecha: DateQueryParam = {
  in: "query",
  name: "fecha",
  type: "date",
  required: false,
  example: "2026-03-15",
  description: "Fecha del comprobante (AAAA-MM-DD): cada clave debe estar vigente ese día. Sin ella, hoy en la Ciudad de México.",
};

const decimal = (name: string, maximum: string, example: string, description: string): DecimalQueryParam => ({
  in: "query",
  name,
  type: "decimal",
  required: false,
  decimals: 6,
  minimum: "0",
  maximum,
  example,
  description,
});

const OUT_OF_REACH =
  "Solo revisa lo que deciden los catálogos públicos del SAT; lo que necesita sus listas no públicas (RFC inscrito, régimen de la Constancia, código postal) se enumera en `notChecked`. " +
  "Una revisión aprobada no es un comprobante timbrado. Siempre responde 200 a una petición bien formada; solo un parámetro obligatorio ausente, repetido o mal formado, " +
  "un parámetro que la ruta no tiene (se nombra: no se ignora) o una fecha que no existe, es 400.";

/** A small CFDI 4.0 that passes every check: one service at IVA 16 % (an example request, not an issued invoice). */
const EXAMPLE_XML =
  '<?xml version="1.0" encoding="UTF-8"?>' +
  '<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Fecha="2026-03-15T10:00:00" FormaPago="03" MetodoPago="PUE" ' +
  'SubTotal="1000.00" Moneda="MXN" Total="1160.00" TipoDeComprobante="I" Exportacion="01" LugarExpedicion="06000">' +
  '<cfdi:Emisor Rfc="EKU9003173C9" Nombre="ESCUELA KEMPER URGATE" RegimenFiscal="601"/>' +
  '<cfdi:Receptor Rfc="GODE561231GR8" Nombre="EJEMPLO" DomicilioFiscalReceptor="06000" RegimenFiscalReceptor="612" UsoCFDI="G03"/>' +
  '<cfdi:Conceptos><cfdi:Concepto ClaveProdServ="80111700" Cantidad="1" ClaveUnidad="E48" Descripcion="Servicio" ValorUnitario="1000.00" Importe="1000.00" ObjetoImp="02">' +
  '<cfdi:Impuestos><cfdi:Traslados><cfdi:Traslado Base="1000.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="160.00"/></cfdi:Traslados></cfdi:Impuestos>' +
  "</cfdi:Concepto></cfdi:Conceptos>" +
  '<cfdi:Impuestos TotalImpuestosTrasladados="160.00"><cfdi:Traslados><cfdi:Traslado Base="1000.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="160.00"/></cfdi:Traslados></cfdi:Impuestos>' +
  "</cfdi:Comprobante>";

export function checkRoutes() {
  return [
    {
      id: "cfdiCheckReceptor",
      path: "/cfdi/validar/receptor",
      mcp: { tool: "validar", as: "receptor-cfdi" },
      tag: "Revisión previa CFDI",
      summary: "Revisa RFC, régimen y uso de CFDI del receptor",
      description:
        "La estructura del RFC y el tipo de persona que indica, el régimen para ese tipo de persona (c_RegimenFiscal), el uso de CFDI para el tipo de persona y el régimen " +
        "(c_UsoCFDI, columnas Física, Moral y Régimen Fiscal Receptor), las reglas de los RFC genéricos (XAXX010101000 y XEXX010101000 llevan el régimen 616) " +
        `y la vigencia de cada clave en la fecha; además, los usos que ese receptor puede recibir. ${OUT_OF_REACH}`,
      params: [
        code(
          "rfc",
          true,
          "GODE561231GR8",
          "RFC del receptor (12 caracteres persona moral, 13 física; se recorta y se pasa a mayúsculas).",
          64,
        ),
        code("regimen", true, "612", "Clave de c_RegimenFiscal del receptor."),
        code("uso", true, "G03", "Clave de c_UsoCFDI."),
        fecha,
      ],
      body: { ref: "ReceptorCheck" },
      cache: CACHE.calendar,
      kind: "function",
      notFound: false,
      strictQuery: true,
    },
    {
      id: "cfdiCheckConcepto",
      path: "/cfdi/validar/concepto",
      mcp: { tool: "validar", as: "concepto-cfdi" },
      tag: "Revisión previa CFDI",
      summary: "Revisa las claves y un impuesto de un concepto",
      description:
        "Que c_ClaveProdServ, c_ClaveUnidad y c_ObjetoImp tengan las claves y estén vigentes en la fecha; qué dice la clave de producto del IVA y el IEPS trasladados y de complementos; " +
        "si el ObjetoImp admite impuestos; y, con `impuesto`, `factor` y `tipo`, que la línea de impuesto sea una regla de c_TasaOCuota (valor fijo o dentro del rango) vigente en la fecha. " +
        `\`impuesto\`, \`factor\` y \`tipo\` van juntos: dar uno sin los otros es 400. ${OUT_OF_REACH}`,
      params: [
        code("claveProdServ", true, "01010101", "Clave de c_ClaveProdServ.", 16),
        code("claveUnidad", true, "H87", "Clave de c_ClaveUnidad."),
        code("objetoImp", true, "02", "Clave de c_ObjetoImp."),
        code("impuesto", false, "002", "Clave de c_Impuesto de la línea de impuesto (001 ISR, 002 IVA, 003 IEPS)."),
        code("factor", false, "Tasa", "Clave de c_TipoFactor (Tasa, Cuota o Exento).", 16),
        decimal(
          "tasaOCuota",
          "999999",
          "0.160000",
          "TasaOCuota de la línea, con punto y hasta 6 decimales (p. ej. 0.160000); se omite con factor Exento.",
        ),
        {
          in: "query",
          name: "tipo",
          type: "string",
          required: false,
          enum: ["traslado", "retencion"],
          maxLength: 9,
          example: "traslado",
          description: "Si la línea es un traslado o una retención.",
        },
        fecha,
      ],
      body: { ref: "CfdiCheck" },
      cache: CACHE.calendar,
      kind: "function",
      notFound: false,
      strictQuery: true,
    },
    {
      id: "cfdiCheckComprobante",
      path: "/cfdi/validar/comprobante",
      mcp: { tool: "validar", as: "comprobante-cfdi" },
      tag: "Revisión previa CFDI",
      summary: "Revisa tipo de comprobante, método y forma de pago, moneda y tipo de cambio, y exportación",
      description:
        "Que cada clave esté en su catálogo y vigente en la fecha; las combinaciones de tipo de comprobante, método y forma de pago (T y P van sin MetodoPago; T, N y P sin FormaPago; PPD con forma 99); " +
        "el tipo de cambio según la moneda (1 con MXN, obligatorio con otra moneda, ausente con XXX, con el patrón del SAT); " +
        `los decimales del total según c_Moneda y el valor máximo de c_TipoDeComprobante; y lo que la clave de exportación exige. ${OUT_OF_REACH}`,
      params: [
        code("tipo", true, "I", "Clave de c_TipoDeComprobante."),
        code("metodoPago", false, "PPD", "Clave de c_MetodoPago; se omite en comprobantes T y P."),
        code("formaPago", false, "99", "Clave de c_FormaPago; se omite en comprobantes T, N y P."),
        code("moneda", true, "MXN", "Clave de c_Moneda."),
        {
          in: "query",
          name: "tipoCambio",
          type: "string",
          required: false,
          maxLength: 32,
          example: "17.2345",
          description:
            "TipoCambio del comprobante tal como va en el XML: con MXN se omite o es 1; con otra moneda (salvo XXX) es obligatorio; con XXX no va. " +
            "Un valor que no cumple el patrón del SAT es un hallazgo (CFDI40117), no un error.",
        },
        decimal(
          "total",
          "999999999999999.999999",
          "1160.00",
          "Total del comprobante, con punto y hasta 6 decimales; se revisan los decimales que admite la moneda.",
        ),
        code("exportacion", true, "01", "Clave de c_Exportacion."),
        fecha,
      ],
      body: { ref: "CfdiCheck" },
      cache: CACHE.calendar,
      kind: "function",
      notFound: false,
      strictQuery: true,
    },
    {
      id: "cfdiCheckXml",
      path: "/cfdi/validar",
      mcp: { tool: "validar", as: "cfdi-xml" },
      tag: "Revisión previa CFDI",
      summary: "Revisa un CFDI 4.0 completo (XML)",
      description:
        "Todo lo que revisan las rutas de receptor, concepto y comprobante, en cada nodo del XML (emisor, receptor, cada concepto y cada línea de impuesto), " +
        "más las reglas entre sus campos (RFC genéricos, público en general e InformacionGlobal, receptor en el extranjero, Comercio Exterior) y su aritmética: " +
        "cada Importe dentro de los límites del Anexo 20, el resumen de Impuestos igual al redondeo de la suma de los conceptos, SubTotal, Descuento y Total. " +
        "Cada hallazgo lleva el código de la matriz de errores del SAT. Las vigencias se leen a la fecha del atributo Fecha. No se guarda nada. " +
        `Solo revisa lo que deciden los catálogos públicos y el propio XML; lo demás se enumera en \`notChecked\`. Una revisión aprobada no es un comprobante timbrado.`,
      params: [],
      body: { ref: "CfdiValidation" },
      cache: CACHE.calendar,
      kind: "function",
      notFound: false,
      strictQuery: true,
      post: {
        media: "xml",
        maxBytes: MAX_XML_BYTES,
        only: true,
        summary: "Revisa un CFDI 4.0 completo (XML)",
        description:
          "El cuerpo es el XML del CFDI 4.0 (Content-Type application/xml o text/xml, UTF-8, hasta 1 MiB; con o sin sello y timbre). " +
          "Responde 200 con los hallazgos sea cual sea el veredicto. Es 400 un XML mal formado, con DOCTYPE o entidades, de otra versión o cuyo elemento raíz no es cfdi:Comprobante; 413 uno de más de 1 MiB.",
        example: EXAMPLE_XML,
      },
    },
  ] as const satisfies readonly Route[];
}
