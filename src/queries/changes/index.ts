export { isEmpty, type Changes, type ChangesFrom, type CommitArrived, type FileChange, type MemoryChange, type MemoryKind, type SymbolChange, type Writer } from "./Changes.js";
export { diffFiles, type FileAt } from "./diffFiles.js";
export { diffMemory, type MemoryAt } from "./diffMemory.js";
export { diffSymbols, type SymbolAt } from "./diffSymbols.js";
export { parseSince, SINCE_FORMS, type SinceParsed, type SinceText } from "./parseSince.js";
export { changeCounts, renderChanges, type Budget } from "./renderChanges.js";
export { summarizeChanges } from "./summarizeChanges.js";
export { writerGroup, writerText } from "./writerText.js";
