import type { Lookup } from "../Lookup.js";
import { MISSING, externalTarget, fileTarget, type ModuleTarget } from "./ModuleTarget.js";

/**
 * Resolves `com.x.Foo` (or the static `com.x.Foo.bar`) to the file declaring the class, by
 * the path tail `com/x/Foo.java` under any source root; `rest` holds a static member name.
 * A wildcard import's specifier (`com.x` for `com.x.*`) is the class `com/x.java` if there
 * is one (a static import of its members), else the package `com.x` when the project has it.
 */
export const resolveJavaImport = (lookup: Lookup, spec: string): { target: ModuleTarget; rest: string[] } => {
  const segments = spec.split(".").filter((s) => s !== "*");
  for (let take = segments.length; take >= 2; take--) {
    const matches = lookup.endingWith(`${segments.slice(0, take).join("/")}.java`);
    if (matches.length === 1) return { target: fileTarget(matches[0]!), rest: segments.slice(take) };
    if (matches.length > 1) return { target: MISSING, rest: [] };
    // `import com.x.*` (the specifier `com.x`) of a package of the project: its files, under
    // every source root. No class is ever imported by a name that is a package's.
    if (take === segments.length) {
      const files = lookup.endingWith(`${segments.join("/")}/`);
      if (files.length > 0) return { target: { kind: "package", dir: segments.join("/"), files }, rest: [] };
    }
  }
  const first = segments[0] ?? spec;
  return { target: first === "java" || first === "javax" ? externalTarget(segments.slice(0, 2).join(".")) : externalTarget(spec), rest: [] };
};
