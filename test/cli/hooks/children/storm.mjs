// One process of the hook storm: `count` calls of the file-changed hook through the same
// in-process entry `nemesis hook file-changed` runs (the built modules), each after writing new
// content to one of 25 files of its own. Prints "done <calls>" at the end.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runAnyHook } from "../../../../dist/cli/hooks/allHooks.js";

const [root, worker, countArg] = process.argv.slice(2);
const count = Number(countArg);
const dir = join(root, "storm", `w${worker}`);
mkdirSync(dir, { recursive: true });
for (let i = 0; i < count; i++) {
  const file = join(dir, `f${i % 25}.ts`);
  writeFileSync(file, `export const w${worker}_${i} = ${i};\n`);
  const input = JSON.stringify({ session_id: `storm-${worker}`, cwd: root, hook_event_name: "PostToolUse", tool_name: "Write", tool_input: { file_path: file } });
  const out = await runAnyHook("file-changed", input);
  if (out !== "") throw new Error(`the hook printed ${JSON.stringify(out)}`);
}
process.stdout.write(`done ${count}\n`);
