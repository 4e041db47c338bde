// The kinds of problem the API answers (RFC 9457), in the words of their Spanish pages on the site: title and explanation.

export interface ProblemKind {
  status: number;
  slug: string;
  title: string;
  /** What the page says: what the problem means and what to do about it. */
  explanation: string;
}

/** Where the problem pages live on the site. */
export const PROBLEMS_PATH = "/problemas/";

export const PROBLEM_KINDS: readonly ProblemKind[] = [
  {
    status: 400,
    slug: "solicitud-incorrecta",
    title: "Solicitud incorrecta",
    explanation:
      "Un parámetro falta, sobra repetido, está vacío, fuera de sus límites o mal escrito. `detail` dice cuál y qué valores admite; la referencia de la API da los límites de cada uno.",
  },
  {
    status: 404,
    slug: "no-encontrado",
    title: "No encontrado",
    explanation:
      "La ruta no existe, o existe pero no hay dato publicado para lo pedido (un año, una fecha o una clave). Fiscal MX no estima valores: `detail` dice qué falta y dónde están los publicados.",
  },
  {
    status: 405,
    slug: "metodo-no-permitido",
    title: "Método no permitido",
    explanation: "La ruta no admite ese método. El encabezado `Allow` dice cuáles admite (GET, HEAD y OPTIONS en las de consulta).",
  },
  {
    status: 408,
    slug: "tiempo-agotado",
    title: "Tiempo de espera agotado",
    explanation: "La solicitud no llegó completa a tiempo. Vuelva a enviarla.",
  },
  {
    status: 412,
    slug: "condicion-no-cumplida",
    title: "Condición previa no cumplida",
    explanation:
      "La solicitud traía `If-Match` con una etiqueta que no es la del archivo actual: el archivo cambió desde que lo vio. Pida de nuevo el archivo completo (sin `If-Match`) o con la `ETag` nueva.",
  },
  {
    status: 413,
    slug: "contenido-demasiado-grande",
    title: "Contenido demasiado grande",
    explanation:
      "El cuerpo de la solicitud pasa del tamaño que admite la ruta. `detail` dice el límite; envíe menos conceptos o un CFDI más pequeño.",
  },
  {
    status: 414,
    slug: "direccion-demasiado-larga",
    title: "Dirección demasiado larga",
    explanation: "La ruta y los parámetros juntos pasan de 2 KB. Acorte la consulta o descargue el conjunto completo.",
  },
  {
    status: 415,
    slug: "tipo-de-contenido-no-admitido",
    title: "Tipo de contenido no admitido",
    explanation: "El cuerpo no viene con el `Content-Type` que la ruta admite (JSON o XML, según la ruta). `detail` dice cuál enviar.",
  },
  {
    status: 416,
    slug: "rango-no-satisfacible",
    title: "Rango no satisfacible",
    explanation:
      "El encabezado `Range` pide bytes fuera del archivo. `Content-Range` dice su tamaño; pida un rango dentro de él o el archivo completo.",
  },
  {
    status: 429,
    slug: "demasiadas-solicitudes",
    title: "Demasiadas solicitudes",
    explanation:
      "Se gastó el presupuesto de 60 solicitudes por minuto de su dirección, que comparten toda la API y /mcp. `Retry-After` dice en cuántos segundos puede volver; para muchos datos, use las descargas completas.",
  },
  {
    status: 431,
    slug: "encabezados-demasiado-grandes",
    title: "Encabezados demasiado grandes",
    explanation: "Los encabezados de la solicitud pasan de 16 KB. Envíe menos encabezados o más cortos.",
  },
  {
    status: 500,
    slug: "error-interno",
    title: "Error interno",
    explanation: "Algo falló de nuestro lado; la solicitud no tiene la culpa. Vuelva a intentarlo más tarde.",
  },
  {
    status: 503,
    slug: "servicio-no-disponible",
    title: "Servicio no disponible",
    explanation: "Un archivo que la respuesta necesita no está disponible en este momento. `Retry-After` dice cuándo volver a intentar.",
  },
];

/** The page path of a kind of problem on the site. */
export const problemPagePath = (kind: ProblemKind): string => `${PROBLEMS_PATH}${kind.slug}/`;
