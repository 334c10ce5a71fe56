// The session-start hook's read of the catalog, on its own: the hook loads this module alone
// (not the engine's index), because its whole budget is a few tens of milliseconds.
export { readCatalogSummary, type CatalogSummary } from "../projections/index.js";
