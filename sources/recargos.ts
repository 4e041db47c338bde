// Monthly recargos rates (Art. 21 CFF; the Ley de Ingresos de la Federación of each year), 2019–2026, transcribed by hand.
import type { CheckFailure, NamedCheck, YearlyTable } from "./types.ts";

export interface RecargosRow {
  year: number;
  /** Recargos for late payment, % a month (Art. 21 CFF: the LIF's rate + 50 %, to the hundredth). */
  mora: number;
  /** LIF fr. I: prórroga, % a month on the unpaid balance. */
  prorroga: number;
  /** LIF fr. II: payment in instalments up to 12 months, over 12 and up to 24, over 24 or deferred; null where no copy read gives it. */
  parcialidades: { hasta12: number | null; de12a24: number | null; mas24oDiferido: number | null };
  instrument: string;
  /** Public copies read. */
  sources: string;
  /** Disagreements between copies and gaps, as found; null when none. */
  notes: string | null;
  /** Line of the compiled table (recargos.csv, header = line 1), for check messages. */
  row: number;
}

const tiers = (hasta12: number | null, de12a24: number | null, mas24oDiferido: number | null) => ({ hasta12, de12a24, mas24oDiferido });

const recargosRows: RecargosRow[] = [
  {
    year: 2019,
    mora: 1.47,
    prorroga: 0.98,
    parcialidades: tiers(1.26, 1.53, 1.82),
    instrument: "LIF 2019 (DOF 28-12-2018)",
    sources:
      "pages: elcontribuyente.mx/2019/01/tasas-de-recargos-de-2019-por-prorroga-en-el-pago-de-creditos-fiscales (1.26/1.53/1.82); microsip.com/blogs/la-tasa-de-recargos-2019-y-2018 (mora 1.47 y prórroga 0.98 desde LIF 2018, vigentes 2019–2022); cpware.com DOF 2018-12-28 (publicación LIF 2019)",
    notes:
      "elcontribuyente.mx escribe 0.9 % mensual para la prórroga 2019 aunque dice que las tasas permanecieron iguales a las del año pasado; microsip da 0.98. Se guarda 0.98 (microsip y 0.98 × 1.5 = 1.47 de mora). No se leyó el texto del art. 8o. LIF 2019.",
    row: 2,
  },
  {
    year: 2020,
    mora: 1.47,
    prorroga: 0.98,
    parcialidades: tiers(1.26, 1.53, 1.82),
    instrument: "LIF 2020 (DOF 25-11-2019; dof.gob.mx codigo 5579707)",
    sources:
      "pages: eficaciacontable.com/novedades5 (0.98 mensual, mora 1.47; 1.26/1.53/1.82); aaapn.mx/aniv50/info/comercio/tasas.php (prórroga 0.98, mora 1.47, ene-dic 2020)",
    notes: null,
    row: 3,
  },
  {
    year: 2021,
    mora: 1.47,
    prorroga: 0.98,
    parcialidades: tiers(1.26, 1.53, 1.82),
    instrument: "LIF 2021 (DOF 25-11-2020; sidof codigo 5605747)",
    sources:
      "pages: nerubay.mx/nota-informativa-ley-de-ingresos-de-la-federacion-para-el-ejercicio-fiscal-2021 (0.98; 1.26/1.53/1.82); aaapn.mx tasas.php (0.98/1.47, ene-dic 2021); cpware.com DOF 2020-11-25 (publicación)",
    notes: null,
    row: 4,
  },
  {
    year: 2022,
    mora: 1.47,
    prorroga: 0.98,
    parcialidades: tiers(null, null, null),
    instrument: "LIF 2022 (DOF 12-11-2021; dof.gob.mx codigo 5635285)",
    sources:
      "pages: aaapn.mx tasas.php (0.98/1.47, sólo ene-ago 2022 en la copia); microsip.com (1.47/0.98 hasta 2022); es.slideshare.net LIF 2022 (publicación DOF 12-11-2021)",
    notes: "Las tasas de parcialidades 2022 no se encontraron en ninguna copia leída: se dejan vacías.",
    row: 5,
  },
  {
    year: 2023,
    mora: 1.47,
    prorroga: 0.98,
    parcialidades: tiers(1.26, 1.53, null),
    instrument: "LIF 2023, art. 8 (DOF 14-11-2022, edición vespertina)",
    sources:
      "pages: fiorenzano.com.mx (LIF 2023 art. 8: 0.98; 1.26; 1.53); microsip.com e informador.mx (regla 2.1.21 RMF 2023: mora 1.47); aaapn.mx tasas.php (0.98/1.47 ene-dic 2023); leyco.org/mex/fed/lifef2023.html (publicación DOF 14-11-2022)",
    notes: "La copia de fiorenzano se corta antes de la tercera tasa (más de 24 meses/diferido): vacía.",
    row: 6,
  },
  {
    year: 2024,
    mora: 1.47,
    prorroga: 0.98,
    parcialidades: tiers(1.26, 1.53, 1.82),
    instrument: "LIF 2024, art. 8 (DOF 13-11-2023; última reforma DOF 30-04-2024)",
    sources:
      "pages: blog.mysuitemex.com/2023/11/14/ley-de-ingresos-para-2024-dof (publicada DOF 13-11-2023; prórroga 0.98, art. 8); idconline.mx 2023-09-11 (iniciativa LIF 2024: 0.98, 1.26, 1.53, 1.82; mora art. 21 CFF 1.47); aaapn.mx tasas.php (0.98/1.47 ene-dic 2024); mexico.justia.com (texto LIF 2024, DOF 13-11-2023); taxea.com (LIF 2025 sin cambios respecto a 2024)",
    notes:
      "Las tasas de parcialidades 2024 vienen de la iniciativa (idconline) y de la comparación de taxea; la ley aprobada sólo se leyó en su prórroga (mysuitemex).",
    row: 7,
  },
  {
    year: 2025,
    mora: 1.47,
    prorroga: 0.98,
    parcialidades: tiers(1.26, 1.53, 1.82),
    instrument: "LIF 2025, art. 8 (DOF 19-12-2024)",
    sources:
      "pages: mxga.mx/blog/ley-de-ingresos-de-la-federacion-lif-para-2025-principales-aspectos (DOF 19-12-2024; 0.98, 1.26, 1.53, 1.82); manuelnevarez.com.mx (art. 8; mora 1.47); basham.com.mx (mora 1.47); taxea.com (art. 8); boletineshowardwayman.blogspot.com/2025/01 (regla 2.1.20 RMF 2025: mora 1.47)",
    notes:
      "jlanoticias.com (nota sobre la iniciativa 2026) pone «No aplica» a las parcialidades de más de 24 meses en 2025; mxga.mx, manuelnevarez.com.mx y taxea.com dan 1.82 para 2025. Se guarda 1.82.",
    row: 8,
  },
  {
    year: 2026,
    mora: 2.07,
    prorroga: 1.38,
    parcialidades: tiers(1.42, 1.63, 1.97),
    instrument: "LIF 2026, art. 11 (DOF 07-11-2025); mora: RMF 2026 regla 2.1.20 (DOF 28-12-2025)",
    sources:
      "repo rafael-afie/leyes-fiscales-mx@1fd5cb99:vigente/otros/LIF_2026.pdf (texto art. 11); repo juan-jose-ochoa/leyes@cd2a5d94:backend/etl/data/rmf/contenido.json (regla 2.1.20: la tasa mensual de recargos por mora aplicable en el ejercicio fiscal de 2026 es de 2.07%); pages: blog.garridolicona.com (1.38 y 2.07), boletineshowardwayman.blogspot.com 2025-11-13 (art. 11: 1.38/1.42/1.63/1.97)",
    notes:
      "Desde 2026 el artículo de recargos es el 11 de la LIF, no el 8. Una copia en código todavía dice «Tasa de recargos SAT 2026: 1.47% mensual»: desactualizada. jlanoticias.com describe la iniciativa con los mismos cuatro valores de la ley publicada.",
    row: 9,
  },
];

