// Validator: the structure of an RFC (length, characters, date, inconvenient words, check digit) through /rfc/validar.
import { calculator, curlLine, dl, field, getJson, total, UserError } from "./ui.js";

const TYPES = { fisica: "Persona física", moral: "Persona moral" };

calculator("calc", async (form) => {
  const rfc = field(form, "rfc");
  if (rfc === "") throw new UserError("Escribe el RFC que quieres revisar.", "rfc");
  const result = await getJson(`/rfc/validar/${encodeURIComponent(rfc)}`);
  if (result === null) throw new UserError("No se pudo validar ese texto.", "rfc");
  const pairs = [["RFC revisado", result.rfc]];
  if (result.type) pairs.push(["Tipo", TYPES[result.type] ?? result.type]);
  pairs.push(["Detalle", result.message]);
  return [total("Resultado", result.valid ? "Estructura válida" : "Estructura no válida", "resultado-rfc"), dl(pairs), curlLine(`/rfc/validar/${encodeURIComponent(rfc)}`)];
});
