// What src/shared offers the other folders: they import it from here (test/dependencyRules.test.ts checks it);
// a module not named here is private to the folder.
export { countTokens, scanTokenPieces } from "./countTokens.js";
export { asDiskFull, DiskFull, freeBytes, isDiskFullError, requireSpace } from "./diskFull.js";
export {
  SOURCE_LANGUAGES,
  type SourceLanguage,
  detectLanguage,
  isSourceLanguage,
  manifestKind,
  type LanguageId,
  type ManifestKind,
} from "./sourceFile/detectLanguage.js";
export { trace } from "./trace.js";
export { reportDamage, shownPath, routeDamageReports } from "./damageReports.js";
export { builtEntryUrl } from "./builtEntryUrl.js";
export { classifyContent } from "./sourceFile/classifyContent.js";
export { hashContent } from "./sourceFile/hashContent.js";
export { readSourceFile, unreadableReason } from "./sourceFile/readSourceFile.js";
export { collectGarbage } from "./collectGarbage.js";
export { readOpenFile } from "./readOpenFile.js";
export { nativeMemoryTrimmer } from "./trimNativeMemory.js";
export { withoutTypeArguments } from "./withoutTypeArguments.js";
export { garbageBound } from "./garbageBound.js";