/**
 * Art. 21 CFF, first paragraph: the mora rate is the LIF's rate increased by 50 %, "hasta la centésima" and raised
 * to the next hundredth when the thousandth digit is 5 or more (half up at the thousandth). In hundredths.
 */
export const moraFromProrroga = (prorroga: number): number => {
  const thousandths = Math.round(prorroga * 100) * 15; // prórroga in hundredths × 1.5, in thousandths
  return Math.floor((thousandths + 5) / 10) / 100;
};

function rowCheck(name: string, test: (r: RecargosRow, prev: RecargosRow | undefined) => string | null): NamedCheck<RecargosRow[]> {
  return {
    name,
    run(rows, file) {
      const failures: CheckFailure[] = [];
      rows.forEach((r, i) => {
        const message = test(r, rows[i - 1]);
        if (message !== null) failures.push({ check: name, file, row: r.row, message: `${r.year}: ${message}` });
      });
      if (rows.length === 0) failures.push({ check: name, file, message: "tabla vacía" });
      return failures;
    },
  };
}

const plausible = (rate: number | null): boolean =>
  rate === null || (rate > 0 && rate < 10 && Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-9);

const recargosChecks: NamedCheck<RecargosRow[]>[] = [
  rowCheck("recargos-anios-consecutivos", (r, prev) => (prev === undefined || r.year === prev.year + 1 ? null : `no sigue a ${prev.year}`)),
  rowCheck("recargos-mora-es-prorroga-mas-50", (r) =>
    moraFromProrroga(r.prorroga) === r.mora
      ? null
      : `mora ${r.mora} no es ${r.prorroga} × 1.5 a la centésima (${moraFromProrroga(r.prorroga)})`,
  ),
  rowCheck("recargos-tasas-plausibles", (r) =>
    [r.mora, r.prorroga, r.parcialidades.hasta12, r.parcialidades.de12a24, r.parcialidades.mas24oDiferido].every(plausible)
      ? null
      : "tasa fuera de (0, 10) % o con más de dos decimales",
  ),
  rowCheck("recargos-parcialidades-crecientes", (r) => {
    const known = [r.parcialidades.hasta12, r.parcialidades.de12a24, r.parcialidades.mas24oDiferido].filter((x): x is number => x !== null);
    return known.every((x, i) => i === 0 || x > known[i - 1]!) ? null : "las tasas de parcialidades no crecen con el plazo";
  }),
  rowCheck("recargos-con-fuente", (r) =>
    r.instrument.startsWith(`LIF ${r.year}`) && r.sources.length > 0 ? null : "sin instrumento o fuente",
  ),
];

export const recargos: YearlyTable<RecargosRow[]> = {
  id: "recargos",
  publisher: "Congreso de la Unión (Ley de Ingresos de la Federación de cada año, DOF; Código Fiscal de la Federación, Art. 21)",
  citation:
    "Ley de Ingresos de la Federación de cada ejercicio (art. 8; desde 2026, art. 11) y Código Fiscal de la Federación, Art. 21 (tasa de mora: la de la LIF más 50 %); RMF 2026 regla 2.1.20",
  officialUrl: "https://www.diputados.gob.mx/LeyesBiblio/pdf/LIF_2026.pdf",
  file: "sources/recargos.ts",
  rows: recargosRows,
  checks: recargosChecks,
  yearly: {
    title: "Tasas mensuales de recargos (Art. 21 CFF y LIF)",
    due: "01-01",
    what: "la tasa de recargos",
    years: (rows) => rows.map((r) => r.year),
  },
};
