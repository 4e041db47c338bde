// GET and POST /calculos/factura: an invoice's concepts checked (the GET's parameters, or each concept of the body), their taxes and totals.
import {
  INVOICE_PRESET_RATES,
  invoiceTotals,
  lineAmount,
  taxLine,
  twoThirds,
  twoThirdsRate,
  type InvoiceLine,
  type TaxGroup,
  type TaxKey,
  type TaxLineInput,
  type TaxLineResult,
} from "../../core/calculations.ts";
import type { CalcFactura } from "../../core/calc-schemas.ts";
import type { TasaOCuotaRule } from "../../core/sat-schemas.ts";
import { INVOICE_CONCEPT_PARAMS, INVOICE_PRESETS, MAX_INVOICE_CONCEPTS, type InvoicePreset } from "../routes/calc-routes.ts";
import { badRequest, HttpError, notFound } from "../http-kit/errors.ts";
import { checkedValues, scaledDecimal, type QueryValues } from "../http-kit/query.ts";
import type { RequestBody } from "../http-kit/body.ts";
import type { CalcRecords } from "./records.ts";
import { pesos } from "./results.ts";

type IvaOption = "16" | "8" | "0" | "exento";
type Withholding = { rate6: bigint } | "dos-tercios";

/** A preset's taxes and the law each rests on. */
interface Preset {
  iva: IvaOption;
  isr?: { rate6: bigint; basis: string };
  ivaWithheld?: { how: Withholding; basis: string };
}

const TWO_THIRDS_BASIS =
  "Art. 1-A fr. II inciso a) LIVA: las personas morales retienen el IVA que se les traslade por servicios personales independientes o por el uso o goce " +
  "temporal de bienes que les presten u otorguen personas físicas; Art. 3 fr. I RLIVA: la retención es de las dos terceras partes del impuesto trasladado.";
const HONORARIOS_ISR =
  "Art. 106, último párrafo, LISR: la persona moral retiene el 10 % del monto de los pagos por servicios profesionales, sin deducción alguna.";
const ARRENDAMIENTO_ISR =
  "Art. 116, tercer párrafo, LISR: la persona moral retiene el 10 % del monto de los pagos por el uso o goce temporal de inmuebles, sin deducción alguna.";
const RESICO_ISR =
  "Art. 113-J LISR: la persona moral retiene el 1.25 % del monto de los pagos a la persona física del RESICO, sin considerar el IVA.";

const FLETES_BASIS =
  "Art. 1-A fr. II inciso c) LIVA: las personas morales que reciben servicios de autotransporte terrestre de bienes retienen el IVA; " +
  "Art. 3 fr. II RLIVA: la retención es del 4 % del valor de la contraprestación.";
const ISR_BASIS: Partial<Record<InvoicePreset, string>> = {
  "honorarios-pf-a-pm": HONORARIOS_ISR,
  "arrendamiento-pf-a-pm": ARRENDAMIENTO_ISR,
  "resico-servicios-pf-a-pm": RESICO_ISR,
  "resico-bienes-pf-a-pm": RESICO_ISR,
};

/** A preset's rates (core/calculations.ts, which the calculator page shares) with the law of each. */
function presetOf(name: InvoicePreset): Preset {
  const rates: { iva6: bigint; isr6?: bigint; ivaWithheld?: bigint | "dos-tercios" } = INVOICE_PRESET_RATES[name];
  const iva = rates.iva6 === 160_000n ? "16" : "8";
  const isr = rates.isr6 === undefined ? undefined : { rate6: rates.isr6, basis: ISR_BASIS[name] ?? "" };
  const withheld = rates.ivaWithheld;
  const ivaWithheld =
    withheld === undefined
      ? undefined
      : withheld === "dos-tercios"
        ? { how: "dos-tercios" as const, basis: TWO_THIRDS_BASIS }
        : { how: { rate6: withheld }, basis: FLETES_BASIS };
  return { iva, ...(isr !== undefined && { isr }), ...(ivaWithheld !== undefined && { ivaWithheld }) };
}
const PRESETS = Object.fromEntries(INVOICE_PRESETS.map((name) => [name, presetOf(name)])) as Record<InvoicePreset, Preset>;

