// Plain-language Spanish explanations of the codes of the small CFDI 4.0 catalogs (the `plain` field).

export const cfdiPlain: Record<"uso" | "forma-pago" | "metodo-pago" | "regimen" | "tipo-comprobante", Record<string, string>> = {
  uso: {
    G01: "Para compras de mercancías, materias primas o productos que vas a revender o usar para fabricar lo que vendes. El gasto se deduce como costo de lo vendido.",
    G02: "Se usa en la nota de crédito (comprobante de egreso) que recibe el cliente por una devolución, un descuento o una bonificación sobre una compra que ya se le había facturado.",
    G03: "Para gastos comunes del negocio que no son mercancía para vender ni inversiones, como papelería, mantenimiento, publicidad o servicios profesionales. Es el uso más frecuente cuando el cliente deduce el gasto.",
    I01: "Para la compra o el pago de construcciones, como edificios, bodegas o ampliaciones, que el negocio deduce poco a poco como inversión.",
    I02: "Para la compra de muebles y equipo de oficina, como escritorios, sillas o archiveros, que se deducen como inversión a lo largo de varios años.",
    I03: "Para la compra de vehículos y otro equipo de transporte del negocio, que se deducen como inversión y, en el caso de automóviles, con los topes que fija la ley.",
    I04: "Para la compra de computadoras, servidores, impresoras y sus accesorios, que se deducen como inversión.",
    I05: "Para la compra de dados, troqueles, moldes, matrices y herramental que se usan en la fabricación y se deducen como inversión.",
    I06: "Para la compra de equipo de comunicación telefónica, como conmutadores o centrales telefónicas, que se deduce como inversión. El pago mensual del servicio telefónico normalmente va como gastos en general (G03).",
    I07: "Para la compra de equipo de comunicación satelital, como antenas y receptores, que se deduce como inversión.",
    I08: "Para la compra de maquinaria y equipo que no encaja en las claves anteriores de inversiones y que se deduce como inversión.",
    D01: "Lo pide la persona física que quiere deducir en su declaración anual pagos a médicos, dentistas, psicólogos, nutriólogos u hospitales por ella o sus familiares. Debe pagarse con tarjeta, transferencia o cheque, no en efectivo.",
    D02: "Lo pide la persona física que quiere deducir en su declaración anual gastos médicos por incapacidad o discapacidad, como aparatos o rehabilitación, con los requisitos que marca la ley.",
    D03: "Lo pide la persona física que quiere deducir en su declaración anual los gastos de un funeral de un familiar, con el tope anual que fija la ley.",
    D04: "Lo pide la persona física que hace un donativo a una donataria autorizada por el SAT y quiere deducirlo en su declaración anual.",
    D05: "Lo pide la persona física que quiere deducir en su declaración anual los intereses reales de su crédito hipotecario para casa habitación. En la práctica, esos intereses suelen comprobarse con la constancia anual que entrega el banco o la institución que otorgó el crédito.",
    D06: "Lo pide la persona física que hace aportaciones voluntarias o complementarias a su cuenta de retiro (AFORE) y quiere deducirlas en su declaración anual.",
    D07: "Lo pide la persona física que paga un seguro de gastos médicos mayores para ella o su familia y quiere deducir la prima en su declaración anual.",
    D08: "Lo pide la persona física que paga el transporte escolar cuando la escuela lo exige a todos sus alumnos y quiere deducirlo en su declaración anual.",
    D09: "Lo pide la persona física que deposita en cuentas especiales para el ahorro o paga primas de planes de pensiones que la ley permite deducir en la declaración anual.",
    D10: "Lo pide la persona física que paga colegiaturas de escuelas con validez oficial, para ella o sus dependientes, y quiere deducirlas en su declaración anual con los topes del decreto correspondiente.",
    S01: "Se usa cuando quien recibe la factura no la va a deducir ni acreditar, por ejemplo en ventas al público en general o cuando el cliente no quiere usarla para sus impuestos.",
    CP01: "Es el uso obligatorio de los comprobantes de tipo Pago, los que llevan el complemento de pago para registrar un cobro de una factura emitida con método PPD.",
    CN01: "Es el uso obligatorio de los recibos de nómina (comprobante de tipo Nómina) que el patrón emite a sus trabajadores, cuyo régimen como receptores es el 605.",
  },
  "forma-pago": {
    "01": "Cuando te pagan con billetes y monedas. Ojo: quien paga gastos mayores de 2,000 pesos en efectivo por lo general no puede deducirlos.",
    "02": "Cuando te pagan con un cheque a nombre de quien emite la factura (cheque nominativo).",
    "03": "Cuando te pagan por transferencia bancaria, por ejemplo por SPEI o entre cuentas del mismo banco.",
    "04": "Cuando te pagan con tarjeta de crédito, en terminal o en línea.",
    "05": "Cuando te pagan con un monedero electrónico autorizado, como los que se usan para combustible.",
    "06": "Cuando te pagan con dinero electrónico, es decir, saldo guardado en una cuenta o aplicación de pago electrónico regulada.",
    "08": "Cuando el pago se hace con vales de despensa, en papel o electrónicos.",
    "12": "Cuando la deuda se paga entregando un bien o un servicio distinto del dinero que se había acordado, y el acreedor lo acepta (por ejemplo, saldar una deuda con un vehículo).",
    "13": "Cuando una tercera persona paga la deuda y toma el lugar del acreedor original para cobrarla después al deudor.",
    "14": "Cuando el deudor deposita el pago ante un juez porque el acreedor se niega a recibirlo o no puede recibirlo.",
    "15": "Cuando el acreedor perdona total o parcialmente la deuda y por eso ya no se paga.",
    "17": "Cuando dos personas se deben dinero mutuamente y las deudas se cancelan entre sí hasta el monto menor, sin que nadie entregue efectivo.",
    "23": "Cuando las partes acuerdan sustituir la deuda original por una obligación nueva, de modo que la anterior queda extinguida.",
    "24": "Cuando la misma persona se vuelve acreedor y deudor de la misma deuda, por ejemplo por la fusión de dos empresas, y la deuda se extingue.",
    "25": "Cuando el acreedor renuncia a cobrar la deuda, total o parcialmente, y libera de ella al deudor.",
    "26": "Cuando la deuda se extingue porque pasó el plazo legal para cobrarla (prescripción) o para ejercer el derecho (caducidad).",
    "27": "Cuando la deuda se salda de otra manera que el acreedor acepta como suficiente y que no corresponde a ninguna de las otras claves.",
    "28": "Cuando te pagan con tarjeta de débito, en terminal o en línea.",
    "29": "Cuando te pagan con una tarjeta de servicios, que se liquida completa cada periodo y no funciona como crédito revolvente.",
    "30": "Cuando descuentas en la factura de la operación un anticipo que ya habías recibido y facturado antes.",
    "31": "Cuando el pago llega por medio de un intermediario que cobra a nombre del vendedor, como una plataforma o un agregador de pagos, y luego le entrega el dinero.",
    "99": "Se usa cuando al emitir la factura todavía no sabes cómo te van a pagar, que es el caso de las facturas con método de pago PPD. La forma real se indica después en el complemento de pago.",
  },
  "metodo-pago": {
    PUE: "Pago en una sola exhibición: úsalo cuando te pagan el total de la factura al emitirla o antes. Las reglas del SAT también lo permiten si se acordó que el total se pagará a más tardar el último día del mes en que se emite y así ocurre, indicando desde el principio la forma de pago esperada. No requiere complemento de pago.",
    PPD: "Pago en parcialidades o diferido: úsalo cuando te pagarán en varias partes o cuando al emitir la factura todavía no has recibido el pago. Cada cobro posterior se ampara con un comprobante de tipo Pago con complemento de pago, y la forma de pago de la factura original va como 99, Por definir.",
  },
  regimen: {
    "601":
      "Es el régimen de la mayoría de las empresas (sociedades anónimas, de responsabilidad limitada y otras) que tienen fines de lucro y pagan ISR sobre su utilidad.",
    "603":
      "Para asociaciones y sociedades civiles sin fines de lucro, como donatarias autorizadas, colegios de profesionistas, sindicatos o asociaciones de colonos.",
    "605":
      "Para quien recibe un sueldo como trabajador, o ingresos que la ley asimila a salarios, como los honorarios de consejeros o los pagos a miembros de cooperativas. Es el régimen del receptor en los recibos de nómina.",
    "606": "Para personas físicas que rentan casas, departamentos, locales u otros inmuebles y cobran por ello.",
    "607":
      "Para personas físicas que venden un bien, como un terreno o una casa, o que adquieren bienes en casos especiales como donaciones o tesoros, y deben pagar impuesto por esa operación.",
    "608":
      "Para personas físicas con ingresos que no encajan en los demás regímenes, como algunas deudas perdonadas, ganancias cambiarias o ingresos ocasionales que la ley agrupa como demás ingresos.",
    "610":
      "Para personas o empresas que viven o están constituidas en otro país, no tienen establecimiento permanente en México y reciben pagos de fuente mexicana.",
    "611": "Para socios o accionistas que reciben dividendos o utilidades repartidas por una empresa.",
    "612":
      "Para personas físicas que tienen un negocio (comercio, industria, servicios) o ejercen una profesión por su cuenta y no están en el RESICO, y pagan ISR sobre sus ingresos menos sus deducciones.",
    "614": "Para personas físicas que reciben intereses, por ejemplo de cuentas de inversión, pagarés o bonos.",
    "615": "Para personas físicas que ganan premios de loterías, rifas, sorteos o concursos.",
    "616":
      "Para personas inscritas en el RFC que no tienen obligaciones fiscales activas, por ejemplo quien se inscribió solo para obtener su RFC. Se usa también en la factura al público en general con el RFC genérico.",
    "620":
      "Para sociedades cooperativas de producción formadas por personas físicas que eligen pagar el ISR hasta que reparten sus rendimientos a los socios.",
    "621":
      "Régimen de Incorporación Fiscal (RIF) para pequeños negocios de personas físicas. Desde 2022 no admite nuevas inscripciones; solo lo conservan quienes ya estaban en él conforme a las reglas de transición.",
    "622":
      "Para empresas que se dedican exclusivamente a actividades agrícolas, ganaderas, silvícolas o pesqueras, que tienen reglas y beneficios propios en el ISR.",
    "623":
      "Para grupos de empresas que, con autorización, eligen diferir parte del ISR del grupo al considerar en conjunto sus resultados.",
    "624":
      "Para empresas que se coordinan para administrar la actividad de autotransporte de carga o de pasajeros de sus integrantes y cumplen sus obligaciones fiscales por ellos.",
    "625":
      "Para personas físicas que venden bienes o prestan servicios a través de plataformas digitales, como aplicaciones de transporte, hospedaje o comercio en línea, y a quienes la plataforma les retiene impuestos.",
    "626":
      "Régimen Simplificado de Confianza (RESICO): para personas físicas con negocio, profesión o rentas con ingresos de hasta 3.5 millones de pesos al año, que pagan una tasa baja sobre lo que cobran, y para ciertas personas morales pequeñas.",
  },
  "tipo-comprobante": {
    I: "Factura de ingreso: la que emites cuando vendes un bien, prestas un servicio, rentas algo o cobras un anticipo. Es el tipo de factura más común.",
    E: "Comprobante de egreso o nota de crédito: se emite para devoluciones, descuentos o bonificaciones que reducen lo que el cliente debe o ya pagó.",
    T: "Comprobante de traslado: sirve para amparar el transporte de mercancías que se mueven sin venderse en ese momento; no cobra nada, así que su valor es cero, y cuando corresponde lleva el complemento Carta Porte.",
    N: "Recibo de nómina: el que el patrón emite al trabajador por cada pago de sueldo o salario, con el complemento de nómina.",
    P: "Comprobante de pago: se emite cuando recibes el pago, total o parcial, de una factura que se emitió con método PPD, y lleva el complemento de pago.",
  },
};
