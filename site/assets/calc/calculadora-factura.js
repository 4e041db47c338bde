// Calculator: an invoice concept's IVA, ISR and IVA withheld and its total for the common cases (CFDI 4.0 amounts within SAT's bounds).
import { formatPesos, INVOICE_PRESET_RATES, invoiceTotals, parseDecimal, presetLine } from "./core.js";
import { apiNumber, calculator, curlLine, dl, field, total, UserError } from "./ui.js";

const NAMES = { "001": "ISR", "002": "IVA" };
const rateText = (rate6) => `${Number(rate6) / 10000} %`;

calculator("calc", async (form) => {
  const preset = field(form, "preset");
  const rates = INVOICE_PRESET_RATES[preset];
  if (rates === undefined) throw new UserError("Elige uno de los casos de la lista.", "preset");
  const quantityText = field(form, "cantidad") || "1";
  const quantity = parseDecimal(quantityText, 6);
  if (quantity === null || quantity === 0n) throw new UserError("Escribe la cantidad con punto decimal y hasta seis decimales, por ejemplo 1.", "cantidad");
  const unitValue = parseDecimal(field(form, "valorUnitario"), 6);
  if (unitValue === null) throw new UserError("Escribe el valor unitario en pesos con hasta seis decimales, por ejemplo 10,000.00.", "valorUnitario");
  const discount = parseDecimal(field(form, "descuento") || "0", 2);
  if (discount === null) throw new UserError("Escribe el descuento en pesos con hasta dos decimales.", "descuento");
  const line = presetLine(rates, quantity, unitValue, discount);
  if (discount > line.amount) throw new UserError("El descuento no puede ser mayor que el importe (cantidad × valor unitario).", "descuento");
  const totals = invoiceTotals([line]);
  const rows = [
    ["Importe (cantidad × valor unitario)", formatPesos(line.amount)],
    ["Descuento", formatPesos(discount)],
    ...line.transferred.map((t) => [`${NAMES[t.tax]} trasladado (${rateText(t.rate6)})`, formatPesos(t.amount)]),
    ...line.withheld.map((t) => [`${NAMES[t.tax]} retenido (TasaOCuota ${(Number(t.rate6) / 1e6).toFixed(6)})`, `− ${formatPesos(t.amount)}`]),
  ];
  const params = { valorUnitario: apiNumber(unitValue, 6), preset };
  if (quantity !== 1_000_000n) params.cantidad = apiNumber(quantity, 6);
  if (discount > 0n) params.descuento = apiNumber(discount, 2);
  return [total("Total a cobrar", formatPesos(totals.total), "resultado-factura"), dl(rows), curlLine("/calculos/factura", params)];
});
