import { describe, expect, it } from "vitest";
import { decodeSourceBytes } from "../../src/parse/index.js";

const text = (buf: Buffer) => {
  const decoded = decodeSourceBytes(buf);
  if (!("text" in decoded)) throw new Error("decoded as binary");
  return decoded.text;
};

describe("decodeSourceBytes", () => {
  it("reads plain UTF-8", () => {
    expect(text(Buffer.from("const 名前 = '😀';\n"))).toBe("const 名前 = '😀';\n");
  });

  it("strips a UTF-8 byte-order mark", () => {
    expect(text(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("x = 1")]))).toBe("x = 1");
  });

  it("decodes UTF-16 LE and BE with a byte-order mark", () => {
    const source = "def f():\n    return 'ü😀'\n";
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(source, "utf16le")]);
    const beBody = Buffer.from(source, "utf16le");
    for (let i = 0; i < beBody.length; i += 2) [beBody[i], beBody[i + 1]] = [beBody[i + 1]!, beBody[i]!];
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), beBody]);
    expect(text(le)).toBe(source);
    expect(text(be)).toBe(source);
  });

  it("replaces invalid UTF-8 sequences instead of failing", () => {
    expect(text(Buffer.from([0x61, 0xff, 0xfe, 0x62, 0xc3]))).toBe("a\ufffd\ufffdb\ufffd");
  });

  it("calls a file with NUL bytes binary", () => {
    expect(decodeSourceBytes(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01]))).toEqual({ binary: true });
  });

  it("calls UTF-32 binary rather than mis-decoding it", () => {
    expect(decodeSourceBytes(Buffer.from([0xff, 0xfe, 0x00, 0x00, 0x61, 0, 0, 0]))).toEqual({ binary: true });
  });

  it("decodes an empty file as empty text", () => {
    expect(decodeSourceBytes(Buffer.alloc(0))).toEqual({ text: "" });
  });
});
