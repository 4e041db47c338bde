// Recurring fiscal, social-security and labour obligations (SAT, IMSS, INFONAVIT, LFT): the rows of sources/tables/obligaciones-periodicas.csv, with what the calendar computes from each.
import type { DateRule, MoveRule, Obligation, Persona } from "../core/calendar.ts";
import { PERSONAS } from "../core/calendar.ts";
import { MONTH_NAMES } from "../core/dates.ts";
import type { CheckFailure, CuratedTable, NamedCheck } from "./types.ts";

/** A row of the table as compiled (sources/tables/README.md), column for column. */
export interface ObligationRow {
  row: number;
  id: string;
  institucion: string;
  obligacion: string;
  quien: string;
  periodicidad: string;
  reglaDeFecha: string;
  siInhabil: string;
  fundamento: string;
  fuente: string;
}

/** The table's rows, transcribed from sources/tables/obligaciones-periodicas.csv (test/calendar-tables.test.ts compares them). */
const obligationRows: ObligationRow[] = [
  {
    row: 2,
    id: "sat-isr-pp-pm",
    institucion: "SAT",
    obligacion: "Pago provisional mensual de ISR",
    quien: "persona moral (Título II LISR)",
    periodicidad: "mensual",
    reglaDeFecha: "día 17 del mes inmediato posterior al que corresponda el pago",
    siInhabil:
      'Siguiente día hábil (CFF art. 12, 5º párr.: "se prorrogará el plazo hasta el siguiente día hábil"); también si el último día es viernes y el pago se hace ante instituciones de crédito autorizadas.',
    fundamento: "LISR art. 14, 1er párr.",
    fuente:
      'repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lisr.json (LISR últ. reforma DOF 01-04-2024): "a más tardar el día 17 del mes inmediato posterior a aquél al que corresponda el pago"',
  },
  {
    row: 3,
    id: "sat-isr-pp-pf",
    institucion: "SAT",
    obligacion: "Pago provisional mensual de ISR (actividades empresariales y profesionales)",
    quien: "persona física",
    periodicidad: "mensual",
    reglaDeFecha: "día 17 del mes inmediato posterior al que corresponda el pago",
    siInhabil:
      'Siguiente día hábil (CFF art. 12, 5º párr.: "se prorrogará el plazo hasta el siguiente día hábil"); también si el último día es viernes y el pago se hace ante instituciones de crédito autorizadas.',
    fundamento: "LISR art. 106, 1er párr.",
    fuente:
      'repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lisr.json (LISR últ. reforma DOF 01-04-2024): "efectuarán pagos provisionales mensuales a cuenta del impuesto del ejercicio, a más tardar el día 17 del mes inmediato posterior"',
  },
  {
    row: 4,
    id: "sat-isr-resico-pf",
    institucion: "SAT",
    obligacion: "Pago mensual de ISR RESICO",
    quien: "persona física (RESICO)",
    periodicidad: "mensual",
    reglaDeFecha: "día 17 del mes inmediato posterior al que corresponda el pago",
    siInhabil:
      'Siguiente día hábil (CFF art. 12, 5º párr.: "se prorrogará el plazo hasta el siguiente día hábil"); también si el último día es viernes y el pago se hace ante instituciones de crédito autorizadas.',
    fundamento: "LISR art. 113-E",
    fuente:
      'repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lisr.json (LISR últ. reforma DOF 01-04-2024): "calcularán y pagarán el impuesto en forma mensual a más tardar el día 17 del mes inmediato posterior a aquél al que corresponda el pago"',
  },
  {
    row: 5,
    id: "sat-iva-mensual",
    institucion: "SAT",
    obligacion: "Pago mensual de IVA",
    quien: "contribuyente de IVA (persona física o moral)",
    periodicidad: "mensual",
    reglaDeFecha: "día 17 del mes siguiente al que corresponda el pago",
    siInhabil:
      'Siguiente día hábil (CFF art. 12, 5º párr.: "se prorrogará el plazo hasta el siguiente día hábil"); también si el último día es viernes y el pago se hace ante instituciones de crédito autorizadas.',
    fundamento: "LIVA art. 5o.-D, 2º párr.",
    fuente:
      'repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/iva.json (LIVA últ. reforma DOF 12-11-2021): "a más tardar el día 17 del mes siguiente al que corresponda el pago"',
  },
  {
    row: 6,
    id: "sat-ret-isr-salarios",
    institucion: "SAT",
    obligacion: "Entero de retenciones de ISR por salarios",
    quien:
      "retenedor / patrón (el texto nombra a personas físicas y personas morales del Título III; para las del Título II no se localizó el párrafo en la copia leída)",
    periodicidad: "mensual",
    reglaDeFecha: 'día 17 de cada mes (texto: "a más tardar el día 17 de cada uno de los meses del año de calendario")',
    siInhabil:
      'Siguiente día hábil (CFF art. 12, 5º párr.: "se prorrogará el plazo hasta el siguiente día hábil"); también si el último día es viernes y el pago se hace ante instituciones de crédito autorizadas.',
    fundamento: "LISR art. 96",
    fuente:
      'repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lisr.json (LISR últ. reforma DOF 01-04-2024): "enterarán las retenciones a que se refiere este artículo a más tardar el día 17 de cada uno de los meses del año de calendario"',
  },
  {
    row: 7,
    id: "sat-ret-iva",
    institucion: "SAT",
    obligacion: "Entero de IVA retenido",
    quien: "retenedor (art. 1o.-A LIVA)",
    periodicidad: "mensual",
    reglaDeFecha: "junto con el pago del mes de la retención o a más tardar el día 17 del mes siguiente",
    siInhabil:
      'Siguiente día hábil (CFF art. 12, 5º párr.: "se prorrogará el plazo hasta el siguiente día hábil"); también si el último día es viernes y el pago se hace ante instituciones de crédito autorizadas.',
    fundamento: "LIVA art. 1o.-A",
    fuente:
      'repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/iva.json (LIVA últ. reforma DOF 12-11-2021): "conjuntamente con el pago del impuesto correspondiente al mes en el cual se efectúe la retención o, en su defecto, a más tardar el día 17 del mes siguiente a aquél en el que hubiese efectuado la retención"',
  },
  {
    row: 8,
    id: "sat-diot-ley",
    institucion: "SAT",
    obligacion: "DIOT (información de operaciones con proveedores) — plazo de ley",
    quien: "contribuyente de IVA (persona física o moral)",
    periodicidad: "mensual",
    reglaDeFecha: "día 17 del mes inmediato posterior (texto de la ley)",
    siInhabil:
      'Siguiente día hábil (CFF art. 12, 5º párr.: "se prorrogará el plazo hasta el siguiente día hábil"); también si el último día es viernes y el pago se hace ante instituciones de crédito autorizadas.',
    fundamento: "LIVA art. 32, fr. VIII",
    fuente:
      'repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/iva.json (LIVA últ. reforma DOF 12-11-2021): "dicha información se presentará, a más tardar el día 17 del mes inmediato posterior al que corresponda dicha información"',
  },
  {
    row: 9,
    id: "sat-diot-rmf",
    institucion: "SAT",
    obligacion: "DIOT — plazo ampliado por la RMF",
    quien: "persona moral y persona física (salvo RIF que siga en ese régimen)",
    periodicidad: "mensual",
    reglaDeFecha: "durante el mes inmediato posterior, es decir, a más tardar el último día del mes siguiente",
    siInhabil:
      'Siguiente día hábil (CFF art. 12, 5º párr.: "se prorrogará el plazo hasta el siguiente día hábil"); también si el último día es viernes y el pago se hace ante instituciones de crédito autorizadas.',
    fundamento: "RMF 2026 regla 4.5.1 (sobre LIVA 32 fr. V y VIII)",
    fuente:
      'repo juan-jose-ochoa/leyes@cd2a5d94:backend/etl/data/rmf/contenido.json (RMF 2026, DOF 28-12-2025): "proporcionarán la información a que se refieren las citadas disposiciones, durante el mes inmediato posterior al que corresponda dicha información"',
  },
  {
    row: 10,
    id: "sat-anual-pm",
    institucion: "SAT",
    obligacion: "Declaración anual de ISR",
    quien: "persona moral",
    periodicidad: "anual",
    reglaDeFecha: "dentro de los tres meses siguientes al cierre del ejercicio; ejercicio de calendario: 31 de marzo del año siguiente",
    siInhabil: 'Siguiente día hábil (CFF art. 12, 5º párr., aplica también a plazos con "fecha determinada").',
    fundamento: "LISR art. 9 (párrafo que sigue a la fr. II)",
    fuente:
      'repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lisr.json (LISR últ. reforma DOF 01-04-2024) (en el JSON el párrafo quedó bajo el id "art-123"): "El impuesto del ejercicio se pagará mediante declaración que presentarán ante las oficinas autorizadas, dentro de los tres meses siguientes a la fecha en la que termine el ejercicio fiscal"',
  },
  {
    row: 11,
    id: "sat-anual-pf",
    institucion: "SAT",
    obligacion: "Declaración anual de ISR",
    quien: "persona física",
    periodicidad: "anual",
    reglaDeFecha: "mes de abril del año siguiente (último día: 30 de abril)",
    siInhabil: 'Siguiente día hábil (CFF art. 12, 5º párr., aplica también a plazos con "fecha determinada").',
    fundamento: "LISR art. 150, 1er párr.",
    fuente:
      'repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lisr.json (LISR últ. reforma DOF 01-04-2024): "están obligadas a pagar su impuesto anual mediante declaración que presentarán en el mes de abril del año siguiente"',
  },
  {
    row: 12,
    id: "sat-anual-resico-pf",
    institucion: "SAT",
    obligacion: "Declaración anual RESICO",
    quien: "persona física (RESICO)",
    periodicidad: "anual",
    reglaDeFecha: "mes de abril del año siguiente",
    siInhabil: 'Siguiente día hábil (CFF art. 12, 5º párr., aplica también a plazos con "fecha determinada").',
    fundamento: "LISR art. 113-F",
    fuente:
      'repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lisr.json (LISR últ. reforma DOF 01-04-2024): "están obligados a presentar su declaración anual en el mes de abril del año siguiente al que corresponda la declaración"',
  },
  {
    row: 13,
    id: "sat-ajuste-anual-salarios",
    institucion: "SAT",
    obligacion: "Entero de la diferencia a cargo del cálculo anual de ISR de trabajadores",
    quien: "patrón (retenedor)",
    periodicidad: "anual",
    reglaDeFecha: "a más tardar en el mes de febrero siguiente al año de calendario",
    siInhabil: 'Siguiente día hábil (CFF art. 12, 5º párr., aplica también a plazos con "fecha determinada").',
    fundamento: "LISR art. 97, 4º párr.",
    fuente:
      'repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lisr.json (LISR últ. reforma DOF 01-04-2024): "La diferencia que resulte a cargo del contribuyente en los términos de este artículo se enterará ante las oficinas autorizadas a más tardar en el mes de febrero siguiente al año de calendario de que se trate."',
  },
  {
    row: 14,
    id: "sat-cfdi-nomina",
    institucion: "SAT",
    obligacion: "CFDI de nómina (constancia de pago y de retención de salarios)",
    quien: "patrón",
    periodicidad: "por pago",
    reglaDeFecha:
      "en la fecha de la erogación; la RMF permite emitirlo después del pago: 3, 5, 7, 9 u 11 días hábiles según tenga 1-50, 51-100, 101-300, 301-500 o más de 500 trabajadores",
    siInhabil: "Plazo en días hábiles: los inhábiles no se cuentan (CFF art. 12).",
    fundamento: "LISR art. 99, fr. III; RMF 2026 regla 2.7.5.1",
    fuente:
      'repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lisr.json (LISR últ. reforma DOF 01-04-2024): "Expedir y entregar comprobantes fiscales ... en la fecha en que se realice la erogación correspondiente"; repo juan-jose-ochoa/leyes@cd2a5d94:backend/etl/data/rmf/contenido.json (RMF 2026, DOF 28-12-2025) (regla 2.7.5.1: "De 1 a 50 3 De 51 a 100 5 De 101 a 300 7 De 301 a 500 9 Más de 500 11")',
  },
  {
    row: 15,
    id: "sat-constancia-viaticos",
    institucion: "SAT",
    obligacion: "Constancia y CFDI de viáticos pagados en el año (art. 93 fr. XVII)",
    quien: "patrón",
    periodicidad: "anual",
    reglaDeFecha:
      "a más tardar el 15 de febrero de cada año (la RMF la da por cumplida si los viáticos se reflejaron en el CFDI de nómina)",
    siInhabil: 'Siguiente día hábil (CFF art. 12, 5º párr., aplica también a plazos con "fecha determinada").',
    fundamento: "LISR art. 99, fr. VI; RMF 2026 regla 2.7.5.3",
    fuente:
      'repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lisr.json (LISR últ. reforma DOF 01-04-2024): "Proporcionar a más tardar el 15 de febrero de cada año ... constancia y el comprobante fiscal del monto total de los viáticos pagados"',
  },
  {
    row: 16,
    id: "sat-informativa-asimilados",
    institucion: "SAT",
    obligacion: "Declaración informativa de quienes optaron por asimilar honorarios a salarios (art. 94 fr. VII)",
    quien: "quien paga asimilados",
    periodicidad: "anual",
    reglaDeFecha: "a más tardar el 15 de febrero de cada año",
    siInhabil: 'Siguiente día hábil (CFF art. 12, 5º párr., aplica también a plazos con "fecha determinada").',
    fundamento: "LISR art. 99, fr. VII",
    fuente:
      'repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lisr.json (LISR últ. reforma DOF 01-04-2024): "Presentar, ante las oficinas autorizadas a más tardar el 15 de febrero de cada año, declaración proporcionando información sobre las personas que hayan ejercido la opción"',
  },
  {
    row: 17,
    id: "sat-informativa-partes-relacionadas",
    institucion: "SAT",
    obligacion: "Información de operaciones con partes relacionadas",
    quien: "persona moral (con operaciones con partes relacionadas)",
    periodicidad: "anual",
    reglaDeFecha: "a más tardar el 15 de mayo del año siguiente al cierre del ejercicio",
    siInhabil: 'Siguiente día hábil (CFF art. 12, 5º párr., aplica también a plazos con "fecha determinada").',
    fundamento: "LISR art. 76, fr. X",
    fuente:
      'repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lisr.json (LISR últ. reforma DOF 01-04-2024): "Presentar, a más tardar el 15 de mayo del año inmediato posterior a la terminación del ejercicio de que se trate, la información de las operaciones que realicen con partes relacionadas"',
  },
  {
    row: 18,
    id: "sat-cancelacion-cfdi-limite",
    institucion: "SAT",
    obligacion: "Límite para cancelar CFDI (con aceptación del receptor)",
    quien: "emisor de CFDI",
    periodicidad: "anual",
    reglaDeFecha: "a más tardar en el mes en que deba presentarse la declaración anual de ISR del ejercicio en que se expidió el CFDI",
    siInhabil: 'Siguiente día hábil (CFF art. 12, 5º párr., aplica también a plazos con "fecha determinada").',
    fundamento: "CFF art. 29-A (párrafo reformado DOF 07-11-2025)",
    fuente:
      'repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/cff/CFF.pdf (CFF últ. reforma DOF 09-04-2026): "se podrán cancelar a más tardar en el mes en el cual se deba presentar la declaración anual del impuesto sobre la renta que corresponda al ejercicio fiscal en el cual se expidió el referido comprobante"',
  },
  {
    row: 19,
    id: "sat-prorroga-sexto-digito",
    institucion: "SAT",
    obligacion: "Prórroga de 1 a 5 días hábiles sobre el día 17 según el sexto dígito numérico del RFC",
    quien:
      'persona física (Decreto DOF 30-03-2012 art. 7.2); la copia de vlex.com.mx de 2023 del art. 5.1 del Decreto DOF 26-12-2013 dice "personas morales": ver README',
    periodicidad: "mensual",
    reglaDeFecha: "sexto dígito 1-2: día 17 + 1 día hábil; 3-4: +2; 5-6: +3; 7-8: +4; 9-0: +5",
    siInhabil: "Los días adicionales son hábiles (se saltan inhábiles).",
    fundamento:
      "Decreto DOF 31-05-2002 art. Cuarto; Decreto DOF 30-03-2012 art. 7.2; Decreto DOF 26-12-2013 art. 5.1 (citados por las páginas; ningún decreto leído en su texto)",
    fuente:
      'pages: slideshare.net/TJBOGARIN/decretos20-vigentes (art. Cuarto, DOF 31-05-2002, tabla 1 y 2 ... 9 y 0 "Día 17 más cinco días hábiles"); vlex.com.mx/vid/personas-fisicas-2012-403898058 (art. 7.2, DOF 30-03-2012, "las personas físicas"); vlex.com.mx/vid/personas-fisicas-junio-2023-940553727 (art. 5.1, DOF 26-12-2013); noticias.contably.mx; noticias.facturaxion.com/2018/10',
  },
  {
    row: 20,
    id: "imss-cuotas-mensuales",
    institucion: "IMSS",
    obligacion: "Determinación y pago de cuotas obrero-patronales (ramos mensuales)",
    quien: "patrón",
    periodicidad: "mensual",
    reglaDeFecha: "día 17 del mes inmediato siguiente",
    siInhabil:
      "La LSS no lo regula; a falta de norma expresa aplica supletoriamente el CFF (LSS art. 9), es decir, siguiente día hábil por CFF art. 12 (inferencia, no texto expreso).",
    fundamento: "LSS art. 39, 1er párr.",
    fuente:
      'repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/lss/LSS.pdf (LSS últ. reforma DOF 15-01-2026): "realizar el pago respectivo, a más tardar el día diecisiete del mes inmediato siguiente"',
  },
  {
    row: 21,
    id: "imss-rcv-bimestral",
    institucion: "IMSS",
    obligacion: "Pago de cuotas del seguro de retiro, cesantía en edad avanzada y vejez (RCV)",
    quien: "patrón",
    periodicidad: "bimestral",
    reglaDeFecha:
      "día 17 del mes siguiente a cada bimestre (17 de marzo, mayo, julio, septiembre, noviembre y enero), por combinación de LSS 39 con el transitorio que mantiene el pago bimestral",
    siInhabil:
      "La LSS no lo regula; a falta de norma expresa aplica supletoriamente el CFF (LSS art. 9), es decir, siguiente día hábil por CFF art. 12 (inferencia, no texto expreso).",
    fundamento: "LSS art. 39; LSS Transitorio Vigésimo Séptimo (Ley publicada DOF 21-12-1995)",
    fuente:
      'repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/lss/LSS.pdf (LSS últ. reforma DOF 15-01-2026): "El pago de las cuotas obrero patronales respecto del seguro de retiro, cesantía en edad avanzada y vejez, continuará realizándose en forma bimestral, hasta en tanto no se homológuen los períodos de pago de las Leyes del ISSSTE e INFONAVIT."',
  },
  {
    row: 22,
    id: "infonavit-aportaciones",
    institucion: "INFONAVIT",
    obligacion: "Aportaciones patronales (5 %) y descuentos por créditos",
    quien: "patrón",
    periodicidad: "bimestral",
    reglaDeFecha: "día 17 del mes siguiente a cada bimestre: 17 de marzo, mayo, julio, septiembre, noviembre y enero",
    siInhabil:
      "No se localizó regla en la LINFONAVIT leída. El calendario 2023 publicado por liderempresarial.com fija el 4º bimestre en 19-09-2023 (el 17 fue domingo; el 18, lunes): ver README.",
    fundamento:
      'LINFONAVIT art. 35 (texto reformado DOF 06-01-2016 dice "mensualidades vencidas"); Transitorio Sexto del decreto vigente desde 01-07-1997 (mantiene la periodicidad bimestral)',
    fuente:
      'repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/infonavit/LIFNVT.pdf (LINFONAVIT últ. reforma DOF 21-02-2025): art. 35 "será por mensualidades vencidas, a más tardar los días diecisiete del mes inmediato siguiente"; transitorio Sexto: "La periodicidad del pago de las aportaciones y los descuentos a que se refiere el artículo 35, continuará siendo de forma bimestral"; pages: liderempresarial.com/infonavit-patrones-cuando-realizar-los-pagos-en-2023 (1er bimestre → 17 de marzo de 2023, etc.)',
  },
  {
    row: 23,
    id: "imss-prima-riesgo",
    institucion: "IMSS",
    obligacion: "Revisión anual de siniestralidad y determinación de la prima del seguro de riesgos de trabajo",
    quien: "patrón (salvo que la prima resulte igual a la del año anterior)",
    periodicidad: "anual",
    reglaDeFecha:
      "durante el mes de febrero (riesgos terminados del año anterior); la prima rige del 1 de marzo al último día de febrero siguiente",
    siInhabil: "RACERF art. 3: si el último día del plazo es inhábil o viernes, se prorroga al día hábil siguiente.",
    fundamento: "LSS art. 74; RACERF art. 32, fr. III y V",
    fuente:
      'repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/lss/RLSS_MACERF.pdf (RACERF últ. reforma DOF 15-07-2005): "Los patrones deberán presentar al Instituto, durante el mes de febrero, los formatos impresos o el dispositivo magnético..."; "tendrá vigencia desde el primero de marzo del año siguiente a aquel en que concluyó el periodo computado"; repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/lss/LSS.pdf (LSS últ. reforma DOF 15-01-2026) art. 74',
  },
  {
    row: 24,
    id: "lft-aguinaldo",
    institucion: "STPS/LFT",
    obligacion: "Pago de aguinaldo (mínimo 15 días de salario)",
    quien: "patrón",
    periodicidad: "anual",
    reglaDeFecha: 'antes del día 20 de diciembre (el texto dice "antes del día veinte"; último día: 19 de diciembre)',
    siInhabil: 'La LFT no prevé prórroga (plazo "antes del día veinte").',
    fundamento: "LFT art. 87",
    fuente:
      'repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lft.json (LFT últ. reforma DOF 21-02-2025): "deberá pagarse antes del día veinte de diciembre, equivalente a quince días de salario, por lo menos"',
  },
  {
    row: 25,
    id: "lft-ptu-pm",
    institucion: "STPS/LFT",
    obligacion: "Reparto de PTU — patrón persona moral",
    quien: "patrón persona moral",
    periodicidad: "anual",
    reglaDeFecha: "dentro de los 60 días siguientes a la fecha en que deba pagarse el ISR anual: 30 de mayo",
    siInhabil:
      "El plazo corre desde la fecha de pago del ISR anual; si ésta se recorrió por CFF 12, la PTU también (idconline 2023: 2 de junio de 2023).",
    fundamento: "LFT art. 122; LISR art. 9",
    fuente:
      'repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lft.json (LFT últ. reforma DOF 21-02-2025): "deberá efectuarse dentro de los sesenta días siguientes a la fecha en que deba pagarse el impuesto anual"; pages: idconline.mx/fiscal-contable/2022/07/19/plazos-de-pago-de-ptu-no-coinciden-con-los-fiscales-en-pagos-provisionales ("30 de mayo para las personas morales"); idconline.mx/laboral/2023/04/26/plazo-para-el-pago-de-la-ptu',
  },
  {
    row: 26,
    id: "lft-ptu-pf",
    institucion: "STPS/LFT",
    obligacion: "Reparto de PTU — patrón persona física",
    quien: "patrón persona física",
    periodicidad: "anual",
    reglaDeFecha: "dentro de los 60 días siguientes a la fecha en que deba pagarse el ISR anual: 29 de junio",
    siInhabil: "Igual que la PTU de personas morales (idconline 2023: 1 de julio de 2023).",
    fundamento: "LFT art. 122; LISR art. 150",
    fuente:
      'repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lft.json (LFT últ. reforma DOF 21-02-2025); pages: idconline.mx 2022-07-19 ("el 29 de junio para las físicas"); idconline.mx 2023-04-26',
  },
];

