export { readContextFacts } from "./readContextFacts.js";
export { readContextReport, type ContextReportRead } from "./readContextReport.js";
