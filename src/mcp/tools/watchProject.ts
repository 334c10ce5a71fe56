import * as Schema from "effect/Schema";
import { statSync } from "node:fs";
import { join } from "node:path";
import { projectPath } from "../projectPath.js";
import { defineTool, toolError } from "../tool.js";
import { WatcherStatus, watcherLine, watcherStatus } from "./watcherStatus.js";

export const watchProjectTool = defineTool({
  name: "watch_project",
  title: "Watch files",
  description: "Turns the file watcher on or off; while on, saves reach the index within a second. Example: {\"enabled\": false}",
  toolset: "core",
  input: Schema.Struct({
    path: Schema.optionalWith(Schema.String.pipe(Schema.maxLength(1_000)).annotations({ description: "Folder to watch", default: "." }), { default: () => "." }),
    enabled: Schema.optionalWith(Schema.Boolean.annotations({ description: "false stops watching", default: true }), { default: () => true }),
  }),
  output: Schema.Struct({ watcher: WatcherStatus }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: async (input, ctx) => {
    const control = ctx.watcher;
    if (control === null) {
      throw toolError("this process answers one call and exits, so it cannot watch: run `nemesis watch`, or `nemesis serve` (it watches while [watcher] enabled)");
    }
    if (!input.enabled) {
      await control.stop();
      return { watcher: null };
    }
    const scope = projectPath(ctx.root, input.path);
    let isDir = false;
    try {
      isDir = statSync(join(ctx.root, scope)).isDirectory();
    } catch {
      /* reported below */
    }
    if (!isDir) throw toolError(`"${input.path}" is not a folder of the project: pass a folder relative to the project root, or "." for all of it`);
    return { watcher: watcherStatus(await control.start(scope)) };
  },
  render: (o) => `watcher: ${watcherLine(o.watcher)}`,
});
