// The INPC, the yearly tables and c_TasaOCuota, one registry entry each: their routes, producers, dumps, /status entries and staleness follow from it.
import type { Producer } from "./producer.ts";
import { coverage, entry, single, yearly, type DatasetEntry, type DumpSpec, type JoinedDump } from "./entry.ts";
import { resicoRates, subsidyDays, subsidyRule } from "./payroll-records.ts";
import { resicoRoutes, subsidioEmpleoRoutes } from "./payroll-routes.ts";
import { factorIntegracionRecord, factorIntegracionRoutes, recargosRate, recargosRoutes } from "./late-tables.ts";
import {
  currentYear,
  inpcLatest,
  inpcRecord,
  isrTariff,
  isrYears,
  tasaOCuotaRecord,
  umaRecord,
  umaYears,
  type Datasets,
} from "./records.ts";
import { CACHE } from "../route-shape/route-types.ts";
import type { TableId } from "./table-sources.ts";
import { count, pesos, s, span, type Json } from "./said.ts";
import { inpcRoutes, ISR_API_PERIODS, isrRoutes, tasaOCuotaRoutes, umaRoutes } from "./table-routes.ts";
import { imss } from "../../sources/imss.ts";
import { inegi } from "../../sources/inegi.ts";
import { ISR_PERIODS } from "../../sources/isr-checks.ts";
import { isrTariffs } from "../../sources/isr.ts";
import { resico } from "../../sources/resico.ts";
import { recargos } from "../../sources/recargos.ts";
import { factorIntegracion } from "../../sources/factor-integracion.ts";
import { minimumWage } from "../../sources/salario-minimo.ts";
import { tasaOCuota } from "../../sources/sat.ts";
import { subsidioEmpleo } from "../../sources/subsidio-empleo.ts";
import { uma } from "../../sources/uma.ts";
import { calendarOf, calendarYear, nonBusinessRecords, obligationRecords } from "./calendar.ts";
import { calendarRoutes } from "./calendar-routes.ts";
import { nonBusinessDays, nonBusinessYears } from "../../sources/dias-inhabiles.ts";
import { cancelReasons } from "../../sources/motivos-cancelacion.ts";
import { cancelReasonRecord, cancelReasonRoutes } from "./cancel-reasons.ts";
import { obligations } from "../../sources/obligaciones.ts";

const inpcPeriods = (d: Datasets): string[] => d.inpc.map((o) => o.period);

