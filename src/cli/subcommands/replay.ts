import type { Command } from "commander";
import { dropProjectionHint, readThroughMemoryMap } from "../../events/index.js";
import { openProjectors, PROJECTION_NAMES, rebuild, type ProjectionName } from "../../projections/index.js";
import { withProject } from "../context.js";
import { usageError } from "../errors.js";

/** Names read models had before, still accepted where scripts may pass them. */
const FORMER_NAMES: Readonly<Record<string, ProjectionName>> = { graphs: "scratch" };

export const registerReplay = (program: Command): void => {
  program
    .command("replay")
    .description("drop the read models and rebuild them from the event log (events.db is never changed)")
    .option("--projection <name>", `rebuild only this read model (${PROJECTION_NAMES.join(", ")})`)
    .action(async (options: { projection?: string }, cmd: Command) => {
      const asked = options.projection === undefined ? undefined : (FORMER_NAMES[options.projection] ?? options.projection);
      if (asked !== undefined && !PROJECTION_NAMES.includes(asked as ProjectionName)) {
        throw usageError(`unknown projection "${options.projection}": choose one of ${PROJECTION_NAMES.join(", ")}`);
      }
      const names = asked ? [asked as ProjectionName] : PROJECTION_NAMES;
      await withProject(cmd.optsWithGlobals(), async (ctx) => {
        // A replay reads the whole log: mapped pages spare a system call and a copy each.
        readThroughMemoryMap(ctx.log);
        // The engine's hint says where a store stood; a rebuild that stops half-way (or a store
        // dropped at open) must not be mistaken for it.
        for (const name of names) dropProjectionHint(ctx.log, name);
        const projectors = await openProjectors(ctx.paths, ctx.config, ctx.log, names, { fresh: true });
        try {
          for (const p of projectors) {
            const t0 = performance.now();
            const r = await rebuild(ctx.log, p);
            const ms = performance.now() - t0;
            const rate = ms > 0 ? Math.round((r.events / ms) * 1000) : 0;
            process.stdout.write(
              `${p.name}: replayed ${r.events} events up to #${r.to} in ${ms.toFixed(0)} ms (${rate.toLocaleString("en-US")} events/s)\n`,
            );
          }
        } finally {
          for (const p of projectors) await p.close();
        }
      });
    });
};
