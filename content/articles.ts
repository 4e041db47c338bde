// Guides on Mexican taxation and payroll published on the site (served by /articles).
import type { Article } from "./types.ts";

export const articles: Article[] = [
  {
    slug: "como-se-calcula-la-retencion-de-isr-por-salarios",
    title: "Cómo se calcula la retención de ISR por salarios con la tarifa del artículo 96",
    summary:
      "Paso a paso del cálculo del ISR que el patrón retiene sobre sueldos y salarios: ingresos gravados, tarifa, cuota fija, tasa marginal y subsidio para el empleo, con un ejemplo de 2026.",
    url: "/articulos/como-se-calcula-la-retencion-de-isr-por-salarios/",
    updated: "2026-11-21",
    keywords: ["isr", "retencion", "salarios", "nomina", "tarifa", "articulo 96", "subsidio para el empleo", "cuota fija", "tasa marginal"],
    sections: [
      {
        heading: "Qué ingresos entran en el cálculo",
        paragraphs: [
          "El artículo 96 de la Ley del ISR obliga a quien paga salarios a retener el impuesto en cada pago y enterarlo al SAT a más tardar el día 17 del mes siguiente. La base de la retención son los ingresos gravados del periodo: el sueldo, las horas extra no exentas, los bonos, las comisiones y cualquier otra percepción derivada de la relación de trabajo.",
          "Antes de aplicar la tarifa hay que separar la parte exenta de cada percepción conforme al artículo 93 de la LISR. Por ejemplo, el aguinaldo está exento hasta 30 UMA al año, la prima vacacional hasta 15 UMA, la PTU hasta 15 UMA y, para trabajadores que no ganan el salario mínimo, las horas extra están exentas en un 50 % con un límite semanal de 5 UMA. Las prestaciones de previsión social también tienen exenciones con sus propios límites. Solo la parte gravada entra al cálculo.",
          "Hay una regla especial: a quien en el mes únicamente percibe un salario mínimo general no se le retiene ISR.",
        ],
      },
      {
        heading: "La tarifa y sus cuatro columnas",
        paragraphs: [
          "La tarifa mensual del artículo 96 es una tabla de renglones. Cada renglón tiene un límite inferior, un límite superior, una cuota fija en pesos y un porcentaje que se aplica sobre el excedente del límite inferior, llamado tasa marginal. Las tasas van desde 1.92 % en el primer renglón hasta 35 % en el último, que no tiene límite superior.",
          "El procedimiento siempre es el mismo: se ubica el renglón en que cae el ingreso gravado, se le resta el límite inferior para obtener el excedente, se multiplica el excedente por la tasa marginal y al resultado se le suma la cuota fija. Eso da el ISR determinado, al que después se le resta, en su caso, el subsidio para el empleo.",
          "Las cifras de la tarifa se actualizan cuando la inflación acumulada desde su última actualización supera el 10 %. Por eso no conviene reutilizar la tarifa de un año anterior sin revisar que siga vigente.",
        ],
      },
      {
        heading: "Ejemplo: un sueldo mensual de 20,000.00 pesos en 2026",
        paragraphs: [
          "Con la tarifa mensual de 2026, un ingreso gravado de 20,000.00 pesos cae en el renglón cuyo límite inferior es 17,533.65, con una cuota fija de 1,856.84 y una tasa marginal del 21.36 %.",
          "El excedente sobre el límite inferior es 20,000.00 menos 17,533.65, es decir, 2,466.35. Multiplicado por 21.36 % da un impuesto marginal de 526.81. Sumando la cuota fija, 526.81 más 1,856.84, el ISR determinado antes de subsidio es de 2,383.65 pesos.",
          "Aunque la tasa marginal es del 21.36 %, el impuesto equivale a cerca del 11.9 % del ingreso, porque solo los 2,466.35 pesos del excedente se gravan con esa tasa; el resto ya está considerado en la cuota fija, calculada con las tasas menores de los renglones anteriores.",
        ],
      },
      {
        heading: "El subsidio para el empleo",
        paragraphs: [
          "Al ISR determinado se le resta el subsidio para el empleo cuando el trabajador tiene derecho a él. Desde mayo de 2024 el subsidio es una cantidad mensual igual a un porcentaje del valor mensual de la UMA y solo corresponde a quien tiene ingresos mensuales que no rebasan el límite del decreto; para 2026 ese límite es de 11,492.66 pesos.",
          "En el ejemplo anterior, el ingreso de 20,000.00 pesos rebasa el límite, de modo que no hay subsidio y la retención del mes es de 2,383.65 pesos. Si el subsidio de un trabajador fuera mayor que su ISR determinado, la retención sería cero, pero con el esquema vigente la diferencia no se le entrega en efectivo.",
        ],
      },
      {
        heading: "Periodos de pago distintos al mes y ajuste anual",
        paragraphs: [
          "Cuando la nómina es semanal, quincenal o diaria, el patrón puede aplicar las tarifas equivalentes que publica el Anexo 8 de la Resolución Miscelánea Fiscal para esos periodos, construidas a partir de la mensual. El resultado de sumar las retenciones de un mes no coincide siempre, al centavo, con el de aplicar la tarifa mensual al ingreso del mes, y las diferencias se corrigen en el cálculo anual.",
          "Al terminar el año, el patrón hace el cálculo anual del ISR de cada trabajador con la tarifa del artículo 152 y compara el impuesto del año con lo retenido. Si falta impuesto lo retiene, y si se retuvo de más lo compensa contra retenciones posteriores. No lo hace, entre otros casos, cuando el trabajador ganó más de 400,000 pesos en el año o dejó de trabajar antes del 1 de diciembre.",
        ],
      },
      {
        heading: "Cómo hacerlo con la calculadora y la API",
        paragraphs: [
          "La calculadora en /herramientas/calculadora-isr-salarios/ pide el año, el periodo y el ingreso gravado y muestra cada paso: renglón aplicado, excedente, impuesto marginal, cuota fija y resultado. Para integraciones, la tarifa completa de cada año y periodo está en /tarifa/isr/{year}/{period}, con el periodo como mensual, quincenal, semanal, diaria o anual, y las tasas expresadas como fracción (21.36 % aparece como 0.2136).",
        ],
      },
    ],
    related: [
      "tarifa-isr",
      "limite-inferior",
      "cuota-fija",
      "tasa-marginal",
      "subsidio-para-el-empleo",
      "retencion",
      "calculo-anual",
      "uma",
    ],
  },
  {
    slug: "que-es-la-uma-y-en-que-se-diferencia-del-salario-minimo",
    title: "Qué es la UMA y en qué se diferencia del salario mínimo",
    summary:
      "La UMA sustituyó al salario mínimo como unidad de cuenta en las leyes. Explicamos cómo se calcula, cuándo cambia y para qué sigue sirviendo el salario mínimo en impuestos y nómina.",
    url: "/articulos/que-es-la-uma-y-en-que-se-diferencia-del-salario-minimo/",
    updated: "2026-11-21",
    keywords: ["uma", "salario minimo", "desindexacion", "conasami", "inegi", "exenciones", "topes"],
    sections: [
      {
        heading: "Por qué existe la UMA",
        paragraphs: [
          "Durante décadas, multas, créditos de vivienda, exenciones de impuestos y topes de cotización se expresaban en “veces el salario mínimo”. Eso hacía que cualquier aumento al salario mínimo encareciera de golpe multas, trámites y créditos, y se convirtió en un freno para subirlo.",
          "La reforma constitucional publicada en enero de 2016 creó la Unidad de Medida y Actualización para romper ese vínculo. Desde entonces, las referencias al salario mínimo como unidad de cuenta en leyes y reglamentos se entienden hechas a la UMA, y el salario mínimo quedó como lo que su nombre dice: la remuneración mínima que debe recibir un trabajador.",
        ],
      },
      {
        heading: "Cómo se calcula la UMA y cuándo cambia",
        paragraphs: [
          "El INEGI calcula el valor diario de la UMA cada año: toma el valor del año anterior y lo incrementa con la inflación de los doce meses previos medida con el INPC. Publica el resultado en el Diario Oficial de la Federación en enero y el nuevo valor entra en vigor el 1 de febrero.",
          "El valor mensual es el diario multiplicado por 30.4, y el anual es el mensual multiplicado por 12. Como el cambio ocurre en febrero, en enero sigue aplicando la UMA del año anterior; es un detalle que importa, por ejemplo, al calcular cuotas del IMSS o exenciones de pagos hechos en enero.",
        ],
      },
      {
        heading: "El salario mínimo: quién lo fija y para qué sirve",
        paragraphs: [
          "El salario mínimo lo fija la Comisión Nacional de los Salarios Mínimos, normalmente en diciembre, y rige desde el 1 de enero. Hay un salario mínimo general para la mayor parte del país y otro más alto para la Zona Libre de la Frontera Norte, además de salarios mínimos profesionales para ciertos oficios.",
          "Aunque ya no es unidad de cuenta, el salario mínimo sigue teniendo efectos fiscales y de seguridad social: no se retiene ISR a quien en el mes solo percibe un salario mínimo; cuando un trabajador gana el mínimo, el patrón paga también las cuotas del IMSS que le corresponderían al trabajador; ningún salario base de cotización puede ser inferior al mínimo, y la prima de antigüedad se calcula con un salario topado en dos veces el mínimo.",
        ],
      },
      {
        heading: "Dónde se usa la UMA en la nómina y los impuestos",
        paragraphs: [
          "En el ISR de los trabajadores, la UMA marca las exenciones: el aguinaldo está exento hasta 30 UMA, la prima vacacional y la PTU hasta 15 UMA cada una, y los pagos por separación hasta 90 UMA por año de servicio. En la declaración anual, las deducciones personales no pueden exceder de cinco UMA anuales o del 15 % de los ingresos, lo que sea menor.",
          "En el IMSS, el salario base de cotización tiene un tope de 25 UMA diarias, el patrón paga una cuota fija sobre la UMA en el seguro de enfermedades y maternidad, y patrón y trabajador pagan una cuota adicional sobre la parte del salario que excede de tres UMA. El subsidio para el empleo también se expresa como porcentaje de la UMA mensual.",
        ],
      },
      {
        heading: "Cómo convertir cantidades",
        paragraphs: [
          "El conversor en /herramientas/conversor-uma/ convierte UMA a pesos y pesos a UMA con el valor diario, mensual o anual del año que elijas, y el de /herramientas/conversor-salario-minimo/ hace lo mismo con el salario mínimo general. Ambos leen /uma/{year}, que devuelve para cada año el valor diario de la UMA en el campo uma y el salario mínimo general diario en el campo salarioMinimo; el de la Zona Libre de la Frontera Norte no se incluye.",
        ],
      },
    ],
    related: ["uma", "salario-minimo", "inpc", "zona-libre-de-la-frontera-norte", "sbc", "aguinaldo", "deducciones-personales"],
  },
  {
    slug: "tipo-de-cambio-fix-y-obligaciones-en-dolares",
    title: "El tipo de cambio FIX y cuál usar para obligaciones en dólares",
    summary:
      "Qué es el FIX del Banco de México, cómo se relacionan su fecha de determinación y su publicación en el DOF, y qué tipo de cambio se usa para pagar deudas en dólares y para efectos fiscales.",
    url: "/articulos/tipo-de-cambio-fix-y-obligaciones-en-dolares/",
    updated: "2026-11-21",
    keywords: ["tipo de cambio", "fix", "dolar", "banxico", "dof", "moneda extranjera", "articulo 20 cff", "cfdi"],
    sections: [
      {
        heading: "Qué es el FIX",
        paragraphs: [
          "El FIX es el tipo de cambio peso-dólar que determina el Banco de México cada día hábil bancario, con un promedio de cotizaciones del mercado cambiario al mayoreo tomadas alrededor del mediodía. En el Sistema de Información Económica de Banxico corresponde a la serie SF43718, fechada por día de determinación.",
          "No es el precio al que un banco compra o vende dólares en ventanilla, que incluye un margen, sino una referencia oficial para cumplir obligaciones y hacer cálculos fiscales.",
        ],
      },
      {
        heading: "Determinación, publicación en el DOF y uso",
        paragraphs: [
          "El FIX que Banxico determina un día se publica en el Diario Oficial de la Federación el día hábil bancario siguiente, y se usa para solventar obligaciones en dólares pagaderas en México el día siguiente a su publicación. Así, en una semana sin días festivos, el FIX determinado el martes se publica en el DOF el miércoles y sirve para pagos del jueves.",
          "Por eso conviene distinguir siempre la fecha de determinación de la fecha de publicación: muchas tablas, incluida la de esta API, fechan el dato por el día en que se determinó.",
        ],
      },
      {
        heading: "Deudas en dólares pagaderas en México",
        paragraphs: [
          "Según la Ley Monetaria, las obligaciones de pago en moneda extranjera que deben cumplirse en México se solventan entregando el equivalente en pesos al tipo de cambio que rija en el lugar y fecha del pago. Las disposiciones del Banco de México establecen que ese tipo de cambio es el FIX publicado en el DOF el día hábil bancario anterior a la fecha de pago.",
          "Es decir, quien debe pagar 1,000 dólares en México puede liberarse entregando en pesos el resultado de multiplicar 1,000 por ese FIX.",
        ],
      },
      {
        heading: "El tipo de cambio para efectos fiscales y en el CFDI",
        paragraphs: [
          "El artículo 20 del Código Fiscal de la Federación ordena que, para determinar contribuciones, se use el tipo de cambio que el Banco de México publique en el DOF el día anterior a aquel en que se causen. Si ese día no hubo publicación, por ser fin de semana o festivo, se usa el último publicado antes. Por ejemplo, para una operación de un lunes se toma el publicado el viernes anterior, que corresponde al FIX determinado el jueves.",
          "En un CFDI en dólares se indica el tipo de cambio en el campo correspondiente, y en la práctica se usa el FIX conforme a esa regla. Si la factura se paga después, el complemento de pago registra el tipo de cambio de la fecha de pago; la diferencia entre ambos genera una ganancia o pérdida cambiaria que tiene efectos en el ISR.",
        ],
      },
      {
        heading: "Cómo consultarlo aquí",
        paragraphs: [
          "El conversor en /herramientas/conversor-dolar-peso-fix/ permite elegir una fecha y convertir con el FIX de ese día. La API ofrece el último dato en /fx/today y la serie de hasta 365 días en /fx/history, ordenada de la observación más antigua a la más reciente y fechada por día de determinación. Los fines de semana y días inhábiles bancarios no tienen observación.",
        ],
      },
    ],
    related: ["fix", "cfdi", "complemento-de-pago", "dia-inhabil"],
  },
  {
    slug: "inpc-y-factor-de-actualizacion-articulo-17-a",
    title: "INPC y factor de actualización del artículo 17-A del CFF",
    summary:
      "Cómo se calcula el factor de actualización con el INPC, por qué nunca es menor que 1 y cómo se aplica a una contribución pagada tarde, con un ejemplo con índices publicados por el INEGI.",
    url: "/articulos/inpc-y-factor-de-actualizacion-articulo-17-a/",
    updated: "2026-11-21",
    keywords: ["inpc", "factor de actualizacion", "17-a", "inflacion", "actualizacion", "recargos", "inegi"],
    sections: [
      {
        heading: "Qué es el INPC",
        paragraphs: [
          "El Índice Nacional de Precios al Consumidor lo calcula el INEGI con los precios de una canasta de bienes y servicios que consumen los hogares. Su base vigente es la segunda quincena de julio de 2018 igual a 100, y el índice de cada mes se publica en los primeros días del mes siguiente, normalmente alrededor del día 9 o 10.",
          "Para efectos fiscales se usa el índice mensual general. Es el mismo indicador que sirve para actualizar la UMA, las tarifas del ISR y muchas cantidades de las leyes.",
        ],
      },
      {
        heading: "Por qué se actualizan los montos",
        paragraphs: [
          "Una contribución que se paga tarde pierde valor por la inflación. El artículo 17-A del CFF compensa esa pérdida: el monto se actualiza desde el mes en que debió pagarse hasta el mes en que se paga. El mismo mecanismo se aplica a favor del contribuyente, por ejemplo en devoluciones pagadas fuera de plazo, y sirve para actualizar costos de bienes, pérdidas fiscales y otras cantidades que la ley ordena ajustar.",
        ],
      },
      {
        heading: "La fórmula",
        paragraphs: [
          "El factor de actualización se obtiene dividiendo el INPC del mes anterior al más reciente del periodo entre el INPC del mes anterior al más antiguo del periodo. El resultado se calcula hasta el diezmilésimo, es decir, con cuatro decimales.",
          "Si el factor resulta menor que 1, por ejemplo porque hubo deflación en el periodo, se aplica 1: la actualización nunca reduce el monto. Y si el INPC del mes anterior al más reciente aún no se ha publicado en la fecha del pago, se usa el último índice publicado.",
        ],
      },
      {
        heading: "Ejemplo con índices publicados",
        paragraphs: [
          "Supongamos un pago mensual que debió hacerse en febrero de 2024 y se hace en febrero de 2025, ya publicado el índice de enero de 2025. El mes más antiguo del periodo es febrero de 2024 y el más reciente febrero de 2025, así que se usan los índices de los meses anteriores: enero de 2025 (138.343) y enero de 2024 (133.555).",
          "El factor es 138.343 entre 133.555, es decir, 1.0358 con cuatro decimales. Una contribución omitida de 10,000.00 pesos se actualiza a 10,358.00 pesos, y sobre ese monto actualizado se calculan después los recargos.",
        ],
      },
      {
        heading: "Actualización y recargos",
        paragraphs: [
          "La actualización no es una sanción: solo reconoce la inflación. Los recargos, en cambio, indemnizan al fisco por el retraso y se calculan aplicando a la contribución actualizada la suma de las tasas mensuales de recargos de cada mes o fracción de retraso, con la tasa que fija cada año la Ley de Ingresos de la Federación. Pagar de forma espontánea, antes de que la autoridad lo requiera, evita las multas, pero no la actualización ni los recargos.",
        ],
      },
      {
        heading: "Cómo calcularlo aquí",
        paragraphs: [
          "La calculadora en /herramientas/factor-de-actualizacion/ pide los meses del periodo, busca los índices correctos y aplica el redondeo a cuatro decimales y el mínimo de 1. Los índices se pueden consultar directamente en /inpc/{period}, con el periodo en formato AAAA-MM, o en /inpc para los meses más recientes.",
        ],
      },
    ],
    related: ["inpc", "factor-de-actualizacion", "recargos", "saldo-a-favor", "uma"],
  },
  {
    slug: "cfdi-4-0-uso-forma-y-metodo-de-pago-y-regimen-fiscal",
    title: "CFDI 4.0: uso del CFDI, forma y método de pago y régimen fiscal",
    summary:
      "Guía práctica de las claves de catálogo que más dudas generan al facturar con CFDI 4.0: uso del CFDI, forma de pago, PUE y PPD, régimen fiscal y tipo de comprobante.",
    url: "/articulos/cfdi-4-0-uso-forma-y-metodo-de-pago-y-regimen-fiscal/",
    updated: "2026-11-21",
    keywords: [
      "cfdi",
      "cfdi 4.0",
      "factura",
      "uso del cfdi",
      "forma de pago",
      "metodo de pago",
      "pue",
      "ppd",
      "regimen fiscal",
      "catalogos",
    ],
    sections: [
      {
        heading: "Qué cambió con el CFDI 4.0",
        paragraphs: [
          "La versión 4.0 del CFDI es obligatoria desde el 1 de abril de 2023. Su cambio más visible es que el receptor debe identificarse igual que en el RFC: nombre o razón social exactamente como está registrado (sin el régimen societario, como S.A. de C.V.), código postal de su domicilio fiscal y régimen fiscal. Si alguno no coincide, el PAC rechaza la factura.",
          "También agregó campos como la exportación, el objeto de impuesto de cada concepto y la información de la factura global. Por eso la constancia de situación fiscal del cliente se volvió el documento de partida para facturar.",
        ],
      },
      {
        heading: "Uso del CFDI",
        paragraphs: [
          "El uso del CFDI lo elige el receptor según el destino que dará a la factura. Las empresas y negocios suelen usar G01 para mercancías que revenden, G03 para gastos en general y las claves I01 a I08 para inversiones. Las personas físicas que quieren deducir gastos personales en su declaración anual usan D01 a D10, por ejemplo D01 para honorarios médicos o D10 para colegiaturas.",
          "S01, Sin efectos fiscales, se usa cuando el receptor no va a deducir la factura y es la clave de la factura global al público en general. CP01 es exclusiva de los comprobantes de pago y CN01 de los recibos de nómina. Cada clave solo se acepta con ciertos regímenes del receptor; por ejemplo, las D solo aplican a personas físicas.",
        ],
      },
      {
        heading: "Forma de pago y método de pago",
        paragraphs: [
          "El método de pago dice cuándo se paga: PUE si la operación se paga completa al emitir la factura, o dentro del mismo mes con la facilidad que da la Resolución Miscelánea; PPD si se paga en parcialidades o después. La forma de pago dice cómo: 01 efectivo, 03 transferencia, 04 tarjeta de crédito, 28 tarjeta de débito, entre otras.",
          "Las dos claves están ligadas. En una factura PUE se anota la forma real de pago. En una factura PPD la forma de pago es 99, Por definir, y la forma real se informa en el complemento de pago que se emite al cobrar. Usar PUE para una venta a crédito que no se cobrará en el mes obliga después a cancelar y sustituir la factura.",
        ],
      },
      {
        heading: "Régimen fiscal del emisor y del receptor",
        paragraphs: [
          "El régimen fiscal se indica con una clave de tres dígitos: 601 para el régimen general de personas morales, 603 para las personas morales sin fines de lucro, 605 para sueldos y salarios, 606 para arrendamiento, 612 para actividades empresariales y profesionales, 626 para el RESICO, entre otras. El emisor anota el suyo y el del receptor, tal como aparecen en las constancias.",
          "Si el receptor tiene varios regímenes, se anota el que corresponde a la operación. Quien recibe una factura sin tener obligaciones fiscales activas aparece con el régimen 616.",
        ],
      },
      {
        heading: "Tipo de comprobante",
        paragraphs: [
          "Cada CFDI es de un tipo: I, ingreso, para ventas, servicios, rentas y anticipos; E, egreso, para notas de crédito por devoluciones, descuentos o bonificaciones; T, traslado, para acompañar mercancías en tránsito; N, nómina, para los recibos de sueldo; y P, pago, para documentar cobros de facturas PPD. El tipo determina qué campos y complementos son obligatorios.",
        ],
      },
      {
        heading: "Dónde consultar las claves",
        paragraphs: [
          "El buscador en /herramientas/catalogos-cfdi/ muestra la descripción oficial de cada clave y una explicación sencilla de cuándo usarla. Las mismas fichas están en la API en /cfdi/uso/{code}, /cfdi/forma-pago/{code}, /cfdi/metodo-pago/{code}, /cfdi/regimen/{code} y /cfdi/tipo-comprobante/{code}; también hay catálogos de monedas y de claves de producto o servicio.",
        ],
      },
    ],
    related: [
      "cfdi",
      "uso-del-cfdi",
      "forma-de-pago",
      "metodo-de-pago",
      "pue",
      "ppd",
      "regimen-fiscal",
      "tipo-de-comprobante",
      "constancia-de-situacion-fiscal",
    ],
  },
  {
    slug: "estructura-del-rfc-y-su-digito-verificador",
    title: "Estructura del RFC y su dígito verificador",
    summary:
      "De qué se compone el RFC de personas físicas y morales, qué es la homoclave y cómo se calcula el dígito verificador, con un ejemplo completo.",
    url: "/articulos/estructura-del-rfc-y-su-digito-verificador/",
    updated: "2026-11-21",
    keywords: ["rfc", "homoclave", "digito verificador", "persona fisica", "persona moral", "validar rfc", "modulo 11"],
    sections: [
      {
        heading: "RFC de persona física",
        paragraphs: [
          "El RFC de una persona física tiene 13 caracteres. Los cuatro primeros son letras: la inicial y la primera vocal interna del primer apellido, la inicial del segundo apellido y la inicial del nombre. Si solo tiene un apellido, se toman las dos primeras letras de ese apellido y las dos primeras del nombre; cuando el nombre es compuesto y empieza con José o María se toma el segundo nombre. Si las cuatro letras forman una palabra altisonante, la última se sustituye por una X.",
          "Siguen seis dígitos con la fecha de nacimiento en formato año, mes y día (AAMMDD) y, al final, la homoclave de tres caracteres.",
        ],
      },
      {
        heading: "RFC de persona moral",
        paragraphs: [
          "El RFC de una persona moral tiene 12 caracteres: tres letras tomadas de la denominación o razón social (sin contar el régimen societario ni palabras como “de” o “y”), seis dígitos con la fecha de constitución y la homoclave. Por eso basta la longitud para distinguir si un RFC es de persona física o moral.",
          "Existen además dos RFC genéricos de 13 caracteres que no corresponden a nadie: XAXX010101000 para el público en general y XEXX010101000 para residentes en el extranjero. Se aceptan como válidos por definición; de hecho, el del público en general no cumple la regla del dígito verificador que se explica más adelante.",
        ],
      },
      {
        heading: "La homoclave",
        paragraphs: [
          "Los dos primeros caracteres de la homoclave los asigna el SAT a partir del nombre completo o la razón social, para distinguir a personas con las mismas letras y fecha. El tercero es el dígito verificador. Como el SAT es quien asigna la homoclave, la forma confiable de conocer un RFC completo es la constancia de situación fiscal, no una calculadora.",
        ],
      },
      {
        heading: "El dígito verificador paso a paso",
        paragraphs: [
          "El dígito verificador se calcula con los 12 caracteres anteriores (en personas morales se antepone un espacio a los 11 caracteres para completar 12). Cada carácter recibe un valor: los dígitos valen su número; de la A a la N valen de 10 a 23; el ampersand vale 24; de la O a la Z valen de 25 a 36; el espacio vale 37 y la Ñ, 38. Cada valor se multiplica por un peso que empieza en 13 para el primer carácter y baja hasta 2 para el duodécimo, y se suman los productos.",
          "La suma se divide entre 11. Si el residuo es 0, el dígito es 0; si no, el dígito es 11 menos el residuo, y cuando ese resultado es 10 se usa la letra A.",
          "Tomemos la clave de ejemplo GODE561231GR8. Los productos de GODE561231GR son 208, 300, 143, 140, 45, 48, 7, 12, 15, 4, 48 y 56, que suman 1,026. Al dividir 1,026 entre 11 el residuo es 3, y 11 menos 3 es 8, que coincide con el último carácter de la clave.",
        ],
      },
      {
        heading: "Qué valida y qué no el validador",
        paragraphs: [
          "El validador en /herramientas/validador-rfc/ y el servicio /rfc/validar/{rfc} revisan la longitud, los caracteres permitidos, el formato, que la fecha exista, el dígito verificador y que las letras iniciales no formen una palabra inconveniente, y dicen si el RFC corresponde a persona física o moral. Un RFC inválido responde igualmente con estado 200 y el campo valid en false, con un mensaje que explica la razón.",
          "Una estructura válida no prueba que el RFC esté inscrito, activo o localizado, ni que pertenezca a quien lo presenta. Para eso está el servicio de validación del propio SAT y la constancia de situación fiscal.",
        ],
      },
    ],
    related: [
      "rfc",
      "homoclave",
      "digito-verificador",
      "persona-fisica",
      "persona-moral",
      "rfc-generico",
      "constancia-de-situacion-fiscal",
    ],
  },
  {
    slug: "aguinaldo-cuanto-corresponde-y-cuanto-esta-exento",
    title: "Aguinaldo: cuánto corresponde y cuánto está exento de ISR",
    summary:
      "El aguinaldo mínimo de ley, cómo calcular la parte proporcional, la exención de 30 UMA y las dos formas de retener el ISR del excedente.",
    url: "/articulos/aguinaldo-cuanto-corresponde-y-cuanto-esta-exento/",
    updated: "2026-11-21",
    keywords: ["aguinaldo", "proporcional", "30 uma", "exento", "isr", "articulo 87", "diciembre", "articulo 174"],
    sections: [
      {
        heading: "Qué dice la ley",
        paragraphs: [
          "El artículo 87 de la Ley Federal del Trabajo da derecho a todos los trabajadores a un aguinaldo anual de al menos 15 días de salario, que debe pagarse antes del 20 de diciembre. El contrato o la costumbre de la empresa pueden dar más días, nunca menos.",
          "Quien no trabajó el año completo tiene derecho a la parte proporcional al tiempo trabajado, aunque ya no labore en la empresa cuando se paga el aguinaldo; por eso la parte proporcional forma parte del finiquito. Los trabajadores al servicio del Estado tienen su propia regla, de 40 días.",
        ],
      },
      {
        heading: "Cómo calcular el aguinaldo proporcional",
        paragraphs: [
          "El aguinaldo se calcula con el salario diario ordinario, sin integrar otras prestaciones. Para el proporcional se multiplican los días de aguinaldo por los días trabajados en el año y se divide entre 365; el resultado, en días, se multiplica por el salario diario.",
          "Por ejemplo, un trabajador con salario diario de 500.00 pesos que ingresó a mediados de año y trabajó 180 días tiene derecho a 15 por 180 entre 365, es decir, 7.397 días, que equivalen a 3,698.63 pesos. Con el año completo le corresponderían 7,500.00 pesos.",
        ],
      },
      {
        heading: "La parte exenta de ISR",
        paragraphs: [
          "El artículo 93, fracción XIV, de la Ley del ISR exenta las gratificaciones anuales hasta el equivalente a 30 veces la UMA diaria. Se toma la UMA vigente cuando se paga el aguinaldo; si se paga en diciembre, es la del año en curso. Lo que exceda de esas 30 UMA es ingreso gravado.",
          "Si el trabajador recibe menos que ese tope, todo su aguinaldo está exento. La exención es anual, de modo que si el aguinaldo se paga en dos partes, la suma de ambas es la que se compara con el tope.",
        ],
      },
      {
        heading: "Cómo se retiene el ISR del excedente",
        paragraphs: [
          "La forma general es sumar la parte gravada del aguinaldo a los demás ingresos del mes y aplicar la tarifa mensual del artículo 96. Como el aguinaldo eleva el ingreso del mes, el excedente puede quedar gravado con una tasa marginal alta.",
          "El artículo 174 del Reglamento de la LISR permite un procedimiento opcional que suele dar una retención menor: la parte gravada se divide entre 365 y se multiplica por 30.4; ese resultado se suma al sueldo mensual ordinario y se calcula el ISR; a ese impuesto se le resta el del sueldo ordinario solo; la diferencia se divide entre la parte mensualizada para obtener una tasa, y esa tasa se aplica a la parte gravada del aguinaldo.",
          "En ambos casos se trata de una retención provisional: el impuesto definitivo del año se determina en el cálculo anual del patrón o en la declaración anual del trabajador.",
        ],
      },
      {
        heading: "Aguinaldo, IMSS y la calculadora",
        paragraphs: [
          "Para el IMSS, el aguinaldo no se cotiza en el mes en que se paga: su parte proporcional ya está incluida en el salario base de cotización de todo el año mediante el factor de integración. La calculadora en /herramientas/calculadora-aguinaldo/ calcula el aguinaldo completo o proporcional y separa la parte exenta y la gravada con la UMA del año elegido, que obtiene de /uma/{year}.",
        ],
      },
    ],
    related: ["aguinaldo", "uma", "retencion", "tarifa-isr", "sdi", "finiquito", "calculo-anual"],
  },
  {
    slug: "fechas-limite-mensuales-ante-el-sat",
    title: "Fechas límite mensuales ante el SAT: el día 17 y el artículo 12 del CFF",
    summary:
      "Qué obligaciones vencen el día 17 de cada mes, qué pasa cuando cae en día inhábil y qué otras fechas conviene tener en el calendario fiscal.",
    url: "/articulos/fechas-limite-mensuales-ante-el-sat/",
    updated: "2026-11-21",
    keywords: ["dia 17", "fechas limite", "calendario fiscal", "dia inhabil", "articulo 12", "pagos provisionales", "sat", "imss"],
    sections: [
      {
        heading: "Qué se paga el día 17",
        paragraphs: [
          "El día 17 del mes siguiente al que corresponden vence la mayoría de las obligaciones mensuales: los pagos provisionales de ISR de personas morales y de personas físicas con actividades empresariales, profesionales o de arrendamiento; el pago mensual del RESICO; el IVA mensual, que es definitivo; el IEPS; y el entero de las retenciones de ISR e IVA, incluidas las de salarios.",
          "El mismo día vencen las cuotas obrero-patronales mensuales del IMSS y, en los meses que siguen a cada bimestre (marzo, mayo, julio, septiembre, noviembre y enero), las cuotas de retiro, cesantía y vejez y las aportaciones al INFONAVIT.",
        ],
      },
      {
        heading: "Si el 17 cae en día inhábil",
        paragraphs: [
          "El artículo 12 del Código Fiscal de la Federación establece que, cuando el último día de un plazo o la fecha determinada cae en día inhábil, o las oficinas permanecen cerradas ese día, el plazo se prorroga hasta el siguiente día hábil. Son inhábiles los sábados, los domingos y los festivos que enumera el propio artículo, como el 1 de enero, el primer lunes de febrero, el tercer lunes de marzo, el 1 y el 5 de mayo, el 16 de septiembre, el tercer lunes de noviembre y el 25 de diciembre.",
          "Así, si el 17 es sábado, la fecha límite pasa al lunes 19, salvo que también sea inhábil. Los periodos de vacaciones generales del SAT no suspenden los plazos para presentar declaraciones y pagar contribuciones.",
          "Existe además una facilidad administrativa, prevista en un decreto de beneficios fiscales, que otorga a ciertos contribuyentes de uno a cinco días hábiles adicionales según el sexto dígito numérico de su RFC. No aplica a todos, así que conviene verificar si se está en sus supuestos antes de contar con ella.",
        ],
      },
      {
        heading: "Otras fechas del mes",
        paragraphs: [
          "Algunas obligaciones tienen otras fechas, según la Resolución Miscelánea Fiscal. El CFDI con complemento de pago se emite a más tardar el quinto día natural del mes siguiente al pago. La DIOT puede presentarse a más tardar el último día del mes siguiente. La balanza de comprobación de la contabilidad electrónica se envía a más tardar el día 3 del segundo mes siguiente en el caso de personas morales y el día 5 del segundo mes siguiente en el de personas físicas.",
          "Los movimientos afiliatorios ante el IMSS (altas, bajas y modificaciones de salario) no dependen del calendario mensual: deben presentarse dentro de los cinco días hábiles siguientes al hecho.",
        ],
      },
      {
        heading: "Fechas anuales",
        paragraphs: [
          "Las personas morales presentan su declaración anual a más tardar el 31 de marzo y las personas físicas durante abril. La PTU se paga a más tardar el 30 de mayo si el patrón es persona moral y el 29 de junio si es persona física. La determinación de la prima de riesgo de trabajo se presenta al IMSS en febrero.",
        ],
      },
      {
        heading: "Pagar tarde y el calendario de la API",
        paragraphs: [
          "Pagar después del vencimiento obliga a actualizar el monto con el factor del artículo 17-A y a pagar recargos por cada mes o fracción de retraso; si la autoridad lo descubre antes, puede imponer además multas. La calculadora en /herramientas/factor-de-actualizacion/ ayuda a actualizar montos.",
          "El servicio /calendario/proximos devuelve las próximas diez fechas límite del SAT, el IMSS y el INFONAVIT, para mostrarlas en un tablero o enviar recordatorios.",
        ],
      },
    ],
    related: [
      "pago-provisional",
      "dia-inhabil",
      "retencion",
      "cuotas-obrero-patronales",
      "diot",
      "balanza-de-comprobacion",
      "recargos",
      "factor-de-actualizacion",
    ],
  },
  {
    slug: "cuotas-imss-e-infonavit-pagos-mensuales-y-bimestrales",
    title: "Cuotas IMSS e INFONAVIT: qué se paga cada mes y qué cada bimestre",
    summary:
      "Los seguros del régimen obligatorio, qué parte paga el trabajador y cuál el patrón, el salario base de cotización y el calendario de pagos mensuales y bimestrales.",
    url: "/articulos/cuotas-imss-e-infonavit-pagos-mensuales-y-bimestrales/",
    updated: "2026-11-21",
    keywords: ["imss", "infonavit", "cuotas obrero patronales", "sbc", "rcv", "bimestral", "sua", "idse", "cesantia y vejez"],
    sections: [
      {
        heading: "Sobre qué salario se cotiza",
        paragraphs: [
          "Las cuotas del IMSS y las aportaciones al INFONAVIT se calculan sobre el salario base de cotización (SBC) diario de cada trabajador, multiplicado por los días del periodo. El SBC integra el salario y las prestaciones que recibe el trabajador, como la parte proporcional del aguinaldo y de la prima vacacional, con las exclusiones que marca la Ley del Seguro Social.",
          "El SBC no puede ser menor que el salario mínimo ni mayor que 25 UMA diarias. Cuando el salario tiene partes variables, como comisiones u horas extra, se recalcula cada bimestre con lo efectivamente pagado.",
        ],
      },
      {
        heading: "Los seguros y quién paga qué",
        paragraphs: [
          "En el seguro de enfermedades y maternidad, el patrón paga una cuota fija del 20.40 % de la UMA por cada día cotizado; sobre la parte del SBC que excede de tres UMA, el patrón paga 1.10 % y el trabajador 0.40 %; por prestaciones en dinero, el patrón paga 0.70 % y el trabajador 0.25 %; y por gastos médicos de pensionados, el patrón 1.05 % y el trabajador 0.375 %. En invalidez y vida, el patrón paga 1.75 % y el trabajador 0.625 %. Guarderías y prestaciones sociales cuesta 1 % al patrón, y riesgos de trabajo se paga solo por el patrón con la prima que le corresponda según su siniestralidad.",
          "En retiro, cesantía en edad avanzada y vejez, el patrón paga 2 % de retiro y una cuota de cesantía y vejez que, desde la reforma de 2020, aumenta cada año hasta 2030 y es mayor cuanto más alto es el salario; el trabajador paga 1.125 %. Al INFONAVIT solo aporta el patrón: 5 % del SBC.",
          "Sumadas, las cuotas del trabajador sobre el SBC son 2.375 %, más el 0.40 % sobre el excedente de tres UMA. Si el trabajador gana el salario mínimo, el patrón paga también esa parte.",
        ],
      },
      {
        heading: "Pagos mensuales y bimestrales",
        paragraphs: [
          "Los seguros de enfermedades y maternidad, invalidez y vida, riesgos de trabajo y guarderías se pagan cada mes, a más tardar el día 17 del mes siguiente. Retiro, cesantía y vejez y la aportación al INFONAVIT se pagan por bimestres: los de enero y febrero a más tardar el 17 de marzo, los de marzo y abril el 17 de mayo, y así sucesivamente hasta los de noviembre y diciembre, que vencen el 17 de enero.",
          "Si el trabajador tiene un crédito INFONAVIT, el patrón descuenta la amortización de su salario y la entera junto con el pago bimestral.",
        ],
      },
      {
        heading: "Altas, bajas y el cálculo de las cuotas",
        paragraphs: [
          "Las altas, bajas y modificaciones de salario se presentan al IMSS, normalmente por IDSE, en un plazo no mayor de cinco días hábiles. Con esa información el patrón calcula las cuotas en el SUA, que genera el archivo de pago, o paga con la propuesta del IMSS mediante el Sistema de Pago Referenciado (SIPARE).",
          "Las diferencias por movimientos no presentados o salarios mal integrados se convierten en créditos fiscales con actualización y recargos, y un trabajador no inscrito que sufre un riesgo de trabajo puede costarle al patrón el capital constitutivo de las prestaciones.",
        ],
      },
      {
        heading: "Cómo estimarlas con la calculadora",
        paragraphs: [
          "La calculadora en /herramientas/calculadora-cuotas-imss/ estima las cuotas de trabajador y patrón a partir del SBC diario y los días del periodo con la UMA y las tasas del año elegido, que obtiene de /uma/{year}. En ese servicio, employeeRate es la suma de las tasas del trabajador sobre el SBC (0.02375) y employerRate la de las tasas patronales sobre el SBC, sin incluir la prima de riesgo de trabajo, la cuota fija sobre la UMA ni las cuotas sobre el excedente de tres UMA, que la calculadora agrega aparte.",
        ],
      },
    ],
    related: ["cuotas-obrero-patronales", "sbc", "imss", "infonavit", "rcv", "prima-de-riesgo-de-trabajo", "sua", "idse", "uma"],
  },
  {
    slug: "resico-personas-fisicas",
    title: "RESICO para personas físicas: quién puede tributar y cómo se paga",
    summary:
      "Requisitos, tasas y obligaciones del Régimen Simplificado de Confianza para personas físicas con actividades empresariales, profesionales o de arrendamiento.",
    url: "/articulos/resico-personas-fisicas/",
    updated: "2026-11-21",
    keywords: ["resico", "regimen simplificado de confianza", "persona fisica", "tasas", "1.25", "pago mensual", "626"],
    sections: [
      {
        heading: "Quién puede tributar en el RESICO",
        paragraphs: [
          "El Régimen Simplificado de Confianza de personas físicas existe desde 2022 y está en los artículos 113-E a 113-J de la Ley del ISR. Pueden tributar en él las personas físicas que realizan actividades empresariales, prestan servicios profesionales u otorgan en arrendamiento bienes, siempre que sus ingresos del año no excedan de 3.5 millones de pesos.",
          "Pueden hacerlo aunque además reciban salarios, ingresos asimilados o intereses, siempre que la suma de todos sus ingresos no rebase ese límite. En el CFDI su régimen es el 626.",
        ],
      },
      {
        heading: "Quién no puede",
        paragraphs: [
          "No pueden tributar en el RESICO, entre otros, los socios, accionistas o integrantes de personas morales, quienes son partes relacionadas en los términos de la ley, los residentes en el extranjero con establecimiento permanente en México y quienes reciben ingresos sujetos a regímenes fiscales preferentes. Tampoco quien ya salió del régimen por incumplir o por rebasar el límite de ingresos, porque no puede volver a él.",
        ],
      },
      {
        heading: "Cómo se calcula el pago mensual",
        paragraphs: [
          "Cada mes se suman los ingresos efectivamente cobrados, amparados por CFDI y sin restar gastos, y al total se le aplica una tasa según el monto mensual: 1.00 % hasta 25,000 pesos; 1.10 % hasta 50,000; 1.50 % hasta 83,333.33; 2.00 % hasta 208,333.33, y 2.50 % hasta 3.5 millones. A diferencia de la tarifa progresiva, la tasa se aplica a todo el ingreso del mes.",
          "Por ejemplo, quien cobra 40,000.00 pesos en un mes paga 1.10 %, es decir, 440.00 pesos, menos las retenciones que le hayan hecho. El pago vence el día 17 del mes siguiente.",
        ],
      },
      {
        heading: "Retenciones, IVA y otras obligaciones",
        paragraphs: [
          "Cuando el cliente es una persona moral, debe retener el 1.25 % del ingreso sin IVA, y esa retención se resta del pago mensual. El RESICO solo cambia el cálculo del ISR: el IVA se causa, traslada, acredita y paga cada mes con las reglas generales.",
          "Hay que estar inscrito en el RFC con el régimen, tener e.firma y buzón tributario activos, emitir CFDI por todos los ingresos y presentar los pagos en tiempo. Las personas físicas del RESICO están relevadas de enviar contabilidad electrónica y de presentar la DIOT.",
        ],
      },
      {
        heading: "Declaración anual y salida del régimen",
        paragraphs: [
          "En abril se presenta la declaración anual, en la que se aplica a los ingresos del año una tabla de tasas anual equivalente y se restan los pagos mensuales. No hay deducciones personales en el RESICO.",
          "Si los ingresos rebasan 3.5 millones de pesos en el año, o si el contribuyente deja de presentar pagos o la declaración anual en los supuestos que marca la ley, sale del régimen y debe tributar en el régimen general de actividades empresariales y profesionales o en el que corresponda.",
        ],
      },
    ],
    related: ["resico", "persona-fisica", "regimen-fiscal", "retencion", "pago-provisional", "declaracion-anual", "iva", "cfdi"],
  },
  {
    slug: "declaracion-anual-personas-morales-y-personas-fisicas",
    title: "Declaración anual: plazos para personas morales y personas físicas",
    summary:
      "Cuándo vence la declaración anual, quién está obligado a presentarla, qué se calcula en ella y qué hacer con un saldo a cargo o a favor.",
    url: "/articulos/declaracion-anual-personas-morales-y-personas-fisicas/",
    updated: "2026-11-21",
    keywords: [
      "declaracion anual",
      "marzo",
      "abril",
      "personas morales",
      "personas fisicas",
      "saldo a favor",
      "deducciones personales",
      "devolucion",
    ],
    sections: [
      {
        heading: "Plazos",
        paragraphs: [
          "Las personas morales presentan la declaración anual del ISR dentro de los tres meses siguientes al cierre del ejercicio, es decir, a más tardar el 31 de marzo. Las personas físicas la presentan durante el mes de abril. Si el último día es inhábil, el plazo se recorre al siguiente día hábil.",
          "La fecha de la declaración de las personas morales marca además el plazo de la PTU, que debe pagarse dentro de los 60 días siguientes.",
        ],
      },
      {
        heading: "Qué personas físicas están obligadas",
        paragraphs: [
          "Deben presentarla quienes tienen actividades empresariales, profesionales o de arrendamiento (incluido el RESICO) y, en general, quienes obtienen ingresos acumulables distintos de salarios. Los asalariados deben presentarla si ganaron más de 400,000 pesos en el año, si tuvieron dos o más patrones al mismo tiempo, si dejaron de trabajar antes del 31 de diciembre, si recibieron salarios de alguien que no está obligado a retener, o si tuvieron ingresos por intereses reales superiores a 100,000 pesos.",
          "Quien no está obligado puede presentarla de todos modos, por ejemplo para aplicar deducciones personales y obtener un saldo a favor.",
        ],
      },
      {
        heading: "Qué se calcula",
        paragraphs: [
          "Las personas morales determinan su resultado fiscal: ingresos acumulables menos deducciones autorizadas, menos la PTU pagada y las pérdidas fiscales de años anteriores, y le aplican la tasa del 30 %. Las personas físicas suman sus ingresos del año por capítulo, restan las deducciones que correspondan a cada uno y sus deducciones personales, y aplican la tarifa anual del artículo 152.",
          "Al impuesto del ejercicio se le restan los pagos provisionales y las retenciones. Por eso el SAT precarga buena parte de la información a partir de los CFDI emitidos y recibidos, incluidos los de nómina.",
        ],
      },
      {
        heading: "Deducciones personales",
        paragraphs: [
          "Las personas físicas pueden deducir honorarios médicos y dentales, gastos hospitalarios, primas de seguros de gastos médicos, gastos funerales, donativos, intereses reales de créditos hipotecarios, aportaciones voluntarias al retiro, transporte escolar obligatorio y colegiaturas con los topes del decreto correspondiente. Deben estar amparadas por CFDI a nombre del contribuyente, con el uso D01 a D10 que corresponda, y la mayoría debe pagarse por medios bancarios.",
          "El total de deducciones personales no puede exceder de la cantidad menor entre cinco UMA anuales y el 15 % de los ingresos totales, aunque algunos conceptos tienen límites propios.",
        ],
      },
      {
        heading: "Saldo a cargo o a favor",
        paragraphs: [
          "Si resulta impuesto a cargo, se paga con la línea de captura. Las personas físicas que presentan en tiempo pueden pagarlo en hasta seis parcialidades mensuales con actualización y recargos.",
          "Si resulta saldo a favor, se puede solicitar su devolución o compensarlo. En la declaración de personas físicas, el SAT ofrece la devolución automática cuando se cumplen sus requisitos, entre ellos indicar una cuenta CLABE a nombre del contribuyente y, a partir de ciertos montos, firmar con e.firma.",
        ],
      },
    ],
    related: [
      "declaracion-anual",
      "deducciones-personales",
      "saldo-a-favor",
      "pago-provisional",
      "ptu",
      "calculo-anual",
      "persona-fisica",
      "persona-moral",
    ],
  },
  {
    slug: "ptu-reparto-de-utilidades",
    title: "PTU: cómo se determina y se reparte la participación de utilidades",
    summary:
      "Quién debe repartir utilidades, cómo se calcula el 10 %, cómo se divide entre los trabajadores, el tope individual y los plazos de pago.",
    url: "/articulos/ptu-reparto-de-utilidades/",
    updated: "2026-11-21",
    keywords: ["ptu", "reparto de utilidades", "10 %", "renta gravable", "mayo", "junio", "tope", "tres meses"],
    sections: [
      {
        heading: "Qué es y quién la paga",
        paragraphs: [
          "La participación de los trabajadores en las utilidades de las empresas es un derecho previsto en la Constitución y en los artículos 117 a 131 de la Ley Federal del Trabajo. La pagan los patrones, personas morales o físicas, que obtuvieron renta gravable en el ejercicio.",
          "Están exceptuadas, entre otras, las empresas de nueva creación durante su primer año de funcionamiento, las que elaboran un producto nuevo durante sus dos primeros años, las instituciones de asistencia privada sin fines de lucro y las empresas con un capital menor al que fija la Secretaría del Trabajo.",
        ],
      },
      {
        heading: "Cómo se determina el monto",
        paragraphs: [
          "El monto a repartir es el 10 % de la renta gravable del ejercicio, determinada conforme al artículo 9 de la Ley del ISR. Para este cálculo no se restan la PTU pagada en el año ni las pérdidas fiscales de años anteriores, por lo que la base suele ser distinta del resultado fiscal sobre el que se paga el ISR.",
          "Los trabajadores pueden formular objeciones a la declaración del patrón, y si la autoridad fiscal modifica la renta gravable, la PTU se ajusta con base en esa resolución.",
        ],
      },
      {
        heading: "Cómo se reparte entre los trabajadores",
        paragraphs: [
          "El monto se divide en dos partes iguales. La primera se reparte en proporción a los días trabajados por cada uno en el año, sin importar su salario; la segunda, en proporción a los salarios devengados. Para la segunda parte, el salario de los trabajadores de confianza se topa con el del trabajador sindicalizado o de base de mayor salario, aumentado en 20 %.",
          "No participan los directores, administradores y gerentes generales, ni los trabajadores eventuales que laboraron menos de 60 días en el año. Las madres trabajadoras durante sus incapacidades por maternidad y los trabajadores con incapacidad por riesgo de trabajo se consideran en servicio activo.",
        ],
      },
      {
        heading: "El tope individual",
        paragraphs: [
          "Desde la reforma de 2021 en materia de subcontratación, la PTU de cada trabajador no puede exceder de la cantidad mayor entre tres meses de su salario actual y el promedio de la PTU que recibió en los últimos tres años.",
        ],
      },
      {
        heading: "Plazos y tratamiento fiscal",
        paragraphs: [
          "La PTU se paga dentro de los 60 días siguientes a la fecha en que debe presentarse la declaración anual: a más tardar el 30 de mayo si el patrón es persona moral y el 29 de junio si es persona física. Las cantidades no cobradas por los trabajadores en el año se suman al reparto del año siguiente.",
          "Para el trabajador, la PTU está exenta de ISR hasta 15 UMA y el excedente se grava; se puede retener con el procedimiento opcional del artículo 174 del Reglamento de la LISR, igual que el aguinaldo. La PTU no forma parte del salario base de cotización del IMSS.",
        ],
      },
    ],
    related: ["ptu", "declaracion-anual", "uma", "retencion", "sbc", "persona-moral"],
  },
  {
    slug: "finiquito-y-liquidacion",
    title: "Finiquito y liquidación: qué incluye cada uno",
    summary:
      "La diferencia entre finiquito y liquidación, los conceptos que integran cada uno, cómo se gravan para el ISR y qué formalidades conviene cuidar.",
    url: "/articulos/finiquito-y-liquidacion/",
    updated: "2026-11-21",
    keywords: ["finiquito", "liquidacion", "despido", "renuncia", "indemnizacion", "prima de antiguedad", "90 uma", "separacion"],
    sections: [
      {
        heading: "La diferencia",
        paragraphs: [
          "El finiquito es el pago de lo que ya se le debe al trabajador al terminar la relación de trabajo, por cualquier causa: renuncia, despido, terminación de contrato o mutuo acuerdo. La liquidación es el conjunto de indemnizaciones que, además del finiquito, corresponden cuando el patrón despide al trabajador sin causa justificada.",
          "En la práctica, a quien renuncia le corresponde el finiquito, y a quien es despedido injustificadamente, el finiquito más la liquidación.",
        ],
      },
      {
        heading: "Qué incluye el finiquito",
        paragraphs: [
          "El finiquito incluye los salarios devengados y no pagados, la parte proporcional del aguinaldo del año, las vacaciones pendientes de disfrutar y su prima vacacional, y cualquier otra prestación devengada, como bonos o fondo de ahorro.",
          "La prima de antigüedad, de 12 días de salario por año de servicios con un salario topado en dos veces el salario mínimo, se incluye si el trabajador renuncia con 15 años o más de antigüedad, y siempre que hay despido, con o sin causa.",
        ],
      },
      {
        heading: "Qué incluye la liquidación",
        paragraphs: [
          "Ante un despido injustificado, el trabajador puede pedir la reinstalación o una indemnización de tres meses de salario. Cuando el patrón está eximido de reinstalarlo o el trabajador rescinde la relación por causas imputables al patrón, se agregan 20 días de salario por cada año de servicios. A ello se suma la prima de antigüedad y, si hubo juicio, los salarios vencidos con el límite de 12 meses que fija la ley.",
          "Las indemnizaciones se calculan con el salario integrado, que incluye la parte proporcional de las prestaciones. Muchas empresas negocian montos mayores a los de ley en un convenio.",
        ],
      },
      {
        heading: "Tratamiento en el ISR",
        paragraphs: [
          "Los conceptos ordinarios del finiquito siguen sus reglas propias: el aguinaldo proporcional y la prima vacacional tienen sus exenciones en UMA y el sueldo pendiente se grava con la tarifa. Las indemnizaciones y la prima de antigüedad son pagos por separación, exentos hasta 90 UMA por cada año de servicio; la parte gravada se retiene aplicando la tasa que resulte del ISR del último sueldo mensual ordinario.",
          "Quien recibe pagos por separación gravados debe revisar si queda obligado a presentar declaración anual, por ejemplo por haber dejado de trabajar antes del 31 de diciembre.",
        ],
      },
      {
        heading: "Formalidades",
        paragraphs: [
          "El convenio de terminación debe constar por escrito, detallar los conceptos y no puede contener renuncia de derechos del trabajador. Para que tenga plena validez, conviene ratificarlo ante el Centro de Conciliación o el tribunal laboral. El patrón debe dar de baja al trabajador en el IMSS dentro de los cinco días hábiles siguientes y emitir el CFDI de nómina que ampare el pago.",
          "La calculadora en /herramientas/calculadora-aguinaldo/ sirve para obtener la parte proporcional del aguinaldo, y la de /herramientas/calculadora-prima-vacacional/ para la prima vacacional pendiente.",
        ],
      },
    ],
    related: ["finiquito", "liquidacion", "prima-de-antiguedad", "aguinaldo", "prima-vacacional", "sdi", "uma", "idse"],
  },
  {
    slug: "pue-ppd-y-complemento-de-pago",
    title: "PUE, PPD y complemento de pago: cuándo se emite cada uno",
    summary: "Cómo elegir entre PUE y PPD al facturar, cuándo y cómo se emite el CFDI con complemento de pago y qué errores evitar.",
    url: "/articulos/pue-ppd-y-complemento-de-pago/",
    updated: "2026-11-21",
    keywords: [
      "pue",
      "ppd",
      "complemento de pago",
      "rep",
      "recibo electronico de pago",
      "metodo de pago",
      "forma de pago 99",
      "cfdi tipo p",
    ],
    sections: [
      {
        heading: "La regla general",
        paragraphs: [
          "Si al emitir la factura ya se recibió el pago total, el método es PUE, Pago en una sola exhibición, y se anota la forma real de pago. Si la operación se pagará en parcialidades o después de emitir la factura, el método es PPD, Pago en parcialidades o diferido, y la forma de pago es 99, Por definir.",
          "Esta distinción importa porque el IVA se causa cuando se cobra, y también el ISR de las personas físicas y del RESICO. El método de pago le dice al SAT y al cliente si la factura ya refleja un cobro o si el cobro vendrá documentado después.",
        ],
      },
      {
        heading: "La facilidad para usar PUE con pago en el mes",
        paragraphs: [
          "La Resolución Miscelánea Fiscal permite emitir la factura como PUE aunque no se haya cobrado, siempre que se haya acordado que el pago total se hará a más tardar el último día del mes de emisión, se anote la forma de pago con que se espera recibirlo y efectivamente se cobre en ese plazo.",
          "Si el pago no llega en el mes, o llega con otra forma de pago, hay que cancelar la factura y emitir una nueva que la sustituya: con PPD y su complemento de pago en el primer caso, o con la forma de pago correcta en el segundo.",
        ],
      },
      {
        heading: "Cómo se emite el complemento de pago",
        paragraphs: [
          "Por cada pago recibido de una factura PPD se emite un CFDI de tipo P con el complemento para recepción de pagos. Lleva el uso CP01, un solo concepto con la clave 84111506 y la unidad ACT, e importes en cero; los datos del cobro van en el complemento: fecha, forma de pago, moneda, tipo de cambio si aplica, monto, y por cada factura pagada su folio fiscal, el número de parcialidad, el saldo anterior, el importe pagado, el saldo insoluto y los impuestos que corresponden al pago.",
          "Según la Resolución Miscelánea, debe emitirse a más tardar el quinto día natural del mes siguiente al del pago, y se puede emitir uno solo por todos los pagos que un mismo cliente hizo en el mes.",
        ],
      },
      {
        heading: "Errores frecuentes",
        paragraphs: [
          "Los errores más comunes son emitir con PPD y no hacer nunca el complemento, anotar en la factura PPD una forma de pago distinta de 99, relacionar el complemento con un folio fiscal equivocado, no calcular bien el saldo insoluto cuando hay varias parcialidades y, en operaciones en dólares, usar un tipo de cambio que no corresponde a la fecha del pago.",
          "Tampoco se emite complemento de pago para facturas PUE ni para anticipos, que tienen su propio procedimiento con la forma de pago 30, Aplicación de anticipos.",
        ],
      },
      {
        heading: "Efectos para el cliente",
        paragraphs: [
          "Para quien recibe una factura PPD, el IVA solo es acreditable y, en muchos casos, el gasto solo es deducible cuando lo paga, y el complemento de pago es la prueba de ese pago. Por eso los clientes suelen exigir el complemento para cerrar su mes. El buscador en /herramientas/catalogos-cfdi/ explica cada clave de forma de pago, método de pago y uso del CFDI.",
        ],
      },
    ],
    related: ["pue", "ppd", "complemento-de-pago", "metodo-de-pago", "forma-de-pago", "folio-fiscal", "iva", "cancelacion-de-cfdi"],
  },
];
