// The days that do not count for federal fiscal deadlines, 2024–2026: the rows of sources/tables/dias-inhabiles-sat.csv, each classified by what it is.
import type { DayKind, NonBusinessDay } from "../core/calendar.ts";
import { dayOfWeek, isValidIsoDate } from "../core/dates.ts";
import type { CheckFailure, CuratedTable, NamedCheck } from "./types.ts";

/** A row of the table as compiled (sources/tables/README.md), column for column. */
export interface NonBusinessDayRow {
  row: number;
  fecha: string;
  motivo: string;
  fundamento: string;
  fuente: string;
}

/** The table's rows, transcribed from sources/tables/dias-inhabiles-sat.csv (test/calendar-tables.test.ts compares them). */
const dayRows: NonBusinessDayRow[] = [
  {
    row: 2,
    fecha: "2024-01-01",
    motivo: "1 de enero",
    fundamento: "CFF art. 12, 1er párr. (texto DOF 09-04-2026); LFT art. 74 fr. I",
    fuente:
      "repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/cff/CFF.pdf (art. 12); repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lft.json (art. 74, LFT últ. reforma DOF 21-02-2025)",
  },
  {
    row: 3,
    fecha: "2024-02-05",
    motivo: "Primer lunes de febrero (conmemoración del 5 de febrero)",
    fundamento: "CFF art. 12, 1er párr. (texto DOF 09-04-2026); LFT art. 74 fr. II",
    fuente:
      "repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/cff/CFF.pdf (art. 12); repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lft.json (art. 74, LFT últ. reforma DOF 21-02-2025)",
  },
  {
    row: 4,
    fecha: "2024-03-18",
    motivo: "Tercer lunes de marzo (conmemoración del 21 de marzo)",
    fundamento: "CFF art. 12, 1er párr. (texto DOF 09-04-2026); LFT art. 74 fr. III",
    fuente:
      "repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/cff/CFF.pdf (art. 12); repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lft.json (art. 74, LFT últ. reforma DOF 21-02-2025)",
  },
  {
    row: 5,
    fecha: "2024-05-01",
    motivo: "1 de mayo",
    fundamento: "CFF art. 12, 1er párr. (texto DOF 09-04-2026); LFT art. 74 fr. IV",
    fuente:
      "repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/cff/CFF.pdf (art. 12); repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lft.json (art. 74, LFT últ. reforma DOF 21-02-2025)",
  },
  {
    row: 6,
    fecha: "2024-05-05",
    motivo: "5 de mayo (sólo inhábil fiscal: el CFF lo lista, la LFT no)",
    fundamento: "CFF art. 12, 1er párr. (texto DOF 09-04-2026)",
    fuente: "repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/cff/CFF.pdf (art. 12)",
  },
  {
    row: 7,
    fecha: "2024-09-16",
    motivo: "16 de septiembre",
    fundamento: "CFF art. 12, 1er párr. (texto DOF 09-04-2026); LFT art. 74 fr. V",
    fuente:
      "repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/cff/CFF.pdf (art. 12); repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lft.json (art. 74, LFT últ. reforma DOF 21-02-2025)",
  },
  {
    row: 8,
    fecha: "2024-10-01",
    motivo: "1 de octubre de 2024, transmisión del Poder Ejecutivo Federal (descanso LFT; el CFF no lo lista, ver README)",
    fundamento: "LFT art. 74 fr. VII (fracción reformada DOF 30-09-2024)",
    fuente:
      "repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lft.json (art. 74, LFT últ. reforma DOF 21-02-2025); pages: xataka.com.mx (la transmisión pasó del 1 de diciembre al 1 de octubre)",
  },
  {
    row: 9,
    fecha: "2024-11-18",
    motivo: "Tercer lunes de noviembre (conmemoración del 20 de noviembre)",
    fundamento: "CFF art. 12, 1er párr. (texto DOF 09-04-2026); LFT art. 74 fr. VI",
    fuente:
      "repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/cff/CFF.pdf (art. 12); repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lft.json (art. 74, LFT últ. reforma DOF 21-02-2025)",
  },
  {
    row: 10,
    fecha: "2024-12-01",
    motivo:
      '1 de diciembre de cada 6 años "cuando corresponda a la transmisión del Poder Ejecutivo" (texto literal del CFF; en 2024 cae en domingo y la transmisión fue el 1 de octubre)',
    fundamento: "CFF art. 12, 1er párr. (texto DOF 09-04-2026)",
    fuente: "repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/cff/CFF.pdf (art. 12)",
  },
  {
    row: 11,
    fecha: "2024-12-23",
    motivo:
      "Periodo general de vacaciones del SAT: no se computan plazos fijados en días, salvo los de presentación de declaraciones y pago de contribuciones, que sí corren (CFF 12, 2º párr.) — fuente secundaria, sin texto de la regla",
    fundamento: "CFF art. 12, 2º párr.; regla RMF no leída",
    fuente:
      'pages: jlanoticias.com/dias-habiles-e-inhabiles-de-fin-de-ano-lo-que-debes-saber-para-2024 ("periodo vacacional del 23 al 31 de diciembre", cortesía de El Contribuyente)',
  },
  {
    row: 12,
    fecha: "2024-12-24",
    motivo:
      "Periodo general de vacaciones del SAT: no se computan plazos fijados en días, salvo los de presentación de declaraciones y pago de contribuciones, que sí corren (CFF 12, 2º párr.) — fuente secundaria, sin texto de la regla",
    fundamento: "CFF art. 12, 2º párr.; regla RMF no leída",
    fuente:
      'pages: jlanoticias.com/dias-habiles-e-inhabiles-de-fin-de-ano-lo-que-debes-saber-para-2024 ("periodo vacacional del 23 al 31 de diciembre", cortesía de El Contribuyente)',
  },
  {
    row: 13,
    fecha: "2024-12-25",
    motivo: "25 de diciembre",
    fundamento: "CFF art. 12, 1er párr. (texto DOF 09-04-2026); LFT art. 74 fr. VIII",
    fuente:
      "repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/cff/CFF.pdf (art. 12); repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lft.json (art. 74, LFT últ. reforma DOF 21-02-2025)",
  },
  {
    row: 14,
    fecha: "2024-12-26",
    motivo:
      "Periodo general de vacaciones del SAT: no se computan plazos fijados en días, salvo los de presentación de declaraciones y pago de contribuciones, que sí corren (CFF 12, 2º párr.) — fuente secundaria, sin texto de la regla",
    fundamento: "CFF art. 12, 2º párr.; regla RMF no leída",
    fuente:
      'pages: jlanoticias.com/dias-habiles-e-inhabiles-de-fin-de-ano-lo-que-debes-saber-para-2024 ("periodo vacacional del 23 al 31 de diciembre", cortesía de El Contribuyente)',
  },
  {
    row: 15,
    fecha: "2024-12-27",
    motivo:
      "Periodo general de vacaciones del SAT: no se computan plazos fijados en días, salvo los de presentación de declaraciones y pago de contribuciones, que sí corren (CFF 12, 2º párr.) — fuente secundaria, sin texto de la regla",
    fundamento: "CFF art. 12, 2º párr.; regla RMF no leída",
    fuente:
      'pages: jlanoticias.com/dias-habiles-e-inhabiles-de-fin-de-ano-lo-que-debes-saber-para-2024 ("periodo vacacional del 23 al 31 de diciembre", cortesía de El Contribuyente)',
  },
  {
    row: 16,
    fecha: "2024-12-30",
    motivo:
      "Periodo general de vacaciones del SAT: no se computan plazos fijados en días, salvo los de presentación de declaraciones y pago de contribuciones, que sí corren (CFF 12, 2º párr.) — fuente secundaria, sin texto de la regla",
    fundamento: "CFF art. 12, 2º párr.; regla RMF no leída",
    fuente:
      'pages: jlanoticias.com/dias-habiles-e-inhabiles-de-fin-de-ano-lo-que-debes-saber-para-2024 ("periodo vacacional del 23 al 31 de diciembre", cortesía de El Contribuyente)',
  },
  {
    row: 17,
    fecha: "2024-12-31",
    motivo:
      "Periodo general de vacaciones del SAT: no se computan plazos fijados en días, salvo los de presentación de declaraciones y pago de contribuciones, que sí corren (CFF 12, 2º párr.) — fuente secundaria, sin texto de la regla",
    fundamento: "CFF art. 12, 2º párr.; regla RMF no leída",
    fuente:
      'pages: jlanoticias.com/dias-habiles-e-inhabiles-de-fin-de-ano-lo-que-debes-saber-para-2024 ("periodo vacacional del 23 al 31 de diciembre", cortesía de El Contribuyente)',
  },
  {
    row: 18,
    fecha: "2025-01-01",
    motivo: "1 de enero",
    fundamento: "CFF art. 12, 1er párr. (texto DOF 09-04-2026); LFT art. 74 fr. I",
    fuente:
      "repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/cff/CFF.pdf (art. 12); repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lft.json (art. 74, LFT últ. reforma DOF 21-02-2025)",
  },
  {
    row: 19,
    fecha: "2025-02-03",
    motivo: "Primer lunes de febrero (conmemoración del 5 de febrero)",
    fundamento: "CFF art. 12, 1er párr. (texto DOF 09-04-2026); LFT art. 74 fr. II",
    fuente:
      "repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/cff/CFF.pdf (art. 12); repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lft.json (art. 74, LFT últ. reforma DOF 21-02-2025)",
  },
  {
    row: 20,
    fecha: "2025-03-17",
    motivo: "Tercer lunes de marzo (conmemoración del 21 de marzo)",
    fundamento: "CFF art. 12, 1er párr. (texto DOF 09-04-2026); LFT art. 74 fr. III",
    fuente:
      "repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/cff/CFF.pdf (art. 12); repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lft.json (art. 74, LFT últ. reforma DOF 21-02-2025)",
  },
  {
    row: 21,
    fecha: "2025-04-17",
    motivo: "Día inhábil para el SAT (Jueves/Viernes Santo 2025)",
    fundamento: "RMF 2025 regla 2.1.6 (según las notas leídas)",
    fuente:
      'pages: infobae.com/mexico/2025/12/09/que-dias-no-trabaja-el-sat-en-diciembre...; vanguardia.com.mx ("La Resolución Miscelánea Fiscal para 2025 ... sí lo hizo para otras fechas del año, principalmente el 17 y 18 de abril")',
  },
  {
    row: 22,
    fecha: "2025-04-18",
    motivo: "Día inhábil para el SAT (Jueves/Viernes Santo 2025)",
    fundamento: "RMF 2025 regla 2.1.6 (según las notas leídas)",
    fuente:
      'pages: infobae.com/mexico/2025/12/09/que-dias-no-trabaja-el-sat-en-diciembre...; vanguardia.com.mx ("La Resolución Miscelánea Fiscal para 2025 ... sí lo hizo para otras fechas del año, principalmente el 17 y 18 de abril")',
  },
  {
    row: 23,
    fecha: "2025-05-01",
    motivo: "1 de mayo",
    fundamento: "CFF art. 12, 1er párr. (texto DOF 09-04-2026); LFT art. 74 fr. IV",
    fuente:
      "repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/cff/CFF.pdf (art. 12); repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lft.json (art. 74, LFT últ. reforma DOF 21-02-2025)",
  },
  {
    row: 24,
    fecha: "2025-05-05",
    motivo: "5 de mayo (sólo inhábil fiscal: el CFF lo lista, la LFT no)",
    fundamento: "CFF art. 12, 1er párr. (texto DOF 09-04-2026)",
    fuente: "repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/cff/CFF.pdf (art. 12)",
  },
  {
    row: 25,
    fecha: "2025-07-18",
    motivo:
      "Periodo general de vacaciones del SAT: no se computan plazos fijados en días, salvo los de presentación de declaraciones y pago de contribuciones, que sí corren (CFF 12, 2º párr.) (primer periodo 2025)",
    fundamento: "RMF 2025 regla 2.1.6, modificada (DOF 09-07-2025, según la nota)",
    fuente:
      'pages: razon.com.mx/mexico/2025/12/02/vacaciones-sat-2025-hasta-cuando-van-a-trabajar-en-las-oficinas ("el primer periodo general de vacaciones los días del 18 al 31 de julio del 2025")',
  },
  {
    row: 26,
    fecha: "2025-07-21",
    motivo:
      "Periodo general de vacaciones del SAT: no se computan plazos fijados en días, salvo los de presentación de declaraciones y pago de contribuciones, que sí corren (CFF 12, 2º párr.) (primer periodo 2025)",
    fundamento: "RMF 2025 regla 2.1.6, modificada (DOF 09-07-2025, según la nota)",
    fuente:
      'pages: razon.com.mx/mexico/2025/12/02/vacaciones-sat-2025-hasta-cuando-van-a-trabajar-en-las-oficinas ("el primer periodo general de vacaciones los días del 18 al 31 de julio del 2025")',
  },
  {
    row: 27,
    fecha: "2025-07-22",
    motivo:
      "Periodo general de vacaciones del SAT: no se computan plazos fijados en días, salvo los de presentación de declaraciones y pago de contribuciones, que sí corren (CFF 12, 2º párr.) (primer periodo 2025)",
    fundamento: "RMF 2025 regla 2.1.6, modificada (DOF 09-07-2025, según la nota)",
    fuente:
      'pages: razon.com.mx/mexico/2025/12/02/vacaciones-sat-2025-hasta-cuando-van-a-trabajar-en-las-oficinas ("el primer periodo general de vacaciones los días del 18 al 31 de julio del 2025")',
  },
  {
    row: 28,
    fecha: "2025-07-23",
    motivo:
      "Periodo general de vacaciones del SAT: no se computan plazos fijados en días, salvo los de presentación de declaraciones y pago de contribuciones, que sí corren (CFF 12, 2º párr.) (primer periodo 2025)",
    fundamento: "RMF 2025 regla 2.1.6, modificada (DOF 09-07-2025, según la nota)",
    fuente:
      'pages: razon.com.mx/mexico/2025/12/02/vacaciones-sat-2025-hasta-cuando-van-a-trabajar-en-las-oficinas ("el primer periodo general de vacaciones los días del 18 al 31 de julio del 2025")',
  },
  {
    row: 29,
    fecha: "2025-07-24",
    motivo:
      "Periodo general de vacaciones del SAT: no se computan plazos fijados en días, salvo los de presentación de declaraciones y pago de contribuciones, que sí corren (CFF 12, 2º párr.) (primer periodo 2025)",
    fundamento: "RMF 2025 regla 2.1.6, modificada (DOF 09-07-2025, según la nota)",
    fuente:
      'pages: razon.com.mx/mexico/2025/12/02/vacaciones-sat-2025-hasta-cuando-van-a-trabajar-en-las-oficinas ("el primer periodo general de vacaciones los días del 18 al 31 de julio del 2025")',
  },
  {
    row: 30,
    fecha: "2025-07-25",
    motivo:
      "Periodo general de vacaciones del SAT: no se computan plazos fijados en días, salvo los de presentación de declaraciones y pago de contribuciones, que sí corren (CFF 12, 2º párr.) (primer periodo 2025)",
    fundamento: "RMF 2025 regla 2.1.6, modificada (DOF 09-07-2025, según la nota)",
    fuente:
      'pages: razon.com.mx/mexico/2025/12/02/vacaciones-sat-2025-hasta-cuando-van-a-trabajar-en-las-oficinas ("el primer periodo general de vacaciones los días del 18 al 31 de julio del 2025")',
  },
  {
    row: 31,
    fecha: "2025-07-28",
    motivo:
      "Periodo general de vacaciones del SAT: no se computan plazos fijados en días, salvo los de presentación de declaraciones y pago de contribuciones, que sí corren (CFF 12, 2º párr.) (primer periodo 2025)",
    fundamento: "RMF 2025 regla 2.1.6, modificada (DOF 09-07-2025, según la nota)",
    fuente:
      'pages: razon.com.mx/mexico/2025/12/02/vacaciones-sat-2025-hasta-cuando-van-a-trabajar-en-las-oficinas ("el primer periodo general de vacaciones los días del 18 al 31 de julio del 2025")',
  },
  {
    row: 32,
    fecha: "2025-07-29",
    motivo:
      "Periodo general de vacaciones del SAT: no se computan plazos fijados en días, salvo los de presentación de declaraciones y pago de contribuciones, que sí corren (CFF 12, 2º párr.) (primer periodo 2025)",
    fundamento: "RMF 2025 regla 2.1.6, modificada (DOF 09-07-2025, según la nota)",
    fuente:
      'pages: razon.com.mx/mexico/2025/12/02/vacaciones-sat-2025-hasta-cuando-van-a-trabajar-en-las-oficinas ("el primer periodo general de vacaciones los días del 18 al 31 de julio del 2025")',
  },
  {
    row: 33,
    fecha: "2025-07-30",
    motivo:
      "Periodo general de vacaciones del SAT: no se computan plazos fijados en días, salvo los de presentación de declaraciones y pago de contribuciones, que sí corren (CFF 12, 2º párr.) (primer periodo 2025)",
    fundamento: "RMF 2025 regla 2.1.6, modificada (DOF 09-07-2025, según la nota)",
    fuente:
      'pages: razon.com.mx/mexico/2025/12/02/vacaciones-sat-2025-hasta-cuando-van-a-trabajar-en-las-oficinas ("el primer periodo general de vacaciones los días del 18 al 31 de julio del 2025")',
  },
  {
    row: 34,
    fecha: "2025-07-31",
    motivo:
      "Periodo general de vacaciones del SAT: no se computan plazos fijados en días, salvo los de presentación de declaraciones y pago de contribuciones, que sí corren (CFF 12, 2º párr.) (primer periodo 2025)",
    fundamento: "RMF 2025 regla 2.1.6, modificada (DOF 09-07-2025, según la nota)",
    fuente:
      'pages: razon.com.mx/mexico/2025/12/02/vacaciones-sat-2025-hasta-cuando-van-a-trabajar-en-las-oficinas ("el primer periodo general de vacaciones los días del 18 al 31 de julio del 2025")',
  },
  {
    row: 35,
    fecha: "2025-09-16",
    motivo: "16 de septiembre",
    fundamento: "CFF art. 12, 1er párr. (texto DOF 09-04-2026); LFT art. 74 fr. V",
    fuente:
      "repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/cff/CFF.pdf (art. 12); repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lft.json (art. 74, LFT últ. reforma DOF 21-02-2025)",
  },
  {
    row: 36,
    fecha: "2025-11-17",
    motivo: "Tercer lunes de noviembre (conmemoración del 20 de noviembre)",
    fundamento: "CFF art. 12, 1er párr. (texto DOF 09-04-2026); LFT art. 74 fr. VI",
    fuente:
      "repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/cff/CFF.pdf (art. 12); repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lft.json (art. 74, LFT últ. reforma DOF 21-02-2025)",
  },
  {
    row: 37,
    fecha: "2025-12-18",
    motivo:
      "Periodo general de vacaciones del SAT: no se computan plazos fijados en días, salvo los de presentación de declaraciones y pago de contribuciones, que sí corren (CFF 12, 2º párr.) (segundo periodo 2025)",
    fundamento: "RMF 2026 regla 2.1.6 fr. I (DOF 28-12-2025)",
    fuente:
      'repo juan-jose-ochoa/leyes@cd2a5d94:backend/etl/data/rmf/contenido.json (regla 2.1.6: "El segundo periodo general de vacaciones de 2025, comprende del 18 de diciembre de 2025 al 2 de enero de 2026."); pages: simmple.mx (atribuye el periodo a la Sexta Resolución de Modificaciones a la RMF 2025)',
  },
  {
    row: 38,
    fecha: "2025-12-19",
    motivo:
      "Periodo general de vacaciones del SAT: no se computan plazos fijados en días, salvo los de presentación de declaraciones y pago de contribuciones, que sí corren (CFF 12, 2º párr.) (segundo periodo 2025)",
    fundamento: "RMF 2026 regla 2.1.6 fr. I (DOF 28-12-2025)",
    fuente:
      'repo juan-jose-ochoa/leyes@cd2a5d94:backend/etl/data/rmf/contenido.json (regla 2.1.6: "El segundo periodo general de vacaciones de 2025, comprende del 18 de diciembre de 2025 al 2 de enero de 2026."); pages: simmple.mx (atribuye el periodo a la Sexta Resolución de Modificaciones a la RMF 2025)',
  },
  {
    row: 39,
    fecha: "2025-12-22",
    motivo:
      "Periodo general de vacaciones del SAT: no se computan plazos fijados en días, salvo los de presentación de declaraciones y pago de contribuciones, que sí corren (CFF 12, 2º párr.) (segundo periodo 2025)",
    fundamento: "RMF 2026 regla 2.1.6 fr. I (DOF 28-12-2025)",
    fuente:
      'repo juan-jose-ochoa/leyes@cd2a5d94:backend/etl/data/rmf/contenido.json (regla 2.1.6: "El segundo periodo general de vacaciones de 2025, comprende del 18 de diciembre de 2025 al 2 de enero de 2026."); pages: simmple.mx (atribuye el periodo a la Sexta Resolución de Modificaciones a la RMF 2025)',
  },
  {
    row: 40,
    fecha: "2025-12-23",
    motivo:
      "Periodo general de vacaciones del SAT: no se computan plazos fijados en días, salvo los de presentación de declaraciones y pago de contribuciones, que sí corren (CFF 12, 2º párr.) (segundo periodo 2025)",
    fundamento: "RMF 2026 regla 2.1.6 fr. I (DOF 28-12-2025)",
    fuente:
      'repo juan-jose-ochoa/leyes@cd2a5d94:backend/etl/data/rmf/contenido.json (regla 2.1.6: "El segundo periodo general de vacaciones de 2025, comprende del 18 de diciembre de 2025 al 2 de enero de 2026."); pages: simmple.mx (atribuye el periodo a la Sexta Resolución de Modificaciones a la RMF 2025)',
  },
  {
    row: 41,
    fecha: "2025-12-24",
    motivo:
      "Periodo general de vacaciones del SAT: no se computan plazos fijados en días, salvo los de presentación de declaraciones y pago de contribuciones, que sí corren (CFF 12, 2º párr.) (segundo periodo 2025)",
    fundamento: "RMF 2026 regla 2.1.6 fr. I (DOF 28-12-2025)",
    fuente:
      'repo juan-jose-ochoa/leyes@cd2a5d94:backend/etl/data/rmf/contenido.json (regla 2.1.6: "El segundo periodo general de vacaciones de 2025, comprende del 18 de diciembre de 2025 al 2 de enero de 2026."); pages: simmple.mx (atribuye el periodo a la Sexta Resolución de Modificaciones a la RMF 2025)',
  },
  {
    row: 42,
    fecha: "2025-12-25",
    motivo: "25 de diciembre",
    fundamento: "CFF art. 12, 1er párr. (texto DOF 09-04-2026); LFT art. 74 fr. VIII",
    fuente:
      "repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/cff/CFF.pdf (art. 12); repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lft.json (art. 74, LFT últ. reforma DOF 21-02-2025)",
  },
  {
    row: 43,
    fecha: "2025-12-26",
    motivo:
      "Periodo general de vacaciones del SAT: no se computan plazos fijados en días, salvo los de presentación de declaraciones y pago de contribuciones, que sí corren (CFF 12, 2º párr.) (segundo periodo 2025)",
    fundamento: "RMF 2026 regla 2.1.6 fr. I (DOF 28-12-2025)",
    fuente:
      'repo juan-jose-ochoa/leyes@cd2a5d94:backend/etl/data/rmf/contenido.json (regla 2.1.6: "El segundo periodo general de vacaciones de 2025, comprende del 18 de diciembre de 2025 al 2 de enero de 2026."); pages: simmple.mx (atribuye el periodo a la Sexta Resolución de Modificaciones a la RMF 2025)',
  },
  {
    row: 44,
    fecha: "2025-12-29",
    motivo:
      "Periodo general de vacaciones del SAT: no se computan plazos fijados en días, salvo los de presentación de declaraciones y pago de contribuciones, que sí corren (CFF 12, 2º párr.) (segundo periodo 2025)",
    fundamento: "RMF 2026 regla 2.1.6 fr. I (DOF 28-12-2025)",
    fuente:
      'repo juan-jose-ochoa/leyes@cd2a5d94:backend/etl/data/rmf/contenido.json (regla 2.1.6: "El segundo periodo general de vacaciones de 2025, comprende del 18 de diciembre de 2025 al 2 de enero de 2026."); pages: simmple.mx (atribuye el periodo a la Sexta Resolución de Modificaciones a la RMF 2025)',
  },
  {
    row: 45,
    fecha: "2025-12-30",
    motivo:
      "Periodo general de vacaciones del SAT: no se computan plazos fijados en días, salvo los de presentación de declaraciones y pago de contribuciones, que sí corren (CFF 12, 2º párr.) (segundo periodo 2025)",
    fundamento: "RMF 2026 regla 2.1.6 fr. I (DOF 28-12-2025)",
    fuente:
      'repo juan-jose-ochoa/leyes@cd2a5d94:backend/etl/data/rmf/contenido.json (regla 2.1.6: "El segundo periodo general de vacaciones de 2025, comprende del 18 de diciembre de 2025 al 2 de enero de 2026."); pages: simmple.mx (atribuye el periodo a la Sexta Resolución de Modificaciones a la RMF 2025)',
  },
  {
    row: 46,
    fecha: "2025-12-31",
    motivo:
      "Periodo general de vacaciones del SAT: no se computan plazos fijados en días, salvo los de presentación de declaraciones y pago de contribuciones, que sí corren (CFF 12, 2º párr.) (segundo periodo 2025)",
    fundamento: "RMF 2026 regla 2.1.6 fr. I (DOF 28-12-2025)",
    fuente:
      'repo juan-jose-ochoa/leyes@cd2a5d94:backend/etl/data/rmf/contenido.json (regla 2.1.6: "El segundo periodo general de vacaciones de 2025, comprende del 18 de diciembre de 2025 al 2 de enero de 2026."); pages: simmple.mx (atribuye el periodo a la Sexta Resolución de Modificaciones a la RMF 2025)',
  },
  {
    row: 47,
    fecha: "2026-01-01",
    motivo: "1 de enero",
    fundamento: "CFF art. 12, 1er párr. (texto DOF 09-04-2026); LFT art. 74 fr. I",
    fuente:
      "repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/cff/CFF.pdf (art. 12); repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lft.json (art. 74, LFT últ. reforma DOF 21-02-2025)",
  },
  {
    row: 48,
    fecha: "2026-01-02",
    motivo:
      "Periodo general de vacaciones del SAT: no se computan plazos fijados en días, salvo los de presentación de declaraciones y pago de contribuciones, que sí corren (CFF 12, 2º párr.) (segundo periodo 2025)",
    fundamento: "RMF 2026 regla 2.1.6 fr. I (DOF 28-12-2025)",
    fuente:
      'repo juan-jose-ochoa/leyes@cd2a5d94:backend/etl/data/rmf/contenido.json (regla 2.1.6: "El segundo periodo general de vacaciones de 2025, comprende del 18 de diciembre de 2025 al 2 de enero de 2026."); pages: simmple.mx (atribuye el periodo a la Sexta Resolución de Modificaciones a la RMF 2025)',
  },
  {
    row: 49,
    fecha: "2026-02-02",
    motivo: "Primer lunes de febrero (conmemoración del 5 de febrero)",
    fundamento: "CFF art. 12, 1er párr. (texto DOF 09-04-2026); LFT art. 74 fr. II",
    fuente:
      "repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/cff/CFF.pdf (art. 12); repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lft.json (art. 74, LFT últ. reforma DOF 21-02-2025)",
  },
  {
    row: 50,
    fecha: "2026-03-16",
    motivo: "Tercer lunes de marzo (conmemoración del 21 de marzo)",
    fundamento: "CFF art. 12, 1er párr. (texto DOF 09-04-2026); LFT art. 74 fr. III",
    fuente:
      "repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/cff/CFF.pdf (art. 12); repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lft.json (art. 74, LFT últ. reforma DOF 21-02-2025)",
  },
  {
    row: 51,
    fecha: "2026-04-02",
    motivo: "Día inhábil para el SAT (Jueves/Viernes Santo 2026); también cierre bancario CNBV 2026",
    fundamento: "RMF 2026 regla 2.1.6 fr. II (DOF 28-12-2025); CNBV disposición días inhábiles 2026 (DOF 10-12-2025, codigo 5775684)",
    fuente:
      'repo juan-jose-ochoa/leyes@cd2a5d94:backend/etl/data/rmf/contenido.json ("Son días inhábiles para el SAT el 2 y 3 de abril de 2026."); repo madfam-org/tezca@c00f434a:docs/data/FERIADOS_LEGALES.md (lista CNBV 2026)',
  },
  {
    row: 52,
    fecha: "2026-04-03",
    motivo: "Día inhábil para el SAT (Jueves/Viernes Santo 2026); también cierre bancario CNBV 2026",
    fundamento: "RMF 2026 regla 2.1.6 fr. II (DOF 28-12-2025); CNBV disposición días inhábiles 2026 (DOF 10-12-2025, codigo 5775684)",
    fuente:
      'repo juan-jose-ochoa/leyes@cd2a5d94:backend/etl/data/rmf/contenido.json ("Son días inhábiles para el SAT el 2 y 3 de abril de 2026."); repo madfam-org/tezca@c00f434a:docs/data/FERIADOS_LEGALES.md (lista CNBV 2026)',
  },
  {
    row: 53,
    fecha: "2026-05-01",
    motivo: "1 de mayo",
    fundamento: "CFF art. 12, 1er párr. (texto DOF 09-04-2026); LFT art. 74 fr. IV",
    fuente:
      "repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/cff/CFF.pdf (art. 12); repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lft.json (art. 74, LFT últ. reforma DOF 21-02-2025)",
  },
  {
    row: 54,
    fecha: "2026-05-05",
    motivo: "5 de mayo (sólo inhábil fiscal: el CFF lo lista, la LFT no)",
    fundamento: "CFF art. 12, 1er párr. (texto DOF 09-04-2026)",
    fuente: "repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/cff/CFF.pdf (art. 12)",
  },
  {
    row: 55,
    fecha: "2026-09-16",
    motivo: "16 de septiembre",
    fundamento: "CFF art. 12, 1er párr. (texto DOF 09-04-2026); LFT art. 74 fr. V",
    fuente:
      "repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/cff/CFF.pdf (art. 12); repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lft.json (art. 74, LFT últ. reforma DOF 21-02-2025)",
  },
  {
    row: 56,
    fecha: "2026-11-02",
    motivo:
      "Cierre bancario CNBV (no es inhábil SAT): un pago ante banco que venza ese día se prorroga al siguiente día hábil porque la oficina está cerrada (CFF 12, 5º párr.)",
    fundamento: "CNBV disposición días inhábiles 2026 (DOF 10-12-2025, codigo 5775684); CFF art. 12, 5º párr.",
    fuente:
      'repo madfam-org/tezca@c00f434a:docs/data/FERIADOS_LEGALES.md ("1 ene, 1er lun feb, 3er lun mar, 2 y 3 abr, 1 may, 16 sep, 2 nov, 3er lun nov, 12 y 25 dic"); repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/cff/CFF.pdf (art. 12)',
  },
  {
    row: 57,
    fecha: "2026-11-16",
    motivo: "Tercer lunes de noviembre (conmemoración del 20 de noviembre)",
    fundamento: "CFF art. 12, 1er párr. (texto DOF 09-04-2026); LFT art. 74 fr. VI",
    fuente:
      "repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/cff/CFF.pdf (art. 12); repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lft.json (art. 74, LFT últ. reforma DOF 21-02-2025)",
  },
  {
    row: 58,
    fecha: "2026-12-25",
    motivo: "25 de diciembre",
    fundamento: "CFF art. 12, 1er párr. (texto DOF 09-04-2026); LFT art. 74 fr. VIII",
    fuente:
      "repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/cff/CFF.pdf (art. 12); repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lft.json (art. 74, LFT últ. reforma DOF 21-02-2025)",
  },
];

