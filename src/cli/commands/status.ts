import type { Command } from "commander";
import { headPosition } from "../../events/index.js";
import { CatalogReader, openProjectors } from "../../projections/index.js";
import { withProject } from "../context.js";
import { formatTable } from "../output.js";

export const registerStatus = (program: Command): void => {
  program
    .command("status")
    .description("show the log position, each read model's checkpoint, files and memory counts")
    .option("--json", "print one JSON object")
    .action(async (options: { json?: boolean }, cmd: Command) => {
      await withProject(cmd.optsWithGlobals(), async (ctx) => {
        const head = headPosition(ctx.log);
        const projectors = await openProjectors(ctx.paths, ctx.config, ctx.log);
        const checkpoints: Record<string, number> = {};
        try {
          for (const p of projectors) checkpoints[p.name] = (await p.checkpoint()).position;
        } finally {
          for (const p of projectors) await p.close();
        }
        const catalog = CatalogReader.open(ctx.paths.catalog);
        try {
          const status = {
            root: ctx.paths.root,
            logHead: head,
            projections: Object.fromEntries(
              Object.entries(checkpoints).map(([name, position]) => [name, { position, behind: head - position }]),
            ),
            files: catalog.fileCounts(),
            skipped: catalog.skipReasons(),
            memory: {
              rules: catalog.rules().length,
              decisions: catalog.decisions().length,
              conventions: catalog.conventions().length,
            },
          };
          if (options.json) {
            process.stdout.write(`${JSON.stringify(status)}\n`);
            return;
          }
          const lines = [
            `project   ${status.root}`,
            `log head  #${head}`,
            "",
            formatTable(
              ["read model", "checkpoint", "behind"],
              Object.entries(status.projections).map(([n, s]) => [n, `#${s.position}`, String(s.behind)]),
            ),
            "",
            `files     ${Object.entries(status.files).map(([k, v]) => `${v} ${k}`).join(", ") || "none indexed yet (run nemesis index)"}`,
            `memory    ${status.memory.rules} rules, ${status.memory.decisions} decisions, ${status.memory.conventions} conventions`,
          ];
          process.stdout.write(`${lines.join("\n")}\n`);
        } finally {
          catalog.close();
        }
      });
    });
};
