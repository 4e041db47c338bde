// Catalog of the in-browser fiscal calculators published on the site (served by /tools).
import type { Tool } from "./types.ts";

export const tools: Tool[] = [
  {
    slug: "calculadora-isr-salarios",
    title: "Calculadora de retención de ISR por salarios",
    summary:
      "Calcula la retención de ISR sobre sueldos y salarios con la tarifa del artículo 96 de la LISR para el año y el periodo de pago que elijas (diario, semanal, quincenal, mensual o anual). Muestra el límite inferior, el excedente, el impuesto marginal y la cuota fija que dan el resultado.",
    url: "/herramientas/calculadora-isr-salarios/",
    uses: ["/tarifa/isr/{year}/{period}"],
    keywords: [
      "isr",
      "retencion",
      "sueldo",
      "salario",
      "nomina",
      "tarifa",
      "articulo 96",
      "cuota fija",
      "tasa marginal",
      "quincenal",
      "mensual",
      "semanal",
    ],
  },
  {
    slug: "conversor-uma",
    title: "Conversor de UMA a pesos",
    summary:
      "Convierte cantidades expresadas en UMA a pesos y pesos a UMA, con el valor diario, mensual y anual de la Unidad de Medida y Actualización del año que elijas.",
    url: "/herramientas/conversor-uma/",
    uses: ["/uma/{year}"],
    keywords: ["uma", "unidad de medida y actualizacion", "conversion", "pesos", "multas", "topes", "exencion", "inegi"],
  },
  {
    slug: "conversor-salario-minimo",
    title: "Conversor de salarios mínimos a pesos",
    summary:
      "Convierte un número de salarios mínimos generales a pesos por día, mes o año, y un sueldo en pesos a su equivalente en salarios mínimos, con el salario mínimo general del año que elijas.",
    url: "/herramientas/conversor-salario-minimo/",
    uses: ["/uma/{year}"],
    keywords: ["salario minimo", "conasami", "sueldo", "conversion", "veces salario minimo", "pesos"],
  },
  {
    slug: "conversor-dolar-peso-fix",
    title: "Conversor de dólares a pesos con el tipo de cambio FIX",
    summary:
      "Convierte dólares estadounidenses a pesos mexicanos, y al revés, con el tipo de cambio FIX que determina el Banco de México en la fecha que elijas, o con el tipo de cambio del DOF aplicable a esa fecha según el artículo 20 del Código Fiscal de la Federación.",
    url: "/herramientas/conversor-dolar-peso-fix/",
    uses: ["/fx/history", "/fx/dof/{date}"],
    keywords: ["tipo de cambio", "fix", "dolar", "usd", "mxn", "banxico", "conversion", "moneda extranjera", "dof"],
  },
  {
    slug: "conversor-udis",
    title: "Conversor de UDIS a pesos",
    summary:
      "Convierte un importe en pesos a UDIS, y un número de UDIS a pesos, con el valor de la Unidad de Inversión que publica el Banco de México para el día que elijas, desde el 4 de abril de 1995.",
    url: "/herramientas/conversor-udis/",
    uses: ["/udi/{date}"],
    keywords: ["udi", "udis", "unidad de inversion", "banxico", "conversion", "pesos", "credito", "hipoteca", "inflacion"],
  },
  {
    slug: "factor-de-actualizacion",
    title: "Calculadora del factor de actualización (art. 17-A CFF)",
    summary:
      "Calcula el factor de actualización del artículo 17-A del Código Fiscal de la Federación entre dos meses con el INPC publicado por el INEGI, y actualiza un monto con ese factor.",
    url: "/herramientas/factor-de-actualizacion/",
    uses: ["/inpc/{period}"],
    keywords: ["factor de actualizacion", "inpc", "inflacion", "actualizacion", "17-a", "cff", "contribuciones", "recargos"],
  },
  {
    slug: "calculadora-aguinaldo",
    title: "Calculadora de aguinaldo",
    summary:
      "Calcula el aguinaldo completo o proporcional según los días de salario pactados (mínimo 15 por ley) y los días trabajados en el año, y separa la parte exenta de ISR, hasta 30 UMA, de la parte gravada.",
    url: "/herramientas/calculadora-aguinaldo/",
    uses: ["/uma/{year}"],
    keywords: ["aguinaldo", "gratificacion anual", "proporcional", "exento", "30 uma", "isr", "diciembre", "prestaciones"],
  },
  {
    slug: "calculadora-prima-vacacional",
    title: "Calculadora de prima vacacional",
    summary:
      "Calcula los días de vacaciones que corresponden según la antigüedad, la prima vacacional (mínimo 25 % del salario de esos días) y la parte exenta de ISR, hasta 15 UMA por año.",
    url: "/herramientas/calculadora-prima-vacacional/",
    uses: ["/uma/{year}"],
    keywords: ["prima vacacional", "vacaciones", "antiguedad", "exento", "15 uma", "prestaciones", "isr"],
  },
  {
    slug: "validador-rfc",
    title: "Validador de estructura del RFC",
    summary:
      "Revisa si un RFC de persona física o moral tiene una estructura válida: longitud, caracteres, fecha de nacimiento o constitución y dígito verificador. No consulta si está inscrito ni su situación ante el SAT.",
    url: "/herramientas/validador-rfc/",
    uses: ["/rfc/validar/{rfc}"],
    keywords: ["rfc", "validar", "validador", "homoclave", "digito verificador", "persona fisica", "persona moral", "sat"],
  },
  {
    slug: "calculadora-cuotas-imss",
    title: "Calculadora de cuotas obrero-patronales IMSS",
    summary:
      "Estima las cuotas de seguridad social que corresponden al trabajador y al patrón a partir del salario base de cotización diario y los días del periodo, con la UMA y las tasas del año que elijas.",
    url: "/herramientas/calculadora-cuotas-imss/",
    uses: ["/uma/{year}"],
    keywords: ["imss", "cuotas", "obrero patronal", "sbc", "salario base de cotizacion", "infonavit", "rcv", "seguridad social", "nomina"],
  },
  {
    slug: "catalogos-cfdi",
    title: "Buscador de claves de los catálogos del CFDI 4.0",
    summary:
      "Consulta qué significa una clave de los catálogos del CFDI 4.0 (uso del CFDI, forma y método de pago, régimen fiscal, tipo de comprobante, moneda y clave de producto o servicio), con una explicación sencilla de cuándo se usa.",
    url: "/herramientas/catalogos-cfdi/",
    uses: [
      "/cfdi/uso/{code}",
      "/cfdi/forma-pago/{code}",
      "/cfdi/metodo-pago/{code}",
      "/cfdi/regimen/{code}",
      "/cfdi/tipo-comprobante/{code}",
      "/cfdi/moneda/{code}",
      "/cfdi/clave-prod-serv/{code}",
    ],
    keywords: [
      "cfdi",
      "factura",
      "catalogo",
      "uso del cfdi",
      "forma de pago",
      "metodo de pago",
      "regimen fiscal",
      "clave de producto",
      "pue",
      "ppd",
      "anexo 20",
    ],
  },
];