/** What the calendar computes from a row: hand-written from its `regla_de_fecha` and `si_inhabil`, checked against them below. */
interface Computed {
  code: number;
  personas: readonly Persona[];
  rule: DateRule;
  move: MoveRule;
  payment: boolean;
}

const monthly17: DateRule = { kind: "monthly", day: 17, monthsAfter: 1 };
const nextYear = (month: number, day: number | "last"): DateRule => ({ kind: "annual", dates: [{ month, day, yearsAfter: 1 }] });
const F: Persona = "fisica";
const M: Persona = "moral";
const P: Persona = "patron";

/**
 * By row id. Codes 1–3 and 6–10 are the kinds the calendar used before these tables (so /calendario/proximos ids of the
 * same deadlines stay); 4 and 5 (the balanzas, not in the table) are not reused.
 */
const COMPUTED: Readonly<Record<string, Computed>> = {
  "sat-isr-pp-pm": { code: 1, personas: [M], rule: monthly17, move: "cff12", payment: true },
  "sat-isr-pp-pf": { code: 11, personas: [F], rule: monthly17, move: "cff12", payment: true },
  "sat-isr-resico-pf": { code: 12, personas: [F], rule: monthly17, move: "cff12", payment: true },
  "sat-iva-mensual": { code: 13, personas: [F, M], rule: monthly17, move: "cff12", payment: true },
  // "El día 17 de cada uno de los meses": the withholdings of the month before.
  "sat-ret-isr-salarios": { code: 14, personas: [P], rule: monthly17, move: "cff12", payment: true },
  "sat-ret-iva": { code: 15, personas: [F, M], rule: monthly17, move: "cff12", payment: true },
  "sat-diot-ley": { code: 16, personas: [F, M], rule: monthly17, move: "cff12", payment: false },
  "sat-diot-rmf": { code: 10, personas: [F, M], rule: { kind: "monthly", day: "last", monthsAfter: 1 }, move: "cff12", payment: false },
  "sat-anual-pm": { code: 2, personas: [M], rule: nextYear(3, 31), move: "cff12", payment: true },
  "sat-anual-pf": { code: 3, personas: [F], rule: nextYear(4, 30), move: "cff12", payment: true },
  "sat-anual-resico-pf": { code: 17, personas: [F], rule: nextYear(4, 30), move: "cff12", payment: true },
  "sat-ajuste-anual-salarios": { code: 18, personas: [P], rule: nextYear(2, "last"), move: "cff12", payment: true },
  "sat-cfdi-nomina": {
    code: 19,
    personas: [P],
    rule: {
      kind: "none",
      why: "El plazo corre desde cada pago de salarios (días hábiles según el número de trabajadores): no tiene fecha de calendario.",
    },
    move: "none",
    payment: false,
  },
  "sat-constancia-viaticos": { code: 20, personas: [P], rule: nextYear(2, 15), move: "cff12", payment: false },
  "sat-informativa-asimilados": { code: 21, personas: [P], rule: nextYear(2, 15), move: "cff12", payment: false },
  "sat-informativa-partes-relacionadas": { code: 22, personas: [M], rule: nextYear(5, 15), move: "cff12", payment: false },
  // "El mes en el cual se deba presentar la declaración anual": March for personas morales, April for personas físicas.
  "sat-cancelacion-cfdi-limite": {
    code: 23,
    personas: [F, M],
    rule: {
      kind: "annual",
      dates: [
        { month: 3, day: "last", yearsAfter: 1, personas: [M], label: "personas-morales" },
        { month: 4, day: "last", yearsAfter: 1, personas: [F], label: "personas-fisicas" },
      ],
    },
    move: "cff12",
    payment: false,
  },
  "sat-prorroga-sexto-digito": {
    code: 24,
    personas: [F],
    rule: {
      kind: "none",
      why: "Depende del sexto dígito del RFC de cada contribuyente, y no se verificó que el decreto siga vigente en 2024–2026 (sources/tables/README.md).",
    },
    move: "none",
    payment: false,
  },
  "imss-cuotas-mensuales": { code: 6, personas: [P], rule: monthly17, move: "lss9-cff12", payment: true },
  "imss-rcv-bimestral": { code: 7, personas: [P], rule: { kind: "bimonthly", day: 17 }, move: "lss9-cff12", payment: true },
  // The table found no rule for a non-business day in the LINFONAVIT: the date stays.
  "infonavit-aportaciones": { code: 8, personas: [P], rule: { kind: "bimonthly", day: 17 }, move: "none", payment: false },
  // "Durante el mes de febrero" of the year after the risks it reviews.
  "imss-prima-riesgo": { code: 9, personas: [P], rule: nextYear(2, "last"), move: "racerf3", payment: false },
  // "Antes del día veinte de diciembre" of the same year.
  "lft-aguinaldo": {
    code: 25,
    personas: [P],
    rule: { kind: "annual", dates: [{ month: 12, day: 19, yearsAfter: 0 }] },
    move: "none",
    payment: false,
  },
  "lft-ptu-pm": { code: 26, personas: [P, M], rule: { kind: "after", base: "sat-anual-pm", days: 60 }, move: "none", payment: false },
  "lft-ptu-pf": { code: 27, personas: [P, F], rule: { kind: "after", base: "sat-anual-pf", days: 60 }, move: "none", payment: false },
};