const IVA_BASIS: Record<IvaOption, string> = {
  "16": "Art. 1 LIVA: tasa del 16 %. La base incluye el IEPS del concepto (Art. 12 LIVA; Guía de llenado CFDI 4.0: la base del IVA es el importe más el IEPS).",
  "8": "Decreto de estímulos fiscales región fronteriza norte y sur (DOF 2018-12-31 y 2020-12-30, prorrogado): crédito del 50 % del IVA, tasa efectiva 8 %.",
  "0": "Art. 2-A LIVA: tasa del 0 %.",
  exento:
    "Arts. 9, 15 y 20 LIVA (actos exentos): se informa la base con TipoFactor Exento, sin TasaOCuota ni Importe (Guía de llenado CFDI 4.0, Apéndice 7).",
};
const IVA_RATE6: Record<Exclude<IvaOption, "exento">, bigint> = { "16": 160_000n, "8": 80_000n, "0": 0n };
const IEPS_BASIS = "Art. 2 fr. I LIEPS: tasas y cuotas del IEPS por bien o servicio.";

const NAMES: Record<TaxKey, "ISR" | "IVA" | "IEPS"> = { "001": "ISR", "002": "IVA", "003": "IEPS" };

/** What the c_TasaOCuota sheet calls each tax and factor of a rule the calculation may write. */
interface RuleAsked {
  impuesto: string;
  factor: "Tasa" | "Cuota";
  use: "traslado" | "retencion";
}

const rate6Text = (rate6: bigint): string => `${rate6 / 1_000_000n}.${String(rate6 % 1_000_000n).padStart(6, "0")}`;

/** The rates each loaded c_TasaOCuota was found to admit, by tax, factor, use and rate: the same few are asked on every line. */
const admitted = new WeakMap<readonly TasaOCuotaRule[], Set<string>>();

/** Whether c_TasaOCuota admits the rate: a fixed value, or within a range, of a rule in force for that tax, factor and use. */
function checkRate(rules: readonly TasaOCuotaRule[], asked: RuleAsked, rate6: bigint, field: string): void {
  const key = `${asked.impuesto}|${asked.factor}|${asked.use}|${rate6}`;
  let known = admitted.get(rules);
  if (known?.has(key) === true) return;
  const micro = (n: number): bigint => BigInt(Math.round(n * 1_000_000));
  const candidates = rules.filter((r) => r.impuesto === asked.impuesto && r.factor === asked.factor && r[asked.use] && r.validTo === null);
  const fits = candidates.some((r) =>
    r.rangoOFijo === "Fijo" ? micro(r.valorMaximo) === rate6 : micro(r.valorMinimo ?? 0) <= rate6 && rate6 <= micro(r.valorMaximo),
  );
  if (fits) {
    if (known === undefined) {
      known = new Set();
      admitted.set(rules, known);
    }
    known.add(key);
    return;
  }
  const allowed = candidates
    .map((r) =>
      r.rangoOFijo === "Fijo"
        ? rate6Text(micro(r.valorMaximo))
        : `${rate6Text(micro(r.valorMinimo ?? 0))} a ${rate6Text(micro(r.valorMaximo))}`,
    )
    .join(", ");
  throw badRequest(
    `${field}: el catálogo c_TasaOCuota no admite ${rate6Text(rate6)} para ${asked.impuesto} (${asked.factor}, ${asked.use === "traslado" ? "traslado" : "retención"}); ` +
      `admite ${allowed || "ningún valor"}.`,
  );
}

/** The concept's fields as checked parameters, its position for the messages, and the preset of the request. */
interface ConceptRequest {
  query: QueryValues;
  /** "" for the GET; "conceptos[2]." for a concept of the POST. */
  at: string;
  preset: InvoicePreset | undefined;
}

interface ConceptResult {
  line: InvoiceLine;
  out: CalcFactura["conceptos"][number];
}

const decimal = (query: QueryValues, name: string, decimals: number): bigint | undefined =>
  query[name] === undefined ? undefined : (scaledDecimal(String(query[name]), decimals) as bigint);

function taxOut(t: TaxLineResult, basis: string): CalcFactura["conceptos"][number]["traslados"][number] {
  return {
    impuesto: t.tax,
    nombre: NAMES[t.tax],
    tipoFactor: t.factor,
    tasaOCuota: t.rate6 === null ? null : rate6Text(t.rate6),
    base: Number(t.base) / 10 ** t.baseDecimals,
    importe: t.amount === null ? null : pesos(t.amount),
    limiteInferior: t.lower === null ? null : pesos(t.lower),
    limiteSuperior: t.upper === null ? null : pesos(t.upper),
    fundamento: basis,
  };
}

