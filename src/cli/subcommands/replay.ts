import type { Command } from "commander";
import { READ_MODEL_NAMES, replayReadModels, type ReadModelName } from "../../engine/index.js";
import { withProject } from "../context.js";
import { usageError } from "../errors.js";

/** Names read models had before, still accepted where scripts may pass them. */
const FORMER_NAMES: Readonly<Record<string, ReadModelName>> = { graphs: "scratch" };

export const registerReplay = (program: Command): void => {
  program
    .command("replay")
    .description("drop the read models and rebuild them from the event log (events.db is never changed)")
    .option("--projection <name>", `rebuild only this read model (${READ_MODEL_NAMES.join(", ")})`)
    .action(async (options: { projection?: string }, cmd: Command) => {
      const asked = options.projection === undefined ? undefined : (FORMER_NAMES[options.projection] ?? options.projection);
      if (asked !== undefined && !READ_MODEL_NAMES.includes(asked as ReadModelName)) {
        throw usageError(`unknown projection "${options.projection}": choose one of ${READ_MODEL_NAMES.join(", ")}`);
      }
      const names = asked ? [asked as ReadModelName] : READ_MODEL_NAMES;
      await withProject(cmd.optsWithGlobals(), (ctx) =>
        replayReadModels(ctx, names, (r) => {
          const rate = r.ms > 0 ? Math.round((r.events / r.ms) * 1000) : 0;
          process.stdout.write(`${r.name}: replayed ${r.events} events up to #${r.to} in ${r.ms.toFixed(0)} ms (${rate.toLocaleString("en-US")} events/s)\n`);
        }),
      );
    });
};
