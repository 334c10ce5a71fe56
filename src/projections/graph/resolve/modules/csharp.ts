import type { Lookup } from "../Lookup.js";
import { externalTarget, type ModuleTarget } from "./ModuleTarget.js";

/**
 * The files of the C# namespace `A.B.C`: `.cs` files declaring it, in a folder whose path ends
 * with its segments (`src/A/B/C/`, or `C/` under a project folder named for `A.B`), the
 * longest such tail first. A namespace the project does not declare is external (`System.IO`).
 */
export const resolveNamespace = (lookup: Lookup, namespace: string): ModuleTarget => {
  const segments = namespace.split(".").filter((s) => s.length > 0);
  for (let from = 0; from < segments.length; from++) {
    const dir = segments.slice(from).join("/");
    const files = lookup.endingWith(`${dir}/`).filter((p) => p.endsWith(".cs") && lookup.file(p)?.packageName === namespace);
    if (files.length > 0) return { kind: "package", dir, files };
  }
  return externalTarget(namespace);
};