/**
 * What a row is, from its motivo and fundamento (sources/tables/README.md): a SAT vacation day, a bank closure, a day the
 * SAT declares inhábil (RMF rule 2.1.6; the Holy Week days of 2026 are bank closures too), a holiday of CFF Art. 12, or
 * a labour rest day of LFT Art. 74 that the CFF does not list (1 October 2024). Empty when none applies (a failed check).
 */
export function kindsOf(r: NonBusinessDayRow): DayKind[] {
  if (r.motivo.startsWith("Periodo general de vacaciones del SAT")) return ["vacaciones"];
  if (r.motivo.startsWith("Cierre bancario")) return ["bancario"];
  if (r.motivo.startsWith("Día inhábil para el SAT")) return r.motivo.includes("cierre bancario") ? ["sat", "bancario"] : ["sat"];
  if (r.fundamento.startsWith("CFF art. 12, 1er párr.")) return ["cff"];
  if (r.fundamento.startsWith("LFT art. 74")) return ["lft"];
  return [];
}

/** The years the table covers. */
export const nonBusinessYears = (rows: readonly NonBusinessDayRow[]): number[] =>
  [...new Set(rows.map((r) => Number(r.fecha.slice(0, 4))))].sort((a, b) => a - b);

/** What the table does not hold for each year it covers (sources/tables/README.md, "Not included"). */
export const NON_BUSINESS_GAPS: Readonly<Record<number, string>> = {
  2024:
    "No incluye el Jueves y Viernes Santo (28 y 29 de marzo de 2024) ni el periodo de vacaciones de julio; el de diciembre viene de una nota sin texto de la regla. " +
    "El 1 de octubre de 2024 es descanso de la LFT que el texto del CFF no lista: no recorre plazos fiscales.",
  2025: "El Jueves y Viernes Santo y el periodo de vacaciones de julio de 2025 vienen de notas periodísticas, no del texto de la regla 2.1.6.",
  2026: "No incluye los periodos de vacaciones del SAT de 2026 (no publicados o no verificados); no cambian los plazos de declaraciones y pagos.",
};

