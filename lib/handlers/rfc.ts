// GET /rfc/validar/{rfc}: always 200; the path segment arrives decoded and is echoed as submitted.
import { validateRfc } from "../../core/rfc.ts";
import { jsonBytes, type Handler } from "../http-kit/handler.ts";

export const rfcHandler: Handler = ({ pathValues }) => ({ body: jsonBytes(validateRfc(pathValues["rfc"] ?? "")) });