/** One concept: its amount, discount and base, its transfers (IEPS first, then IVA on the base with it) and withholdings. */
function concept(rules: readonly TasaOCuotaRule[], request: ConceptRequest, index: number, notes: string[]): ConceptResult {
  const { query, at } = request;
  const quantity = decimal(query, "cantidad", 6) ?? 1_000_000n;
  const unitValue = decimal(query, "valorUnitario", 6) as bigint;
  const amount = lineAmount(quantity, unitValue);
  const discount = decimal(query, "descuento", 2) ?? 0n;
  if (discount > amount)
    throw badRequest(`${at}descuento (${pesos(discount)}) no puede ser mayor que el importe del concepto (${pesos(amount)}).`);
  const presetName = (query["preset"] as InvoicePreset | undefined) ?? request.preset;
  const preset = presetName === undefined ? undefined : PRESETS[presetName];
  const objetoImp = (query["objetoImp"] as string | undefined) ?? "02";
  const base = amount - discount;

  const transferred: { line: TaxLineResult; basis: string }[] = [];
  const iepsRate = decimal(query, "iepsTasa", 6);
  const iepsQuota = decimal(query, "iepsCuota", 6);
  if (iepsRate !== undefined && iepsQuota !== undefined)
    throw badRequest(`${at}iepsTasa y ${at}iepsCuota no se combinan: envíe uno de los dos.`);
  if (iepsRate !== undefined) {
    checkRate(rules, { impuesto: "IEPS", factor: "Tasa", use: "traslado" }, iepsRate, `${at}iepsTasa`);
    transferred.push({ line: taxLine({ tax: "003", factor: "Tasa", rate6: iepsRate, base, baseDecimals: 2 }), basis: IEPS_BASIS });
  }
  if (iepsQuota !== undefined) {
    checkRate(rules, { impuesto: "IEPS", factor: "Cuota", use: "traslado" }, iepsQuota, `${at}iepsCuota`);
    // A quota is per unit: its Base is the quantity (six decimals), its Importe the quantity × quota.
    transferred.push({
      line: taxLine({ tax: "003", factor: "Cuota", rate6: iepsQuota, base: quantity, baseDecimals: 6 }),
      basis: IEPS_BASIS,
    });
  }
  const ieps = transferred.reduce((sum, t) => sum + (t.line.amount ?? 0n), 0n);
  const iva = (query["iva"] as IvaOption | undefined) ?? preset?.iva;
  let ivaLine: TaxLineResult | undefined;
  if (iva !== undefined) {
    const rate6 = iva === "exento" ? null : IVA_RATE6[iva];
    if (rate6 !== null)
      checkRate(
        rules,
        { impuesto: iva === "8" ? "IVA Crédito aplicado del 50%" : "IVA", factor: "Tasa", use: "traslado" },
        rate6,
        `${at}iva`,
      );
    ivaLine = taxLine({ tax: "002", factor: rate6 === null ? "Exento" : "Tasa", rate6, base: base + ieps, baseDecimals: 2 });
    transferred.push({ line: ivaLine, basis: IVA_BASIS[iva] });
  }

  const withheld: { line: TaxLineResult; basis: string }[] = [];
  const isr = decimal(query, "isrRetenido", 6) ?? preset?.isr?.rate6;
  if (isr !== undefined) {
    checkRate(rules, { impuesto: "ISR", factor: "Tasa", use: "retencion" }, isr, `${at}isrRetenido`);
    const basis =
      query["isrRetenido"] === undefined && preset?.isr !== undefined ? preset.isr.basis : "Retención de ISR a la tasa enviada.";
    withheld.push({ line: taxLine({ tax: "001", factor: "Tasa", rate6: isr, base, baseDecimals: 2 }), basis });
  }
  const ivaWithheld = ivaWithholding(query, preset, at);
  if (ivaWithheld !== undefined) {
    if (ivaLine === undefined || ivaLine.rate6 === null || ivaLine.rate6 === 0n) {
      throw badRequest(`${at}ivaRetenido: solo se retiene IVA de un concepto que lo traslada a una tasa mayor que cero (iva 16 u 8).`);
    }
    const twoThirdsOf = ivaWithheld.how === "dos-tercios";
    const rate6 = twoThirdsOf ? twoThirdsRate(ivaLine.rate6) : (ivaWithheld.how as { rate6: bigint }).rate6;
    checkRate(rules, { impuesto: "IVA", factor: "Tasa", use: "retencion" }, rate6, `${at}ivaRetenido`);
    const input: TaxLineInput = { tax: "002", factor: "Tasa", rate6, base: ivaLine.base, baseDecimals: 2 };
    const line = taxLine(twoThirdsOf ? { ...input, legal: twoThirds(ivaLine.amount as bigint) } : input);
    if (line.clamped) {
      notes.push(
        `Concepto ${index + 1}: las dos terceras partes del IVA (${pesos(twoThirds(ivaLine.amount as bigint))}) quedan fuera de los límites del SAT para ` +
          `TasaOCuota ${rate6Text(rate6)} y base ${pesos(ivaLine.base)}; el importe es el límite más cercano, ${pesos(line.amount as bigint)}.`,
      );
    }
    withheld.push({ line, basis: ivaWithheld.basis });
  }

  if (objetoImp !== "02" && (transferred.length > 0 || withheld.length > 0)) {
    throw badRequest(
      `${at}objetoImp ${objetoImp} no lleva impuestos (c_ObjetoImp: solo 02 los desglosa); quite los impuestos${presetName !== undefined ? " y el preset" : ""} o use 02.`,
    );
  }
  if (objetoImp === "02" && transferred.length === 0 && withheld.length === 0) {
    throw badRequest(
      `${at}objetoImp 02 (sí objeto de impuesto) necesita al menos un impuesto: envíe iva, iepsTasa, iepsCuota, isrRetenido, ivaRetenido o un preset.`,
    );
  }
  const line: InvoiceLine = { amount, discount, transferred: transferred.map((t) => t.line), withheld: withheld.map((t) => t.line) };
  const sum = (ts: readonly TaxLineResult[]): bigint => ts.reduce((s, t) => s + (t.amount ?? 0n), 0n);
  return {
    line,
    out: {
      numero: index + 1,
      cantidad: String(query["cantidad"] ?? "1"),
      valorUnitario: String(query["valorUnitario"]),
      importe: pesos(amount),
      descuento: pesos(discount),
      objetoImp: objetoImp as "01" | "02" | "03" | "04",
      preset: presetName ?? null,
      traslados: transferred.map((t) => taxOut(t.line, t.basis)),
      retenciones: withheld.map((t) => taxOut(t.line, t.basis)),
      total: pesos(amount - discount + sum(line.transferred) - sum(line.withheld)),
    },
  };
}

