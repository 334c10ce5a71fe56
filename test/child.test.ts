import { describe, expect, it } from "vitest";
import { startChild } from "./child.js";

const node = (code: string, waitMs?: number) => startChild(process.execPath, ["-e", code], { name: "script", waitMs });

describe("a test's child process (test/child.ts)", () => {
  it("fails a wait for a line the child exits without printing, with its exit and stderr", async () => {
    const child = node(`console.log("one"); console.error("no more lines: boom"); process.exitCode = 3;`);
    expect(await child.line()).toBe("one");
    await expect(child.line()).rejects.toThrow('child "script" gave no line 2: it exited (code 3) after 1 lines; its stderr: \nno more lines: boom');
  });

  it("fails a wait the child never satisfies once the bound has passed, and kills the child", async () => {
    const child = node(`console.error("stuck"); setTimeout(() => {}, 60_000);`, 300);
    await expect(child.waitFor("said done", (o) => o.stdout.includes("done"))).rejects.toThrow(
      /^child "script" never said done within 0\.3 s \(killed it\): it is still running after 0 lines; its stderr: /,
    );
    expect((await child.exit()).signal).toBe("SIGKILL");
  });

  it("counts only complete lines: the half line a killed child leaves is not one", async () => {
    const child = node(`process.stdout.write("whole\\nhal"); setTimeout(() => {}, 60_000);`);
    await child.waitFor("printed half a line", (o) => o.stdout.endsWith("hal"));
    child.kill("SIGKILL");
    const { lines, stdout, signal } = await child.exit();
    expect(signal).toBe("SIGKILL");
    expect(stdout).toBe("whole\nhal");
    expect(lines).toEqual(["whole"]);
  });
});