function rowCheck(name: string, test: (r: NonBusinessDayRow) => string | null): NamedCheck<NonBusinessDayRow[]> {
  return {
    name,
    run(rows, file) {
      return rows.flatMap((r): CheckFailure[] => {
        const message = test(r);
        return message === null ? [] : [{ check: name, file, row: r.row, message: `${r.fecha}: ${message}` }];
      });
    },
  };
}

const dayChecks: NamedCheck<NonBusinessDayRow[]>[] = [
  rowCheck("dias-inhabiles-sat-fecha-valida", (r) => (isValidIsoDate(r.fecha) ? null : "no es una fecha AAAA-MM-DD")),
  rowCheck("dias-inhabiles-sat-clasificados", (r) =>
    kindsOf(r).length > 0 ? null : "el motivo y el fundamento no dicen qué clase de día es",
  ),
  rowCheck("dias-inhabiles-sat-con-fundamento-y-fuente", (r) =>
    r.fundamento.trim() && r.fuente.trim() ? null : "falta fundamento o fuente",
  ),
  // Weekends never count (CFF Art. 12); the README keeps only two Sundays, to document a rule.
  rowCheck("dias-inhabiles-sat-fin-de-semana-solo-documentales", (r) =>
    dayOfWeek(r.fecha) === 6 || (dayOfWeek(r.fecha) === 0 && !["2024-05-05", "2024-12-01"].includes(r.fecha))
      ? "sábado o domingo: no se lista (CFF art. 12)"
      : null,
  ),
  {
    name: "dias-inhabiles-sat-ordenados-sin-repetir",
    run(rows, file) {
      return rows.flatMap((r, i): CheckFailure[] => {
        const prev = rows[i - 1];
        return prev === undefined || prev.fecha < r.fecha
          ? []
          : [{ check: this.name, file, row: r.row, message: `${r.fecha} no va después de ${prev.fecha}` }];
      });
    },
  },
  {
    name: "dias-inhabiles-sat-cada-anio-con-sus-huecos",
    run(rows, file) {
      return nonBusinessYears(rows)
        .filter((y) => NON_BUSINESS_GAPS[y] === undefined)
        .map((y) => ({ check: this.name, file, message: `${y}: falta la nota de lo que la tabla no tiene` }));
    },
  },
];

export const nonBusinessDays: CuratedTable<NonBusinessDayRow[]> = {
  id: "dias-inhabiles-sat",
  publisher: "Congreso de la Unión (CFF, LFT, DOF); SAT (RMF, regla 2.1.6); CNBV",
  citation:
    "CFF art. 12 (texto DOF 09-04-2026), LFT art. 74 (DOF 21-02-2025), RMF 2025 y 2026 regla 2.1.6, disposición de días inhábiles de la CNBV 2026 " +
    "(DOF 10-12-2025); cada renglón con su fuente (sources/tables/dias-inhabiles-sat.csv)",
  officialUrl: "https://www.diputados.gob.mx/LeyesBiblio/pdf/CFF.pdf",
  file: "sources/dias-inhabiles.ts",
  rows: dayRows,
  checks: dayChecks,
};

/** The calendar's non-business days (core/calendar.ts). */
export const calendarDays = (rows: readonly NonBusinessDayRow[]): NonBusinessDay[] =>
  rows.map((r) => ({ date: r.fecha, kinds: kindsOf(r) }));