const rulePeriodicity: Record<DateRule["kind"], readonly string[]> = {
  monthly: ["mensual"],
  bimonthly: ["bimestral"],
  annual: ["anual"],
  after: ["anual"],
  none: ["por pago", "mensual"],
};

/** Words `si_inhabil` must hold for each way of moving a date. */
const moveWords: Record<MoveRule, string> = {
  cff12: "CFF art. 12",
  "lss9-cff12": "LSS art. 9",
  racerf3: "RACERF art. 3",
  none: "",
};

function rowCheck(name: string, test: (r: ObligationRow, c: Computed) => string | null): NamedCheck<ObligationRow[]> {
  return {
    name,
    run(rows, file) {
      return rows.flatMap((r): CheckFailure[] => {
        const c = COMPUTED[r.id];
        // A row without a rule fails "obligaciones-periodicas-regla-para-cada-renglon" only.
        const message = c === undefined ? null : test(r, c);
        return message === null ? [] : [{ check: name, file, row: r.row, message: `${r.id}: ${message}` }];
      });
    },
  };
}

const dayWords = (day: number | "last"): string => (day === "last" ? "último día" : `día ${day}`);

const obligationChecks: NamedCheck<ObligationRow[]>[] = [
  {
    name: "obligaciones-periodicas-id-y-codigo-unicos",
    run(rows, file) {
      const ids = new Set<string>();
      const codes = new Set<number>();
      return rows.flatMap((r): CheckFailure[] => {
        const code = COMPUTED[r.id]?.code;
        const repeated = ids.has(r.id) || (code !== undefined && codes.has(code));
        ids.add(r.id);
        if (code !== undefined) codes.add(code);
        return repeated ? [{ check: this.name, file, row: r.row, message: `${r.id}: id o código repetido` }] : [];
      });
    },
  },
  {
    name: "obligaciones-periodicas-regla-para-cada-renglon",
    run(rows, file) {
      return rows
        .filter((r) => COMPUTED[r.id] === undefined)
        .map((r) => ({ check: this.name, file, row: r.row, message: `${r.id}: sin regla de cálculo en sources/obligaciones.ts` }));
    },
  },
  {
    name: "obligaciones-periodicas-sin-reglas-sobrantes",
    run(rows, file) {
      const ids = new Set(rows.map((r) => r.id));
      return Object.keys(COMPUTED)
        .filter((id) => !ids.has(id))
        .map((id) => ({ check: this.name, file, message: `${id}: regla de cálculo sin renglón en la tabla` }));
    },
  },
  rowCheck("obligaciones-periodicas-periodicidad-coincide", (r, c) =>
    rulePeriodicity[c.rule.kind].includes(r.periodicidad) ? null : `periodicidad "${r.periodicidad}" y regla ${c.rule.kind}`,
  ),
  rowCheck("obligaciones-periodicas-dia-coincide-con-el-texto", (r, c) => {
    const rule = c.rule;
    const day = rule.kind === "monthly" || rule.kind === "bimonthly" ? rule.day : undefined;
    if (day === undefined) return null;
    return r.reglaDeFecha.includes(dayWords(day)) ? null : `la regla de fecha no dice "${dayWords(day)}"`;
  }),
  rowCheck("obligaciones-periodicas-fecha-anual-coincide-con-el-texto", (r, c) => {
    if (c.rule.kind !== "annual") return null;
    const missing = c.rule.dates.find((d) => d.label === undefined && !r.reglaDeFecha.includes(MONTH_NAMES[d.month - 1] ?? "?"));
    return missing === undefined ? null : `la regla de fecha no nombra ${MONTH_NAMES[missing.month - 1]}`;
  }),
  rowCheck("obligaciones-periodicas-recorrido-coincide-con-el-texto", (r, c) =>
    c.move === "none"
      ? r.siInhabil.startsWith("Siguiente día hábil")
        ? "el texto recorre la fecha y la regla no"
        : null
      : r.siInhabil.includes(moveWords[c.move])
        ? null
        : `si_inhabil no cita ${moveWords[c.move]}`,
  ),
  rowCheck("obligaciones-periodicas-base-existe", (_r, c) =>
    c.rule.kind !== "after" || COMPUTED[c.rule.base] !== undefined
      ? null
      : `la obligación base ${c.rule.kind === "after" ? c.rule.base : ""} no existe`,
  ),
  rowCheck("obligaciones-periodicas-personas-validas", (_r, c) =>
    c.personas.length > 0 && c.personas.every((p) => PERSONAS.includes(p)) ? null : "personas vacías o desconocidas",
  ),
  rowCheck("obligaciones-periodicas-con-fundamento-y-fuente", (r) =>
    r.fundamento.trim() && r.fuente.trim() ? null : "falta fundamento o fuente",
  ),
];

