// What each MCP tool is for: its title, when an assistant should use it (Spanish), and the selector that picks among its routes.
import type { McpToolName } from "../route-shape/route-types.ts";

export interface Family {
  title: string;
  /** When to use the tool, one or two Spanish sentences; the list of what the selector can pick is appended from the table. */
  when: string;
  /** The argument whose value (a route's `mcp.as`) picks among the tool's routes; its enum comes from the table. */
  selector?: { name: string; description: string };
}

export const FAMILIES: Record<McpToolName, Family> = {
  serie_banxico: {
    title: "Series del Banco de México (FIX, UDI, TIIE)",
    when:
      "Úsala para el FIX que el Banco de México determinó en una fecha, la UDI o la TIIE a 28 días: de una fecha, un intervalo, los últimos días o el último dato. " +
      "El tipo de cambio de una factura o pago en dólares (Art. 20 CFF) lo da tipo_cambio_art20.",
    selector: { name: "serie", description: "Serie." },
  },
  tipo_cambio_art20: {
    title: "Tipo de cambio para una obligación en dólares (Art. 20 CFF)",
    when: "Úsala cuando pregunten qué tipo de cambio aplica a una factura, pago o impuesto en dólares de una fecha: el FIX publicado en el DOF el día anterior (Art. 20 CFF), no el FIX de esa misma fecha.",
  },
  uma_salario_minimo: {
    title: "UMA, salario mínimo y tasas IMSS de un año",
    when: "Úsala para la UMA, el salario mínimo y las tasas obrero-patronales de un año; sin año, las del año en curso.",
  },
  inpc: {
    title: "INPC (inflación)",
    when: "Úsala para el Índice Nacional de Precios al Consumidor del INEGI de un mes (period) o de los meses más recientes (limit).",
  },
  tabla_fiscal: {
    title: "Tablas y tarifas fiscales de un año",
    when: "Úsala para una tabla oficial: la tarifa de ISR de un año y periodo, el subsidio para el empleo de una fecha o las tasas del RESICO.",
    selector: { name: "tabla", description: "Tabla." },
  },
  catalogo_sat: {
    title: "Catálogos del SAT (CFDI 4.0 y Nómina 1.2)",
    when:
      "Úsala para ver una clave de un catálogo del SAT (code y, si es compuesta, sus columnas) o, sin code, el catálogo entero o por páginas. " +
      "Para hallar una clave por texto usa buscar_clave_sat.",
    selector: { name: "catalogo", description: "Catálogo." },
  },
  buscar_clave_sat: {
    title: "Buscar claves del SAT por texto",
    when: "Úsala para encontrar la clave del SAT de un producto, servicio, unidad, uso o régimen a partir de palabras (por ejemplo, la ClaveProdServ de una laptop).",
  },
  validar: {
    title: "Validaciones",
    when: "Úsala para revisar la estructura de un RFC, o si el receptor, un concepto o el encabezado (comprobante) de un CFDI usan claves que los catálogos del SAT permiten. No consulta padrones del SAT.",
    selector: { name: "que", description: "Qué validar." },
  },
  calendario_fiscal: {
    title: "Calendario de vencimientos",
    when: "Úsala para fechas límite (SAT, IMSS, INFONAVIT, LFT): sin argumentos, las próximas; con year, un año; con desde y hasta, un intervalo.",
  },
  calcular: {
    title: "Cálculos fiscales exactos",
    when: "Úsala para calcular al centavo, con datos oficiales y fundamento legal, en vez de hacer la cuenta tú: ISR por salarios con subsidio para el empleo e ISR a retener, ISR anual, RESICO, factor de actualización, cuotas IMSS, aguinaldo, prima vacacional, conversión de moneda o los totales de una factura (varios conceptos en conceptos).",
    selector: { name: "calculo", description: "Cálculo." },
  },
  contenido_sitio: {
    title: "Calculadoras, artículos y glosario",
    when: "Úsala cuando pidan las calculadoras, guías o términos del glosario del sitio.",
    selector: { name: "que", description: "Qué listar." },
  },
  estado_datos: {
    title: "Frescura y procedencia de los datos",
    when: "Úsala cuando pregunten qué tan actualizados están los datos, de qué publicador vienen o cuál es el último dato de cada conjunto.",
  },
};
