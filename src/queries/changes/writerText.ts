import type { Writer } from "./Changes.js";

const shortSession = (id: string): string => (id.length > 8 ? `${id.slice(0, 8)}…` : id);

/** How a change came: `a pull (1a2b3c4)`, `hook session 5f2c1e0a…`, `the watcher`, `nemesis index`. */
export const writerText = (w: Writer): string => {
  if (w.pull !== null) return `a pull (${w.pull.slice(0, 7)})`;
  switch (w.source) {
    case "hook":
      return w.session !== null ? `hook session ${shortSession(w.session)}` : "a hook";
    case "watcher":
      return "the watcher";
    case "cli":
      return "nemesis index";
    case "mcp":
      return w.session !== null ? `MCP session ${shortSession(w.session)}` : "an MCP tool";
    default:
      return w.source;
  }
};

/** The group a change counts in for a summary: one per kind of writer, sessions together. */
export const writerGroup = (w: Writer): string => {
  if (w.pull !== null) return "a pull";
  switch (w.source) {
    case "hook":
      return "hook sessions";
    case "watcher":
      return "the watcher";
    case "cli":
      return "nemesis index";
    case "mcp":
      return "MCP tools";
    default:
      return w.source;
  }
};
