// The catalog browser's script: lists a catalog page by page and searches it, all through the API of this same origin.
import { API, el, getJson as get } from "./calc/ui.js";

const root = document.getElementById("catalogo");
const PAGE = 100;
const LABELS = {
  code: "Clave", description: "Descripción", plain: "En palabras sencillas", validFrom: "Vigente desde", validTo: "Vigente hasta",
  inForce: "Vigente", score: "Relevancia", catalog: "Catálogo", url: "En la API",
};

/** A column's heading: a known field in Spanish, any other camelCase name split into words. */
const label = (key) => LABELS[key] ?? key.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/^./, (c) => c.toUpperCase());

function cell(value, key) {
  if (value === null || value === undefined || value === "") return "—";
  // A search result's lookup path, below the API's base: a link to the entry's JSON.
  if (key === "url") return el("a", { href: API + value }, value);
  if (typeof value === "boolean") return value ? "sí" : "no";
  if (typeof value === "object") return Array.isArray(value) ? value.join(", ") : JSON.stringify(value);
  return String(value);
}

/** Fills the table: the code and description first, then every other field of the entries. */
function render(entries, caption) {
  const table = document.getElementById("catalogo-tabla");
  const keys = ["code", "description"];
  for (const e of entries) for (const k of Object.keys(e)) if (!keys.includes(k)) keys.push(k);
  table.querySelector("caption").textContent = caption;
  table.querySelector("thead").replaceChildren(el("tr", {}, ...keys.map((k) => el("th", { scope: "col" }, label(k)))));
  table.querySelector("tbody").replaceChildren(...entries.map((e) =>
    el("tr", {}, ...keys.map((k, i) => (i === 0 ? el("th", { scope: "row" }, cell(e[k], k)) : el("td", {}, cell(e[k], k)))))));
}

const status = (text) => document.getElementById("catalogo-estado").replaceChildren(el("p", {}, text));

const fail = (err) => status(err instanceof Error && err.message ? err.message : "No se pudo consultar la API.");

/** One page of the list (or the whole list when the catalog is small). */
async function showPage(offset) {
  const { list, paged, catalog } = root.dataset;
  if (!list) return status("Este catálogo no tiene lista en la API; busca una clave.");
  const entries = await get(paged ? `${list}?limit=${PAGE}&offset=${offset}` : list);
  if (!Array.isArray(entries)) return status("La API no devolvió la lista del catálogo.");
  render(entries, paged ? `Claves ${offset + 1} a ${offset + entries.length} de ${catalog}` : `Las ${entries.length} claves de ${catalog}`);
  status(paged ? `Claves ${offset + 1} a ${offset + entries.length}, en orden de clave.` : `${entries.length} claves, en orden de clave.`);
  const pager = root.querySelector(".pager");
  pager.hidden = !paged;
  if (paged) {
    document.getElementById("catalogo-anterior").disabled = offset === 0;
    document.getElementById("catalogo-siguiente").disabled = entries.length < PAGE;
    pager.dataset.offset = String(offset);
  }
}

/** The search: the API's search when the route table has one, else the exact code through the lookup route. */
async function search(q) {
  const { search: path, searchCatalog, lookup, catalog } = root.dataset;
  if (path) {
    const found = await get(`${path}?q=${encodeURIComponent(q)}&catalogo=${encodeURIComponent(searchCatalog)}&limit=50`);
    // Every result is of this page's catalog: its column would repeat the page's title.
    const entries = Array.isArray(found) ? found.map(({ catalog: _, ...rest }) => rest) : [];
    render(entries, `Resultados para «${q}» en ${catalog}`);
    if (entries.length === 0) return status(`No hay claves de ${catalog} para «${q}».`);
    return status(entries.length === 1 ? `1 resultado para «${q}».` : `${entries.length} resultados para «${q}», del más al menos relevante.`);
  }
  // A key of several columns (aduana/patente/ejercicio) is typed as the catalog writes it, its parts filling the path in order.
  const names = [...lookup.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const parts = names.length > 1 ? q.split("/").map((p) => p.trim()) : [q];
  if (parts.length !== names.length || parts.includes("")) return status(`Escribe ${names.join("/")}, separados por «/».`);
  let next = 0;
  const entry = await get(lookup.replace(/\{\w+\}/g, () => encodeURIComponent(parts[next++])));
  if (entry === null) {
    render([], `Sin resultados para «${q}»`);
    return status(`La clave «${q}» no existe en ${catalog}. Se busca exacta: revisa mayúsculas y ceros a la izquierda.`);
  }
  render([entry], `Clave ${q} de ${catalog}`);
  status(`La clave «${q}» de ${catalog}.`);
}

if (root) {
  const form = document.getElementById("catalogo-busqueda");
  form?.addEventListener("submit", (event) => {
    event.preventDefault();
    const q = String(new FormData(form).get("q") ?? "").trim();
    if (q === "") return showPage(0).catch(fail);
    status("Buscando…");
    search(q).catch(fail);
  });
  const move = (delta) => () => showPage(Math.max(0, Number(root.querySelector(".pager").dataset.offset ?? 0) + delta)).catch(fail);
  document.getElementById("catalogo-anterior")?.addEventListener("click", move(-PAGE));
  document.getElementById("catalogo-siguiente")?.addEventListener("click", move(PAGE));
  showPage(0).catch(fail);
}