/** The IVA withholding asked for: the parameter (two thirds, or a rate), else the preset's. */
function ivaWithholding(query: QueryValues, preset: Preset | undefined, at: string): { how: Withholding; basis: string } | undefined {
  const asked = query["ivaRetenido"];
  if (asked === undefined) return preset?.ivaWithheld;
  if (asked === "dos-tercios") return { how: "dos-tercios", basis: TWO_THIRDS_BASIS };
  const rate6 = scaledDecimal(String(asked), 6);
  if (rate6 === null || rate6 === 0n)
    throw badRequest(`${at}ivaRetenido debe ser dos-tercios o una tasa mayor que cero con hasta seis decimales.`);
  return { how: { rate6 }, basis: "Retención de IVA a la tasa enviada." };
}

function groupOut(g: TaxGroup, withBase: boolean): CalcFactura["traslados"][number] {
  return {
    impuesto: g.tax,
    nombre: NAMES[g.tax],
    ...(withBase && {
      tipoFactor: g.factor,
      tasaOCuota: g.rate6 === null ? null : rate6Text(g.rate6),
      base: Number(g.base) / 10 ** (g.factor === "Cuota" ? 6 : 2),
    }),
    importe: g.amount === null ? null : pesos(g.amount),
  };
}

function rulesOf(records: CalcRecords): { path: string; record: TasaOCuotaRule[] } {
  const found = records.tasaOCuota();
  if (found === undefined)
    throw notFound("No está publicado el catálogo c_TasaOCuota, con el que se revisan las tasas; el cálculo no se hace sin él.");
  return found;
}