/** Every dataset of TABLE_SOURCES under its id, in the order of /status and the dumps: its routes, producers, dump and status. */
export const DATASETS = {
  inpc: entry({
    listed: "tables",
    routes: inpcRoutes,
    producers: {
      inpcList: ({ data }) => [{ pathValues: {}, body: (q) => inpcLatest(data.inpc, q["limit"]!) }],
      inpcByPeriod: ({ data }) => data.inpc.map((o) => ({ pathValues: { period: o.period }, body: () => inpcRecord(o) })),
    },
    dump: {
      cache: CACHE.live,
      rows: (d) => d.inpc.map(inpcRecord),
      coverage: (d) => coverage(inpcPeriods(d)),
      source: inegi.publisher,
      rawFile: inegi.rawFile,
      schema: { arrayOf: "InpcRecord" },
      key: ["period"],
      workbook: "series",
    },
    mcp: {
      one: (b) => `INPC de ${s(b["period"])}: ${s(b["value"])} (índice general). Fuente: INEGI.`,
      many: (l) => `${count(l.length, "mes", "meses")} del INPC${span(l, "period")}. Fuente: INEGI.`,
    },
    status: { title: "INPC, índice general", cadence: { kind: "monthly", lagDays: 45, what: "el INPC", periods: inpcPeriods } },
  }),
  uma: entry({
    listed: "tables",
    routes: umaRoutes,
    producers: {
      umaCurrent: ({ data, asOf }) => {
        const year = currentYear(umaYears(data), asOf);
        return single(year === undefined ? undefined : umaRecord(data, year));
      },
      umaByYear: ({ data }) => umaYears(data).map((y) => ({ pathValues: { year: String(y) }, body: () => umaRecord(data, y) })),
    },
    // A year's record joins the UMA, the minimum wage and the IMSS rates (salario-minimo and imss below say so).
    dump: {
      cache: CACHE.hour,
      rows: (d) => umaYears(d).map((y) => umaRecord(d, y)!),
      coverage: (d) => coverage(umaYears(d).map(String)),
      source: `${uma.publisher} (UMA); ${minimumWage.publisher} (salario mínimo); ${imss.publisher} (tasas)`,
      rawFile: null,
      schema: { arrayOf: "Uma" },
      key: ["year"],
      workbook: "tablas-anuales",
    },
    mcp: {
      one: (b) =>
        `${s(b["year"])}: UMA diaria ${pesos(b["uma"])} (desde el ${s(b["umaVigenteDesde"])}); salario mínimo general diario ${pesos(b["salarioMinimo"])} ` +
        `(desde el ${s(b["salarioMinimoVigenteDesde"])}). Fuente: ${s(b["source"])}.`,
    },
    status: yearly(uma, (d) => d.uma),
  }),
  "salario-minimo": entry({
    listed: "tables",
    routes: [],
    producers: {},
    dump: { joinedInto: "uma" },
    status: yearly(minimumWage, (d) => d["salario-minimo"]),
  }),
  isr: entry({
    listed: "tables",
    routes: isrRoutes,
    producers: {
      isrCurrentMonthly: ({ data, asOf }) => {
        const year = currentYear(isrYears(data.isr), asOf);
        return single(year === undefined ? undefined : isrTariff(data.isr, year, "mensual"));
      },
      isrTariff: ({ data }) =>
        isrYears(data.isr).flatMap((y) =>
          ISR_API_PERIODS.map((period) => ({ pathValues: { year: String(y), period }, body: () => isrTariff(data.isr, y, period) })),
        ),
    },
    // Flat: a row per bracket, for every period SAT publishes.
    dump: {
      cache: CACHE.hour,
      rows: (d) =>
        isrYears(d.isr).flatMap((year) =>
          ISR_PERIODS.flatMap((period) => (isrTariff(d.isr, year, period)?.rows ?? []).map((r) => ({ year, period, ...r }))),
        ),
      coverage: (d) => coverage(isrYears(d.isr).map(String)),
      source: isrTariffs.publisher,
      rawFile: null,
      key: ["year", "period", "lowerLimit"],
      workbook: "tablas-anuales",
    },
    mcp: {
      one: (b) =>
        `Tarifa ${s(b["period"])} de retención de ISR de ${s(b["year"])}: ${count(Array.isArray(b["rows"]) ? b["rows"].length : 0, "renglón", "renglones")}. ` +
        "Fundamento: Art. 96 de la Ley del ISR; Anexo 8 de la RMF.",
    },
    status: yearly(isrTariffs, (d) => d.isr),
  }),
  imss: entry({
    listed: "tables",
    routes: [],
    producers: {},
    dump: { joinedInto: "uma" },
    status: yearly(imss, (d) => d.imss),
  }),
  "subsidio-empleo": entry({
    listed: "tables",
    routes: subsidioEmpleoRoutes,
    producers: {
      subsidioEmpleoList: ({ data }) => single(data["subsidio-empleo"].map(subsidyRule)),
      subsidioEmpleoByDate: function* ({ data }) {
        for (const { date, rule } of subsidyDays(data["subsidio-empleo"])) yield { pathValues: { fecha: date }, body: () => rule };
      },
    },
    dump: {
      cache: CACHE.hour,
      rows: (d) => d["subsidio-empleo"].map(subsidyRule),
      // Not sorted: the first rule's start and the last rule's last day.
      coverage: (d) => coverage(d["subsidio-empleo"].flatMap((r) => [r.from, subsidyRule(r).datosHasta])),
      source: subsidioEmpleo.citation,
      rawFile: null,
      schema: { arrayOf: "SubsidioEmpleoRule" },
      key: ["vigenteDesde"],
      // In the series workbook, where it has been since it was added: tablas-anuales.xlsx would be a change of both files.
      workbook: "series",
    },
    mcp: {
      one: (b) =>
        `Subsidio para el empleo vigente desde el ${s(b["vigenteDesde"])}: ${s(b["porcentajeUmaMensual"])} % de la UMA mensual, ${pesos(b["montoMensual"])} al mes, ` +
        `para ingresos de hasta ${pesos(b["topeIngresoMensual"])} mensuales. Fuente: ${s(b["instrumento"])}.`,
      many: (l) =>
        `${count(l.length, "regla", "reglas")} del subsidio para el empleo${span(l, "vigenteDesde")}. Fuente: decretos publicados en el DOF.`,
    },
    status: yearly(subsidioEmpleo, (d) => d["subsidio-empleo"]),
  }),
  resico: entry({
    listed: "tables",
    routes: resicoRoutes,
    producers: { resicoRates: ({ data }) => single(resicoRates(data.resico)) },
    dump: {
      cache: CACHE.hour,
      rows: (d) => resicoRates(d.resico),
      coverage: () => coverage([]),
      source: resico.citation,
      rawFile: null,
      schema: { arrayOf: "ResicoRate" },
      key: ["periodo", "limiteInferior"],
      // In the series workbook, where it has been since it was added: tablas-anuales.xlsx would be a change of both files.
      workbook: "series",
    },
    mcp: {
      many: (l) =>
        `${count(l.length, "renglón", "renglones")} de tasas del RESICO de personas físicas (mensual y anual). Fundamento: Arts. 113-E y 113-F de la Ley del ISR.`,
    },
    status: {
      title: "Tasas del RESICO de personas físicas (Arts. 113-E y 113-F LISR)",
      cadence: { kind: "version", records: (d) => d.resico.length },
    },
  }),
  "obligaciones-periodicas": entry({
    listed: "tables",
    // The calendar's routes: a file per year served, and a function for ranges (lib/handlers/calendar.ts).
    routes: calendarRoutes,
    producers: {
      calendarYear: ({ data }) => {
        const calendar = calendarOf(data["obligaciones-periodicas"], data["dias-inhabiles-sat"]);
        const years = Array.from({ length: calendar.lastYear - calendar.firstYear + 1 }, (_, i) => calendar.firstYear + i);
        return years.map((y) => ({ pathValues: { year: String(y) }, body: () => calendarYear(calendar, y) }));
      },
    },
    dump: {
      cache: CACHE.hour,
      rows: (d) => obligationRecords(d["obligaciones-periodicas"]),
      coverage: () => coverage([]),
      source: obligations.citation,
      rawFile: null,
      key: ["id"],
      workbook: "tablas-anuales",
    },
    mcp: {
      one: (b) => {
        const list = Array.isArray(b["vencimientos"]) ? (b["vencimientos"] as Json[]) : [];
        const first = list[0];
        const unknown = Array.isArray(b["aniosSinDiasInhabiles"]) ? (b["aniosSinDiasInhabiles"] as unknown[]) : [];
        const head = `${count(list.length, "vencimiento", "vencimientos")} del ${s(b["desde"])} al ${s(b["hasta"])}`;
        const next =
          first === undefined
            ? ""
            : `; el primero: ${s(first["titulo"])}, el ${s(first["fecha"] ?? first["fechaOriginal"])} (${s(first["fundamento"])})`;
        const gap = unknown.length > 0 ? ` Sin días inhábiles de ${unknown.join(", ")}: esas fechas no se recorren.` : "";
        return `${head}${next}.${gap} Fuente: tabla de obligaciones periódicas con su fundamento; días inhábiles del Art. 12 CFF y la regla 2.1.6 de la RMF.`;
      },
    },
    status: {
      title: "Obligaciones periódicas: plazos del SAT, el IMSS, el INFONAVIT y la LFT",
      cadence: { kind: "version", records: (d) => d["obligaciones-periodicas"].length },
    },
  }),
  "dias-inhabiles-sat": entry({
    listed: "tables",
    routes: [],
    producers: {},
    dump: {
      cache: CACHE.hour,
      rows: (d) => nonBusinessRecords(d["dias-inhabiles-sat"]),
      coverage: (d) => coverage(d["dias-inhabiles-sat"].map((r) => r.fecha)),
      source: nonBusinessDays.citation,
      rawFile: null,
      key: ["fecha"],
      workbook: "tablas-anuales",
    },
    // Stale once a year starts without its non-business days.
    status: {
      title: "Días inhábiles para plazos fiscales federales (Art. 12 CFF, regla 2.1.6 RMF)",
      cadence: { kind: "yearly", due: "01-01", what: "los días inhábiles", years: (d) => nonBusinessYears(d["dias-inhabiles-sat"]) },
    },
  }),
  recargos: entry({
    listed: "tables",
    routes: recargosRoutes,
    producers: { recargosRates: ({ data }) => single(data.recargos.map(recargosRate)) },
    dump: {
      cache: CACHE.hour,
      rows: (d) => d.recargos.map(recargosRate),
      coverage: (d) => coverage(d.recargos.map((r) => String(r.year))),
      source: recargos.citation,
      rawFile: null,
      schema: { arrayOf: "RecargosRate" },
      key: ["anio"],
      workbook: "tablas-anuales",
    },
    mcp: {
      many: (l) =>
        `Tasas mensuales de recargos de ${count(l.length, "año", "años")}${span(l, "anio")}; mora del último: ${s(l.at(-1)?.["tasaMora"])} %. ` +
        "Fundamento: Art. 21 del CFF y Ley de Ingresos de la Federación de cada año.",
    },
    status: yearly(recargos, (d) => d.recargos),
  }),
  "factor-integracion-sbc": entry({
    listed: "tables",
    routes: factorIntegracionRoutes,
    producers: {
      factorIntegracionList: ({ data }) => single(data["factor-integracion-sbc"].map(factorIntegracionRecord)),
    },
    dump: {
      cache: CACHE.hour,
      rows: (d) => d["factor-integracion-sbc"].map(factorIntegracionRecord),
      coverage: () => coverage([]),
      source: factorIntegracion.citation,
      rawFile: null,
      schema: { arrayOf: "FactorIntegracion" },
      key: ["anioServicioDesde"],
      workbook: "tablas-anuales",
    },
    // The days change with the law, not on a cadence.
    mcp: {
      many: (l) =>
        `${count(l.length, "tramo", "tramos")} de años de servicio con su factor de integración mínimo del SBC. Fundamento: Arts. 76, 80 y 87 de la LFT; Art. 27 de la LSS.`,
    },
    status: {
      title: "Factor de integración mínimo del SBC por años de servicio (Arts. 76, 80 y 87 LFT; Art. 27 LSS)",
      cadence: { kind: "version", records: (d) => d["factor-integracion-sbc"].length },
    },
  }),
  "cfdi-tasa-o-cuota": entry({
    listed: "sat",
    // A function filters the rules per request (lib/datasets/sat-dumps.ts) from its dump: no file route.
    routes: tasaOCuotaRoutes,
    producers: {},
    dump: {
      cache: CACHE.day,
      rows: (d) => d["cfdi-tasa-o-cuota"].map(tasaOCuotaRecord),
      coverage: () => coverage([]),
      source: `${tasaOCuota.publisher}, ${tasaOCuota.rawFile.split("/").at(-1)}`,
      rawFile: tasaOCuota.rawFile,
      schema: { arrayOf: "TasaOCuotaRule" },
      // SAT's sheet has no key column: the rules keep its order (the rowid), and fixed ones have no valorMinimo.
      key: [],
      workbook: "catalogos-cfdi",
    },
    status: { title: "Catálogo c_TasaOCuota (CFDI 4.0)", cadence: { kind: "version", records: (d) => d["cfdi-tasa-o-cuota"].length } },
  }),
  // The cancellation reasons: a small catalog of the project's own table (not a sheet of SAT's workbook), served like one.
  "cfdi-motivo-cancelacion": entry({
    listed: "sat",
    routes: cancelReasonRoutes,
    producers: {
      cfdiMotivoCancelacionList: ({ data }) => single(data["cfdi-motivo-cancelacion"].map(cancelReasonRecord)),
      cfdiMotivoCancelacion: ({ data }) =>
        data["cfdi-motivo-cancelacion"].map((r) => ({ pathValues: { code: r.clave }, body: () => cancelReasonRecord(r) })),
    },
    dump: {
      cache: CACHE.day,
      rows: (d) => d["cfdi-motivo-cancelacion"].map(cancelReasonRecord),
      // Its first and last key, as a SAT catalog's coverage: /status and the data headers name it like one.
      coverage: (d) => coverage(d["cfdi-motivo-cancelacion"].map((r) => r.clave)),
      source: cancelReasons.citation,
      rawFile: null,
      schema: { arrayOf: "MotivoCancelacion" },
      key: ["code"],
      workbook: "catalogos-cfdi",
    },
    mcp: {
      one: (b) =>
        `Motivo de cancelación ${s(b["code"])}: ${s(b["description"])}.${b["requiereFolioSustitucion"] === true ? " Requiere el folio fiscal del CFDI que lo sustituye." : " No lleva folio de sustitución."} Fuente: ${s(b["fuente"])}.`,
      many: (l) =>
        `${count(l.length, "motivo", "motivos")} de cancelación de CFDI; solo 01 requiere el folio fiscal del CFDI que sustituye.`,
    },
    status: {
      title: "Motivos de cancelación de CFDI (01 a 04), tabla del proyecto",
      cadence: { kind: "version", records: (d) => d["cfdi-motivo-cancelacion"].length },
    },
  }),
} as const satisfies { readonly [K in TableId]: DatasetEntry };

