/** How many leading bytes are checked for NUL when deciding a file is binary (git uses the same). */
const BINARY_SNIFF_BYTES = 8000;

export type DecodedSource = { readonly text: string } | { readonly binary: true };

const swapBytes = (buf: Buffer): Buffer => {
  const even = buf.length & ~1;
  const out = Buffer.allocUnsafe(even);
  for (let i = 0; i < even; i += 2) {
    out[i] = buf[i + 1]!;
    out[i + 1] = buf[i]!;
  }
  return out;
};

/**
 * Bytes on disk to source text. A byte-order mark decides the encoding (UTF-8, UTF-16 LE/BE);
 * without one the bytes are UTF-8, invalid sequences become U+FFFD, and a NUL byte near the
 * start marks the file as binary. UTF-32 files count as binary: no grammar here needs them.
 */
export const decodeSourceBytes = (buf: Buffer): DecodedSource => {
  if (buf.length >= 4 && buf[0] === 0xff && buf[1] === 0xfe && buf[2] === 0 && buf[3] === 0) {
    return { binary: true };
  }
  if (buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
    return { text: buf.toString("utf8", 3) };
  }
  if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xfe) {
    return { text: buf.subarray(2, 2 + ((buf.length - 2) & ~1)).toString("utf16le") };
  }
  if (buf.length >= 2 && buf[0] === 0xfe && buf[1] === 0xff) {
    return { text: swapBytes(buf.subarray(2)).toString("utf16le") };
  }
  const sniff = Math.min(buf.length, BINARY_SNIFF_BYTES);
  for (let i = 0; i < sniff; i++) {
    if (buf[i] === 0) return { binary: true };
  }
  return { text: buf.toString("utf8") };
};
