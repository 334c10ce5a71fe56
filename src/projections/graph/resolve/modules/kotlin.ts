import type { Lookup } from "../Lookup.js";
import { externalTarget, fileTarget, type ModuleTarget } from "./ModuleTarget.js";

/** The `.kt` files of package `a.b` (declaring it, in a folder ending `a/b/` or `b/`). */
export const kotlinPackageFiles = (lookup: Lookup, pkg: string): string[] => {
  const segments = pkg.split(".").filter((s) => s.length > 0);
  for (let from = 0; from < segments.length; from++) {
    const files = lookup.endingWith(`${segments.slice(from).join("/")}/`).filter((p) => p.endsWith(".kt") && lookup.file(p)?.packageName === pkg);
    if (files.length > 0) return files;
  }
  return [];
};

/**
 * `import a.b.C`: the file of package `a.b` declaring C (`a/b/C.kt` first, since a file need not
 * be named after its class); `import a.b.*`: the package's files. Otherwise a library, external
 * by its first two segments.
 */
export const resolveKotlinImport = (lookup: Lookup, specifier: string, isPackage: (path: string, name: string) => boolean): ModuleTarget => {
  const cut = specifier.lastIndexOf(".");
  const pkg = specifier.slice(0, Math.max(0, cut));
  const name = specifier.slice(cut + 1);
  const files = kotlinPackageFiles(lookup, pkg);
  const named = files.find((p) => p.endsWith(`/${name}.kt`) && isPackage(p, name)) ?? files.find((p) => isPackage(p, name));
  if (named !== undefined) return fileTarget(named);
  const whole = kotlinPackageFiles(lookup, specifier);
  if (whole.length > 0) return { kind: "package", dir: specifier.replace(/\./g, "/"), files: whole };
  return externalTarget(specifier.split(".").slice(0, 2).join("."));
};
