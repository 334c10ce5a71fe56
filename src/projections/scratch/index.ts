export { openScratchStore, scratchStorePath } from "./openScratchStore.js";
export { SCRATCH_HANDLES, SCRATCH_VERSION, ScratchProjector } from "./ScratchProjector.js";
export { ScratchReader, type EdgeFilter, type EdgeRow, type GraphRow, type NodeRow } from "./ScratchReader.js";
// The forms the model keys nodes by (from the graph events' contract): a reader looks a label up as the model stored it.
export { foldCase, normaliseLabel } from "../../events/index.js";
