import { asDiskFull } from "../../shared/index.js";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A temporary directory for COPY's CSV files, made on first use. */
export class Staging {
  private dir: string | null = null;
  /** Whether a COPY file was made: the transaction then checkpoints as it commits. */
  get used(): boolean {
    return this.dir !== null;
  }
  file(name: string): string {
    this.dir ??= mkdtempSync(join(tmpdir(), "nemesis-graph-"));
    return join(this.dir, name);
  }
  /** Writes a COPY file; a full temp disk is named as such (the error of a write by descriptor names no file). */
  write(writeFile: () => void): void {
    try {
      writeFile();
    } catch (e) {
      throw asDiskFull(e, this.dir ?? tmpdir()) ?? e;
    }
  }
  remove(): void {
    if (this.dir !== null) rmSync(this.dir, { recursive: true, force: true });
    this.dir = null;
  }
}
