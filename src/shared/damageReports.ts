/**
 * Where a store that found itself damaged, and is being set right, says so: one line each
 * (`<file> is damaged (<why>): rebuilding …`). Stores deep inside the projections and the engine
 * report here rather than through a logger handed down to each; the line goes to stderr (never
 * stdout: in stdio mode that carries JSON-RPC) unless a process routes it to its own log.
 */
import { sep } from "node:path";

type Sink = (line: string) => void;

const toStderr: Sink = (line) => {
  process.stderr.write(`nemesis: ${line}\n`);
};

let sinks: Sink[] = [toStderr];

export const reportDamage = (line: string): void => {
  try {
    sinks[sinks.length - 1]!(line);
  } catch {
    // A report is for a person: it never fails the repair it describes.
  }
};

/** Routes the lines to `sink` until the returned function is called (routes nest: the newest wins). */
export const routeDamageReports = (sink: Sink): (() => void) => {
  sinks = [...sinks, sink];
  return () => {
    sinks = sinks.filter((s) => s !== sink);
    if (sinks.length === 0) sinks = [toStderr];
  };
};

/** A file as the reports name it: from its `.nemesis/` folder on, whatever the project's own path. */
export const shownPath = (file: string): string => {
  const at = file.lastIndexOf(`${sep}.nemesis${sep}`);
  return at >= 0 ? file.slice(at + 1) : file;
};
