// Finds where a raw file stops being UTF-8, so the build can name the byte instead of parsing U+FFFD.
import { isUtf8 } from "node:buffer";

const REPLACEMENT = "\uFFFD";
const REPLACEMENT_BYTES = Buffer.from(REPLACEMENT);

/**
 * The 0-based byte offset of the first invalid UTF-8 sequence, or null when the bytes are valid.
 * The lenient decoder turns each invalid sequence into U+FFFD and decodes everything before the first
 * one exactly, so that character's position in bytes is the offset, unless the file itself holds a
 * genuine U+FFFD there (its three bytes EF BF BD), which is skipped.
 */
export function invalidUtf8Offset(bytes: Uint8Array): number | null {
  if (isUtf8(bytes)) return null;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buffer.toString("utf8");
  let offset = 0;
  let from = 0;
  for (let i = text.indexOf(REPLACEMENT); i !== -1; i = text.indexOf(REPLACEMENT, i + 1)) {
    offset += Buffer.byteLength(text.slice(from, i));
    from = i;
    if (!buffer.subarray(offset, offset + 3).equals(REPLACEMENT_BYTES)) return offset;
  }
  // isUtf8 and the decoder disagree only if the decoder changes; report the end rather than nothing.
  return buffer.length;
}
