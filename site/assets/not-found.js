// The 404 page's script: shows the missing path and offers what /suggest finds for it (same origin only).

const TYPE_LABELS = { tool: "Calculadora", article: "Guía", glossary: "Glosario" };
const MAX_QUERY = 100;

function missingPath() {
  let path = location.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape is searched as typed.
  }
  return path;
}

async function main() {
  const path = missingPath();
  const shown = document.getElementById("ruta-faltante");
  if (shown) shown.textContent = path;
  const box = document.getElementById("sugerencias");
  if (!box) return;
  // The API takes the path itself: it ignores the section words and weighs the section as a hint.
  const query = path.slice(0, MAX_QUERY);
  const empty = () => box.replaceChildren(Object.assign(document.createElement("p"), { textContent: "No encontramos páginas parecidas. Prueba con las secciones del sitio." }));
  if (query.replace(/\//g, "").trim() === "") return empty();
  try {
    const r = await fetch(`/api/v1/public/suggest?q=${encodeURIComponent(query)}`, { headers: { Accept: "application/json" } });
    if (!r.ok) throw new Error(`suggest ${r.status}`);
    const suggestions = await r.json();
    if (!Array.isArray(suggestions) || suggestions.length === 0) return empty();
    const list = document.createElement("ul");
    list.className = "catalog";
    for (const s of suggestions) {
      const a = Object.assign(document.createElement("a"), { href: s.url, textContent: s.title });
      const li = document.createElement("li");
      li.append(a, ` (${TYPE_LABELS[s.type] ?? s.type})`);
      list.append(li);
    }
    box.replaceChildren(list);
  } catch {
    box.replaceChildren(Object.assign(document.createElement("p"), { textContent: "No se pudieron cargar sugerencias. Prueba con las secciones del sitio." }));
  }
}

main();