export const obligations: CuratedTable<ObligationRow[]> = {
  id: "obligaciones-periodicas",
  publisher: "Congreso de la Unión (LISR, LIVA, CFF, LSS, LINFONAVIT, LFT); SAT (RMF 2026); IMSS (RACERF)",
  citation:
    "LISR, LIVA, CFF, LSS, RACERF, LINFONAVIT y LFT en sus textos vigentes y RMF 2026 (DOF 28-12-2025); cada renglón con su artículo y la copia leída " +
    "(sources/tables/obligaciones-periodicas.csv)",
  officialUrl: "https://www.diputados.gob.mx/LeyesBiblio/index.htm",
  file: "sources/obligaciones.ts",
  rows: obligationRows,
  checks: obligationChecks,
};

/** The calendar's obligations (core/calendar.ts): each row with what is computed from it; a row without a rule is left out (and fails its check). */
export const calendarObligations = (rows: readonly ObligationRow[]): Obligation[] =>
  rows.flatMap((r) => {
    const c = COMPUTED[r.id];
    if (c === undefined) return [];
    const { row: _row, periodicidad: _p, fuente: _f, ...text } = r;
    return [{ ...text, ...c }];
  });

/** Why an obligation without calendar dates has none; undefined for the others. */
export const undatedReason = (id: string): string | undefined => {
  const rule = COMPUTED[id]?.rule;
  return rule?.kind === "none" ? rule.why : undefined;
};