/** The invoice's result from its concepts, each already checked against the route's parameters. */
function invoiceResult(records: CalcRecords, requests: readonly ConceptRequest[]): CalcFactura {
  const rules = rulesOf(records);
  const notes: string[] = [];
  const concepts = requests.map((r, i) => concept(rules.record, r, i, notes));
  const totals = invoiceTotals(concepts.map((c) => c.line));
  return {
    moneda: "MXN",
    conceptos: concepts.map((c) => c.out),
    subtotal: pesos(totals.subtotal),
    descuento: pesos(totals.discount),
    totalImpuestosTrasladados: pesos(totals.transferred),
    totalImpuestosRetenidos: pesos(totals.withheld),
    total: pesos(totals.total),
    traslados: totals.transfers.map((g) => groupOut(g, true)),
    retenciones: totals.withholdings.map((g) => groupOut(g, false)),
    fundamento:
      "Anexo 20 (CFDI 4.0) y su Guía de llenado: Importe = Cantidad × ValorUnitario; cada impuesto entre los límites inferior y superior de su base y TasaOCuota; " +
      "SubTotal, Descuento y el nodo Impuestos suman los conceptos, redondeados a los decimales de la moneda (MXN, dos); Total = SubTotal − Descuento + " +
      "trasladados − retenidos (Matriz de errores CFDI 4.0: CFDI40108, CFDI40111, CFDI40180, CFDI40186, CFDI40211, CFDI40221).",
    notas: notes,
    datos: { tasaOCuota: { fuente: "SAT, catálogo c_TasaOCuota del Anexo 20", ruta: rules.path } },
  };
}

/** GET: one concept from the query. */
export const facturaResult = (records: CalcRecords, query: QueryValues): CalcFactura =>
  invoiceResult(records, [{ query, at: "", preset: undefined }]);

const PARAM_NAMES = new Set(INVOICE_CONCEPT_PARAMS.map((p) => p.name));
const CONCEPT_QUERY_PARAMS = INVOICE_CONCEPT_PARAMS.filter((p) => p.in === "query");

/** A field of the body as query text: a JSON string as it is, a number as JavaScript writes it (an exponent is then refused by the checks). */
function fieldText(value: unknown, where: string): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  throw badRequest(
    `${where} debe ser un texto o un número; se recibió ${value === null ? "null" : Array.isArray(value) ? "una lista" : typeof value}.`,
  );
}

/** One concept of the body checked with the GET's parameter definitions; their messages are prefixed with the field's place. */
function conceptRequest(value: unknown, index: number, preset: InvoicePreset | undefined): ConceptRequest {
  const at = `conceptos[${index}].`;
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw badRequest(`conceptos[${index}] debe ser un objeto con los campos del concepto.`);
  const fields = new Map<string, string>();
  for (const [name, field] of Object.entries(value)) {
    if (!PARAM_NAMES.has(name))
      throw badRequest(`${at}${name}: campo desconocido; los campos de un concepto son ${[...PARAM_NAMES].join(", ")}.`);
    fields.set(name, fieldText(field, `${at}${name}`));
  }
  try {
    return { query: checkedValues(fields, CONCEPT_QUERY_PARAMS), at, preset };
  } catch (e) {
    if (e instanceof HttpError && e.status === 400) throw badRequest(`En conceptos[${index}]: ${e.detail.replace(/parámetro/g, "campo")}`);
    throw e;
  }
}

/** POST: the concepts of a JSON body ({"preset"?, "conceptos": [...]}). */
export function facturaPostResult(records: CalcRecords, body: RequestBody): CalcFactura {
  const doc = body.media === "json" ? body.value : undefined;
  if (typeof doc !== "object" || doc === null || Array.isArray(doc))
    throw badRequest('El cuerpo debe ser un objeto JSON {"conceptos": [...]}.');
  const { conceptos, preset, ...rest } = doc as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) throw badRequest(`${unknown}: campo desconocido; el cuerpo lleva conceptos y, si acaso, preset.`);
  if (preset !== undefined && !INVOICE_PRESETS.includes(preset as InvoicePreset)) {
    throw badRequest(`preset debe ser uno de: ${INVOICE_PRESETS.join(", ")}.`);
  }
  if (!Array.isArray(conceptos) || conceptos.length === 0) throw badRequest("conceptos debe ser una lista con al menos un concepto.");
  if (conceptos.length > MAX_INVOICE_CONCEPTS) {
    throw badRequest(`conceptos admite como máximo ${MAX_INVOICE_CONCEPTS} conceptos; se recibieron ${conceptos.length}.`);
  }
  return invoiceResult(
    records,
    conceptos.map((c, i) => conceptRequest(c, i, preset as InvoicePreset | undefined)),
  );
}
