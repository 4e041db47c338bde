// GET /suggest?q=: suggestions from the content catalogs for a not-found page (q checked by the API app).
import { suggest } from "../suggest.ts";
import { jsonBytes, type Handler } from "../http-kit/handler.ts";

export const suggestHandler: Handler = ({ query }) => ({ body: jsonBytes(suggest(String(query["q"] ?? ""))) });
