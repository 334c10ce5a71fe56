import type { Family } from "../language.js";
import { C_FAMILY } from "./c.js";
import { CSHARP } from "./csharp.js";
import { GO } from "./go.js";
import { JAVA } from "./java.js";
import { KOTLIN } from "./kotlin.js";
import { COMMON, type LanguagePolicy } from "./LanguagePolicy.js";
import { PHP } from "./php.js";
import { PYTHON } from "./python.js";
import { RUBY } from "./ruby.js";
import { RUST } from "./rust.js";
import { TYPESCRIPT } from "./typescript.js";

export type { LanguagePolicy } from "./LanguagePolicy.js";

const POLICIES: Readonly<Record<Family, LanguagePolicy>> = {
  ts: TYPESCRIPT,
  python: PYTHON,
  go: GO,
  java: JAVA,
  rust: RUST,
  c: C_FAMILY,
  csharp: CSHARP,
  ruby: RUBY,
  php: PHP,
  kotlin: KOTLIN,
  other: COMMON,
};

/** The resolution rules of a language family. */
export const policyOf = (family: Family): LanguagePolicy => POLICIES[family];