export type DatasetKey = keyof typeof DATASETS;
export const DATASET_KEYS = Object.keys(DATASETS) as DatasetKey[];

/** The ids of every registry dataset's routes (the route table must hold them all). */
export type DatasetRouteId = (typeof DATASETS)[DatasetKey]["routes"][number]["id"];
type DatasetFileRouteId = Extract<(typeof DATASETS)[DatasetKey]["routes"][number], { kind: "file" }>["id"];

/** The keys of the datasets listed at one place of /status and the dumps, in registry order. */
export const keysListed = (where: DatasetEntry["listed"]): DatasetKey[] => DATASET_KEYS.filter((k) => DATASETS[k].listed === where);

/** The keys of the datasets with a dump of their own. */
type DumpedKey = { [K in DatasetKey]: (typeof DATASETS)[K]["dump"] extends JoinedDump ? never : K }[DatasetKey];
/** The datasets the joined tables name. */
type JoinTarget = { [K in DatasetKey]: (typeof DATASETS)[K]["dump"] extends { joinedInto: infer J } ? J : never }[DatasetKey];
/** `Joins`, which must be among `Dumped` or this does not compile: a table joined into a dataset without a dump of its own. */
type Into<Dumped extends string, Joins extends Dumped> = Dumped | Joins;

/** The dataset whose dump joins a table's rows (the UMA's joins the minimum wage's and the IMSS'); undefined when it has its own. */
export const joinedInto = (key: DatasetKey): Into<DumpedKey, JoinTarget> | undefined => {
  const dump: DumpSpec | JoinedDump = DATASETS[key].dump;
  return "joinedInto" in dump ? (dump.joinedInto as DumpedKey) : undefined;
};

/** A dataset's own dump; undefined when its rows are joined into another's. */
export const ownDump = (key: DatasetKey): DumpSpec | undefined => {
  const dump: DumpSpec | JoinedDump = DATASETS[key].dump;
  return "rows" in dump ? dump : undefined;
};

/** Every registry dataset's producers, by route id. */
export const DATASET_BODIES = Object.fromEntries(DATASET_KEYS.flatMap((k) => Object.entries(DATASETS[k].producers))) as Record<
  DatasetFileRouteId,
  Producer
>;
